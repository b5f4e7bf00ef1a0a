import type { FlowNode } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import { createOrgDirectory, departmentHead } from './org';
import { ap, approver, branch, chain, Driver, gateway, root, sampleOrg, template } from './testkit';

describe('approver resolution', () => {
  it('department head N levels up skips levels without a head and never picks the user', () => {
    const org = sampleOrg();
    expect(departmentHead(org, 'alice', 1)).toBe('head1');
    expect(departmentHead(org, 'alice', 2)).toBe('ceo');
    expect(departmentHead(org, 'alice', 9)).toBe('ceo');
    expect(departmentHead(org, 'head1', 1)).toBe('ceo');
    expect(departmentHead(org, 'ceo', 1)).toBeUndefined();
  });
  it('by type: users, positions, roles, initiator, head, form field', () => {
    const cases: [FlowNode['properties'], Record<string, unknown>, string[]][] = [
      [{ approvers: ['bob', 'gm'] }, {}, ['bob', 'gm']],
      [{ approverPos: ['general-manager'] }, {}, ['ceo', 'gm']],
      [{ approverRole: ['finance'] }, {}, ['fin1', 'fin2']],
      [{ assigneeType: 6, initiatorLevel: 0 }, {}, ['alice']],
      [{ assigneeType: 6, initiatorLevel: 2 }, {}, ['ceo']],
      [{ assigneeType: 7, dynamicType: 'formField', formField: 'who' }, { who: 'bob,gm' }, ['bob', 'gm']],
      [{ assigneeType: 7, dynamicType: 'formField', formField: 'who' }, { who: ['fin1'] }, ['fin1']],
    ];
    for (const [props, formData, users] of cases) {
      const d = new Driver(template(chain(approver('a', { counterSign: 'and', ...props }))));
      d.do({ type: 'submit', userId: 'alice', formData });
      expect(d.pending().map((t) => t.userId)).toEqual(users);
    }
  });
  it("approverScope 'initiator': position and role members only from the initiator's own company", () => {
    // group g > companies c1, c2 > departments; an accountant (position acc / role fin) in each company
    const org = createOrgDirectory({
      users: [
        { id: 'emp1', departmentId: 'c1d1' },
        { id: 'emp2', departmentId: 'c2d1' },
        { id: 'acc1', departmentId: 'c1fin', positionIds: ['acc'], roleIds: ['fin'] },
        { id: 'acc2', departmentId: 'c2fin', positionIds: ['acc'], roleIds: ['fin'] },
        { id: 'accG', departmentId: 'g', positionIds: ['acc'], roleIds: ['fin'] },
      ],
      departments: [
        { id: 'g', parentId: null, isCompany: true },
        { id: 'c1', parentId: 'g', isCompany: true },
        { id: 'c2', parentId: 'g', isCompany: true },
        { id: 'c1d1', parentId: 'c1' },
        { id: 'c1fin', parentId: 'c1' },
        { id: 'c2d1', parentId: 'c2' },
        { id: 'c2fin', parentId: 'c2' },
      ],
    });
    const run = (props: FlowNode['properties'], who: string) => {
      const d = new Driver(template(chain(approver('a', { counterSign: 'or', ...props }))), { org });
      d.do({ type: 'submit', userId: who });
      return d.pending().map((t) => t.userId);
    };
    expect(run({ approverPos: ['acc'] }, 'emp1')).toEqual(['acc1', 'acc2', 'accG']);
    expect(run({ approverPos: ['acc'], approverScope: 'initiator' }, 'emp1')).toEqual(['acc1']);
    expect(run({ approverRole: ['fin'], approverScope: 'initiator' }, 'emp2')).toEqual(['acc2']);
    expect(run({ approverRole: ['fin'], approverScope: 'initiator', approvers: ['emp1'] }, 'emp2')).toEqual([
      'emp1',
      'acc2',
    ]);
    // a group member sees the whole group; without companies the topmost unit is the organisation
    expect(run({ approverPos: ['acc'], approverScope: 'initiator' }, 'accG')).toEqual([
      'acc1',
      'acc2',
      'accG',
    ]);
    const d = new Driver(
      template(chain(approver('a', { approverRole: ['finance'], approverScope: 'initiator' }))),
    );
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.pending().map((t) => t.userId)).toEqual(['fin1', 'fin2']);
  });
  it('candidates chosen at submit (userOptional or assigneeType 7 candidate); missing ones refuse with 审批人不能为空', () => {
    const t = template(
      chain(
        approver('a', { approverRole: ['finance'], userOptional: true }),
        approver('b', { assigneeType: 7, dynamicType: 'candidate' }),
      ),
    );
    const d = new Driver(t);
    expect(d.try({ type: 'submit', userId: 'alice' })).toMatchObject({
      ok: false,
      error: { code: 'CANDIDATE_REQUIRED', message: '审批人不能为空', nodeId: 'a' },
    });
    d.do({ type: 'submit', userId: 'alice', candidates: { a: ['fin2'] } });
    expect(d.pending().map((x) => x.userId)).toEqual(['fin2']);
    expect(d.try({ type: 'audit', userId: 'fin2', taskId: d.taskOf('fin2').id })).toMatchObject({
      error: { code: 'CANDIDATE_REQUIRED', nodeId: 'b' },
    });
    d.approve('fin2', { candidates: { b: ['gm'] } });
    expect(d.pending().map((x) => x.userId)).toEqual(['gm']);
  });
  it('a free approver is added by the previous approver; none chosen ends the node', () => {
    const t = template(
      chain(
        approver('a', { approvers: ['bob'] }),
        approver('free', { assigneeType: 7, dynamicType: 'free' }),
        approver('z', { approvers: ['ceo'] }),
      ),
    );
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('bob', { freeApproverUserId: 'gm' });
    expect(d.pending().map((x) => [x.nodeId, x.userId])).toEqual([['free', 'gm']]);
    const d2 = new Driver(t);
    d2.do({ type: 'submit', userId: 'alice' });
    d2.approve('bob');
    expect(d2.pending().map((x) => x.nodeId)).toEqual(['z']);
  });
  it('approvers are resolved again when a node is re-entered after a return', () => {
    const t = template(
      chain(
        approver('a', { assigneeType: 7, dynamicType: 'formField', formField: 'who' }),
        approver('b', { approvers: ['ceo'], rejectTarget: 'previous' }),
      ),
    );
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice', formData: { who: 'bob' } });
    d.approve('bob', { formData: { who: 'gm' } });
    d.reject('ceo');
    expect(d.state.status).toBe(1);
    expect(d.pending().map((x) => [x.nodeId, x.userId])).toEqual([['a', 'gm']]);
  });
});

