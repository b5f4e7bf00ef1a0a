// The task lists of FlowBefore/List/:category: to-do (1), done (2) and circulated (other values), paged,
// with the initiators' names and the titles in the reader's language (a keyword searches the stored title).
import type { Language, WfListQuery } from '@kp/schema';
import type { Kysely } from 'kysely';
import { flowStepIn } from '../../db/seed-labels';
import type { Database } from '../../db/types';
import { likeOf } from '../../db/values';
import { pageOf } from '../../http/paging';
import { ms, userNames } from './access';
import { type TitledRow, taskTitle } from './task-title';

const TASK_COLS = [
  't.id as processId',
  't.flow_code',
  't.template_id',
  't.full_name',
  't.title_parts',
  't.status',
  't.initiator_id',
  't.creator_time',
  't.press_mark',
  't.this_step',
  't.flow_urgent',
] as const;
/** One row of the task lists (to-do, done, circulated). */
interface ListRow {
  id: string;
  thisStepId: string;
  processId: string;
  flow_code: string;
  template_id: string;
  full_name: string;
  title_parts: string | null;
  status: number;
  initiator_id: string;
  creator_time: Date;
  press_mark: number;
  this_step: string;
  flow_urgent: number;
}

/** What every flow list shows first of a task (my launches, the monitor), its title in `lang`. */
export const taskSummary = (
  t: TitledRow & {
    id: string;
    template_id: string;
    flow_code: string;
    status: number;
    this_step: string | null;
  },
  lang: Language,
) => ({
  id: t.id,
  flowId: t.template_id,
  flowCode: t.flow_code,
  fullName: taskTitle(t, lang),
  status: t.status,
  thisStep: flowStepIn(t.this_step, lang),
});

/**
 * The list reader of one database. The plain to-do statement is built and compiled once here; every
 * call swaps in its user, limit and offset.
 */
export function taskLists(db: Kysely<Database>) {
  /**
   * The plain to-do page: the caller's pending operator rows alone, counted and paged on the covering
   * partial index (wf_operator_pending_cover, migration 0110: index-only; the window count rides along),
   * then only that page's tasks and initiators joined. Built and compiled once with sentinel values;
   * each request swaps in its user, limit and offset (spares the query building on the hot path).
   */
  const plainTodoQuery = (uid: string, limit: number, offset: number) =>
    db
      .selectFrom(
        db
          .selectFrom('wf_operator')
          .where('user_id', '=', uid)
          .where('status', '=', 0)
          .select((eb) => ['id', 'node_id', 'creator_time', 'task_id', eb.fn.countAll().over().as('total')])
          .orderBy('creator_time', 'desc')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .as('o'),
      )
      .innerJoin('wf_task as t', 't.id', 'o.task_id')
      .leftJoin('base_user as iu', 'iu.id', 't.initiator_id')
      .select([
        'o.id as id',
        'o.node_id as thisStepId',
        'o.creator_time as opTime',
        'o.total',
        ...TASK_COLS,
        'iu.real_name as initiatorName',
        'iu.account as initiatorAccount',
      ])
      .orderBy('opTime', 'desc')
      .orderBy('o.id');
  const SENTINEL = { uid: '\u0000todo-user', limit: 1_999_999_991, offset: 1_999_999_993 } as const;
  const compiledTodo = plainTodoQuery(SENTINEL.uid, SENTINEL.limit, SENTINEL.offset).compile();
  const slot = (v: unknown) => {
    const i = compiledTodo.parameters.indexOf(v);
    if (i < 0 || compiledTodo.parameters.lastIndexOf(v) !== i)
      throw new Error('to-do statement: parameter slot');
    return i;
  };
  const slots = { uid: slot(SENTINEL.uid), limit: slot(SENTINEL.limit), offset: slot(SENTINEL.offset) };
  const plainTodoPage = (uid: string, limit: number, offset: number): typeof compiledTodo => {
    const parameters = [...compiledTodo.parameters];
    parameters[slots.uid] = uid;
    parameters[slots.limit] = limit;
    parameters[slots.offset] = offset;
    return { ...compiledTodo, parameters };
  };

  return async (uid: string, category: string, q: WfListQuery, lang: Language) => {
    const { currentPage, pageSize, offset } = pageOf(q);
    let total: number;
    let rows: ListRow[];
    // Initiator names: joined into the plain to-do page, looked up afterwards otherwise.
    const names = new Map<string, string>();
    if (category === '1' && !q.keyword && !q.flowId && q.status === undefined) {
      // The plain to-do list: one prepared statement (compiled once, see plainTodoPage).
      const paged = (await db.executeQuery(plainTodoPage(uid, pageSize, offset))).rows;
      rows = paged;
      for (const r of paged)
        if (r.initiatorName !== null) names.set(r.initiator_id, `${r.initiatorName}/${r.initiatorAccount}`);
      total = paged.length
        ? Number(paged[0]!.total)
        : Number(
            (
              await db
                .selectFrom('wf_operator')
                .where('user_id', '=', uid)
                .where('status', '=', 0)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirst()
            )?.n ?? 0,
          );
    } else {
      const kw = q.keyword ? likeOf(q.keyword) : null;
      // the three sources give one shape (id, thisStepId, opTime, task_id), joined with the task as t
      const source =
        category === '1'
          ? db
              .selectFrom('wf_operator')
              .where('user_id', '=', uid)
              .where('status', '=', 0)
              .select(['id', 'node_id as thisStepId', 'creator_time as opTime', 'task_id'])
              .as('o')
          : category === '2'
            ? db
                .selectFrom('wf_record')
                .where('user_id', '=', uid)
                .where('handle_status', 'not in', [2, 3])
                .select(['id', 'node_id as thisStepId', 'handle_time as opTime', 'task_id'])
                .as('o')
            : db
                .selectFrom('wf_circulate')
                .where('user_id', '=', uid)
                .select(['id', 'node_id as thisStepId', 'creator_time as opTime', 'task_id'])
                .as('o');
      let base = db
        .selectFrom(source)
        .innerJoin('wf_task as t', 't.id', 'o.task_id')
        .select(['o.id as id', 'o.thisStepId as thisStepId', 'o.opTime as opTime']);
      if (kw) base = base.where('t.full_name', 'ilike', kw);
      if (q.flowId) base = base.where('t.template_id', '=', q.flowId);
      if (q.status !== undefined) base = base.where('t.status', '=', q.status);
      total = Number(
        (
          await base
            .clearSelect()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      );
      rows = await base
        .select([...TASK_COLS])
        .orderBy('opTime', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute();
    }
    const missing = rows.map((r) => r.initiator_id).filter((id) => !names.has(id));
    if (missing.length) for (const [k, v] of await userNames(db, missing)) names.set(k, v);
    return {
      list: rows.map((r) => ({
        id: r.id,
        processId: r.processId,
        flowCode: r.flow_code,
        flowId: r.template_id,
        formType: 1,
        thisStepId: r.thisStepId,
        thisStep: flowStepIn(r.this_step, lang),
        fullName: taskTitle(r, lang),
        status: r.status,
        flowUrgent: r.flow_urgent,
        userName: names.get(r.initiator_id) ?? '',
        creatorTime: ms(r.creator_time),
        pressMark: r.press_mark,
        isOut: 0,
        webUrl: null,
      })),
      pagination: { currentPage, pageSize, total },
    };
  };
}
