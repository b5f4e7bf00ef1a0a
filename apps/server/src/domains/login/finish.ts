// What every sign-in channel does once it knows who the user is: the account must be usable (enabled,
// not locked) and have a menu; the previous login is kept for the login notice; single-login policy;
// a new session; a login log row. Used by the password login, scan-to-log-in and third-party logins.
import { ApiCode, type LoginData } from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { quietly } from '../../db/read-cache';
import { ApiError, MSG } from '../../http/api-error';
import { writeLog } from '../auth/accounts';

const LAYOUTS = ['classic', 'functional', 'plain', 'blend'];

export async function finishLogin(
  ctx: AppContext,
  req: FastifyRequest,
  userId: string,
  opts: { device: string; weak?: boolean },
): Promise<LoginData> {
  const user = await ctx.db
    .selectFrom('base_user')
    .select([
      'account',
      'enabled_mark',
      'locked_at',
      'last_login_time',
      'last_login_ip',
      'password_weak',
      'theme',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  const refuse = async (code: number, msg: string) => {
    await writeLog(ctx, {
      category: 'login',
      userId,
      account: user?.account,
      ip: req.ip,
      success: false,
      msg,
    });
    throw new ApiError(code, msg);
  };
  if (!user) return refuse(ApiCode.UNAUTHORIZED, MSG.badCredentials);
  if (user.enabled_mark !== 1) return refuse(ApiCode.FORBIDDEN, MSG.accountDisabled);
  if (user.locked_at) return refuse(ApiCode.FORBIDDEN, MSG.accountLocked);
  const p = await ctx.authz.get(userId);
  if (!p || p.moduleRows.length === 0) return refuse(ApiCode.FORBIDDEN, MSG.noMenu);
  // Bookkeeping no cached read shows: written quietly (no organisation cache is dropped by a login).
  await quietly(ctx.db, (db) =>
    db
      .updateTable('base_user')
      .set({
        error_count: 0,
        prev_login_time: user.last_login_time,
        prev_login_ip: user.last_login_ip,
        last_login_time: new Date(),
        last_login_ip: req.ip,
      })
      .where('id', '=', userId)
      .execute(),
  );
  // A weak password given at login flags the account (the user list does not show it; menus neither).
  if (opts.weak && !user.password_weak)
    await ctx.db.updateTable('base_user').set({ password_weak: true }).where('id', '=', userId).execute();
  await ctx.authz.invalidate(userId); // prevLogin*, invalidPassword changed
  const s = await ctx.settings.get();
  if (s.singleLogin === 2) await ctx.sessions.endAllOfUser(userId, 'replaced', MSG.tokenKicked);
  const { token } = await ctx.sessions.create(userId, {
    ip: req.ip,
    userAgent: req.headers['user-agent'],
    device: opts.device.slice(0, 32),
  });
  await writeLog(ctx, {
    category: 'login',
    userId,
    account: user.account,
    ip: req.ip,
    success: true,
    msg: MSG.loginOk,
  });
  const theme = user.theme && LAYOUTS.includes(user.theme) ? user.theme : 'classic';
  return { token, theme };
}
