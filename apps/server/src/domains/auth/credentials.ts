import { ApiCode } from '@kp/schema';
import type { AppContext } from '../../context';
import { ApiError, MSG } from '../../http/api-error';
import {
  type AttemptRule,
  clearAttempts,
  lockedFor,
  loginKey,
  passwordChangeKey,
  recordFailure,
} from './attempts';
import { isRetiredPasswordMd5 } from './one-time-password';
import { HashBusyError, hashPasswordMd5, isWeakPasswordMd5, verifyPasswordMd5 } from './password';

export type CheckResult =
  | { ok: true; userId: string; weak: boolean }
  | { ok: false; code: number; msg: string };

let dummy: { cost: number; hash: Promise<string> } | undefined;
/** A bcrypt hash at the server's cost, checked against when the account is unknown (same work). */
export function dummyHash(cost: number): Promise<string> {
  if (!dummy || dummy.cost !== cost) dummy = { cost, hash: hashPasswordMd5('0'.repeat(32), cost) };
  return dummy.hash;
}

const ruleOf = async (ctx: AppContext): Promise<AttemptRule> => {
  const s = await ctx.settings.get();
  return { max: s.passwordErrorsNumber, lockMinutes: s.lockTime };
};

/** A password check through the hashing slots (password.ts); a full queue answers 429 at once. */
async function verify(md5: string, hash: string): Promise<boolean> {
  try {
    return await verifyPasswordMd5(md5, hash);
  } catch (e) {
    if (e instanceof HashBusyError) throw new ApiError(ApiCode.TOO_MANY, '登录请求过多，请稍后再试');
    throw e;
  }
}

const LOCKED = { ok: false, code: ApiCode.FORBIDDEN, msg: MSG.accountLocked } as const;
const BAD = { ok: false, code: ApiCode.UNAUTHORIZED, msg: MSG.badCredentials } as const;

/**
 * Checks account + MD5 password. Failures count per account and client address (auth/attempts.ts):
 * `passwordErrorsNumber` in a row lock that address out of that account for `lockTime` minutes,
 * doubling with each further lock (0: until an administrator unlocks). An unknown account gets the same
 * answers after the same work (a bcrypt check against a dummy hash, the same counting and locking),
 * and the state of an account (disabled, locked by an administrator) is told only with its password.
 */
export async function checkCredentials(
  ctx: AppContext,
  account: string,
  md5: string,
  ip: string | undefined,
): Promise<CheckResult> {
  const key = loginKey(account, ip);
  if ((await lockedFor(ctx.db, key)) > 0) return LOCKED;
  const user = await ctx.db
    .selectFrom('base_user')
    .select(['id', 'password_hash', 'enabled_mark', 'locked_at'])
    .where('account', '=', account)
    .executeTakeFirst();
  const hash = user?.password_hash ?? (await dummyHash(ctx.options.bcryptCost));
  // a retired default password (0000) never signs in, even where an account still holds it
  const good = (await verify(md5, hash)) && !!user && !isRetiredPasswordMd5(md5);
  if (!user || !good) {
    if (await recordFailure(ctx.db, key, account, await ruleOf(ctx))) return LOCKED;
    return BAD;
  }
  await clearAttempts(ctx.db, key);
  // An administrator's lock (base_user.locked_at) still holds for lockTime minutes (0: until unlocked).
  if (user.locked_at) {
    const s = await ctx.settings.get();
    const age = Date.now() - new Date(user.locked_at).getTime();
    if (s.lockTime <= 0 || age < s.lockTime * 60_000) return LOCKED;
  }
  if (user.enabled_mark !== 1) return { ok: false, code: ApiCode.FORBIDDEN, msg: MSG.accountDisabled };
  return { ok: true, userId: user.id, weak: isWeakPasswordMd5(md5) };
}

/**
 * The old password of a password change (ModifyPassword), with the same lockout and back-off as the
 * login, keyed by the user: 'ok', 'wrong' (answer the old-password message) or 'locked'.
 */
export async function checkOldPassword(
  ctx: AppContext,
  user: { id: string; account: string; password_hash: string },
  md5: string,
): Promise<'ok' | 'wrong' | 'locked'> {
  const key = passwordChangeKey(user.id);
  if ((await lockedFor(ctx.db, key)) > 0) return 'locked';
  if (await verify(md5, user.password_hash)) {
    await clearAttempts(ctx.db, key);
    return 'ok';
  }
  return (await recordFailure(ctx.db, key, user.account, await ruleOf(ctx))) ? 'locked' : 'wrong';
}
