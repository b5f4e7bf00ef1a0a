import { type Kysely, sql } from 'kysely';

/** Workflow engine tables (issue 8): templates, tasks, operator tasks, records, cc, comments, entrust, deadlines. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wf_template')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('category', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('form_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('form_json', 'jsonb', (c) => c.notNull())
    .addColumn('flow_json', 'jsonb', (c) => c.notNull())
    .addColumn('properties_json', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visible_user_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_user_id', 'varchar(50)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_modify_time', 'timestamptz')
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('wf_task')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('template_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('template_version', 'integer', (c) => c.notNull())
    .addColumn('flow_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('flow_urgent', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('this_step', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('current_nodes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('state_json', 'jsonb', (c) => c.notNull())
    .addColumn('form_data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('press_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('initiator_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('parent_task_id', 'varchar(50)')
    .addColumn('parent_node_id', 'varchar(100)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('start_time', 'timestamptz')
    .addColumn('end_time', 'timestamptz')
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('wf_task_initiator')
    .on('wf_task')
    .columns(['initiator_id', 'creator_time'])
    .execute();

  await db.schema
    .createTable('wf_operator')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('task_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('flow_task_id', 'varchar(80)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('flow_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('entrusted_for', 'varchar(50)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'varchar(20)')
    .addColumn('deadline', 'timestamptz')
    .addColumn('reminder_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('handle_time', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('wf_operator_todo')
    .on('wf_operator')
    .columns(['user_id', 'status', 'creator_time'])
    .execute();
  await db.schema
    .createIndex('wf_operator_task')
    .on('wf_operator')
    .columns(['task_id', 'flow_task_id'])
    .execute();

  await db.schema
    .createTable('wf_record')
    .addColumn('id', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('task_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('entrusted_by', 'varchar(50)')
    .addColumn('handle_status', 'integer', (c) => c.notNull())
    .addColumn('handle_opinion', 'text')
    .addColumn('sign_img', 'text')
    .addColumn('status', 'integer')
    .addColumn('operator_id', 'varchar(300)')
    .addColumn('flow_task_id', 'varchar(80)')
    .addColumn('handle_time', 'timestamptz', (c) => c.notNull())
    .addColumn('seq', 'serial')
    .execute();
  await db.schema.createIndex('wf_record_task').on('wf_record').columns(['task_id', 'handle_time']).execute();
  await db.schema.createIndex('wf_record_user').on('wf_record').columns(['user_id', 'handle_time']).execute();

  await db.schema
    .createTable('wf_circulate')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('task_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('wf_circulate_user')
    .on('wf_circulate')
    .columns(['user_id', 'creator_time'])
    .execute();

  await db.schema
    .createTable('wf_comment')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('task_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('file', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('image', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('creator_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('wf_comment_task')
    .on('wf_comment')
    .columns(['task_id', 'creator_time'])
    .execute();

  await db.schema
    .createTable('wf_entrust')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('to_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('template_id', 'varchar(50)')
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('wf_deadline')
    .addColumn('task_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('deadline_id', 'varchar(150)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_until', 'timestamptz')
    .addPrimaryKeyConstraint('wf_deadline_pk', ['task_id', 'deadline_id'])
    .execute();
  await db.schema.createIndex('wf_deadline_due').on('wf_deadline').columns(['due_at']).execute();
}
