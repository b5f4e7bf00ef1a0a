import type { AppContext } from '../../context';
import { clearAccountAttempts } from './attempts';
import { hashPasswordMd5 } from './password';
import { newId } from './tokens';

/**
 * Account operations other routes call (the admin routes of domains/organisation use these rather than
 * writing these columns themselves).
 */

/** Clears a login lock and the failed-login counter (PUT /api/permission/Users/{id}/Actions/unlock). */
export async function unlockUser(ctx: AppContext, userId: string): Promise<boolean> {
  const row = await ctx.db
    .updateTable('base_user')
    .set({ error_count: 0, locked_at: null, last_modify_time: new Date() })
    .where('id', '=', userId)
    .returning('account')
    .executeTakeFirst();
  if (!row) return false;
  // and every address's lock on the account (login and password change: auth/attempts.ts)
  await clearAccountAttempts(ctx.db, row.account);
  return true;
}

/**
 * Sets a password from its MD5 hex. `byAdmin` (a reset) flags it weak, so the user is told to change
 * it (invalidPassword); a change by the user clears the flag unless the MD5 is a known weak one.
 * `endSessions` ends the user's sessions (a reset does; a self change keeps the caller's session).
 */
export async function setUserPassword(
  ctx: AppContext,
  userId: string,
  md5: string,
  opts: { byAdmin: boolean; weak?: boolean; keepSessionId?: string },
): Promise<void> {
  const hash = await hashPasswordMd5(md5, ctx.options.bcryptCost);
  await ctx.db
    .updateTable('base_user')
    .set({
      password_hash: hash,
      password_weak: opts.byAdmin || !!opts.weak,
      error_count: 0,
      locked_at: null,
      last_modify_time: new Date(),
    })
    .where('id', '=', userId)
    .execute();
  await ctx.authz.invalidate(userId);
  await ctx.sessions.endAllOfUser(userId, 'password', '密码已修改，请重新登录', opts.keepSessionId);
}

/** Writes one row of the system log (login, logout, forced offline…). */
export async function writeLog(
  ctx: AppContext,
  row: {
    category: string;
    userId?: string | null;
    account?: string | null;
    ip?: string | null;
    success: boolean;
    msg?: string;
  },
): Promise<void> {
  await ctx.db
    .insertInto('sys_log')
    .values({
      id: newId(),
      category: row.category,
      user_id: row.userId ?? null,
      account: row.account?.slice(0, 100) ?? null,
      ip: row.ip ?? null,
      success: row.success,
      msg: row.msg ?? null,
    })
    .execute();
}
