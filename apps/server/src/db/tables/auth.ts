// Storage shapes of the auth domain's tables (Kysely convention: one interface per table, snake_case columns).
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UserSessionTable {
  id: string;
  /** sha256 hex of the opaque token. */
  token_hash: string;
  user_id: string;
  created_at: Generated<Date>;
  last_active_at: Generated<Date>;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
  /** 'logout' | 'kicked' | 'replaced' | 'disabled' | 'password' */
  end_reason: string | null;
  locked: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  device: string | null;
}

export interface CaptchaTable {
  id: string;
  code_hash: string;
  expires_at: Timestamp;
}

/**
 * One-time codes of GET /api/oauth/GetUserCode (hashed), each bound to the origin of the external app it
 * was issued for (`target`, migration 0189); redeemed once by that app's server (auth/link-codes.ts).
 */
export interface UserCodeTable {
  code_hash: string;
  user_id: string;
  expires_at: Timestamp;
  target: string | null;
}

/**
 * Failed password checks, counted per key and locked with back-off (table login_attempt, migration
 * 0120). The login's key is the account as typed plus the client address, so failures from one place
 * lock that place out of that account only: nobody can lock an account's owner out by failing its
 * login from elsewhere. Unknown accounts are counted and locked exactly like known ones, so the
 * answers never tell them apart.
 *
 * After `max` failures in a row the key locks for `lockMinutes`; each further lock of the same key
 * lasts twice as long as the one before (at most a day). `lockMinutes` 0 locks until an administrator
 * unlocks the account. A success clears the key.
 */
export interface LoginAttemptTable {
  key_hash: string;
  account: string | null;
  fail_count: Generated<number>;
  lock_count: Generated<number>;
  locked_until: Date | string | null;
  last_failed_at: Generated<Date | string>;
}

/**
 * Download codes (table download_code, migrations 0120/0121): what a link the browser opens by itself
 * carries instead of the session token (`?code=`, on routes with config.tokenInQuery). A code is worth
 * the session that asked for it — an ended, expired or locked session's codes are refused — and:
 *  - a download code (once) is spent by its first use and lives DOWNLOAD_CODE_MS;
 *  - a media code (once: false; images and PDF previews a page shows) may be used again until it
 *    expires, MEDIA_CODE_MS.
 * Each code opens one resource (migration 0189): a download code the path it was issued for (`resource`);
 * a media code none by itself: the browser derives one code per path from its key (`mac_key`, an HMAC of
 * the path), so a code seen in one address opens no other file and no export.
 * The session token itself is never accepted in a URL.
 */
export interface DownloadCodeTable {
  code_hash: string;
  session_id: string;
  expires_at: Date | string;
  once: boolean;
  resource: string | null;
  mac_key: string | null;
}

/** The auth domain's tables by name. */
export interface AuthTables {
  user_session: UserSessionTable;
  captcha: CaptchaTable;
  user_code: UserCodeTable;
  login_attempt: LoginAttemptTable;
  download_code: DownloadCodeTable;
  unsent_key: UnsentKeyTable;
}

/**
 * The key each user's browser encrypts his input-not-sent with (migration 0192, auth/unsent-key.ts): handed to
 * his signed-in, unlocked sessions only, replaced when he logs out on purpose.
 */
export interface UnsentKeyTable {
  user_id: string;
  /** 32 random bytes, base64. */
  secret: string;
  created_at: Generated<Date>;
}
