import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';

/**
 * A task's flow template is kept once per content (wf_flow_snapshot, keyed by a hash of the template's
 * JSON) instead of inside wf_task.state_json, which every transition rewrites: a running task keeps the
 * template it was launched with (wf_task.template_snapshot), and an approval writes only the interpreter's
 * state. Tasks stored before move their template out here (keyed by md5 of its stored JSON; the server keys
 * new ones by sha256, domains/workflow/flow-snapshot.ts: both only name a content).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wf_flow_snapshot')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('template_json', 'jsonb', (c) => c.notNull())
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('wf_task').addColumn('template_snapshot', 'text').execute();
  await moveTemplatesOut(db);
}

/** The backfill of up(), once the table and column exist (exported for its test). */
export async function moveTemplatesOut(db: QueryExecutorProvider): Promise<void> {
  await sql`
    insert into wf_flow_snapshot (id, template_json)
    select distinct md5((state_json -> 'template')::text), state_json -> 'template'
    from wf_task where jsonb_exists(state_json, 'template')
    on conflict (id) do nothing`.execute(db);
  await sql`
    update wf_task
    set template_snapshot = md5((state_json -> 'template')::text), state_json = state_json - 'template'
    where jsonb_exists(state_json, 'template')`.execute(db);
}
