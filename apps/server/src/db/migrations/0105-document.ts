import { type Kysely, sql } from 'kysely';

/**
 * Document drafting (WDQC01, the portal's document widget): drafts and issued documents, and who has read
 * an issued one. Types: src/db/tables/oa.ts; routes: src/domains/oa/routes/document.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('oa_document')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    /** An entry of the documentType dictionary (dict-document-type). */
    .addColumn('doc_type', 'varchar(64)')
    .addColumn('contents', 'text', (c) => c.notNull().defaultTo(''))
    /** Recipient user ids joined by commas; empty: everyone. */
    .addColumn('accept_users', 'text', (c) => c.notNull().defaultTo(''))
    /** 0 draft, 1 issued. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('issue_time', 'timestamptz')
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('oa_document_creator')
    .on('oa_document')
    .columns(['creator_user_id', 'status'])
    .execute();
  await db.schema
    .createTable('oa_document_read')
    .addColumn('document_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('read_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('oa_document_read_pk', ['document_id', 'user_id'])
    .execute();
}
