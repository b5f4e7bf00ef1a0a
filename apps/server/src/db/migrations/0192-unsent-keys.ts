import { type Kysely, sql } from 'kysely';

/**
 * Input a user typed and has not sent is kept in his browser encrypted (issue 34): the key is per user, held
 * here and handed only to his signed-in, unlocked sessions, so the stored text is unreadable at a locked or
 * signed-out browser. A chosen logout replaces it (whatever was kept under the old one is lost on purpose).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unsent_key')
    .addColumn('user_id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
