import { type Kysely, sql } from 'kysely';

/**
 * Codes bound to what they were issued for (issue 34).
 *  - user_code.target: the origin of the external app a one-time user code was issued for; the app's server
 *    redeems it once, naming that origin (POST /api/oauth/UserCode/Redeem). Codes issued before carry none
 *    and redeem nowhere; they expire within five minutes anyway.
 *  - download_code.resource: the path a download code was issued for (it opens that path only);
 *    download_code.mac_key: a media code's key, from which the browser derives one code per path (an HMAC
 *    of the path), so a media code seen in one address opens nothing else. Codes issued before carry
 *    neither and open nothing: they are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_code').addColumn('target', 'varchar(300)').execute();
  await sql`delete from download_code`.execute(db);
  await db.schema.alterTable('download_code').addColumn('resource', 'varchar(2000)').execute();
  await db.schema.alterTable('download_code').addColumn('mac_key', 'char(64)').execute();
}
