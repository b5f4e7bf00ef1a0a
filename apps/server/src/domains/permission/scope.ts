// Data scopes of this module go through the framework's one data-scope layer (permission/data-scope.ts):
// lists add `scopeFilter`, reads/updates/deletes first select the row through `withDataScope` and refuse
// with 403 when it is not in scope. Only the columns each table carries its unit and owner in live here.
import type { FastifyRequest } from 'fastify';
import { type Expression, type SqlBool, sql } from 'kysely';
import { me } from '../auth/guard';
import type { Principal } from '../auth/principal';
import { type ScopeColumns, scopeFilter } from './data-scope';

/** base_organize rows: the unit is the row itself. */
export const ORG_COLS: ScopeColumns = { org: 'o.id', dept: 'o.id', owner: 'o.creator_user_id' };
/** base_position rows: the unit they belong to. */
export const POS_COLS: ScopeColumns = {
  org: 'p.organize_id',
  dept: 'p.organize_id',
  owner: 'p.creator_user_id',
};
/** base_role rows of a unit (global roles are handled by the role routes). */
export const ROLE_COLS: ScopeColumns = {
  org: 'r.organize_id',
  dept: 'r.organize_id',
  owner: 'r.creator_user_id',
};
/** base_user rows: company, department, creator. */
export const USER_COLS: ScopeColumns = {
  org: 'u.organize_id',
  dept: 'u.department_id',
  owner: 'u.creator_user_id',
};

/** The scope expression, or `false` when the caller holds no grant on `menu` (pickers answer empty). */
export function filterOrNone(p: Principal, menu: string, cols: ScopeColumns): Expression<SqlBool> {
  try {
    return scopeFilter(p, menu, cols);
  } catch {
    return sql<SqlBool>`false`;
  }
}

/** True when unit `unitId` (organisation or department) lies in the caller's scope on `menu`. */
export async function unitInScope(
  req: FastifyRequest,
  menu: string,
  unitId: string | null | undefined,
): Promise<boolean> {
  if (!unitId) return false;
  const r = await req.server.kp.db
    .selectFrom('base_organize as o')
    .select('o.id')
    .where('o.id', '=', unitId)
    .where(filterOrNone(me(req), menu, ORG_COLS))
    .executeTakeFirst();
  return !!r;
}

/** True when the caller's scope on `menu` is 'all' (administrators included). */
export function hasAllScope(p: Principal, menu: string): boolean {
  return p.isAdministrator || p.modules.get(menu)?.scope === 'all';
}

/** A non-empty id list for SQL `in (...)` (an empty list would be invalid SQL): a never-matching id. */
export const nonEmpty = (ids: readonly string[]): string[] => (ids.length ? [...ids] : ['\u0000none']);
