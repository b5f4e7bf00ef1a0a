import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';

/**
 * Files are linked to the objects they are attached to (domains/file/links.ts): a download is authorised by
 * the objects a file is linked to, no longer by a text search for its id (which let anyone unlock a file by
 * writing its id into his own draft). The backfill links every file whose id appears where the old check
 * searched — site messages, business messages/news/notices, business comments, meetings, flow form data and
 * flow comments, chat images — and in online-development records, so attachments stored before keep opening
 * for the same readers. Form attachments stored as a public kind (annex, annexpic) take the checked form kinds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_link')
    .addColumn('file_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('file_link_pk', ['object_type', 'object_id', 'file_id'])
    .execute();
  await db.schema.createIndex('file_link_file').on('file_link').column('file_id').execute();
  await backfillFileLinks(db);
}

/** Where file ids were stored before the links: [object type, table `o`, object id, text searched, author, filter]. */
const SOURCES = [
  ['message', 'message', 'o.id', 'o.files', 'o.creator_user_id', 'true'],
  [
    'oa_item',
    'oa_item',
    'o.id',
    `coalesce(o.files, '') || coalesce(o.cover_files, '')`,
    'o.creator_user_id',
    'true',
  ],
  ['oa_comment', 'oa_comment', 'o.id', 'o.files', 'o.from_user_id', 'o.delete_mark = 0'],
  ['meeting', 'oa_meeting', 'o.id', 'o.files', 'o.creator_user_id', 'true'],
  ['wf_task', 'wf_task', 'o.id', 'cast(o.form_data as text)', 'o.initiator_id', 'true'],
  [
    'wf_task',
    'wf_comment',
    'o.task_id',
    'cast(o.file as text) || cast(o.image as text)',
    'o.creator_user_id',
    'o.deleted = 0',
  ],
  ['chat', 'im_content', 'o.id', 'o.content', 'o.send_user_id', `o.content_type = 'image'`],
  ['online_record', 'visualdev_record', 'o.id', 'o.data', 'o.creator_user_id', 'true'],
] as const;

/** The backfill of up() (exported for its test): links for every stored file id in the places above. */
export async function backfillFileLinks(db: QueryExecutorProvider): Promise<void> {
  for (const [type, table, id, text, author, filter] of SOURCES)
    await sql`
      insert into file_link (file_id, object_type, object_id, created_by)
      select distinct f.id, ${type}, ${sql.raw(id)}, ${sql.raw(author)}
      from ${sql.table(table)} o
      cross join lateral regexp_matches(${sql.raw(text)}, '[0-9a-f]{32}', 'g') as x(m)
      join file_record f on f.id = (x.m)[1]
      where ${sql.raw(filter)}
      on conflict do nothing`.execute(db);
  // upload fields hold {fileId, …}; editor images inside rich text stay the public kind they are
  for (const [from, to] of [
    ['annex', 'form'],
    ['annexpic', 'formpic'],
  ])
    await sql`
      update file_record set file_type = ${to}
      where file_type = ${from} and id in (
        select (x.m)[1] from (
          select cast(form_data as text) as t from wf_task
          union all select data from visualdev_record
        ) s cross join lateral regexp_matches(s.t, '"fileId"\\s*:\\s*"([0-9a-f]{32})"', 'g') as x(m))`.execute(
      db,
    );
}
