import { type Kysely, sql } from 'kysely';

/**
 * Security wave 2, sessions and transport (issue 17). Types: src/db/tables/auth.ts; logic: src/domains/auth/attempts.ts and
 * src/domains/auth/download-codes.ts.
 *  - login_attempt: failed password checks per key (login: account + client address; the password
 *    change: user id), so a stranger's failures lock that stranger out, not the account's owner.
 *  - download_code: short-lived one-time codes that stand in for the token in a download or preview
 *    link the browser opens itself (the token never travels in a URL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_attempt')
    /** sha256 of the key (e.g. `login\n<account>\n<ip>`), so no account or address list is kept in clear. */
    .addColumn('key_hash', 'char(64)', (c) => c.primaryKey())
    /** The account the key names (lower case), to clear its keys when an administrator unlocks it. */
    .addColumn('account', 'varchar(100)')
    .addColumn('fail_count', 'integer', (c) => c.notNull().defaultTo(0))
    /** How many times the key was locked in a row: each lock lasts twice as long as the one before. */
    .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_failed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_attempt_account').on('login_attempt').column('account').execute();
  await db.schema
    .createIndex('login_attempt_last_failed')
    .on('login_attempt')
    .column('last_failed_at')
    .execute();

  await db.schema
    .createTable('download_code')
    .addColumn('code_hash', 'char(64)', (c) => c.primaryKey())
    /** The session that asked for it: the code is worth that session (ended or locked: refused). */
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('download_code_expires').on('download_code').column('expires_at').execute();
}
