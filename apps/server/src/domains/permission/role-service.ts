// Roles and role grants over the typed db: row mapping, scope checks, the role tree, writes and the grant
// catalogue the caller holds. Used by the role routes (role.ts).
import { ApiCode, type RoleInfo, type RoleInput } from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { nameIn, shownName } from '../../db/stored-label';
import { buildTree } from '../../db/tree';
import type { RoleTable } from '../../db/types';
import { me } from '../auth/guard';
import { isDataScope, type Principal } from '../auth/principal';
import { newId } from '../auth/tokens';
import { lang, MENU, ms, notFoundErr, outOfScope, refuse, refuseDuplicateCode } from './common';
import { type Lang, msg } from './messages';
import { filterOrNone, hasAllScope, ROLE_COLS, unitInScope } from './scope';

export type RoleRow = Selectable<RoleTable>;

/** A role as the API shows it: named in `lang` (lists, pickers), or as stored without one (the edit form). */
export const roleInfo = (r: RoleRow, lang?: Lang, orgName?: string | null): RoleInfo & { type: string } => ({
  id: r.id,
  fullName: shownName(r, lang),
  enCode: r.en_code,
  type: r.type ?? 'role',
  globalMark: r.global_mark,
  organizeId: r.organize_id,
  organizeName: orgName ?? null,
  dataScope: (isDataScope(r.data_scope) ? r.data_scope : 'self') as RoleInfo['dataScope'],
  sortCode: r.sort_code,
  enabledMark: r.enabled_mark,
  description: r.description,
  creatorTime: ms(r.creator_time) ?? 0,
});

/**
 * Whether the caller may read (`write` false) or change a role, through the data-scope filter on `menu`:
 * global roles are readable by every holder of the menu and changed only with scope 'all'.
 */
export async function roleInScope(
  req: FastifyRequest,
  menu: string,
  row: { id: string; global_mark: number },
  write: boolean,
) {
  const p = me(req);
  if (hasAllScope(p, menu)) return true;
  if (row.global_mark === 1) return !write;
  const r = await req.server.kp.db
    .selectFrom('base_role as r')
    .select('r.id')
    .where('r.id', '=', row.id)
    .where(filterOrNone(p, menu, ROLE_COLS))
    .executeTakeFirst();
  return !!r;
}

export const ListQuery = {
  type: 'object',
  properties: {
    keyword: { type: 'string', maxLength: 200 },
    organizeId: { type: 'string', maxLength: 64 },
    currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 20_000 },
  },
} as const;
export type ListQuery = { keyword?: string; organizeId?: string; currentPage?: number; pageSize?: number };

export async function loadRole(req: FastifyRequest, id: string): Promise<RoleRow> {
  const r = await req.server.kp.db
    .selectFrom('base_role')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return r ?? notFoundErr(req);
}

/** Picker tree: global roles first, then units holding roles, roles as leaves of type 'role'. */
export async function roleTree(req: FastifyRequest, filter?: (r: RoleRow) => boolean) {
  const db = req.server.kp.db;
  const roles = (
    await db.selectFrom('base_role').selectAll().where('enabled_mark', '=', 1).orderBy('sort_code').execute()
  ).filter((r) => !filter || filter(r));
  const orgs = await db
    .selectFrom('base_organize')
    .selectAll()
    .orderBy('sort_code')
    .orderBy('creator_time')
    .execute();
  const used = new Set(roles.filter((r) => r.global_mark !== 1 && r.organize_id).map((r) => r.organize_id!));
  const keep = new Set<string>();
  for (const o of orgs) if (used.has(o.id)) for (const id of o.tree_path.split(',')) keep.add(id);
  const language = lang(req);
  const leaf = (r: RoleRow, parentId: string) => ({
    id: r.id,
    parentId,
    fullName: nameIn(r, language),
    enCode: r.en_code,
    type: 'role',
    icon: 'icon-ym icon-ym-generator-role',
    onlyId: `role-${r.id}`,
    enabledMark: r.enabled_mark,
    hasChildren: false,
    children: [] as unknown[],
  });
  const nodes: Array<{
    id: string;
    parentId: string | null;
    fullName: string;
    type: string;
    [k: string]: unknown;
  }> = [];
  for (const o of orgs)
    if (keep.has(o.id))
      nodes.push({
        id: o.id,
        parentId: o.parent_id,
        fullName: nameIn(o, language),
        enCode: o.en_code,
        type: o.category,
        onlyId: `organize-${o.id}`,
      });
  for (const r of roles)
    if (r.global_mark !== 1 && r.organize_id && keep.has(r.organize_id)) nodes.push(leaf(r, r.organize_id));
  const globals = roles.filter((r) => r.global_mark === 1).map((r) => leaf(r, '0'));
  const tree = buildTree(nodes);
  return [
    {
      id: '0',
      parentId: null,
      fullName: msg('globalRoles', language),
      type: 'global',
      hasChildren: globals.length > 0,
      children: globals,
    },
    ...tree,
  ];
}

