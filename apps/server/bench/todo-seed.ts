// Workflow data for the benches (not a bench itself): a one-approver template and 100,000 to-do tasks.
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../src/context';
import type { Database } from '../src/db/types';
import { launchTask } from '../src/domains/workflow/engine';

export const APPROVERS = 50;

/** A released template whose one approver is the form's `applicant` (so each task has its own approver). */
/**
 * The bench's flow: the applicant (a form field) approves, then it ends. With `branchApprovers`, a branch of
 * that many approvers follows the approval for leaves over 1,000 days (never, in the bench's data), as
 * a designed flow carries branches an approval does not take: a larger template, the same work per audit.
 */
export async function applicantTemplate(
  db: Kysely<Database>,
  { id = 'wf-bench', fullName = '压测审批', branchApprovers = 0 } = {},
): Promise<void> {
  const w = db;
  const leave = await w
    .selectFrom('wf_template')
    .selectAll()
    .where('id', '=', 'wf-leave')
    .executeTakeFirstOrThrow();
  await w
    .insertInto('wf_template')
    .values({
      id,
      en_code: id,
      full_name: fullName,
      form_json: JSON.stringify(leave.form_json),
      flow_json: JSON.stringify({
        nodeId: 'start',
        prevId: null,
        type: 'start',
        properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [] },
        childNode: {
          nodeId: 'a1',
          prevId: 'start',
          type: 'approver',
          properties: {
            title: '审批',
            assigneeType: 7,
            dynamicType: 'formField',
            formField: 'applicant',
            counterSign: 'or',
          },
          childNode: branchApprovers ? longBranch('a1', branchApprovers) : undefined,
        },
      }),
      properties_json: '{}',
      enabled_mark: 1,
      creator_user_id: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** After node `prev`: a branch point whose first branch (days > 1000) holds `n` approvers; the default is empty. */
function longBranch(prev: string, n: number) {
  const approvers = (i: number, parent: string): Record<string, unknown> | undefined =>
    i > n
      ? undefined
      : {
          nodeId: `big${i}`,
          prevId: parent,
          type: 'approver',
          properties: {
            title: `复核第${i}级`,
            assigneeType: 7,
            dynamicType: 'formField',
            formField: 'applicant',
            counterSign: 'or',
            formOperates: [
              'applicant',
              'department',
              'leaveType',
              'startTime',
              'endTime',
              'days',
              'reason',
            ].map((id) => ({ id, read: true, write: false })),
          },
          childNode: approvers(i + 1, `big${i}`),
        };
  return {
    nodeId: 'g1',
    prevId: prev,
    type: 'empty',
    properties: {},
    conditionType: 'condition',
    conditionNodes: [
      {
        nodeId: 'c1',
        prevId: 'g1',
        type: 'condition',
        properties: {
          title: '超长假期',
          priority: 1,
          conditions: [{ items: [{ fieldType: 'form', field: 'days', operator: '>', value: 1000 }] }],
        },
        childNode: approvers(1, 'c1'),
      },
      {
        nodeId: 'c2',
        prevId: 'g1',
        type: 'condition',
        properties: { title: '其他', priority: 2, isDefault: true },
      },
    ],
  };
}

export const leaveData = (applicant: string, dept: string | null) => ({
  applicant,
  department: dept,
  leaveType: 'sick',
  startTime: 1767225600000,
  endTime: 1767312000000,
  days: 1,
  reason: 'bench',
});

/** The first APPROVERS enabled users but admin, by account. */
export async function approvers(db: Kysely<Database>) {
  const users = await db
    .selectFrom('base_user')
    .select(['id', 'account', 'department_id'])
    .where('account', '!=', 'admin')
    .where('enabled_mark', '=', 1)
    .orderBy('account')
    .limit(APPROVERS)
    .execute();
  if (users.length < APPROVERS) throw new Error(`only ${users.length} users`);
  return users;
}

/**
 * `tasks` to-do tasks for the bench: one real launch (on the wf-bench template, which must exist) gives
 * the row shapes (state_json of a running task); tasks − 1 copies are spread over the APPROVERS users
 * (every 5th batch of 50 pending, the rest handled), then VACUUM ANALYZE. Returns the measured user
 * (approvers[1]), how many tasks exist, how many are pending for that user and the load time.
 */
export async function seedTodoTasks(kp: AppContext, tasks: number) {
  const db = kp.db;
  const users = await approvers(db);
  const me = users[1]!;
  const first = await launchTask(kp, {
    userId: users[0]!.id,
    templateId: 'wf-bench',
    formData: leaveData(me.id, me.department_id),
    status: 0,
  });
  const t0 = performance.now();
  const step = 10_000;
  for (let from = 1; from <= tasks - 1; from += step) {
    const to = Math.min(tasks - 1, from + step - 1);
    await sql`insert into wf_task (id, template_id, template_version, flow_code, full_name, status, this_step,
        current_nodes, state_json, template_snapshot, form_data, initiator_id, creator_time, start_time)
      select 'bt' || g, template_id, template_version, flow_code, full_name || ' #' || g, status, this_step,
        current_nodes, state_json, template_snapshot, form_data, initiator_id,
        now() - (g || ' seconds')::interval, start_time
      from wf_task, generate_series(${from}::int, ${to}::int) g where id = ${first.id}`.execute(db);
    await sql`insert into wf_operator (id, task_id, flow_task_id, node_id, node_name, user_id, flow_user_id, status, creator_time)
      select 'bo' || g, 'bt' || g, 't2', 'a1', '审批', u.id, u.id, case when (g / ${APPROVERS}) % 5 = 0 then 0 else 1 end,
        now() - (g || ' seconds')::interval
      from generate_series(${from}::int, ${to}::int) g
      join (select id, row_number() over (order by account) - 1 as k from base_user where account != 'admin'
            and enabled_mark = 1 order by account limit ${APPROVERS}) u on u.k = g % ${APPROVERS}`.execute(
      db,
    );
  }
  await sql`vacuum analyze`.execute(db);
  const loadS = (performance.now() - t0) / 1000;
  const w = db;
  const taskCount = Number(
    (
      await w
        .selectFrom('wf_task')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const myPending = Number(
    (
      await w
        .selectFrom('wf_operator')
        .where('user_id', '=', me.id)
        .where('status', '=', 0)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  return { me, tasks: taskCount, myPending, loadS };
}
