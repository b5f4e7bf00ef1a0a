import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/types';
import { sha256 } from './tokens';

export interface AttemptRule {
  /** Failures in a row before the key locks (at least 1). */
  max: number;
  /** Minutes of the first lock; 0: until an administrator unlocks. */
  lockMinutes: number;
}

export const MAX_LOCK_MS = 24 * 60 * 60_000;
/** "Until an administrator unlocks": a date no lock reaches by itself. */
const FOREVER = new Date('9999-12-31T00:00:00Z');

/** The key of a login attempt (account as typed, client address) or of another password check. */
export const loginKey = (account: string, ip: string | undefined): string => `login\n${account}\n${ip ?? ''}`;
export const passwordChangeKey = (userId: string): string => `password\n${userId}`;

/** Milliseconds the key stays locked (0: not locked). */
export async function lockedFor(db: Kysely<Database>, key: string): Promise<number> {
  const row = await db
    .selectFrom('login_attempt')
    .select('locked_until')
    .where('key_hash', '=', sha256(key))
    .executeTakeFirst();
  if (!row?.locked_until) return 0;
  return Math.max(0, new Date(row.locked_until).getTime() - Date.now());
}

/** Duration of the n-th lock in a row (n from 1). */
export function lockDurationMs(rule: AttemptRule, n: number): number {
  if (rule.lockMinutes <= 0) return Number.POSITIVE_INFINITY;
  return Math.min(rule.lockMinutes * 60_000 * 2 ** Math.min(n - 1, 20), MAX_LOCK_MS);
}

let lastSweep = 0;

/** Counts a failure; true when the key is now locked. */
export async function recordFailure(
  db: Kysely<Database>,
  key: string,
  account: string | null,
  rule: AttemptRule,
): Promise<boolean> {
  const d = db;
  const hash = sha256(key);
  const row = await d
    .insertInto('login_attempt')
    .values({ key_hash: hash, account: account?.toLowerCase().slice(0, 100) ?? null, fail_count: 1 })
    .onConflict((oc) =>
      oc.column('key_hash').doUpdateSet({
        fail_count: sql<number>`login_attempt.fail_count + 1`,
        last_failed_at: new Date(),
      }),
    )
    .returning(['fail_count', 'lock_count'])
    .executeTakeFirstOrThrow();
  let locked = false;
  if (row.fail_count >= Math.max(1, rule.max)) {
    const n = row.lock_count + 1;
    const ms = lockDurationMs(rule, n);
    await d
      .updateTable('login_attempt')
      .set({
        fail_count: 0,
        lock_count: n,
        locked_until: Number.isFinite(ms) ? new Date(Date.now() + ms) : FOREVER,
      })
      .where('key_hash', '=', hash)
      .execute();
    locked = true;
  }
  // Forget keys idle for two days (at most one sweep per process every ten minutes).
  if (Date.now() - lastSweep > 10 * 60_000) {
    lastSweep = Date.now();
    await d
      .deleteFrom('login_attempt')
      .where('last_failed_at', '<', new Date(Date.now() - 2 * MAX_LOCK_MS))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', new Date())]))
      .execute();
  }
  return locked;
}

/** A success clears the key (its failures and its back-off). */
export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_attempt').where('key_hash', '=', sha256(key)).execute();
}

/** An administrator's unlock clears every key of the account. */
export async function clearAccountAttempts(db: Kysely<Database>, account: string): Promise<void> {
  await db.deleteFrom('login_attempt').where('account', '=', account.toLowerCase()).execute();
}