describe('empty approver sets', () => {
  const t = (rule?: 'pass' | 'admin' | 'refuse') =>
    template(
      chain(
        approver('a', { approverRole: ['nobody'], ...(rule ? { emptyApprover: rule } : {}) }),
        approver('b', { approvers: ['ceo'] }),
      ),
    );
  it('default and pass: auto-approved (recorded), the flow goes on', () => {
    for (const rule of [undefined, 'pass'] as const) {
      const d = new Driver(t(rule));
      d.do({ type: 'submit', userId: 'alice' });
      expect(d.state.records.map((r) => [r.nodeId, r.handleStatus, r.handleOpinion])).toContainEqual([
        'a',
        1,
        '系统自动审批通过',
      ]);
      expect(d.pending().map((x) => x.nodeId)).toEqual(['b']);
    }
  });
  it('admin: handed to the flow administrators', () => {
    const d = new Driver(t('admin'));
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.pending().map((x) => [x.nodeId, x.userId])).toEqual([['a', 'admin']]);
  });
  it('refuse: the action that would enter the node is refused', () => {
    const d = new Driver(t('refuse'));
    expect(d.try({ type: 'submit', userId: 'alice' })).toMatchObject({
      ok: false,
      error: { code: 'NO_APPROVER', nodeId: 'a' },
    });
    expect(d.state.status).toBe(0);
  });
});

