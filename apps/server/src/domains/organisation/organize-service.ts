// Organisations and departments over the typed db: row mapping, trees, scope checks, writes and deletes.
// Used by the organize and position routes.
import { ApiCode, type OrganizeInfo, type OrganizeInput } from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { shownName } from '../../db/stored-label';
import { buildTree } from '../../db/tree';
import { treeCrud } from '../../db/tree-crud';
import type { OrganizeTable } from '../../db/types';
import { me } from '../auth/guard';
import type { Principal } from '../auth/principal';
import { newId } from '../auth/tokens';
import {
  lang,
  likeOf,
  MENU,
  ms,
  notFoundErr,
  outOfScope,
  parentOf,
  refuse,
  refuseDuplicateCode,
} from '../permission/common';
import { type Lang, msg } from '../permission/messages';
import { filterOrNone, hasAllScope, ORG_COLS, unitInScope } from '../permission/scope';

export type OrgRow = Selectable<OrganizeTable>;

/** A unit as the API shows it: named in `lang` (lists, pickers), or as stored without one (the edit form). */
export function organizeInfo(r: OrgRow, lang?: Lang): OrganizeInfo & { type: string; icon: string } {
  return {
    id: r.id,
    parentId: r.parent_id ?? '-1',
    category: r.category as 'company' | 'department',
    type: r.category,
    icon:
      r.category === 'company' ? 'icon-ym icon-ym-tree-organization3' : 'icon-ym icon-ym-tree-department1',
    fullName: shownName(r, lang),
    enCode: r.en_code,
    managerId: r.manager_id,
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    description: r.description,
    propertyJson: r.property_json,
    organizeIdTree: r.tree_path.split(','),
    creatorTime: ms(r.creator_time) ?? 0,
    lastModifyTime: ms(r.last_modify_time),
  };
}

/** Tree of rows (a row whose parent is missing from `rows` becomes a root), named in `lang`. */
export function orgTree(rows: OrgRow[], lang: Lang) {
  return buildTree(rows.map((r) => ({ ...organizeInfo(r, lang), parentId: r.parent_id })));
}

/** Rows of base_organize in the caller's scope on `menu` (the framework's data-scope filter). */
export async function scopedRows(
  req: FastifyRequest,
  menu: string,
  opts: { category?: string; keyword?: string; enabledOnly?: boolean } = {},
): Promise<OrgRow[]> {
  const db = req.server.kp.db;
  let q = db
    .selectFrom('base_organize as o')
    .selectAll('o')
    .where(filterOrNone(me(req), menu, ORG_COLS));
  if (opts.category) q = q.where('o.category', '=', opts.category);
  if (opts.enabledOnly) q = q.where('o.enabled_mark', '=', 1);
  if (opts.keyword) {
    const kw = likeOf(opts.keyword);
    q = q.where((eb) => eb.or([eb('o.full_name', 'like', kw), eb('o.en_code', 'like', kw)]));
  }
  return q.orderBy('o.sort_code').orderBy('o.creator_time').execute();
}

/** The tree steps of base_organize (root '-1'; null, '0' and '' also mean none) in the request's language. */
const units = (req: FastifyRequest) =>
  treeCrud(req.server.kp.db, {
    table: 'base_organize',
    root: '-1',
    rootAliases: ['0', ''],
    messages: { hasChildren: msg('hasChildren', lang(req)), parentCycle: msg('parentCycle', lang(req)) },
  });

export async function loadOrg(req: FastifyRequest, id: string): Promise<OrgRow> {
  const r = await req.server.kp.db
    .selectFrom('base_organize')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return r ?? notFoundErr(req);
}

export async function assertInScope(req: FastifyRequest, menu: string, row: { id: string }) {
  if (!(await unitInScope(req, menu, row.id))) outOfScope(req);
}

