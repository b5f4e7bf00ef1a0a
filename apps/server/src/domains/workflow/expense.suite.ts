import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { workflowTestKit } from './testkit';

export const B = '/api/workflow/Engine';
export const FIN = 'approver_finance';
export const DEP = 'approver_department';

/**
 * The EXPENSE example (examples/flows/expense.json: parallel branches finance (or-sign over the holders
 * of ACC-* positions in the initiator's company) and department (the initiator's department head), then a cc to that head) through
 * every action of spec 2 §7, on PGlite and PostgreSQL.
 */

/** The shared set-up of the expense-actions.test.ts split: one app per test file, the helpers its tests use. */
export function expenseSuite() {
  let t: TestApp;
  let zw: { id: string; department_id: string | null; real_name: string };
  let formData: Record<string, unknown> = {};
  const { login, idOf, tokenOf, pending, task, records, w } = workflowTestKit(() => t);
  const launch = async (extra: Record<string, unknown> = {}, account = 'zhangwei') => {
    const r = await t.call<string>(await login(account), {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: 'wf-expense', formData, ...extra },
    });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  const act = async (kind: string, opId: string, payload: Record<string, unknown> = {}) => {
    const op = await w()
      .selectFrom('wf_operator')
      .select('user_id')
      .where('id', '=', opId)
      .executeTakeFirstOrThrow();
    return t.call(await tokenOf(op.user_id), {
      method: 'POST',
      url: `${B}/FlowBefore/${kind}/${opId}`,
      payload,
    });
  };
  /** A user who is no participant of the flow and holds no monitor role (employee only). */
  const outsiderOf = async (taskId: string) => {
    const x = w();
    const parts = new Set<string>([(await task(taskId)).initiator_id]);
    for (const o of await x
      .selectFrom('wf_operator')
      .select(['user_id', 'flow_user_id'])
      .where('task_id', '=', taskId)
      .execute()) {
      parts.add(o.user_id);
      parts.add(o.flow_user_id);
    }
    for (const r of await records(taskId)) parts.add(r.user_id);
    for (const c of await x
      .selectFrom('wf_circulate')
      .select('user_id')
      .where('task_id', '=', taskId)
      .execute())
      parts.add(c.user_id);
    const u = await t.db.kysely
      .selectFrom('base_user as u')
      .select('u.account')
      .where('u.enabled_mark', '=', 1)
      .where('u.is_administrator', '=', false)
      .where('u.id', 'not in', [...parts])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('base_user_relation as r')
              .innerJoin('base_role as ro', 'ro.id', 'r.object_id')
              .select('r.id')
              .whereRef('r.user_id', '=', 'u.id')
              .where('r.object_type', '=', 'Role')
              .where('ro.en_code', 'in', ['deptManager', 'companyLeader', 'sysAdmin']),
          ),
        ),
      )
      .orderBy('u.account')
      .executeTakeFirstOrThrow();
    return login(u.account);
  };
  /** Approves every pending task of the flow, node by node, until nothing is pending. */
  const approveAll = async (taskId: string) => {
    for (let i = 0; i < 200; i++) {
      const ops = await pending(taskId);
      if (!ops.length) return;
      const r = await act('Audit', ops[0]!.id, { handleOpinion: '同意' });
      expect(r.code, r.msg).toBe(200);
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    zw = await t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'department_id', 'real_name'])
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    formData = {
      claimDate: 1767225600000,
      claimant: zw.id,
      department: zw.department_id,
      tableField106: [
        { expenseType: 'traffic', price: 100, quantity: 2 },
        { expenseType: 'hotel', price: 300, quantity: 1 },
      ],
      remark: '出差',
    };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t() {
      return t;
    },
    get zw() {
      return zw;
    },
    get formData() {
      return formData;
    },
    launch,
    act,
    outsiderOf,
    approveAll,
    login,
    idOf,
    tokenOf,
    pending,
    task,
    records,
    w,
  };
}
