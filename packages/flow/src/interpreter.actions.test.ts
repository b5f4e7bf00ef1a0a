import { describe, expect, it } from 'vitest';
import { transition } from './interpreter';
import { ap, approver, at, chain, Driver, H, root, template } from './testkit';
import type { FlowAction } from './types';

describe('handler actions', () => {
  const t = template(
    chain(
      approver('a', { approvers: ['bob', 'gm'], counterSign: 'and' }),
      approver('b', { approvers: ['ceo'] }),
    ),
  );
  const started = () => {
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    return d;
  };
  it('transfer hands the task over (record 7)', () => {
    const d = started();
    d.do({ type: 'transfer', userId: 'bob', taskId: d.taskOf('bob').id, toUserId: 'fin1' });
    expect(
      d
        .pending()
        .map((x) => x.userId)
        .sort(),
    ).toEqual(['fin1', 'gm']);
    expect(d.state.records.at(-1)).toMatchObject({ handleStatus: 7, userId: 'bob', targetUserIds: ['fin1'] });
    expect(d.try({ type: 'transfer', userId: 'gm', taskId: d.taskOf('gm').id })).toMatchObject({
      error: { code: 'ASSIGN_USER_REQUIRED' },
    });
    expect(
      d.try({ type: 'transfer', userId: 'gm', taskId: d.taskOf('gm').id, toUserId: 'fin1' }),
    ).toMatchObject({
      error: { code: 'INVALID_ACTION' },
    });
  });
  it('transfer, assign and add signer refuse a target user who does not exist', () => {
    const d = started();
    const before = d.state;
    expect(
      d.try({ type: 'transfer', userId: 'bob', taskId: d.taskOf('bob').id, toUserId: 'ghost' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'USER_NOT_FOUND', message: '用户不存在: ghost' },
    });
    expect(d.try({ type: 'assign', userId: 'admin', nodeId: 'a', toUserId: 'ghost' })).toMatchObject({
      ok: false,
      error: { code: 'USER_NOT_FOUND' },
    });
    expect(
      d.try({
        type: 'addSigner',
        userId: 'bob',
        taskId: d.taskOf('bob').id,
        signerIds: ['fin1', 'ghost'],
        position: 'before',
      }),
    ).toMatchObject({ ok: false, error: { code: 'USER_NOT_FOUND' } });
    expect(d.state).toBe(before);
  });
  it('assign by a manager replaces the node’s approvers (record 5); checks node and user', () => {
    const d = started();
    expect(d.try({ type: 'assign', userId: 'bob', nodeId: 'a', toUserId: 'fin1' })).toMatchObject({
      error: { code: 'NOT_MANAGER' },
    });
    expect(d.try({ type: 'assign', userId: 'admin', toUserId: 'fin1' })).toMatchObject({
      error: { message: '请选择指派节点' },
    });
    expect(d.try({ type: 'assign', userId: 'admin', nodeId: 'a' })).toMatchObject({
      error: { message: '请选择指派给谁' },
    });
    d.do({ type: 'assign', userId: 'admin', nodeId: 'a', toUserId: 'fin1' });
    expect(d.pending().map((x) => x.userId)).toEqual(['fin1']);
    expect(d.state.records.at(-1)?.handleStatus).toBe(5);
    d.approve('fin1');
    expect(d.pending().map((x) => x.userId)).toEqual(['ceo']);
  });
  it('add signer before: the handler waits for the signers, then decides', () => {
    const d = started();
    const bobTask = d.taskOf('bob');
    d.do({ type: 'addSigner', userId: 'bob', taskId: bobTask.id, signerIds: ['fin1'], position: 'before' });
    expect(d.state.records.at(-1)).toMatchObject({ handleStatus: 6, targetUserIds: ['fin1'] });
    expect(d.try({ type: 'audit', userId: 'bob', taskId: bobTask.id })).toMatchObject({
      error: { code: 'TASK_BLOCKED' },
    });
    d.approve('fin1');
    expect(d.state.records.at(-1)).toMatchObject({ handleStatus: 1, status: 1 });
    d.approve('gm');
    expect(d.state.current).toEqual(['a']);
    d.approve('bob');
    expect(d.state.current).toEqual(['b']);
  });
  it('a transferred task keeps its before-signers: the new handler still waits for them, then decides', () => {
    const d = started();
    const bobTask = d.taskOf('bob');
    d.do({ type: 'addSigner', userId: 'bob', taskId: bobTask.id, signerIds: ['fin1'], position: 'before' });
    d.do({ type: 'transfer', userId: 'bob', taskId: bobTask.id, toUserId: 'u9' });
    expect(d.try({ type: 'audit', userId: 'u9', taskId: d.taskOf('u9').id })).toMatchObject({
      error: { code: 'TASK_BLOCKED' },
    });
    d.approve('fin1');
    d.approve('gm');
    expect(d.state.current).toEqual(['a']);
    d.approve('u9');
    expect(d.state.current).toEqual(['b']);
  });
  it('add signer after: the approval counts once the signers have acted; a signer reject rejects', () => {
    const d = started();
    d.do({
      type: 'addSigner',
      userId: 'bob',
      taskId: d.taskOf('bob').id,
      signerIds: ['fin1'],
      position: 'after',
    });
    d.approve('gm');
    expect(d.state.current).toEqual(['a']);
    d.approve('fin1');
    expect(d.state.current).toEqual(['b']);
    const d2 = started();
    d2.do({
      type: 'addSigner',
      userId: 'bob',
      taskId: d2.taskOf('bob').id,
      signerIds: ['fin1'],
      position: 'after',
    });
    d2.reject('fin1');
    expect(d2.state.status).toBe(3);
  });
  it('recall: allowed while nothing has happened since; refused once the next node acted', () => {
    const d = new Driver(
      template(
        chain(
          approver('a', { approvers: ['bob'] }),
          approver('b', { approvers: ['gm', 'ceo'], counterSign: 'and' }),
          approver('c', { approvers: ['fin1'] }),
        ),
      ),
    );
    d.do({ type: 'submit', userId: 'alice' });
    const bobTask = d.taskOf('bob');
    d.approve('bob');
    expect(d.try({ type: 'recall', userId: 'bob', taskId: bobTask.id })).toMatchObject({
      error: { message: '输入不能为空' },
    });
    d.do({ type: 'recall', userId: 'bob', taskId: bobTask.id, reason: '写错了' });
    expect(d.pending().map((x) => [x.nodeId, x.userId])).toEqual([['a', 'bob']]);
    expect(d.state.current).toEqual(['a']);
    expect(d.state.records.at(-1)).toMatchObject({ handleStatus: 3, handleOpinion: '写错了' });
    const again = d.taskOf('bob');
    d.approve('bob');
    d.approve('gm');
    expect(d.try({ type: 'recall', userId: 'bob', taskId: again.id, reason: 'x' })).toMatchObject({
      error: { code: 'RECALL_NOT_ALLOWED' },
    });
  });
  it('a handler cannot change fields their node marks non-writable', () => {
    const ro = template(
      chain(
        approver('a', {
          approvers: ['bob'],
          formOperates: [
            { id: 'days', read: true, write: false },
            { id: 'note', read: true, write: true },
          ],
        }),
      ),
    );
    const d = new Driver(ro);
    d.do({ type: 'submit', userId: 'alice', formData: { days: 2 } });
    d.do({
      type: 'save',
      userId: 'bob',
      taskId: d.taskOf('bob').id,
      formData: { days: 9, note: 'n', other: 1 },
    });
    expect(d.state.formData).toEqual({ days: 2, note: 'n', other: 1 });
  });
  it('save keeps form data without acting', () => {
    const d = started();
    d.do({ type: 'save', userId: 'bob', taskId: d.taskOf('bob').id, formData: { note: 'x' } });
    expect(d.state.formData).toEqual({ note: 'x' });
    expect(d.pending()).toHaveLength(2);
  });
});

