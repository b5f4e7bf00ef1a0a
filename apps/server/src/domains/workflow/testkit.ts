// Helpers shared by the workflow route tests: cached logins, user lookups, a task's pending operator rows,
// the task row and its records. `app` is read lazily (the TestApp is made in beforeAll).
import type { TestApp } from '../../test/harness';

export function workflowTestKit(app: () => TestApp) {
  const tokens = new Map<string, string>();
  const db = () => app().db.kysely;
  const w = () => db();
  /**
   * A token per account, logged in once. Logins go one after another: fifty at once from one address is what
   * a password flood looks like, and the login rate limit (auth/attempt-limits.ts) refuses it.
   */
  let queue: Promise<unknown> = Promise.resolve();
  const login = (account: string): Promise<string> => {
    const next = queue.then(async () => {
      let tk = tokens.get(account);
      if (!tk) {
        tk = await app().login(account);
        tokens.set(account, tk);
      }
      return tk;
    });
    queue = next.catch(() => undefined);
    return next;
  };
  const accountOf = async (userId: string) =>
    (await db().selectFrom('base_user').select('account').where('id', '=', userId).executeTakeFirstOrThrow())
      .account;
  const idOf = async (account: string) =>
    (await db().selectFrom('base_user').select('id').where('account', '=', account).executeTakeFirstOrThrow())
      .id;
  /** The token of a user id (an operator row's holder). */
  const tokenOf = async (userId: string) => login(await accountOf(userId));
  /** Pending operator rows of a task (optionally of one node), oldest first. */
  const pending = (taskId: string, nodeId?: string) => {
    let q = w().selectFrom('wf_operator').selectAll().where('task_id', '=', taskId).where('status', '=', 0);
    if (nodeId) q = q.where('node_id', '=', nodeId);
    return q.orderBy('creator_time').orderBy('id').execute();
  };
  const task = (id: string) =>
    w().selectFrom('wf_task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const records = (id: string) =>
    w().selectFrom('wf_record').selectAll().where('task_id', '=', id).orderBy('seq').execute();
  /** Starts a task of template `flowId` with `formData` as the holder of `tok`; the raw answer (the task id). */
  const submit = (tok: string, flowId: string, formData: Record<string, unknown>) =>
    app().call<string>(tok, {
      method: 'POST',
      url: '/api/workflow/Engine/FlowTask',
      payload: { flowId, formData },
    });
  /** The seeded leave form's data for the user `account` (leaveData). */
  const leaveOf = async (account: string, days = 2) =>
    leaveData(
      await w()
        .selectFrom('base_user')
        .select(['id', 'department_id'])
        .where('account', '=', account)
        .executeTakeFirstOrThrow(),
      days,
    );
  return { login, accountOf, idOf, tokenOf, pending, task, records, w, submit, leaveOf };
}

/** The seeded leave form's data for `u` (applicant, department): `days` of annual leave from 2026-01-01. */
export const leaveData = (u: { id: string; department_id: string | null }, days = 2) => ({
  applicant: u.id,
  department: u.department_id,
  leaveType: 'annual',
  startTime: 1767225600000,
  endTime: 1767225600000 + days * 86_400_000,
  days,
  reason: '回家',
});
