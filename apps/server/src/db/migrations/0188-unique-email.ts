import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';

/**
 * A user's e-mail is unique (case-insensitively; empty means none) and administered: the mailbox is no
 * longer found by it (providers get the user id and account), but two accounts must never share one.
 * Existing duplicates do not stop the migration: the earliest account (creation time, then id) keeps the
 * address, the later ones lose it, and each loss is written to sys_log (category `migration`) for the
 * administrator to see.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await clearDuplicateEmails(db);
  await sql`create unique index base_user_email_unique on base_user (lower(email)) where email is not null and email <> ''`.execute(
    db,
  );
}

/** Clears every e-mail an earlier account already holds, logging each; exported for its test. */
export async function clearDuplicateEmails(db: QueryExecutorProvider): Promise<number> {
  const later = sql`
    select id, account, email from (
      select id, account, email,
        row_number() over (partition by lower(email) order by creator_time, id) as n
      from base_user where email is not null and email <> ''
    ) ranked where n > 1`;
  await sql`
    insert into sys_log (id, category, user_id, account, success, msg)
    select md5('0188:' || d.id), 'migration', d.id, left(d.account, 100), true,
      'e-mail ' || d.email || ' cleared: an earlier account holds it (unique e-mail, migration 0188)'
    from (${later}) d
    on conflict (id) do nothing`.execute(db);
  const cleared =
    await sql`update base_user set email = null where id in (select id from (${later}) d)`.execute(db);
  return Number(cleared.numAffectedRows ?? 0);
}