describe('auto-agree', () => {
  it('the initiator as approver, when the template says so', () => {
    const tree = chain(
      approver('a', { assigneeType: 6, initiatorLevel: 0 }),
      approver('b', { approvers: ['ceo'] }),
    );
    const on = new Driver(template(tree, { autoAgreeInitiator: true }));
    on.do({ type: 'submit', userId: 'alice' });
    expect(on.pending().map((x) => x.nodeId)).toEqual(['b']);
    const off = new Driver(template(tree));
    off.do({ type: 'submit', userId: 'alice' });
    expect(off.pending().map((x) => x.nodeId)).toEqual(['a']);
  });
  it('an approver who already approved earlier in this flow', () => {
    const tree = chain(
      approver('a', { approvers: ['bob'] }),
      approver('b', { approvers: ['bob', 'gm'], counterSign: 'and' }),
    );
    const d = new Driver(template(tree, { autoAgreeApproved: true }));
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('bob');
    expect(d.pending().map((x) => x.userId)).toEqual(['gm']);
    d.approve('gm');
    expect(d.state.status).toBe(2);
  });
});

describe('countersign', () => {
  const users = ['u1', 'u2', 'u3', 'u4', 'u5'];
  const t = (props: FlowNode['properties']) =>
    template(chain(approver('a', { approvers: users, ...props }), approver('z', { approvers: ['ceo'] })));
  it('or-sign: the first approval passes the node and closes the others', () => {
    const d = new Driver(t({ counterSign: 'or' }));
    d.do({ type: 'submit', userId: 'alice' });
    const eff = d.approve('u3');
    expect(eff.filter((e) => e.type === 'closeTask' && e.status === 'closed')).toHaveLength(4);
    expect(d.pending().map((x) => x.nodeId)).toEqual(['z']);
  });
  it('and-sign: every approver must approve; one reject rejects', () => {
    const d = new Driver(t({ counterSign: 'and' }));
    d.do({ type: 'submit', userId: 'alice' });
    for (const u of users.slice(0, 4)) {
      d.approve(u);
      expect(d.state.current).toEqual(['a']);
    }
    d.approve('u5');
    expect(d.state.current).toEqual(['z']);
    const d2 = new Driver(t({ counterSign: 'and' }));
    d2.do({ type: 'submit', userId: 'alice' });
    d2.approve('u1');
    d2.reject('u2');
    expect(d2.state.status).toBe(3);
  });
  it('ratio 0.6 of 5: passes at 3 approvals, fails at 3 rejections (> 5 - 3)', () => {
    const d = new Driver(t({ counterSign: 'ratio', counterRatio: 0.6 }));
    d.do({ type: 'submit', userId: 'alice' });
    d.reject('u1');
    d.approve('u2');
    d.reject('u3');
    d.approve('u4');
    expect(d.state.current).toEqual(['a']);
    d.approve('u5');
    expect(d.state.current).toEqual(['z']);
    const f = new Driver(t({ counterSign: 'ratio', counterRatio: 0.6 }));
    f.do({ type: 'submit', userId: 'alice' });
    f.reject('u1');
    f.reject('u2');
    expect(f.state.status).toBe(1);
    f.reject('u3');
    expect(f.state.status).toBe(3);
  });
  it('ratio rounds the threshold up: 0.5 of 5 needs 3', () => {
    const d = new Driver(t({ counterSign: 'ratio', counterRatio: 0.5 }));
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('u1');
    d.approve('u2');
    expect(d.state.current).toEqual(['a']);
    d.approve('u3');
    expect(d.state.current).toEqual(['z']);
  });
  it('sequential: one task at a time, in order', () => {
    const d = new Driver(t({ counterSign: 'sequential' }));
    d.do({ type: 'submit', userId: 'alice' });
    for (const u of users) {
      expect(d.pending().map((x) => x.userId)).toEqual([u]);
      d.approve(u);
    }
    expect(d.pending().map((x) => x.userId)).toEqual(['ceo']);
  });
});

