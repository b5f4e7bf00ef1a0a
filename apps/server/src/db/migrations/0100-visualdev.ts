import { type Kysely, sql } from 'kysely';

/**
 * Online development (spec 4 §7 "Online development"): designed items (a form config and a list config)
 * and the records users keep in them. Records are stored as JSON text keyed by the item, so releasing an
 * item needs no DDL. Types: src/domains/visualdev/tables.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('visualdev_base')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('category', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    /** 1 web function (form + list). */
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    /** 1 form only, 2 list and form. */
    .addColumn('web_type', 'integer', (c) => c.notNull().defaultTo(2))
    /** 0 not released, 1 released (and unchanged since), 2 released then changed. */
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('form_data', 'text', (c) => c.notNull())
    .addColumn('column_data', 'text', (c) => c.notNull())
    /** The configs users run: copied from form_data/column_data at release. */
    .addColumn('released_form_data', 'text')
    .addColumn('released_column_data', 'text')
    .addColumn('menu_id', 'varchar(64)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .addColumn('creator_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_time', 'timestamptz')
    .addColumn('release_time', 'timestamptz')
    .execute();
  await db.schema
    .createTable('visualdev_record')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('module_id', 'varchar(64)', (c) =>
      c.notNull().references('visualdev_base.id').onDelete('cascade'),
    )
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('creator_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('organize_id', 'varchar(64)')
    .addColumn('department_id', 'varchar(64)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_user_id', 'varchar(64)')
    .addColumn('last_modify_time', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('visualdev_record_module_time')
    .on('visualdev_record')
    .columns(['module_id', 'creator_time'])
    .execute();
}
