import { ApiCode } from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import { languageOf } from '../../http/i18n';
import { me } from './guard';
import { DATA_SCOPES, type ModuleGrant, type Principal } from './principal';

/**
 * Rank on user administration: an administrative action on a user (reset password, edit, delete,
 * disable/enable, unlock, force offline, change roles, staff record…) is allowed only when the actor
 * outranks the target:
 *  - nobody but a super administrator (is_administrator) acts on a super administrator;
 *  - otherwise the actor must hold every right the target holds: each granted menu, with a data scope
 *    at least as wide, and each of its buttons, columns and forms.
 * Acting on oneself passes (one holds one's own rights). Data scope on the user menu (who may be seen
 * at all) is checked separately, by scopedUser.
 */
export type RankRefusal = 'superAdmin' | 'outranked';

const TEXTS: Record<RankRefusal, Record<'zh' | 'zhtw' | 'en', string>> = {
  superAdmin: {
    zh: '暂无权限：只有超级管理员可以操作超级管理员账户',
    zhtw: '暫無權限：只有超級管理員可以操作超級管理員帳戶',
    en: 'No permission: only a super administrator may act on a super administrator',
  },
  outranked: {
    zh: '暂无权限：该用户拥有您不具备的权限，不能对其操作',
    zhtw: '暫無權限：該使用者擁有您不具備的權限，不能對其操作',
    en: 'No permission: this user holds rights you do not hold',
  },
};

const wideness = (s: string) => DATA_SCOPES.length - DATA_SCOPES.indexOf(s as (typeof DATA_SCOPES)[number]);

const subset = (a: Set<string>, b: Set<string>) => {
  for (const x of a) if (!b.has(x)) return false;
  return true;
};

/** null when `actor` may act on `target`, else why not. */
export function rankRefusal(actor: Principal, target: Principal): RankRefusal | null {
  if (actor.userId === target.userId) return null;
  if (target.isAdministrator) return actor.isAdministrator ? null : 'superAdmin';
  return grantRefusal(actor, target.modules);
}

/**
 * null when `actor` holds every grant of `grants` (a user's, or a role's: grantsOfRoles): each menu with
 * a data scope at least as wide, and each of its buttons, columns and forms. Administrators hold all.
 */
export function grantRefusal(actor: Principal, grants: ReadonlyMap<string, ModuleGrant>): RankRefusal | null {
  if (actor.isAdministrator) return null;
  for (const [code, t] of grants) {
    const a = actor.modules.get(code);
    if (!a) return 'outranked';
    if (wideness(t.scope) > wideness(a.scope)) return 'outranked';
    if (!subset(t.buttons, a.buttons) || !subset(t.columns, a.columns) || !subset(t.forms, a.forms))
      return 'outranked';
  }
  return null;
}

/** The refusal text in the request's language. */
export const rankText = (why: RankRefusal, req: FastifyRequest): string =>
  TEXTS[why][languageOf(req.headers['accept-language'])];

/**
 * Throws 403 unless the caller outranks every user of `targetUserIds` (see rankRefusal). Unknown ids
 * are skipped (the caller answers 404 for those itself).
 */
export async function assertOutranks(req: FastifyRequest, ...targetUserIds: string[]): Promise<void> {
  const actor = me(req);
  for (const id of new Set(targetUserIds)) {
    if (id === actor.userId) continue;
    const target = await req.server.kp.authz.get(id);
    if (!target) continue;
    const why = rankRefusal(actor, target);
    if (why) throw new ApiError(ApiCode.FORBIDDEN, rankText(why, req));
  }
}
