// GET /api/oauth/CurrentUser's answer: menus, permissions, user and system info in the envelope, as JSON text.
import type { CurrentUserInfo } from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { joinedNameIn } from '../../db/stored-label';
import { okJson } from '../../http/envelope';
import { requestLanguage } from '../../http/i18n';
import type { Lang } from '../../http/messages';
import { me } from './guard';
import { menuTree, permissionList } from './menu-tree';
import type { Principal } from './principal';
import type { Settings } from './settings';

const PRIVATE_IP = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|::ffff:127\.|fc|fd|localhost)/i;
export const ipName = (ip: string | null | undefined) => (!ip ? '' : PRIVATE_IP.test(ip) ? '本地局域网' : '');

/**
 * menuList, menuMHList and permissionList depend only on the role set (or the administrator flag) and
 * on the menu/grant tables: they are built once per role set and kept as JSON text in the read cache,
 * which every write to those tables (in any process) drops (db/read-cache.ts).
 */
async function menusJson(ctx: AppContext, p: Principal): Promise<string> {
  const roleKey = p.isAdministrator ? 'admin' : [...p.roleIds].sort().join(',');
  return ctx.dbHandle.cache.get(`currentUser.menus|${roleKey}`, async () => {
    const parts = {
      // The whole tree; the client puts category-3 entries under the portal layout (spec 1 §2.2).
      menuList: menuTree(p.moduleRows),
      // Category-3 entries again as a flat list (portal layout menu).
      menuMHList: menuTree(
        p.moduleRows.filter((m) => m.category === '3').map((m) => ({ ...m, parent_id: null })),
      ),
      permissionList: permissionList(p),
    };
    return JSON.stringify(parts).slice(1, -1);
  });
}

/** The parts of CurrentUser that belong to the user and the system settings `s`. */
export function currentUserRest(
  p: Principal,
  s: Settings,
  locked: boolean,
  lang: Lang,
): Omit<CurrentUserInfo, 'menuList' | 'menuMHList' | 'permissionList'> {
  const u = p.profile;
  return {
    userInfo: {
      userId: p.userId,
      userAccount: p.account,
      userName: p.realName,
      headIcon: u.headIcon ?? '',
      portalId: u.portalId ?? '',
      organizeId: p.organizeId ?? '',
      organizeName: joinedNameIn(u.organizeName, u.organizeNameI18n, lang) ?? '',
      departmentId: p.departmentId ?? '',
      departmentName: joinedNameIn(u.departmentName, u.departmentNameI18n, lang) ?? '',
      positionIds: p.positionIds,
      roleIds: p.roleIds,
      isAdministrator: p.isAdministrator,
      prevLoginTime: u.prevLoginTime,
      prevLoginIPAddress: u.prevLoginIp,
      prevLoginIPAddressName: ipName(u.prevLoginIp),
      invalidPassword: u.passwordWeak,
      theme: u.theme ?? 'classic',
      language: u.language ?? 'zh',
      ...{ isLocked: locked },
    },
    sysConfigInfo: {
      sysName: s.sysName,
      sysVersion: s.sysVersion,
      copyright: s.copyright,
      logoIcon: s.logoIcon,
      navigationIcon: s.navigationIcon,
      loginIcon: s.loginIcon,
      loginBackground: s.loginBackground,
      ...{ sysAuthor: s.sysAuthor, sysProducer: s.sysProducer },
    },
    mhConfigInfo: { navigationIcon: s.navigationIcon, tagIcon: '', IsBackWhite: 0 },
  };
}

/** One answer as sent, with what it was built from. */
interface Answer {
  settings: Settings;
  generation: number;
  locked: boolean;
  lang: Lang;
  text: string;
}

/**
 * The answers last sent to each principal. An answer is the function of: the principal (AuthzCache hands
 * out a new object after any change of the user, his roles, grants, menus or units, in every process), the
 * settings object (a new one after every change), the menus (read-cache entries: its generation moves on
 * any write to the organisation tables, in any process), the session's lock state and the language. It is
 * reused only while all of these are the very ones it was built from; while the read cache is held or off
 * (a write of this process not yet surely announced) nothing is reused or kept.
 */
const answers = new WeakMap<Principal, Answer[]>();

/** The answer kept for this request's principal, session lock state and language, else null. */
export function keptAnswer(ctx: AppContext, req: FastifyRequest): string | null {
  const p = me(req);
  const generation = ctx.dbHandle.cache.servingGeneration();
  const settings = ctx.settings.cached();
  if (generation === null || !settings) return null;
  const locked = req.session?.locked ?? false;
  const lang = requestLanguage(req);
  for (const a of answers.get(p) ?? [])
    if (a.generation === generation && a.settings === settings && a.locked === locked && a.lang === lang)
      return a.text;
  return null;
}

function keep(ctx: AppContext, p: Principal, a: Answer): void {
  if (ctx.dbHandle.cache.servingGeneration() !== a.generation || ctx.settings.cached() !== a.settings) return;
  // answers built from older settings or menus are never served again: only the current ones stay
  const current = (answers.get(p) ?? []).filter(
    (x) => x.generation === a.generation && x.settings === a.settings,
  );
  answers.set(p, [...current.slice(-5), a]);
}

/** The CurrentUser envelope as JSON text (`{code, msg, data}`), msg in the caller's language, built (and kept). */
export async function currentUserAnswer(ctx: AppContext, req: FastifyRequest): Promise<string> {
  const p = me(req);
  const locked = req.session?.locked ?? false;
  const lang = requestLanguage(req);
  const generation = ctx.dbHandle.cache.servingGeneration();
  const settings = await ctx.settings.get();
  const menus = await menusJson(ctx, p);
  const rest = JSON.stringify(currentUserRest(p, settings, locked, lang)).slice(1);
  const text = okJson(`{${menus},${rest}`, lang);
  if (generation !== null) keep(ctx, p, { settings, generation, locked, lang, text });
  return text;
}
