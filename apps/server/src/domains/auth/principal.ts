import type { Kysely } from 'kysely';
import type { Database, ModuleRow } from '../../db/types';

/**
 * Data scopes, widest first. A user with several roles gets, per module, the widest scope any of
 * their roles grants on it (roles union).
 *  - all: every row
 *  - org: rows of the user's company and every organisation below it
 *  - dept: rows of the user's own department
 *  - self: rows the user owns (created)
 */
export const DATA_SCOPES = ['all', 'org', 'dept', 'self'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
export const isDataScope = (s: unknown): s is DataScope => DATA_SCOPES.includes(s as DataScope);
const wider = (a: DataScope, b: DataScope): DataScope =>
  DATA_SCOPES.indexOf(a) <= DATA_SCOPES.indexOf(b) ? a : b;

export interface ModuleGrant {
  id: string;
  enCode: string;
  scope: DataScope;
  buttons: Set<string>;
  columns: Set<string>;
  forms: Set<string>;
}

/** Everything the server knows about who is calling, computed once per user and cached. */
export interface Principal {
  userId: string;
  account: string;
  realName: string;
  isAdministrator: boolean;
  organizeId: string | null;
  departmentId: string | null;
  roleIds: string[];
  positionIds: string[];
  /** Granted modules by enCode (administrators: every enabled module, scope all, every item). */
  modules: Map<string, ModuleGrant>;
  /** The user's company and every organisation below it (for scope 'org'). */
  orgSubtreeIds: string[];
  /** Enabled module rows the user may see, sorted (menu tree source). */
  moduleRows: ModuleRow[];
  /** User fields shown by CurrentUser (cached with the principal: invalidate after changing them). */
  profile: {
    headIcon: string | null;
    portalId: string | null;
    prevLoginTime: number | null;
    prevLoginIp: string | null;
    passwordWeak: boolean;
    theme: string | null;
    language: string | null;
    organizeName: string | null;
    departmentName: string | null;
    /** Their names in every language (full_name_i18n of the units, db/stored-label.ts). */
    organizeNameI18n: string | null;
    departmentNameI18n: string | null;
  };
}

export async function loadPrincipal(db: Kysely<Database>, userId: string): Promise<Principal | null> {
  const user = await db
    .selectFrom('base_user as u')
    .leftJoin('base_organize as o', 'o.id', 'u.organize_id')
    .leftJoin('base_organize as d', 'd.id', 'u.department_id')
    .select([
      'u.id',
      'u.account',
      'u.real_name',
      'u.is_administrator',
      'u.organize_id',
      'u.department_id',
      'u.enabled_mark',
      'u.head_icon',
      'u.portal_id',
      'u.prev_login_time',
      'u.prev_login_ip',
      'u.password_weak',
      'u.theme',
      'u.language',
      'o.full_name as organize_name',
      'd.full_name as department_name',
      'o.full_name_i18n as organize_name_i18n',
      'd.full_name_i18n as department_name_i18n',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const relations = await db
    .selectFrom('base_user_relation')
    .select(['object_type', 'object_id'])
    .where('user_id', '=', userId)
    .execute();
  const positionIds = relations.filter((r) => r.object_type === 'Position').map((r) => r.object_id);
  const relRoleIds = relations.filter((r) => r.object_type === 'Role').map((r) => r.object_id);
  const roles = relRoleIds.length
    ? await db
        .selectFrom('base_role')
        .select(['id', 'data_scope'])
        .where('id', 'in', relRoleIds)
        .where('enabled_mark', '=', 1)
        .execute()
    : [];
  const roleIds = roles.map((r) => r.id);
  const isAdmin = user.is_administrator;
  const { modules, moduleRows } = await grantsOfRoles(db, roles, isAdmin);

  let orgSubtreeIds: string[] = [];
  if (user.organize_id) {
    const org = await db
      .selectFrom('base_organize')
      .select('tree_path')
      .where('id', '=', user.organize_id)
      .executeTakeFirst();
    if (org) {
      const rows = await db
        .selectFrom('base_organize')
        .select('id')
        .where((eb) =>
          eb.or([eb('tree_path', '=', org.tree_path), eb('tree_path', 'like', `${org.tree_path},%`)]),
        )
        .execute();
      orgSubtreeIds = rows.map((r) => r.id);
    }
  }

  return {
    userId: user.id,
    account: user.account,
    realName: user.real_name,
    isAdministrator: isAdmin,
    organizeId: user.organize_id,
    departmentId: user.department_id,
    roleIds,
    positionIds,
    modules,
    orgSubtreeIds,
    moduleRows,
    profile: {
      headIcon: user.head_icon,
      portalId: user.portal_id,
      prevLoginTime: user.prev_login_time ? new Date(user.prev_login_time).getTime() : null,
      prevLoginIp: user.prev_login_ip,
      passwordWeak: user.password_weak,
      theme: user.theme,
      language: user.language,
      organizeName: user.organize_name,
      departmentName: user.department_name,
      organizeNameI18n: user.organize_name_i18n,
      departmentNameI18n: user.department_name_i18n,
    },
  };
}

/**
 * What the roles grant together (each enabled module with the widest scope any of them gives it, and its
 * buttons, columns and forms); `isAdmin`: everything, scope all. The principal of a user is built on it,
 * and so is the check that an assigner holds every grant of a role he hands out (rank.ts).
 */
export async function grantsOfRoles(
  db: Kysely<Database>,
  roles: ReadonlyArray<{ id: string; data_scope: string }>,
  isAdmin: boolean,
): Promise<{ modules: Map<string, ModuleGrant>; moduleRows: ModuleRow[] }> {
  const allModules = await db
    .selectFrom('base_module')
    .selectAll()
    .where('enabled_mark', '=', 1)
    .orderBy('sort_code')
    .orderBy('en_code')
    .execute();
  const byId = new Map(allModules.map((m) => [m.id, m]));

  const roleIds = roles.map((r) => r.id);
  const grants = roleIds.length
    ? await db
        .selectFrom('base_role_authorize')
        .select(['role_id', 'item_type', 'item_id', 'scope'])
        .where('role_id', 'in', roleIds)
        .execute()
    : [];
  const roleScope = new Map(
    roles.map((r) => [r.id, (isDataScope(r.data_scope) ? r.data_scope : 'self') as DataScope]),
  );

  // Module grants with their widest scope over the roles that grant them.
  const scopeOf = new Map<string, DataScope>();
  const override = new Map<string, DataScope>(); // `${roleId}:${moduleId}` -> scope
  for (const g of grants)
    if (g.item_type === 'data' && isDataScope(g.scope)) override.set(`${g.role_id}:${g.item_id}`, g.scope);
  if (isAdmin) for (const m of allModules) scopeOf.set(m.id, 'all');
  else {
    for (const g of grants) {
      if (g.item_type !== 'module' || !byId.has(g.item_id)) continue;
      const s = override.get(`${g.role_id}:${g.item_id}`) ?? roleScope.get(g.role_id) ?? 'self';
      const prev = scopeOf.get(g.item_id);
      scopeOf.set(g.item_id, prev ? wider(prev, s) : s);
    }
    // A granted page implies its directories, so the tree has a path to it.
    for (const id of [...scopeOf.keys()]) {
      let p = byId.get(id)?.parent_id;
      while (p && byId.has(p) && !scopeOf.has(p)) {
        scopeOf.set(p, 'self');
        p = byId.get(p)?.parent_id;
      }
    }
  }

  const modules = new Map<string, ModuleGrant>();
  const grantById = new Map<string, ModuleGrant>();
  for (const [id, scope] of scopeOf) {
    const m = byId.get(id)!;
    const g: ModuleGrant = {
      id,
      enCode: m.en_code,
      scope,
      buttons: new Set(),
      columns: new Set(),
      forms: new Set(),
    };
    modules.set(m.en_code, g);
    grantById.set(id, g);
  }
  const grantedItems = new Set(
    grants.filter((g) => g.item_type !== 'module').map((g) => `${g.item_type}:${g.item_id}`),
  );
  for (const [table, kind, key] of [
    ['base_module_button', 'button', 'buttons'],
    ['base_module_column', 'column', 'columns'],
    ['base_module_form', 'form', 'forms'],
  ] as const) {
    if (!grantById.size) break;
    const items = await db
      .selectFrom(table)
      .select(['id', 'module_id', 'en_code'])
      .where('enabled_mark', '=', 1)
      .where('module_id', 'in', [...grantById.keys()])
      .execute();
    for (const it of items) {
      if (isAdmin || grantedItems.has(`${kind}:${it.id}`)) grantById.get(it.module_id)?.[key].add(it.en_code);
    }
  }

  return { modules, moduleRows: allModules.filter((m) => scopeOf.has(m.id)) };
}