describe('initiator and manager actions', () => {
  const t = template(chain(approver('a', { approvers: ['bob'] })));
  it('withdraw (status 4, record 3, reason required), then resubmit', () => {
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.try({ type: 'withdraw', userId: 'alice' })).toMatchObject({
      error: { message: '输入不能为空' },
    });
    expect(d.try({ type: 'withdraw', userId: 'bob', reason: 'x' })).toMatchObject({
      error: { code: 'NOT_INITIATOR' },
    });
    d.do({ type: 'withdraw', userId: 'alice', reason: '不请了' });
    expect(d.state.status).toBe(4);
    expect(d.pending()).toEqual([]);
    expect(d.statuses()).toEqual([2, 3]);
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.state.status).toBe(1);
  });
  it('press messages the pending approvers', () => {
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.do({ type: 'press', userId: 'alice' })).toEqual([
      { type: 'message', to: ['bob'], kind: 'press' },
    ]);
  });
  it('terminate by a manager: status 5, record 4; nothing after it', () => {
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.try({ type: 'terminate', userId: 'alice' })).toMatchObject({ error: { code: 'NOT_MANAGER' } });
    d.do({ type: 'terminate', userId: 'admin' });
    expect(d.state.status).toBe(5);
    expect(d.statuses()).toEqual([2, 4]);
    expect(d.try({ type: 'submit', userId: 'alice' })).toMatchObject({
      error: { code: 'FLOW_ALREADY_SUBMITTED' },
    });
  });
  it('revoke an adopted flow (final), refile by a manager, manager save', () => {
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice', status: 1, formData: { a: 1 } });
    expect(d.state.status).toBe(0);
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('bob');
    expect(d.state.status).toBe(2);
    d.do({ type: 'refile', userId: 'admin', formData: { a: 2 } });
    d.do({ type: 'submit', userId: 'admin', status: 2, formData: { b: 3 } });
    expect(d.state.formData).toEqual({ a: 2, b: 3 });
    d.do({ type: 'revoke', userId: 'alice', reason: '作废' });
    expect(d.state.status).toBe(4);
    expect(d.try({ type: 'submit', userId: 'alice' })).toMatchObject({
      error: { code: 'FLOW_ALREADY_SUBMITTED' },
    });
  });
  it('only the named initiators may launch (empty lists: everyone)', () => {
    const restricted = template(root(ap('a', { approvers: ['bob'] }), { initiateRole: ['finance'] }));
    expect(new Driver(restricted).try({ type: 'submit', userId: 'alice' })).toMatchObject({
      error: { code: 'NOT_ALLOWED_TO_INITIATE' },
    });
    expect(new Driver(restricted).try({ type: 'submit', userId: 'fin1' }).ok).toBe(true);
  });
});

