import type { FastifyRequest } from 'fastify';
import { type Expression, type SqlBool, sql } from 'kysely';
import { ApiError, MSG } from '../../http/api-error';
import { me } from '../auth/guard';
import type { DataScope, Principal } from '../auth/principal';

/**
 * Columns of YOUR query that carry the row's company, department and owner. Written in code (never
 * from the client), e.g. { org: 'u.organize_id', dept: 'u.department_id', owner: 'u.creator_user_id' }.
 * A scope whose column is not given falls back to the next narrower one that is given; if none is,
 * the query returns nothing (fail closed).
 */
export interface ScopeColumns {
  org?: string;
  dept?: string;
  owner?: string;
}

/** The scope the caller has on a module (the widest over their roles); throws 403 if not granted. */
export function scopeOf(p: Principal, menu: string): DataScope {
  if (p.isAdministrator) return 'all';
  const g = p.modules.get(menu);
  if (!g) throw new ApiError(403, MSG.noPermission);
  return g.scope;
}

/**
 * A cache key part that is equal for two callers exactly when their scope filter on `menu` is equal:
 * 'all' for everyone who sees every row, otherwise tied to the caller (throws 403 if not granted).
 */
export function scopeKey(p: Principal, menu: string): string {
  const scope = scopeOf(p, menu);
  return scope === 'all' ? 'all' : `${scope}:${p.userId}`;
}

/** The WHERE expression of a data scope (true for 'all'). */
export function scopeFilter(p: Principal, menu: string, cols: ScopeColumns): Expression<SqlBool> {
  const scope = scopeOf(p, menu);
  const none = sql<SqlBool>`false`;
  const order: DataScope[] = ['all', 'org', 'dept', 'self'];
  for (const s of order.slice(order.indexOf(scope))) {
    if (s === 'all') return sql<SqlBool>`true`;
    if (s === 'org' && cols.org) {
      const ids = p.orgSubtreeIds;
      if (!ids.length) continue;
      return sql<SqlBool>`${sql.ref(cols.org)} in (${sql.join(ids)})`;
    }
    if (s === 'dept' && cols.dept) {
      if (!p.departmentId) continue;
      return sql<SqlBool>`${sql.ref(cols.dept)} = ${p.departmentId}`;
    }
    if (s === 'self' && cols.owner) return sql<SqlBool>`${sql.ref(cols.owner)} = ${p.userId}`;
  }
  return none;
}

// biome-ignore lint/suspicious/noExplicitAny: any select/update/delete builder with a where method
type Whereable = { where(expr: Expression<SqlBool>): any };

/**
 * Adds the caller's data scope on `menu` to a select, update or delete query:
 *   withDataScope(db.selectFrom('base_user as u').selectAll(), req, 'permission.user',
 *                 { org: 'u.organize_id', dept: 'u.department_id', owner: 'u.creator_user_id' })
 */
export function withDataScope<Q extends Whereable>(
  qb: Q,
  req: FastifyRequest | Principal,
  menu: string,
  cols: ScopeColumns,
): Q {
  const p = 'userId' in req ? req : me(req);
  return qb.where(scopeFilter(p, menu, cols)) as Q;
}
