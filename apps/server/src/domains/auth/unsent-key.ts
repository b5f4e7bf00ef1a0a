// The key a user's browser encrypts his input-not-sent with (issue 34): one per user, made on first use, handed
// only to his own signed-in and unlocked sessions (GET /api/oauth/UnsentKey), replaced when he logs out on purpose
// (DELETE), so what a browser keeps is unreadable to whoever sits at it signed out, locked or as someone else.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** The user's key (base64 of 32 bytes), made when he has none. */
export async function unsentKeyOf(db: Kysely<Database>, userId: string): Promise<string> {
  await db
    .insertInto('unsent_key')
    .values({ user_id: userId, secret: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('unsent_key')
    .select('secret')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** Forgets the user's key: what his browsers kept under it can no longer be read. */
export async function dropUnsentKey(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('unsent_key').where('user_id', '=', userId).execute();
}
