import { type Kysely, sql } from 'kysely';

/** Organisation, users, roles, menus, grants, settings, sessions, logs, files, messages, counters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('base_organize')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(64)')
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('manager_id', 'varchar(64)')
    .addColumn('tree_path', 'text', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('property_json', 'text')
    .addColumn('creator_user_id', 'varchar(64)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('base_organize_parent').on('base_organize').column('parent_id').execute();

  await db.schema
    .createTable('base_position')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organize_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('creator_user_id', 'varchar(64)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();

  await db.schema
    .createTable('base_role')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(32)')
    .addColumn('global_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('organize_id', 'varchar(64)')
    .addColumn('data_scope', 'varchar(16)', (c) => c.notNull().defaultTo('self'))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('creator_user_id', 'varchar(64)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();

  await db.schema
    .createTable('base_user')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_weak', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('head_icon', 'varchar(200)')
    .addColumn('gender', 'varchar(8)')
    .addColumn('mobile_phone', 'varchar(32)')
    .addColumn('email', 'varchar(200)')
    .addColumn('organize_id', 'varchar(64)')
    .addColumn('department_id', 'varchar(64)')
    .addColumn('manager_id', 'varchar(64)')
    .addColumn('is_administrator', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_at', 'timestamptz')
    .addColumn('prev_login_time', 'timestamptz')
    .addColumn('prev_login_ip', 'varchar(64)')
    .addColumn('last_login_time', 'timestamptz')
    .addColumn('last_login_ip', 'varchar(64)')
    .addColumn('theme', 'varchar(32)')
    .addColumn('language', 'varchar(16)')
    .addColumn('portal_id', 'varchar(64)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('creator_user_id', 'varchar(64)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('base_user_org').on('base_user').column('organize_id').execute();
  await db.schema.createIndex('base_user_dept').on('base_user').column('department_id').execute();

  await db.schema
    .createTable('base_user_relation')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('base_user_relation_uq', ['user_id', 'object_type', 'object_id'])
    .execute();
  await db.schema
    .createIndex('base_user_relation_obj')
    .on('base_user_relation')
    .columns(['object_type', 'object_id'])
    .execute();

  await db.schema
    .createTable('base_module')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(64)')
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('url_address', 'varchar(500)')
    .addColumn('icon', 'varchar(100)')
    .addColumn('category', 'varchar(16)', (c) => c.notNull().defaultTo('Web'))
    .addColumn('property_json', 'text')
    .addColumn('link_target', 'varchar(16)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  for (const table of ['base_module_button', 'base_module_column', 'base_module_form']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('module_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
      .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint(`${table}_uq`, ['module_id', 'en_code'])
      .execute();
  }

  await db.schema
    .createTable('base_role_authorize')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('role_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('item_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('scope', 'varchar(16)')
    .addUniqueConstraint('base_role_authorize_uq', ['role_id', 'item_type', 'item_id'])
    .execute();

  await db.schema
    .createTable('sys_config')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_session')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_active_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'varchar(16)')
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('device', 'varchar(32)')
    .execute();
  await db.schema.createIndex('user_session_user').on('user_session').column('user_id').execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_code')
    .addColumn('code_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sys_log')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)')
    .addColumn('account', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('msg', 'text')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sys_log_user').on('sys_log').columns(['user_id', 'creator_time']).execute();

  await db.schema
    .createTable('file_record')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(500)', (c) => c.notNull())
    .addColumn('extension', 'varchar(32)', (c) => c.notNull())
    .addColumn('file_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('md5', 'char(32)')
    .addColumn('storage_key', 'varchar(500)', (c) => c.notNull())
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('message')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('body_text', 'text')
    .addColumn('files', 'text')
    .addColumn('creator_user_id', 'varchar(64)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema
    .createTable('message_receive')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('message_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('message_receive_user')
    .on('message_receive')
    .columns(['user_id', 'is_read'])
    .execute();

  await db.schema
    .createTable('im_content')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('send_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('receive_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('im_content_recv')
    .on('im_content')
    .columns(['receive_user_id', 'state'])
    .execute();

  await db.schema
    .createTable('wf_todo')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('task_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('wf_todo_user').on('wf_todo').columns(['user_id', 'kind', 'state']).execute();
}
