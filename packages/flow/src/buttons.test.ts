import type { FlowNode } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import { buttonsFor, formWritability } from './buttons';
import { candidateNodes } from './candidates';
import { createFlowState } from './interpreter';
import { approver, chain, Driver, template } from './testkit';
import type { Task } from './types';

const tpl = template(chain(approver('a', { approvers: ['bob'] })));
const task = (over: Partial<Task> = {}): Task => ({
  id: 't1',
  nodeId: 'a',
  userId: 'bob',
  status: 'pending',
  kind: 'approver',
  createdAt: '',
  createdVersion: 1,
  ...over,
});
const keys = (bs: { key: string }[]) => bs.map((b) => b.key);

describe('buttonsFor', () => {
  it('launch shows submit and save (template texts win)', () => {
    const t = template(tpl.tree, { submitBtnText: '提交审核' });
    const bs = buttonsFor(-1, null, t, { id: 'alice' }, { status: 0 });
    expect(keys(bs)).toEqual(['submit', 'save', 'copy', 'cancel']);
    expect(bs[0].text).toBe('提交审核');
    expect(bs[1].text).toBe('暂存');
  });
  it('to-approve shows transfer, audit, save, reject by flags (node flags override the template)', () => {
    expect(keys(buttonsFor(1, task(), tpl, { id: 'bob' }, { status: 1 }))).toEqual([
      'audit',
      'reject',
      'copy',
      'cancel',
    ]);
    const all = template(tpl.tree, { hasTransferBtn: true, hasSaveBtn: true, auditBtnText: '通过' });
    const bs = buttonsFor(1, task(), all, { id: 'bob' }, { status: 1 });
    expect(keys(bs)).toEqual(['transfer', 'audit', 'save', 'reject', 'copy', 'cancel']);
    expect(bs.find((b) => b.key === 'audit')?.text).toBe('通过');
    const node = { nodeId: 'a', type: 'approver', properties: { hasRejectBtn: false } } as FlowNode;
    expect(keys(buttonsFor(1, task(), all, { id: 'bob' }, { status: 1, node }))).not.toContain('reject');
    expect(keys(buttonsFor(1, task(), tpl, { id: 'gm' }, { status: 1 }))).toEqual(['copy', 'cancel']);
  });
  it('the initiator of a waiting flow sees press and withdraw unless the flags say otherwise', () => {
    expect(keys(buttonsFor(0, null, tpl, { id: 'alice' }, { status: 1, initiatorId: 'alice' }))).toEqual([
      'press',
      'withdraw',
      'copy',
      'cancel',
    ]);
    const off = template(tpl.tree, { hasPressBtn: false, hasRevokeBtn: false });
    expect(keys(buttonsFor(0, null, off, { id: 'alice' }, { status: 1, initiatorId: 'alice' }))).toEqual([
      'copy',
      'cancel',
    ]);
    expect(keys(buttonsFor(0, null, tpl, { id: 'alice' }, { status: 2, initiatorId: 'alice' }))).toEqual([
      'copy',
      'cancel',
    ]);
  });
  it('a handled task shows recall only when the flag is set', () => {
    const done = task({ status: 'done' });
    expect(keys(buttonsFor(2, done, tpl, { id: 'bob' }, { status: 1 }))).toEqual(['copy', 'cancel']);
    const on = template(tpl.tree, { hasRevokeBtn: true });
    expect(keys(buttonsFor(2, done, on, { id: 'bob' }, { status: 1 }))).toEqual(['recall', 'copy', 'cancel']);
  });
  it('a manager sees save, refile (status 2), assign and terminate (status 1)', () => {
    expect(keys(buttonsFor(4, null, tpl, { id: 'admin', isManager: true }, { status: 1 }))).toEqual([
      'save',
      'assign',
      'terminate',
      'copy',
      'cancel',
    ]);
    expect(keys(buttonsFor(4, null, tpl, { id: 'admin', isManager: true }, { status: 2 }))).toEqual([
      'save',
      'refile',
      'copy',
      'cancel',
    ]);
    expect(keys(buttonsFor(4, null, tpl, { id: 'bob' }, { status: 1 }))).toEqual(['copy', 'cancel']);
  });
  it('cc shows copy and cancel', () => {
    expect(keys(buttonsFor(3, null, tpl, { id: 'bob' }, { status: 1 }))).toEqual(['copy', 'cancel']);
  });
});

describe('formWritability', () => {
  const node = {
    nodeId: 'a',
    type: 'approver',
    properties: { formOperates: [{ id: 'days', read: true, write: true, required: true }] },
  } as FlowNode;
  it('opType 1 follows formOperates; 4 is editable; 0 forces every operate non-writable; 2 and 3 are read-only', () => {
    expect(formWritability(1, node)).toEqual({
      readonly: false,
      operates: [{ id: 'days', read: true, write: true, required: true }],
    });
    expect(formWritability(4, node).readonly).toBe(false);
    expect(formWritability(0, node)).toEqual({
      readonly: true,
      operates: [{ id: 'days', read: true, write: false, required: true }],
    });
    expect(formWritability(2, node).readonly).toBe(true);
    expect(formWritability(3, node).operates[0].write).toBe(false);
  });
});

describe('candidateNodes', () => {
  it('lists the nodes whose candidates must be chosen before a submit', () => {
    const t = template(
      chain(
        approver('a', { approverRole: ['finance'], userOptional: true, title: '财务' }),
        approver('b', { assigneeType: 7, dynamicType: 'candidate', title: '复核' }),
      ),
    );
    const d = new Driver(t);
    expect(candidateNodes(createFlowState(), { type: 'submit', userId: 'alice' }, d.ctx)).toEqual([
      { nodeId: 'a', nodeName: '财务' },
    ]);
    d.do({ type: 'submit', userId: 'alice', candidates: { a: ['fin1'] } });
    expect(
      candidateNodes(d.state, { type: 'audit', userId: 'fin1', taskId: d.taskOf('fin1').id }, d.ctx),
    ).toEqual([{ nodeId: 'b', nodeName: '复核' }]);
    expect(
      candidateNodes(
        createFlowState(),
        { type: 'submit', userId: 'alice' },
        new Driver(template(chain(approver('x', { approvers: ['bob'] })))).ctx,
      ),
    ).toEqual([]);
  });
});
