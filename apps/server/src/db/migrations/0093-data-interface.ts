import { type Kysely, sql } from 'kysely';

/** Data interfaces and their call log (issue 9). Types: src/db/tables/system.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('sys_data_interface')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    /** 'static' (JSON kept here) or 'http'. */
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull().defaultTo('GET'))
    .addColumn('url', 'varchar(1000)')
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('static_data', 'text')
    .addColumn('transform', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .addColumn('creator_user_id', 'varchar(64)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema
    .createTable('sys_data_interface_log')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('interface_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)')
    .addColumn('invoke_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(500)')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('sys_data_interface_log_if')
    .on('sys_data_interface_log')
    .columns(['interface_id', 'invoke_time'])
    .execute();
}
