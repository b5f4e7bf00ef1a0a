import type { OrgDepartment, OrgDirectory, OrgUser } from '@kp/flow';
import type { AppContext } from '../../context';
import type { WfDb } from './tables';

/**
 * The example flows name a position `general-manager` and a role `finance`; the seeded organisation
 * has positions coded GM-* (总经理) and ACC-* (会计) and no finance role. These aliases map the
 * examples' names onto the seeded directory (a template may also use real position/role ids).
 */
export const ORG_ALIASES = {
  positions: { 'general-manager': 'GM-' } as Record<string, string>,
  roles: { finance: 'ACC-' } as Record<string, string>,
};

/** The organisation as @kp/flow asks it, loaded from base_user / base_organize / relations. */
export async function loadOrgDirectory(db: WfDb): Promise<OrgDirectory & { managers: string[] }> {
  const [users, orgs, rels, positions] = await Promise.all([
    db
      .selectFrom('base_user')
      .select(['id', 'real_name', 'department_id', 'is_administrator'])
      .where('enabled_mark', '=', 1)
      .execute(),
    db
      .selectFrom('base_organize')
      .select(['id', 'parent_id', 'manager_id', 'full_name', 'category'])
      .execute(),
    db
      .selectFrom('base_user_relation')
      .select(['user_id', 'object_type', 'object_id'])
      .where('object_type', 'in', ['Position', 'Role'])
      .execute(),
    db.selectFrom('base_position').select(['id', 'en_code', 'full_name', 'organize_id']).execute(),
  ]);
  const byUser = new Map<string, OrgUser>();
  for (const u of users)
    byUser.set(u.id, {
      id: u.id,
      name: u.real_name,
      departmentId: u.department_id,
      positionIds: [],
      roleIds: [],
    });
  const byPos = new Map<string, string[]>();
  const byRole = new Map<string, string[]>();
  for (const r of rels) {
    const u = byUser.get(r.user_id);
    if (!u) continue;
    const map = r.object_type === 'Position' ? byPos : byRole;
    (r.object_type === 'Position' ? u.positionIds : u.roleIds)?.push(r.object_id);
    map.set(r.object_id, [...(map.get(r.object_id) ?? []), u.id]);
  }
  const depts = new Map<string, OrgDepartment>();
  for (const o of orgs)
    depts.set(o.id, {
      id: o.id,
      name: o.full_name,
      parentId: o.parent_id && o.parent_id !== '-1' ? o.parent_id : null,
      headId: o.manager_id,
      isCompany: o.category === 'company',
    });
  const posByPrefix = (prefix: string) =>
    positions.filter((p) => p.en_code.startsWith(prefix)).flatMap((p) => byPos.get(p.id) ?? []);
  const posMap = new Map(positions.map((p) => [p.id, p]));
  return {
    user: (id) => byUser.get(id),
    department: (id) => depts.get(id),
    usersWithPosition: (id) => {
      const alias = ORG_ALIASES.positions[id];
      return alias ? posByPrefix(alias) : (byPos.get(id) ?? []);
    },
    usersWithRole: (id) => {
      const alias = ORG_ALIASES.roles[id];
      return alias ? posByPrefix(alias) : (byRole.get(id) ?? []);
    },
    position: (id) => {
      const p = posMap.get(id);
      return p ? { id: p.id, name: p.full_name, departmentId: p.organize_id } : undefined;
    },
    managers: users.filter((u) => u.is_administrator).map((u) => u.id),
  };
}

/**
 * The organisation as the interpreter asks it, from the shared read cache (dropped whenever a user,
 * unit, position or relation changes, in every process: migration 0002's triggers).
 */
export function orgOf(ctx: AppContext): Promise<OrgDirectory & { managers: string[] }> {
  return ctx.dbHandle.cache.get('wf:org', () => sharedOrgLoad(ctx));
}

export type OrgDir = OrgDirectory & { managers: string[] };
const inflight = new WeakMap<AppContext, Promise<OrgDir>>();
const watching = new WeakSet<AppContext>();
/**
 * One load of the directory shared by the callers that miss the cache at the same time (a burst of
 * audits right after a login or an organisation change would otherwise each read every user and
 * relation). A change announced while a load runs detaches it, so later callers load afresh.
 */
function sharedOrgLoad(ctx: AppContext): Promise<OrgDir> {
  if (!watching.has(ctx)) {
    watching.add(ctx);
    ctx.dbHandle.cache.onChange(() => inflight.delete(ctx));
  }
  let p = inflight.get(ctx);
  if (!p) {
    p = loadOrgDirectory(ctx.db).finally(() => {
      if (inflight.get(ctx) === p) inflight.delete(ctx);
    });
    inflight.set(ctx, p);
  }
  return p;
}
