import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';

/**
 * The header's counts read an index alone. Unread site messages were counted per user through a join to
 * `message` for each unread row (its type splits notices from the rest), and pending to-dos through an index
 * that also holds every handled one: a push of counts after an approval cost tens of milliseconds for users
 * with a few hundred unread items. Now each receipt carries its message's type (`message_type`, written with
 * it; the type of a message is copied to its receipts when it changes), and two partial indexes hold only
 * what the counts read: unread receipts by (user, type) and open to-do items by (user, kind).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('message_receive')
    .addColumn('message_type', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await copyTypesToReceipts(db);
  // every writer names it from now on (a receipt without its type would count in the wrong place)
  await db.schema
    .alterTable('message_receive')
    .alterColumn('message_type', (c) => c.dropDefault())
    .execute();
  await sql`create index message_receive_unread on message_receive (user_id, message_type) where is_read = 0`.execute(
    db,
  );
  await sql`create index wf_todo_open on wf_todo (user_id, kind) where state = 0`.execute(db);
}

/** The backfill of up(): each receipt takes its message's type (the column starts at 1; exported for its test). */
export async function copyTypesToReceipts(db: QueryExecutorProvider): Promise<void> {
  await sql`
    update message_receive r set message_type = m.type
    from message m where m.id = r.message_id and m.type <> r.message_type`.execute(db);
}
