import { type Kysely, sql } from 'kysely';

/**
 * Workflow, second step (issue 8): stored print templates, and indexes for the to-do list at scale
 * (100,000+ operator tasks) and for subflow children.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wf_print_template')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('template_id', 'varchar(50)', (c) => c.notNull())
    /** Empty = every node of the flow; else the task node (nodeCode) it is offered at. */
    .addColumn('node_id', 'varchar(100)')
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    /** HTML with {field} placeholders (form fields, fullName, and {approvalRecords}). */
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_user_id', 'varchar(50)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('wf_print_template_flow')
    .on('wf_print_template')
    .columns(['template_id', 'sort_code'])
    .execute();
  // The to-do list reads only pending rows of one user, newest first: a partial index keeps it small.
  await sql`create index wf_operator_pending on wf_operator (user_id, creator_time desc, id) where status = 0`.execute(
    db,
  );
  await db.schema.createIndex('wf_task_parent').on('wf_task').column('parent_task_id').execute();
  await db.schema.createIndex('wf_circulate_task').on('wf_circulate').column('task_id').execute();
}
