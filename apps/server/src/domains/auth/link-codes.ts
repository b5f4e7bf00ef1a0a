import type { UserCodeIdentity } from '@kp/schema';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database, ModuleRow } from '../../db/types';
import { badRequest } from '../../http/api-error';
import type { Principal } from './principal';
import { newToken, sha256 } from './tokens';

/**
 * One-time user codes for external links (GET /api/oauth/GetUserCode?url=…, spec 1 §7): what an external
 * page receives instead of the session token (`code=`, or in place of a link's `${jnpfToken}`/`${token}`
 * placeholder). A code is issued only for an address the server handed out (linkAllowed) and is bound to
 * that address's origin, the external app; the app's server turns it into the user's identity once
 * (POST /api/oauth/UserCode/Redeem {code, app}); a second redemption, another app or an expired code is
 * refused. A code opens no route of this server: it names the user, it is not a session.
 */

export const USER_CODE_MS = 5 * 60_000;

export const LINK_MSG = {
  badUrl: '链接地址无效：只允许 http 或 https 地址',
  notAllowed: '该链接地址不在允许的外部地址中',
  badCode: '代码无效、已过期或已使用',
} as const;

/** Placeholders an admin writes for this site's origin in a menu link (JNPF's ${dataV} and ours). */
const HOST_MARK = /\$\{dataV\}|\{\{dataV\}\}|\$\{visualHost\}/g;
/** Placeholders for the user code in a link (spec 1 §2.2 ${jnpfToken}; older ${token}/{{token}}). */
export const CODE_MARK = /\$\{jnpfToken\}|\$\{token\}|\{\{token\}\}/g;

/** The address as an absolute http(s) URL without user credentials, or null (javascript:, data:, relative…). */
export function externalUrl(raw: unknown): URL | null {
  if (typeof raw !== 'string' || !raw.trim() || raw.length > 2000) return null;
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  return u.username || u.password ? null : u;
}

/** The origins of the administrator's allow-list of external hosts (settings.externalLinkHosts). */
export function allowListed(hosts: readonly string[], u: URL): boolean {
  return hosts.some((h) => externalUrl(h)?.origin === u.origin);
}

function moduleIdOf(raw: string | null): string {
  try {
    const v = raw ? (JSON.parse(raw) as { moduleId?: unknown }) : null;
    return v && (typeof v.moduleId === 'string' || typeof v.moduleId === 'number') ? String(v.moduleId) : '';
  } catch {
    return '';
  }
}

/** True when one of the user's menu links (type 7 address, type 6 view on this site) is at `u`. */
function menuLinkAt(rows: readonly ModuleRow[], u: URL, ownHost: string): boolean {
  for (const m of rows) {
    if (m.type === 6) {
      const id = moduleIdOf(m.property_json);
      if (id && u.host === ownHost && u.pathname === `/view/${encodeURIComponent(id)}`) return true;
    } else if (m.type === 7 && m.url_address) {
      const onHost = /^\s*(\$\{dataV\}|\{\{dataV\}\}|\$\{visualHost\})/.test(m.url_address);
      if (onHost) {
        if (u.host === ownHost) return true;
        continue;
      }
      const target = externalUrl(m.url_address.replace(HOST_MARK, '').replace(CODE_MARK, ''));
      if (target && target.origin === u.origin) return true;
    }
  }
  return false;
}

/**
 * Whether a user code may be issued for `u`: a host of the administrator's allow-list, or a link the
 * server handed this user out in his menus (type 7 addresses, by origin; type 6 views on this site).
 */
export function linkAllowed(
  u: URL,
  who: { moduleRows: readonly ModuleRow[] },
  hosts: readonly string[],
  ownHost: string,
): boolean {
  return allowListed(hosts, u) || menuLinkAt(who.moduleRows, u, ownHost);
}

/** A new one-time code of `userId` bound to the app at `target` (its origin). */
export async function issueUserCode(db: Kysely<Database>, userId: string, target: URL): Promise<string> {
  const code = newToken().slice(0, 32);
  await db.deleteFrom('user_code').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('user_code')
    .values({
      code_hash: sha256(code),
      user_id: userId,
      expires_at: new Date(Date.now() + USER_CODE_MS),
      target: target.origin,
    })
    .execute();
  return code;
}

/**
 * The user a code names, for the app at `app` (an origin or any address on it): spent by this call (a second
 * one, two at once included, gets null), null too for an unknown or expired code or another app.
 */
export async function redeemUserCode(
  db: Kysely<Database>,
  code: string,
  app: string,
): Promise<string | null> {
  const origin = externalUrl(app)?.origin;
  if (!origin || !/^[0-9a-f]{32}$/.test(code)) return null;
  const row = await db
    .deleteFrom('user_code')
    .where('code_hash', '=', sha256(code))
    .returning(['user_id', 'expires_at', 'target'])
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= Date.now() || row.target !== origin) return null;
  return row.user_id;
}

/** GetUserCode: a code of `p` for the link `raw` when the server handed it out, else a refusal. */
export async function userCodeFor(
  ctx: AppContext,
  p: Principal,
  raw: string,
  ownHost: string,
): Promise<string> {
  const u = externalUrl(raw);
  if (!u) throw badRequest(`url: ${LINK_MSG.badUrl}`);
  const { externalLinkHosts } = await ctx.settings.get();
  if (!linkAllowed(u, p, externalLinkHosts, ownHost)) throw badRequest(`url: ${LINK_MSG.notAllowed}`);
  return issueUserCode(ctx.db, p.userId, u);
}

/** UserCode/Redeem: the user a code names for `app`, once; else a refusal. */
export async function redeemIdentity(ctx: AppContext, code: string, app: string): Promise<UserCodeIdentity> {
  const userId = await redeemUserCode(ctx.db, code, app);
  const u = userId
    ? await ctx.db
        .selectFrom('base_user')
        .select(['id', 'account', 'real_name'])
        .where('id', '=', userId)
        .where('enabled_mark', '=', 1)
        .executeTakeFirst()
    : undefined;
  if (!u) throw badRequest(LINK_MSG.badCode);
  return { userId: u.id, account: u.account, userName: u.real_name };
}