describe('time limits and overdue reminders', () => {
  it('reminds every N hours and auto-approves after the given number of reminders', () => {
    const t = template(
      chain(
        approver('a', {
          approvers: ['bob'],
          timeLimit: { duration: 24, remindEvery: 2, autoApproveAfter: 2 },
        }),
        approver('b', { approvers: ['ceo'] }),
      ),
    );
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.state.deadlines).toEqual([{ id: 'overdue:a', nodeId: 'a', kind: 'overdue', at: at(24 * H) }]);
    expect(d.try({ type: 'overdueReminder', userId: 'system', nodeId: 'a' }, at(H))).toMatchObject({
      error: { code: 'TIMER_NOT_DUE' },
    });
    expect(d.do({ type: 'overdueReminder', userId: 'system', nodeId: 'a' }, at(24 * H))).toContainEqual({
      type: 'message',
      to: ['bob'],
      kind: 'overdue',
      nodeId: 'a',
    });
    expect(d.state.deadlines[0].at).toBe(at(26 * H));
    d.do({ type: 'overdueReminder', userId: 'system', nodeId: 'a' }, at(26 * H));
    expect(d.pending().map((x) => x.nodeId)).toEqual(['b']);
    expect(d.state.records.at(-1)).toMatchObject({
      nodeId: 'a',
      handleStatus: 1,
      handleOpinion: '系统自动审批通过',
    });
    expect(d.state.deadlines).toEqual([]);
  });
});

describe('illegal actions return typed errors', () => {
  const t = template(chain(approver('a', { approvers: ['bob'] })));
  it('acting before submit, on others’ tasks, twice, unknown actions, bad templates', () => {
    const d = new Driver(t);
    expect(d.try({ type: 'audit', userId: 'bob', taskId: 't1' })).toMatchObject({
      ok: false,
      error: { code: 'FLOW_NOT_RUNNING' },
    });
    d.do({ type: 'submit', userId: 'alice' });
    const task = d.taskOf('bob');
    expect(d.try({ type: 'audit', userId: 'gm', taskId: task.id })).toMatchObject({
      error: { code: 'TASK_NOT_YOURS' },
    });
    expect(d.try({ type: 'audit', userId: 'bob', taskId: 'nope' })).toMatchObject({
      error: { code: 'TASK_NOT_FOUND' },
    });
    expect(d.try({ type: 'submit', userId: 'alice' })).toMatchObject({
      error: { code: 'FLOW_ALREADY_SUBMITTED' },
    });
    expect(d.try({ type: 'fly', userId: 'bob' } as unknown as FlowAction)).toMatchObject({
      error: { code: 'INVALID_ACTION' },
    });
    expect(d.try(null as unknown as FlowAction)).toMatchObject({ error: { code: 'INVALID_ACTION' } });
    expect(
      transition(
        d.state,
        { type: 'press', userId: 'alice' },
        { ...d.ctx, template: { tree: null, properties: {} } as never },
      ),
    ).toMatchObject({
      error: { code: 'INVALID_TEMPLATE' },
    });
    d.approve('bob');
    expect(d.try({ type: 'audit', userId: 'bob', taskId: task.id })).toMatchObject({
      error: { code: 'FLOW_NOT_RUNNING' },
    });
  });
  it('never modifies the input state', () => {
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    const before = JSON.stringify(d.state);
    transition(d.state, { type: 'audit', userId: 'bob', taskId: d.taskOf('bob').id }, d.ctx);
    expect(JSON.stringify(d.state)).toBe(before);
  });
});
