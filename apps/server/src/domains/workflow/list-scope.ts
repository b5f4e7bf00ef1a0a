// Which users' cached workflow lists a flow change drops (db/read-cache.ts ReadCache.writing, db/write-scope.ts).
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { currentScope, scopeKey, type WriteScope } from '../../db/write-scope';

/**
 * Runs a unit of work that writes flow tasks (a transaction) so that it drops, once it ends, only the
 * cached lists of the users its writes change, here and in every other process.
 */
export function listWrites<T>(ctx: AppContext, fn: (scope: WriteScope) => Promise<T>): Promise<T> {
  return ctx.dbHandle.lists.writing(fn);
}

/**
 * The lists a task shows in now, as (user, table) rows: its initiator's launched list, the to-do lists of
 * its pending operators, the done lists of its handlers (launch and withdrawal records left out, as the
 * list does: task-lists.ts), the circulated lists. `task`: its id, or one of its operator rows. Read under
 * the task's row lock, before writing (WORKFLOW_LIST_SCOPE says which later writes this covers).
 */
export function taskUsers(db: Kysely<Database>, task: string | { operatorId: string }) {
  const id =
    typeof task === 'string'
      ? task
      : db.selectFrom('wf_operator').select('task_id').where('id', '=', task.operatorId);
  return db
    .selectFrom('wf_task')
    .select(['initiator_id as u', sql<string>`'wf_task'`.as('l')])
    .where('id', '=', id)
    .union(
      db
        .selectFrom('wf_operator')
        .select(['user_id as u', sql<string>`'wf_operator'`.as('l')])
        .where('task_id', '=', id)
        .where('status', '=', 0),
    )
    .union(
      db
        .selectFrom('wf_record')
        .select(['user_id as u', sql<string>`'wf_record'`.as('l')])
        .where('task_id', '=', id)
        .where('handle_status', 'not in', [2, 3]),
    )
    .union(
      db
        .selectFrom('wf_circulate')
        .select(['user_id as u', sql<string>`'wf_circulate'`.as('l')])
        .where('task_id', '=', id),
    );
}

/**
 * Declares to the write scope under way (if any) that `taskId` is written, with the rows of taskUsers
 * (the lists it shows in now; none for a new task).
 */
export function writingTask(taskId: string, rows: readonly unknown[] = []): void {
  const scopes: string[] = [];
  for (const r of rows)
    if (
      r &&
      typeof r === 'object' &&
      'u' in r &&
      'l' in r &&
      typeof r.u === 'string' &&
      typeof r.l === 'string'
    )
      scopes.push(scopeKey(r.l, r.u));
  currentScope()?.key(taskId, scopes);
}

/** The scope of `userId`'s FlowBefore list of `category` (1 to-do, 2 done, else circulated): scopeKey. */
export const listScope = (userId: string, category: string): string =>
  scopeKey(category === '1' ? 'wf_operator' : category === '2' ? 'wf_record' : 'wf_circulate', userId);

/** Whether a write scope is under way (lockTask then reads the task's lists with its lock). */
export const inListScope = (): boolean => currentScope() !== undefined;