describe('reject targets and resubmit', () => {
  const tree = (rejectTarget: 'start' | 'previous' | 'choose') =>
    chain(
      approver('a', { approvers: ['bob'] }),
      approver('b', { approvers: ['gm'] }),
      approver('c', { approvers: ['ceo'], rejectTarget }),
    );
  it('requires an opinion', () => {
    const d = new Driver(template(tree('start')));
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.try({ type: 'reject', userId: 'bob', taskId: d.taskOf('bob').id, opinion: ' ' })).toMatchObject({
      ok: false,
      error: { code: 'OPINION_REQUIRED', message: '请输入审批意见！' },
    });
  });
  it('to the previous node', () => {
    const d = new Driver(template(tree('previous')));
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('bob');
    d.approve('gm');
    d.reject('ceo');
    expect(d.state.status).toBe(1);
    expect(d.pending().map((x) => x.nodeId)).toEqual(['b']);
  });
  it('to a chosen node that was passed; an unknown one is refused', () => {
    const d = new Driver(template(tree('choose')));
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('bob');
    d.approve('gm');
    expect(
      d.try({ type: 'reject', userId: 'ceo', taskId: d.taskOf('ceo').id, opinion: 'x', rejectTo: 'zzz' }),
    ).toMatchObject({
      error: { code: 'INVALID_REJECT_TARGET' },
    });
    d.reject('ceo', 'x', 'a');
    expect(d.pending().map((x) => x.nodeId)).toEqual(['a']);
  });
  it('to the start, then resubmit: restart re-approves everything; jumpBack returns to the rejecting node', () => {
    const restart = new Driver(template(tree('start')));
    restart.do({ type: 'submit', userId: 'alice' });
    restart.approve('bob');
    restart.approve('gm');
    restart.reject('ceo');
    expect(restart.state.status).toBe(3);
    expect(restart.try({ type: 'submit', userId: 'bob' })).toMatchObject({
      error: { code: 'NOT_INITIATOR' },
    });
    restart.do({ type: 'submit', userId: 'alice' });
    expect(restart.pending().map((x) => x.nodeId)).toEqual(['a']);
    const jump = new Driver(template(tree('start'), { resubmitMode: 'jumpBack' }));
    jump.do({ type: 'submit', userId: 'alice' });
    jump.approve('bob');
    jump.approve('gm');
    jump.reject('ceo');
    jump.do({ type: 'submit', userId: 'alice' });
    expect(jump.pending().map((x) => x.nodeId)).toEqual(['c']);
    jump.approve('ceo');
    expect(jump.state.status).toBe(2);
  });
  it('jumpBack into a parallel branch only waits for that branch', () => {
    const t = template(
      root(
        gateway(
          'interflow',
          [
            branch('p1', 'interflow', {}, ap('x', { approvers: ['bob'] })),
            branch('p2', 'interflow', {}, ap('y', { approvers: ['gm'] })),
          ],
          ap('end', { approvers: ['ceo'] }),
        ),
      ),
      { resubmitMode: 'jumpBack' },
    );
    const d = new Driver(t);
    d.do({ type: 'submit', userId: 'alice' });
    d.approve('bob');
    d.reject('gm');
    d.do({ type: 'submit', userId: 'alice' });
    expect(d.pending().map((x) => x.nodeId)).toEqual(['y']);
    d.approve('gm');
    expect(d.pending().map((x) => x.nodeId)).toEqual(['end']);
  });
});
