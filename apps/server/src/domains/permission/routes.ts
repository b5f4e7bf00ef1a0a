// Roles (spec 4 §7 "Roles") and role grants (/api/permission/Authority/...). Menus permission.role and
// permission.authorize. A role with global_mark 0 belongs to a unit and is scoped by it; a global role is
// readable by everyone holding the menu but only changed with data scope 'all'.
import {
  ApiCode,
  OrganizeIdsBody,
  PermissionStateBody,
  RoleAuthority,
  RoleInput,
  SetColumnsBody,
} from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { itemNameIn } from '../../db/module-item-labels';
import { joinedNameIn, nameIn } from '../../db/stored-label';
import { buildTree } from '../../db/tree';
import { ok } from '../../http/envelope';
import { me } from '../auth/guard';
import { isDataScope } from '../auth/principal';
import { newId } from '../auth/tokens';
import { BTN, IdParam, lang, likeOf, MENU, outOfScope, paging, refuse } from './common';
import { msg } from './messages';
import { heldItems, ListQuery, loadRole, roleInfo, roleInScope, roleTree, writeRole } from './role-service';
import { filterOrNone, hasAllScope, ROLE_COLS } from './scope';

export default async function roleRoutes(app: FastifyInstance) {
  const role = { menu: MENU.role };
  const auth = { menu: MENU.authorize };
  const tags = ['permission'];
  const db = () => app.kp.db;

  app.get(
    '/api/permission/Role',
    {
      config: { permission: role },
      schema: { tags, summary: 'Roles (paged, data-scoped)', querystring: ListQuery },
    },
    async (req) => {
      const q = req.query as ListQuery;
      const language = lang(req);
      const { page, size, offset } = paging(q);
      let base = db().selectFrom('base_role as r').leftJoin('base_organize as o', 'o.id', 'r.organize_id');
      if (q.keyword) {
        const kw = likeOf(q.keyword);
        base = base.where((eb) => eb.or([eb('r.full_name', 'like', kw), eb('r.en_code', 'like', kw)]));
      }
      if (q.organizeId) base = base.where('r.organize_id', '=', q.organizeId);
      const scope = filterOrNone(me(req), MENU.role, ROLE_COLS);
      base = base.where((eb) => eb.or([eb('r.global_mark', '=', 1), scope]));
      const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll('r')
        .select(['o.full_name as org_name', 'o.full_name_i18n as org_name_i18n'])
        .orderBy('r.sort_code')
        .orderBy('r.creator_time')
        .limit(size)
        .offset(offset)
        .execute();
      return ok({
        list: rows.map((r) => roleInfo(r, language, joinedNameIn(r.org_name, r.org_name_i18n, language))),
        pagination: { currentPage: page, pageSize: size, total: Number(total.n) },
      });
    },
  );
  app.get(
    '/api/permission/Role/Selector',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Role picker tree (global and by unit)' },
    },
    async (req) => ok({ list: await roleTree(req) }),
  );
  app.get(
    '/api/permission/Role/SelectorByPermission',
    { config: { permission: role }, schema: { tags, summary: 'Roles the caller may assign (data-scoped)' } },
    async (req) => {
      const p = me(req);
      const all = hasAllScope(p, MENU.role);
      const mine = await db()
        .selectFrom('base_role as r')
        .select('r.id')
        .where('r.global_mark', '<>', 1)
        .where(filterOrNone(p, MENU.role, ROLE_COLS))
        .execute();
      const allowed = new Set(mine.map((r) => r.id));
      return ok({ list: await roleTree(req, (r) => all || allowed.has(r.id)) });
    },
  );
  app.post(
    '/api/permission/Role/getListByOrgIds',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags, summary: 'Enabled roles of the given units, plus global roles', body: OrganizeIdsBody },
    },
    async (req) => {
      const { organizeIds } = req.body as OrganizeIdsBody;
      const rows = await db()
        .selectFrom('base_role')
        .selectAll()
        .where('enabled_mark', '=', 1)
        .where((eb) =>
          eb.or([
            eb('global_mark', '=', 1),
            ...(organizeIds.length ? [eb('organize_id', 'in', organizeIds)] : []),
          ]),
        )
        .orderBy('sort_code')
        .execute();
      return ok({ list: rows.map((r) => roleInfo(r, lang(req))) });
    },
  );
  app.post(
    '/api/permission/Role',
    { config: { permission: { ...role, button: BTN.add } }, schema: { tags, body: RoleInput } },
    async (req) => ok({ id: await writeRole(req, req.body as RoleInput) }, msg('created', lang(req))),
  );
  app.get(
    '/api/permission/Role/:id',
    { config: { permission: role }, schema: { tags, params: IdParam } },
    async (req) => {
      const row = await loadRole(req, (req.params as IdParam).id);
      if (!(await roleInScope(req, MENU.role, row, false))) outOfScope(req);
      return ok(roleInfo(row));
    },
  );
  app.put(
    '/api/permission/Role/:id',
    {
      config: { permission: { ...role, button: BTN.edit } },
      schema: { tags, params: IdParam, body: RoleInput },
    },
    async (req) => {
      const row = await loadRole(req, (req.params as IdParam).id);
      if (!(await roleInScope(req, MENU.role, row, true))) outOfScope(req);
      await writeRole(req, req.body as RoleInput, row);
      return ok(null, msg('updated', lang(req)));
    },
  );
  app.delete(
    '/api/permission/Role/:id',
    { config: { permission: { ...role, button: BTN.remove } }, schema: { tags, params: IdParam } },
    async (req) => {
      const row = await loadRole(req, (req.params as IdParam).id);
      if (!(await roleInScope(req, MENU.role, row, true))) outOfScope(req);
      const member = await db()
        .selectFrom('base_user_relation')
        .select('id')
        .where('object_type', '=', 'Role')
        .where('object_id', '=', row.id)
        .executeTakeFirst();
      if (member) refuse(req, ApiCode.CONFLICT, 'roleHasUsers');
      await db()
        .transaction()
        .execute(async (tx) => {
          await tx.deleteFrom('base_role_authorize').where('role_id', '=', row.id).execute();
          await tx.deleteFrom('base_role').where('id', '=', row.id).execute();
        });
      await app.kp.authz.invalidate();
      return ok(null, msg('deleted', lang(req)));
    },
  );
  app.put(
    '/api/permission/Role/:id/Actions/State',
    // Body { enabledMark } sets it; an empty body toggles (the spec does not show the values sent).
    {
      config: { permission: { ...role, button: BTN.state } },
      schema: { tags, params: IdParam, body: { ...PermissionStateBody, nullable: true } },
    },
    async (req) => {
      const row = await loadRole(req, (req.params as IdParam).id);
      if (!(await roleInScope(req, MENU.role, row, true))) outOfScope(req);
      const want = (req.body as PermissionStateBody | null)?.enabledMark;
      const next = want ?? (row.enabled_mark === 1 ? 0 : 1);
      await db()
        .updateTable('base_role')
        .set({ enabled_mark: next, last_modify_time: new Date() })
        .where('id', '=', row.id)
        .execute();
      await app.kp.authz.invalidate();
      return ok({ enabledMark: next }, msg('updated', lang(req)));
    },
  );

  // ---- role grants (path chosen here: /api/permission/Authority/Data/{roleId}) ----
  app.get(
    '/api/permission/Authority/Data/:id',
    {
      config: { permission: auth },
      schema: { tags, summary: 'A role’s grants and the grantable catalogue', params: IdParam },
    },
    async (req) => {
      const p = me(req);
      const row = await loadRole(req, (req.params as IdParam).id);
      if (!(await roleInScope(req, MENU.authorize, row, false))) outOfScope(req);
      const grants = await db()
        .selectFrom('base_role_authorize')
        .selectAll()
        .where('role_id', '=', row.id)
        .execute();
      const held = await heldItems(req, p);
      // Seeded menus, buttons, columns and form fields in the request's language (issue 20).
      const language = lang(req);
      const modules = await db()
        .selectFrom('base_module')
        .selectAll()
        .where('enabled_mark', '=', 1)
        .orderBy('sort_code')
        .execute();
      const items = async (
        table: 'base_module_button' | 'base_module_column' | 'base_module_form',
        kind: 'button' | 'column' | 'form',
      ) =>
        (
          await db()
            .selectFrom(table)
            .selectAll()
            .where('enabled_mark', '=', 1)
            .orderBy('sort_code')
            .execute()
        )
          .filter((i) => held[kind].has(i.id))
          .map((i) => ({
            id: i.id,
            moduleId: i.module_id,
            fullName: itemNameIn(i.full_name, language),
            enCode: i.en_code,
          }));
      const of = (t: string) => grants.filter((g) => g.item_type === t).map((g) => g.item_id);
      return ok({
        roleId: row.id,
        module: of('module'),
        button: of('button'),
        column: of('column'),
        form: of('form'),
        dataScope: isDataScope(row.data_scope) ? row.data_scope : 'self',
        moduleDataScope: grants
          .filter((g) => g.item_type === 'data')
          .map((g) => ({ moduleId: g.item_id, scope: g.scope })),
        catalog: {
          module: buildTree(
            modules
              .filter((m) => held.module.has(m.id))
              .map((m) => ({
                id: m.id,
                parentId: m.parent_id,
                fullName: nameIn(m, language),
                enCode: m.en_code,
                type: m.type,
                icon: m.icon,
              })),
          ),
          button: await items('base_module_button', 'button'),
          column: await items('base_module_column', 'column'),
          form: await items('base_module_form', 'form'),
        },
      });
    },
  );
  app.put(
    '/api/permission/Authority/Data/:id',
    {
      config: { permission: { ...auth, button: BTN.edit } },
      schema: { tags, summary: 'Replace a role’s grants', params: IdParam, body: RoleAuthority },
    },
    async (req) => {
      const p = me(req);
      const row = await loadRole(req, (req.params as IdParam).id);
      if (!(await roleInScope(req, MENU.authorize, row, true))) outOfScope(req);
      const all = hasAllScope(p, MENU.authorize);
      const body = req.body as RoleAuthority;
      const held = await heldItems(req, p);
      // Only what the caller holds may be granted; unknown or foreign ids are refused, naming the list.
      for (const kind of ['module', 'button', 'column', 'form'] as const) {
        const bad = body[kind].find((id) => !held[kind].has(id));
        if (bad) refuse(req, ApiCode.FORBIDDEN, 'noPermission');
      }
      for (const o of body.moduleDataScope ?? [])
        if (!held.module.has(o.moduleId)) refuse(req, ApiCode.FORBIDDEN, 'noPermission');
      const scopes = [body.dataScope, ...(body.moduleDataScope ?? []).map((o) => o.scope)];
      if (!all && scopes.includes('all')) outOfScope(req);
      await db()
        .transaction()
        .execute(async (tx) => {
          await tx.deleteFrom('base_role_authorize').where('role_id', '=', row.id).execute();
          const rows: Array<{
            id: string;
            role_id: string;
            item_type: string;
            item_id: string;
            scope: string | null;
          }> = [];
          for (const kind of ['module', 'button', 'column', 'form'] as const)
            for (const id of new Set(body[kind]))
              rows.push({ id: newId(), role_id: row.id, item_type: kind, item_id: id, scope: null });
          const seen = new Set<string>();
          for (const o of body.moduleDataScope ?? []) {
            if (seen.has(o.moduleId)) continue;
            seen.add(o.moduleId);
            rows.push({
              id: newId(),
              role_id: row.id,
              item_type: 'data',
              item_id: o.moduleId,
              scope: o.scope,
            });
          }
          for (let i = 0; i < rows.length; i += 500)
            await tx
              .insertInto('base_role_authorize')
              .values(rows.slice(i, i + 500))
              .execute();
          await tx
            .updateTable('base_role')
            .set({ data_scope: body.dataScope, last_modify_time: new Date() })
            .where('id', '=', row.id)
            .execute();
        });
      await app.kp.authz.invalidate();
      return ok(null, msg('updated', lang(req)));
    },
  );

  // ---- list column settings per module (the caller's own) ----
  app.get(
    '/api/permission/Authority/GetColumnsByModuleId/:id',
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags, summary: 'The caller’s column settings of a module they hold', params: IdParam },
    },
    async (req) => {
      const p = me(req);
      const { id } = req.params as IdParam;
      const mod = p.moduleRows.find((m) => m.id === id || m.en_code === id);
      if (!mod) refuse(req, ApiCode.FORBIDDEN, 'noPermission');
      const saved = await db()
        .selectFrom('base_column_setting')
        .select('field_list')
        .where('user_id', '=', p.userId)
        .where('module_id', '=', mod!.id)
        .executeTakeFirst();
      const granted = p.modules.get(mod!.en_code)?.columns ?? new Set<string>();
      const cols = await db()
        .selectFrom('base_module_column')
        .select(['en_code', 'full_name'])
        .where('module_id', '=', mod!.id)
        .orderBy('sort_code')
        .execute();
      const fallback = cols
        .filter((c) => granted.has(c.en_code))
        .map((c) => ({ prop: c.en_code, label: c.full_name, visible: true }));
      return ok({ moduleId: mod!.id, fieldList: saved?.field_list ?? JSON.stringify(fallback) });
    },
  );
  app.put(
    '/api/permission/Authority/SetColumnsByModuleId',
    {
      config: { permission: { signedIn: 'self' } },
      schema: { tags, summary: 'Save the caller’s column settings of a module', body: SetColumnsBody },
    },
    async (req) => {
      const p = me(req);
      const { moduleId, fieldList } = req.body as SetColumnsBody;
      const mod = p.moduleRows.find((m) => m.id === moduleId || m.en_code === moduleId);
      if (!mod) refuse(req, ApiCode.FORBIDDEN, 'noPermission');
      let parsed: unknown;
      try {
        parsed = JSON.parse(fieldList);
      } catch {
        parsed = undefined;
      }
      if (!Array.isArray(parsed)) refuse(req, ApiCode.BAD_REQUEST, 'badFieldList');
      await db()
        .insertInto('base_column_setting')
        .values({ user_id: p.userId, module_id: mod!.id, field_list: fieldList })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'module_id'])
            .doUpdateSet({ field_list: fieldList, last_modify_time: new Date() }),
        )
        .execute();
      return ok(null, msg('updated', lang(req)));
    },
  );
}