export async function writeUnit(
  req: FastifyRequest,
  category: 'company' | 'department',
  body: OrganizeInput,
  existing?: OrgRow,
): Promise<string> {
  const ctx = req.server.kp;
  const db = ctx.db;
  const p: Principal = me(req);
  const menu = category === 'company' ? MENU.organize : MENU.department;
  const parentId = parentOf(body.parentId ?? null);
  let parent: OrgRow | undefined;
  if (parentId) {
    parent = await db.selectFrom('base_organize').selectAll().where('id', '=', parentId).executeTakeFirst();
    if (!parent) refuse(req, ApiCode.BAD_REQUEST, 'unknownOrganize');
    // An organisation hangs under an organisation; a department under either.
    if (category === 'company' && parent!.category !== 'company')
      refuse(req, ApiCode.BAD_REQUEST, 'unknownOrganize');
  } else if (category === 'department') refuse(req, ApiCode.BAD_REQUEST, 'unknownOrganize');
  // Creating or moving a unit needs its new parent in scope (a root needs scope all).
  if (!existing || parentOf(existing.parent_id) !== parentId) {
    if (!hasAllScope(p, menu) && !(parentId && (await unitInScope(req, menu, parentId)))) outOfScope(req);
  }
  if (existing) await units(req).refuseCycle(existing.id, parentId);
  await refuseDuplicateCode(req, 'base_organize', body.enCode, existing);
  if (body.managerId) {
    const m = await db
      .selectFrom('base_user')
      .select('id')
      .where('id', '=', body.managerId)
      .executeTakeFirst();
    if (!m) refuse(req, ApiCode.BAD_REQUEST, 'unknownUser');
  }
  const values = {
    parent_id: parentId ?? '-1',
    full_name: body.fullName,
    en_code: body.enCode,
    manager_id: body.managerId ?? null,
    sort_code: body.sortCode ?? 0,
    enabled_mark: body.enabledMark ?? 1,
    description: body.description ?? null,
    property_json: body.propertyJson ?? null,
  };
  if (!existing) {
    const id = newId();
    await db
      .insertInto('base_organize')
      .values({
        id,
        category,
        ...values,
        tree_path: parent ? `${parent.tree_path},${id}` : id,
        creator_user_id: p.userId,
      })
      .execute();
    await ctx.authz.invalidate();
    return id;
  }
  const newPath = parent ? `${parent.tree_path},${existing.id}` : existing.id;
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('base_organize')
      .set({ ...values, last_modify_time: new Date() })
      .where('id', '=', existing.id)
      .execute();
    if (newPath !== existing.tree_path) {
      const old = existing.tree_path;
      const rows = await tx
        .selectFrom('base_organize')
        .select(['id', 'tree_path'])
        .where((eb) =>
          eb.or([eb('tree_path', '=', old), eb('tree_path', 'like', `${likeOf(old).slice(1, -1)},%`)]),
        )
        .execute();
      for (const r of rows) {
        await tx
          .updateTable('base_organize')
          .set({ tree_path: newPath + r.tree_path.slice(old.length) })
          .where('id', '=', r.id)
          .execute();
      }
    }
  });
  await ctx.authz.invalidate();
  return existing.id;
}

export async function deleteUnit(req: FastifyRequest, row: OrgRow): Promise<void> {
  const ctx = req.server.kp;
  const db = ctx.db;
  await units(req).refuseChildren(row.id);
  const member = await db
    .selectFrom('base_user')
    .select('id')
    .where((eb) => eb.or([eb('organize_id', '=', row.id), eb('department_id', '=', row.id)]))
    .executeTakeFirst();
  if (member) refuse(req, ApiCode.CONFLICT, 'hasMembers');
  const position = await db
    .selectFrom('base_position')
    .select('id')
    .where('organize_id', '=', row.id)
    .executeTakeFirst();
  if (position) refuse(req, ApiCode.CONFLICT, 'hasPositions');
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('base_organize').where('id', '=', row.id).execute();
    await tx.deleteFrom('base_organize_admin').where('organize_id', '=', row.id).execute();
  });
  await ctx.authz.invalidate();
}

/** Rows for a parent picker: every unit except `id` and its subtree (id '0' excludes nothing). */
export function withoutSubtree(rows: OrgRow[], id: string): OrgRow[] {
  if (!id || id === '0' || id === '-1') return rows;
  return rows.filter((r) => r.id !== id && !r.tree_path.split(',').includes(id));
}
