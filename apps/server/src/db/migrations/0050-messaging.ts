import { type Kysely, sql } from 'kysely';
import home from '../../../../../examples/portals/home.json' with { type: 'json' };

/**
 * Messaging, news, notices, comments, portals, attendance (issue 7). Tables of
 * src/domains/{message,oa,portal,chat}; their types are in src/db/tables/{message,oa,portal}.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  // Site messages (core table `message`): recipients kept on the row until Release sends them.
  await db.schema
    .alterTable('message')
    .addColumn('to_user_ids', 'text')
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // Business messages, company news and company notices share one table (kind).
  await db.schema
    .createTable('oa_item')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('contents', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('cover_files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_important', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_remind', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_draft', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accept_all', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report_user_name', 'varchar(200)')
    .addColumn('delete_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('release_time', 'timestamptz')
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('oa_item_kind').on('oa_item').columns(['kind', 'is_draft']).execute();

  // One row per (item, user): recipients (is_recipient 1) and any other user's own state.
  await db.schema
    .createTable('oa_item_user')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_recipient', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'timestamptz')
    .addColumn('is_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_remind', 'integer')
    .addColumn('delete_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('oa_item_user_uq', ['item_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('oa_item_user_user')
    .on('oa_item_user')
    .columns(['user_id', 'is_read'])
    .execute();

  await db.schema
    .createTable('oa_comment')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(64)')
    .addColumn('from_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('to_user_id', 'varchar(64)')
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('delete_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('oa_comment_owner').on('oa_comment').columns(['owner_id']).execute();
  await db.schema
    .createTable('oa_comment_like')
    .addColumn('comment_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('oa_comment_like_pk', ['comment_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('base_portal')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('type', 'varchar(32)')
    .addColumn('category', 'varchar(32)', (c) => c.notNull().defaultTo('1'))
    .addColumn('description', 'text')
    .addColumn('form_data', 'text', (c) => c.notNull())
    .addColumn('released_form_data', 'text')
    .addColumn('release_time', 'timestamptz')
    .addColumn('creator_user_id', 'varchar(64)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema
    .createTable('base_portal_personal')
    .addColumn('portal_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('form_data', 'text', (c) => c.notNull())
    .addColumn('last_modify_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('base_portal_personal_pk', ['portal_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('base_portal_role')
    .addColumn('portal_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('base_portal_role_pk', ['portal_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('oa_attendance')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('check_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('oa_attendance_user_day')
    .on('oa_attendance')
    .columns(['user_id', 'day'])
    .execute();

  // The default portal (examples/portals/home.json), released.
  const p = home as { id: string; fullName: unknown; enCode: string; formData: unknown };
  const formData = JSON.stringify(p.formData);
  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('base_portal')
    .values({
      id: p.id,
      full_name: JSON.stringify(p.fullName),
      en_code: p.enCode,
      sort_code: 0,
      enabled_mark: 1,
      type: '0',
      category: '1',
      form_data: formData,
      released_form_data: formData,
      release_time: new Date(),
    })
    .execute();
}
