import { type Kysely, sql } from 'kysely';

/**
 * Workflow speed (issue 8): the to-do list's partial index also carries task_id and node_id, so a page
 * and its total are read from the index alone (an index-only scan instead of one heap visit per pending
 * row); wf_operator_todo (user_id, status, creator_time) is dropped — every lookup by user reads pending
 * rows (status 0), which the partial index serves, and each audit no longer updates a fourth index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index wf_operator_pending_cover on wf_operator (user_id, creator_time desc, id) include (task_id, node_id) where status = 0`.execute(
    db,
  );
  await sql`drop index if exists wf_operator_pending`.execute(db);
  await sql`drop index if exists wf_operator_todo`.execute(db);
}
