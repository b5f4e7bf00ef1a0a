import type { Kysely } from 'kysely';

/** The paged user list orders by sort_code, creator_time, id: an index makes each page an index walk. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('base_user_list_order')
    .on('base_user')
    .columns(['sort_code', 'creator_time', 'id'])
    .execute();
}
