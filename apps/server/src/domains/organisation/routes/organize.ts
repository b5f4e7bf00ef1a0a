// Organisations and departments (spec 4 §7 "Organisations and departments"), one tree in base_organize
// (category 'company' | 'department'). Menus: permission.organize for organisations, permission.department
// for departments; every list and every write is limited to the caller's data scope on that menu.
import { ApiCode, DepartmentInput, OrganizeAdminBody, OrganizeInput, OrganizeListQuery } from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nameIn } from '../../../db/stored-label';
import { ok } from '../../../http/envelope';
import { newId } from '../../auth/tokens';
import { BTN, IdParam, lang, MENU, notFoundErr, refuse } from '../../permission/common';
import { msg } from '../../permission/messages';
import {
  assertInScope,
  deleteUnit,
  loadOrg,
  organizeInfo,
  orgTree,
  scopedRows,
  withoutSubtree,
  writeUnit,
} from '../organize-service';

export default async function organizeRoutes(app: FastifyInstance) {
  /** The unit {id} of this category, within the caller's data scope of its menu (404 otherwise). */
  const unitInScope = async (req: FastifyRequest, category: 'company' | 'department') => {
    const row = await loadOrg(req, (req.params as IdParam).id);
    if (row.category !== category) notFoundErr(req);
    await assertInScope(req, category === 'company' ? MENU.organize : MENU.department, row);
    return row;
  };
  const org = { menu: MENU.organize };
  const dep = { menu: MENU.department };
  const tags = ['permission'];
  /** Every unit in the trees' order (the pickers' source). */
  const units = () =>
    app.kp.db.selectFrom('base_organize').selectAll().orderBy('sort_code').orderBy('creator_time');

  // ---- organisations ----
  app.get(
    '/api/permission/Organize',
    {
      config: { permission: org },
      schema: {
        tags,
        summary: 'Organisation tree (companies and departments)',
        querystring: OrganizeListQuery,
      },
    },
    async (req) => {
      const q = req.query as OrganizeListQuery;
      const rows = await scopedRows(req, MENU.organize, { keyword: q.keyword });
      return ok({
        list: orgTree(
          q.enabledMark === undefined ? rows : rows.filter((r) => r.enabled_mark === q.enabledMark),
          lang(req),
        ),
      });
    },
  );
  app.get(
    '/api/permission/Organize/Selector/:id',
    // Pickers: any signed-in user; basic fields only. id: the unit being edited (excluded with its subtree).
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Organisation picker tree (companies)', params: IdParam },
    },
    async (req) => {
      const { id } = req.params as IdParam;
      const rows = await units().where('category', '=', 'company').execute();
      return ok({ list: orgTree(withoutSubtree(rows, id), lang(req)) });
    },
  );
  app.get(
    '/api/permission/Organize/Tree',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Whole unit tree for pickers' },
    },
    async (req) => ok({ list: orgTree(await units().execute(), lang(req)) }),
  );
  app.post(
    '/api/permission/Organize',
    {
      config: { permission: { ...org, button: BTN.add } },
      schema: { tags, summary: 'Create an organisation', body: OrganizeInput },
    },
    async (req) => {
      const id = await writeUnit(req, 'company', req.body as OrganizeInput);
      return ok({ id }, msg('created', lang(req)));
    },
  );
  app.get(
    '/api/permission/Organize/:id',
    { config: { permission: org }, schema: { tags, params: IdParam } },
    async (req) => {
      const row = await loadOrg(req, (req.params as IdParam).id);
      await assertInScope(req, row.category === 'company' ? MENU.organize : MENU.department, row);
      return ok(organizeInfo(row));
    },
  );
  app.put(
    '/api/permission/Organize/:id',
    {
      config: { permission: { ...org, button: BTN.edit } },
      schema: { tags, params: IdParam, body: OrganizeInput },
    },
    async (req) => {
      const row = await unitInScope(req, 'company');
      await writeUnit(req, 'company', req.body as OrganizeInput, row);
      return ok(null, msg('updated', lang(req)));
    },
  );
  app.delete(
    '/api/permission/Organize/:id',
    { config: { permission: { ...org, button: BTN.remove } }, schema: { tags, params: IdParam } },
    async (req) => {
      const row = await unitInScope(req, 'company');
      await deleteUnit(req, row);
      return ok(null, msg('deleted', lang(req)));
    },
  );
  app.post(
    '/api/permission/Organize/sysOrganize/:id',
    // No third-party directory is configured: "sync" rebuilds the stored paths of the unit's subtree
    // from the parent links and refreshes every cached permission (documented in README).
    {
      config: { permission: { ...org, button: BTN.edit } },
      schema: { tags, summary: 'Re-sync a unit subtree', params: IdParam },
    },
    async (req) => {
      const row = await loadOrg(req, (req.params as IdParam).id);
      await assertInScope(req, MENU.organize, row);
      const db = app.kp.db;
      const all = await db.selectFrom('base_organize').select(['id', 'parent_id', 'tree_path']).execute();
      const byId = new Map(all.map((r) => [r.id, r]));
      const pathOf = (id: string): string => {
        const chain: string[] = [];
        const seen = new Set<string>();
        let cur: string | null = id;
        while (cur && byId.has(cur) && !seen.has(cur)) {
          seen.add(cur);
          chain.unshift(cur);
          cur = byId.get(cur)!.parent_id;
        }
        return chain.join(',');
      };
      let fixed = 0;
      for (const r of all) {
        if (r.id !== row.id && !pathOf(r.id).split(',').includes(row.id)) continue;
        const p = pathOf(r.id);
        if (p !== r.tree_path) {
          await db.updateTable('base_organize').set({ tree_path: p }).where('id', '=', r.id).execute();
          fixed++;
        }
      }
      await app.kp.authz.invalidate();
      return ok({ fixed });
    },
  );

  // ---- organisation administrators ----
  app.get(
    '/api/permission/organizeAdminIsTrator/:id',
    {
      config: { permission: { admin: true } },
      schema: { tags, summary: 'Units a user administers (id: user id)', params: IdParam },
    },
    async (req) => {
      const { id } = req.params as IdParam;
      const rows = await app.kp.db
        .selectFrom('base_organize_admin as a')
        .innerJoin('base_organize as o', 'o.id', 'a.organize_id')
        .select([
          'a.organize_id',
          'o.full_name',
          'o.full_name_i18n',
          'o.category',
          'a.this_layer_add',
          'a.this_layer_edit',
          'a.this_layer_delete',
          'a.this_layer_select',
          'a.sub_layer_add',
          'a.sub_layer_edit',
          'a.sub_layer_delete',
          'a.sub_layer_select',
        ])
        .where('a.user_id', '=', id)
        .execute();
      const language = lang(req);
      return ok({
        list: rows.map((r) => ({
          organizeId: r.organize_id,
          fullName: nameIn(r, language),
          type: r.category,
          thisLayerAdd: r.this_layer_add,
          thisLayerEdit: r.this_layer_edit,
          thisLayerDelete: r.this_layer_delete,
          thisLayerSelect: r.this_layer_select,
          subLayerAdd: r.sub_layer_add,
          subLayerEdit: r.sub_layer_edit,
          subLayerDelete: r.sub_layer_delete,
          subLayerSelect: r.sub_layer_select,
        })),
      });
    },
  );
  app.put(
    '/api/permission/organizeAdminIsTrator/:id',
    {
      config: { permission: { admin: true } },
      schema: {
        tags,
        summary: 'Replace the units a user administers',
        params: IdParam,
        body: OrganizeAdminBody,
      },
    },
    async (req) => {
      const { id } = req.params as IdParam;
      const { list } = req.body as OrganizeAdminBody;
      const db = app.kp.db;
      const user = await db.selectFrom('base_user').select('id').where('id', '=', id).executeTakeFirst();
      if (!user) refuse(req, ApiCode.NOT_FOUND, 'unknownUser');
      const ids = [...new Set(list.map((g) => g.organizeId))];
      if (ids.length) {
        const found = await db.selectFrom('base_organize').select('id').where('id', 'in', ids).execute();
        if (found.length !== ids.length) refuse(req, ApiCode.BAD_REQUEST, 'unknownOrganize');
      }
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('base_organize_admin').where('user_id', '=', id).execute();
        const seen = new Set<string>();
        for (const g of list) {
          if (seen.has(g.organizeId)) continue;
          seen.add(g.organizeId);
          await tx
            .insertInto('base_organize_admin')
            .values({
              id: newId(),
              user_id: id,
              organize_id: g.organizeId,
              this_layer_add: g.thisLayerAdd ?? 0,
              this_layer_edit: g.thisLayerEdit ?? 0,
              this_layer_delete: g.thisLayerDelete ?? 0,
              this_layer_select: g.thisLayerSelect ?? 0,
              sub_layer_add: g.subLayerAdd ?? 0,
              sub_layer_edit: g.subLayerEdit ?? 0,
              sub_layer_delete: g.subLayerDelete ?? 0,
              sub_layer_select: g.subLayerSelect ?? 0,
            })
            .execute();
        }
      });
      await app.kp.authz.invalidate(id);
      return ok(null, msg('updated', lang(req)));
    },
  );

  // ---- departments ----
  app.get(
    '/api/permission/Organize/:id/Department',
    {
      config: { permission: dep },
      schema: {
        tags,
        summary: 'Departments below a unit (data-scoped)',
        params: IdParam,
        querystring: OrganizeListQuery,
      },
    },
    async (req) => {
      const { id } = req.params as IdParam;
      const q = req.query as OrganizeListQuery;
      const rows = await scopedRows(req, MENU.department, { category: 'department', keyword: q.keyword });
      const below =
        id === '0' || id === '-1'
          ? rows
          : rows.filter((r) => r.tree_path.split(',').includes(id) && r.id !== id);
      const filtered =
        q.enabledMark === undefined ? below : below.filter((r) => r.enabled_mark === q.enabledMark);
      return ok({ list: orgTree(filtered, lang(req)) });
    },
  );
  app.get(
    '/api/permission/Organize/Department/Selector/:id',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: {
        tags,
        summary: 'Unit picker for a department (id excluded with its subtree)',
        params: IdParam,
      },
    },
    async (req) => {
      const rows = await units().execute();
      return ok({ list: orgTree(withoutSubtree(rows, (req.params as IdParam).id), lang(req)) });
    },
  );
  app.get(
    '/api/permission/Organize/Department/SelectorByAuth/:id',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: {
        tags,
        summary: 'Unit picker limited to the caller’s data scope on departments',
        params: IdParam,
      },
    },
    async (req) => {
      const rows = await scopedRows(req, MENU.department, { enabledOnly: true });
      return ok({ list: orgTree(withoutSubtree(rows, (req.params as IdParam).id), lang(req)) });
    },
  );
  app.post(
    '/api/permission/Organize/Department',
    {
      config: { permission: { ...dep, button: BTN.add } },
      schema: { tags, summary: 'Create a department', body: DepartmentInput },
    },
    async (req) => {
      const id = await writeUnit(req, 'department', req.body as DepartmentInput);
      return ok({ id }, msg('created', lang(req)));
    },
  );
  app.get(
    '/api/permission/Organize/Department/:id',
    { config: { permission: dep }, schema: { tags, params: IdParam } },
    async (req) => {
      const row = await unitInScope(req, 'department');
      return ok(organizeInfo(row));
    },
  );
  app.put(
    '/api/permission/Organize/Department/:id',
    {
      config: { permission: { ...dep, button: BTN.edit } },
      schema: { tags, params: IdParam, body: DepartmentInput },
    },
    async (req) => {
      const row = await unitInScope(req, 'department');
      await writeUnit(req, 'department', req.body as DepartmentInput, row);
      return ok(null, msg('updated', lang(req)));
    },
  );
  app.delete(
    '/api/permission/Organize/Department/:id',
    { config: { permission: { ...dep, button: BTN.remove } }, schema: { tags, params: IdParam } },
    async (req) => {
      const row = await unitInScope(req, 'department');
      await deleteUnit(req, row);
      return ok(null, msg('deleted', lang(req)));
    },
  );
}
