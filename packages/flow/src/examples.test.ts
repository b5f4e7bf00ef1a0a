import { compileForm, recalculate } from '@kp/engine';
import type { FlowTemplate, FormConfig } from '@kp/schema';
import { validateFlowTree } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import expenseJson from '../../../examples/flows/expense.json';
import leaveJson from '../../../examples/flows/leave.json';
import expenseForm from '../../../examples/forms/expense-claim.json';
import leaveForm from '../../../examples/forms/leave-request.json';
import { Driver } from './testkit';
import { walkTree } from './tree';
import { validateFlow } from './validateFlow';

const leave = leaveJson as unknown as FlowTemplate;
const expense = expenseJson as unknown as FlowTemplate;

describe('example flows are valid', () => {
  it('leave and expense pass the schema and the designer checks (empty initiators = everyone)', () => {
    for (const t of [leave, expense]) {
      expect(validateFlowTree(t.tree).ok).toBe(true);
      expect(validateFlow(t.tree, { allowEveryone: true })).toEqual([]);
    }
  });
});

function vModels(x: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(x)) for (const v of x) vModels(v, out);
  else if (x && typeof x === 'object')
    for (const [k, v] of Object.entries(x)) {
      if (k === '__vModel__' && typeof v === 'string' && v) out.add(v);
      else vModels(v, out);
    }
  return out;
}

describe('example flows match the example forms', () => {
  it('every formOperates id and form condition field is a __vModel__ of the form (leave: days)', () => {
    for (const [flow, form] of [
      [leave, leaveForm],
      [expense, expenseForm],
    ] as const) {
      const fields = vModels(form);
      const used: string[] = [];
      walkTree(flow.tree, (n) => {
        for (const o of n.properties.formOperates ?? []) used.push(o.id);
        for (const g of n.properties.conditions ?? [])
          for (const i of g.items) if (i.fieldType === 'form' && i.field) used.push(i.field);
      });
      expect(used.length).toBeGreaterThan(0);
      expect(used.filter((f) => !fields.has(f))).toEqual([]);
    }
    expect(vModels(leaveForm).has('days')).toBe(true);
  });
});

/**
 * The leave form computes 请假天数 (days) from the start and end dates, and the start node shows it
 * read-only, so a submitted `days` is dropped: the dates decide, recomputed by the real form engine as the
 * server's deriveForm does.
 */
const leaveModel = compileForm(leaveForm as unknown as FormConfig);
const leaveCtx = { deriveForm: (d: Record<string, unknown>) => recalculate(leaveModel, d) };
const T = Date.parse('2026-11-02T00:00:00Z');
const leaveOf = (days: number, extra: Record<string, unknown> = {}) => ({
  startTime: T,
  endTime: T + days * 86_400_000,
  ...extra,
});

describe('leave (days <= 3: department head; else head then general manager)', () => {
  it('a submitted days value cannot outvote the dates (the start node shows it read-only)', () => {
    const d = new Driver(leave, leaveCtx);
    d.do({ type: 'submit', userId: 'alice', formData: leaveOf(5, { days: 1 }) });
    expect(d.state.formData.days).toBe(5);
    expect(d.pending().map((t) => t.nodeId)).toEqual(['approver_head_long']);
  });
  it('2 days: the department head approves, status 2', () => {
    const d = new Driver(leave, leaveCtx);
    d.do({ type: 'submit', userId: 'alice', formData: leaveOf(2, { reason: '看病' }) });
    expect(d.state.status).toBe(1);
    expect(d.pending().map((t) => [t.nodeId, t.userId])).toEqual([['approver_head_short', 'head1']]);
    d.approve('head1', { opinion: '同意' });
    expect(d.state.status).toBe(2);
    expect(d.pending()).toEqual([]);
    expect(d.statuses()).toEqual([2, 1]);
  });
  it('3 days is still short (<=)', () => {
    const d = new Driver(leave, leaveCtx);
    d.do({ type: 'submit', userId: 'alice', formData: leaveOf(3) });
    expect(d.pending()[0].nodeId).toBe('approver_head_short');
  });
  it('5 days: head then general manager (by position: ceo and gm, or-sign), status 2', () => {
    const d = new Driver(leave, leaveCtx);
    d.do({ type: 'submit', userId: 'alice', formData: leaveOf(5) });
    expect(d.pending().map((t) => t.userId)).toEqual(['head1']);
    d.approve('head1');
    expect(d.state.status).toBe(1);
    expect(
      d
        .pending()
        .map((t) => t.userId)
        .sort(),
    ).toEqual(['ceo', 'gm']);
    d.approve('gm');
    expect(d.state.status).toBe(2);
    expect(d.state.tasks.find((t) => t.userId === 'ceo')?.status).toBe('closed');
  });
  it('a reject goes to status 3, and a resubmit starts over', () => {
    const d = new Driver(leave, leaveCtx);
    d.do({ type: 'submit', userId: 'alice', formData: leaveOf(5) });
    d.approve('head1');
    d.reject('gm', '时间太长');
    expect(d.state.status).toBe(3);
    expect(d.pending()).toEqual([]);
    expect(d.statuses()).toEqual([2, 1, 0]);
    d.do({ type: 'submit', userId: 'alice', formData: leaveOf(1) });
    expect(d.state.status).toBe(1);
    expect(d.pending().map((t) => t.nodeId)).toEqual(['approver_head_short']);
  });
});

describe("expense (parallel: the initiator's company's finance, or-sign, and the department head; cc to the manager)", () => {
  it('waits for both branches (one accountant suffices), then copies the initiator’s manager and finishes with status 2', () => {
    const d = new Driver(expense);
    d.do({ type: 'submit', userId: 'alice', formData: { amount: 120 } });
    expect(
      d
        .pending()
        .map((t) => t.userId)
        .sort(),
    ).toEqual(['fin1', 'fin2', 'head1']);
    d.approve('fin1');
    expect(d.state.status).toBe(1);
    // or-sign: the other accountant's task closes with the first approval
    expect(d.pending().map((t) => t.userId)).toEqual(['head1']);
    const eff = d.approve('head1');
    expect(d.state.status).toBe(2);
    expect(eff).toContainEqual({ type: 'cc', nodeId: 'copy_manager', userIds: ['head1'] });
    expect(eff).toContainEqual({ type: 'flowFinished', status: 2 });
  });
  it('a reject in one branch rejects the flow (status 3) and closes the other branch', () => {
    const d = new Driver(expense);
    d.do({ type: 'submit', userId: 'alice', formData: { amount: 120 } });
    d.approve('head1');
    d.reject('fin2', '票据不全');
    expect(d.state.status).toBe(3);
    expect(d.state.tasks.find((t) => t.userId === 'fin1')?.status).toBe('closed');
    expect(d.state.current).toEqual([]);
  });
});
