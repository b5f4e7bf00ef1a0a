import { type Kysely, sql } from 'kysely';

/**
 * The ledger of chunked uploads in progress (files/chunks.ts): one row per stored chunk, so a user's
 * chunk storage is bounded (quota over the sum of sizes) and abandoned uploads are swept after a while.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_chunk')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    /** The upload's identifier (the file's MD5, lower case). */
    .addColumn('identifier', 'varchar(64)', (c) => c.notNull())
    .addColumn('chunk_number', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('file_chunk_pk', ['user_id', 'identifier', 'chunk_number'])
    .execute();
  await db.schema.createIndex('file_chunk_updated').on('file_chunk').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_chunk').execute();
}
