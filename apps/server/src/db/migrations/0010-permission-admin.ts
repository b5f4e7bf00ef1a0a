import { type Kysely, sql } from 'kysely';

/** Tables of the organisation and permission API: groups, staff records, organisation admins, column settings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('base_group')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)')
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('creator_user_id', 'varchar(64)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('base_group_type')
    .on('base_group')
    .columns(['type', 'creator_user_id'])
    .execute();

  await db.schema
    .createTable('base_user_staff')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('section', 'varchar(32)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('last_modify_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('base_user_staff_pk', ['user_id', 'section'])
    .execute();

  let t = db.schema
    .createTable('base_organize_admin')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('organize_id', 'varchar(64)', (c) => c.notNull());
  for (const layer of ['this_layer', 'sub_layer'])
    for (const op of ['add', 'edit', 'delete', 'select'])
      t = t.addColumn(`${layer}_${op}`, 'integer', (c) => c.notNull().defaultTo(0));
  await t.addUniqueConstraint('base_organize_admin_uq', ['user_id', 'organize_id']).execute();

  await db.schema
    .createTable('base_column_setting')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('module_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('field_list', 'text', (c) => c.notNull())
    .addColumn('last_modify_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('base_column_setting_pk', ['user_id', 'module_id'])
    .execute();

  await db.schema
    .createTable('base_user_extra')
    .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('major_position_id', 'varchar(64)')
    .addColumn('signature', 'varchar(500)')
    .execute();
}
