// The fault suite's workflow consistency check finds what a half-applied transaction would leave: a
// record without its state, a decision recorded twice, a status or an operator row out of step.
import { createTestApp, TEST_DB_KIND, type TestApp } from '@kp/server/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWorkflowConsistency } from './wf-consistency';

const WF = '/api/workflow/Engine';

describe(`workflow consistency check on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  // biome-ignore lint/suspicious/noExplicitAny: the workflow tables are not in the shared Database type
  let db: Kysely<any>;
  const tasks: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    db = t.db.kysely as typeof db;
    const emp = await t.login('zhangwei');
    const u = await db
      .selectFrom('base_user')
      .select(['id', 'department_id'])
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    const formData = {
      applicant: u.id,
      department: u.department_id,
      leaveType: 'personal',
      startTime: 1767225600000,
      endTime: 1767312000000,
      days: 1,
      reason: '一致性',
    };
    for (let i = 0; i < 5; i++) {
      const r = await t.call<string>(emp, {
        method: 'POST',
        url: `${WF}/FlowTask`,
        payload: { flowId: 'wf-leave', formData },
      });
      expect(r.code, r.msg).toBe(200);
      tasks.push(r.data);
    }
    // the first two are approved by the department head
    for (const id of tasks.slice(0, 2)) {
      const op = await db
        .selectFrom('wf_operator as o')
        .innerJoin('base_user as u', 'u.id', 'o.user_id')
        .select(['o.id', 'u.account'])
        .where('o.task_id', '=', id)
        .where('o.status', '=', 0)
        .executeTakeFirstOrThrow();
      const r = await t.call(await t.login(op.account), {
        method: 'POST',
        url: `${WF}/FlowBefore/Audit/${op.id}`,
        payload: { handleOpinion: '同意' },
      });
      expect(r.code, r.msg).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const problemsOf = async (taskId: string) =>
    (await checkWorkflowConsistency(db)).problems.filter((p) => p.includes(taskId));

  it('untouched flows are consistent', async () => {
    const r = await checkWorkflowConsistency(db);
    expect(r.problems).toEqual([]);
    expect(r.tasks).toBe(5);
    expect(r.byStatus).toEqual({ 1: 3, 2: 2 });
  });

  it('a decision recorded twice, or a record without its state, is found', async () => {
    const rec = await db
      .selectFrom('wf_record')
      .selectAll()
      .where('task_id', '=', tasks[0]!)
      .where('handle_status', '=', 1)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('wf_record')
      .values({ ...rec, id: `${rec.id}-again`, seq: undefined })
      .execute();
    const p = await problemsOf(tasks[0]!);
    expect(p.some((x) => x.includes('not in the state'))).toBe(true);
    expect(p.some((x) => x.includes('decided 2 times'))).toBe(true);
  });

  it('a lost record row is found', async () => {
    await db
      .deleteFrom('wf_record')
      .where('task_id', '=', tasks[1]!)
      .where('handle_status', '=', 1)
      .execute();
    const p = await problemsOf(tasks[1]!);
    expect(p.some((x) => x.includes('has no row'))).toBe(true);
    expect(p.some((x) => x.includes('decision records'))).toBe(true);
  });

  it('a status or an operator row out of step with the state is found', async () => {
    await db.updateTable('wf_task').set({ status: 2 }).where('id', '=', tasks[2]!).execute();
    expect((await problemsOf(tasks[2]!)).some((x) => x.includes('status 2 but state 1'))).toBe(true);
    await db.updateTable('wf_operator').set({ status: 1 }).where('task_id', '=', tasks[3]!).execute();
    expect((await problemsOf(tasks[3]!)).some((x) => x.includes('status 1 but state pending'))).toBe(true);
    await db.deleteFrom('wf_operator').where('task_id', '=', tasks[4]!).execute();
    expect((await problemsOf(tasks[4]!)).some((x) => x.includes('has 0 operator rows'))).toBe(true);
  });
});