export async function writeRole(req: FastifyRequest, body: RoleInput, existing?: RoleRow): Promise<string> {
  const ctx = req.server.kp;
  const db = ctx.db;
  const p = me(req);
  const all = hasAllScope(p, MENU.role);
  const globalMark = body.globalMark ?? (body.organizeId ? 0 : 1);
  const organizeId = globalMark === 1 ? null : (body.organizeId ?? null);
  if (globalMark === 0) {
    if (!organizeId) refuse(req, ApiCode.BAD_REQUEST, 'unknownOrganize');
    const unit = await db
      .selectFrom('base_organize')
      .select('id')
      .where('id', '=', organizeId!)
      .executeTakeFirst();
    if (!unit) refuse(req, ApiCode.BAD_REQUEST, 'unknownOrganize');
  }
  if (globalMark === 1 ? !all : !all && !(await unitInScope(req, MENU.role, organizeId))) outOfScope(req);
  // A data scope wider than the caller's own on the role menu would be an escalation.
  const scope = body.dataScope ?? (existing?.data_scope as RoleInfo['dataScope']) ?? 'self';
  if (!all && scope === 'all') outOfScope(req);
  await refuseDuplicateCode(req, 'base_role', body.enCode, existing);
  const values = {
    full_name: body.fullName,
    en_code: body.enCode,
    type: body.type ?? null,
    global_mark: globalMark,
    organize_id: organizeId,
    data_scope: scope,
    sort_code: body.sortCode ?? 0,
    enabled_mark: body.enabledMark ?? 1,
    description: body.description ?? null,
  };
  if (existing) {
    await db
      .updateTable('base_role')
      .set({ ...values, last_modify_time: new Date() })
      .where('id', '=', existing.id)
      .execute();
    await ctx.authz.invalidate();
    return existing.id;
  }
  const id = newId();
  await db
    .insertInto('base_role')
    .values({ id, ...values, creator_user_id: p.userId })
    .execute();
  return id;
}

/** Items (by id) the caller holds: a non-administrator can only pass on what they have. */
export async function heldItems(req: FastifyRequest, p: Principal) {
  const db = req.server.kp.db;
  const moduleIds = new Set(p.moduleRows.map((m) => m.id));
  const held = {
    module: moduleIds,
    button: new Set<string>(),
    column: new Set<string>(),
    form: new Set<string>(),
  };
  if (!moduleIds.size) return held;
  for (const [table, kind, key] of [
    ['base_module_button', 'button', 'buttons'],
    ['base_module_column', 'column', 'columns'],
    ['base_module_form', 'form', 'forms'],
  ] as const) {
    const rows = await db
      .selectFrom(table)
      .select(['id', 'module_id', 'en_code'])
      .where('module_id', 'in', [...moduleIds])
      .execute();
    const codeOf = new Map(p.moduleRows.map((m) => [m.id, m.en_code]));
    for (const r of rows) {
      const g = p.modules.get(codeOf.get(r.module_id) ?? '');
      if (p.isAdministrator || g?.[key].has(r.en_code)) held[kind].add(r.id);
    }
  }
  return held;
}
