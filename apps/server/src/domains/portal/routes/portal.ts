import {
  IdParams,
  PortalFormDataBody,
  PortalListQuery,
  PortalRoleBody,
  validatePortal,
  validatePortalLayout,
} from '@kp/schema';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PortalTable } from '../../../db/types';
import { likeOf, ts } from '../../../db/values';
import { conflict, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { allows, me } from '../../auth/guard';
import { canUsePortal } from '../../auth/objects';
import type { Principal } from '../../auth/principal';
import { newId } from '../../auth/tokens';
import { bad } from '../../message/texts';
import { idList } from '../../message/users';

const MENU = 'portal.design';
const tags = ['portal'];
const Any = Type.Object({}, { additionalProperties: true });

type Row = { [K in keyof PortalTable]: PortalTable[K] extends { __select__: infer S } ? S : PortalTable[K] };

const parseName = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};

function portalOut(r: Row, formData: string, extra: Record<string, unknown> = {}) {
  return {
    id: r.id,
    fullName: parseName(r.full_name),
    enCode: r.en_code,
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    type: r.type,
    category: r.category,
    description: r.description,
    formData: JSON.parse(formData),
    creatorTime: ts(r.creator_time as Date),
    lastModifyTime: ts(r.last_modify_time),
    releaseTime: ts(r.release_time),
    ...extra,
  };
}

/** Checks a portal body with validatePortal (@kp/schema); answers the first issue as `path: message`. */
function checkPortal(body: unknown) {
  // the id is the server's: a create body may leave it out
  const b = body && typeof body === 'object' ? { id: 'new', ...(body as object) } : body;
  const r = validatePortal(b);
  if (!r.ok) throw bad(`${r.errors[0].path}: ${r.errors[0].message}`);
  const v = r.value as Record<string, unknown> & { fullName: unknown; enCode: string; formData: unknown };
  return {
    full_name: JSON.stringify(v.fullName),
    en_code: v.enCode,
    sort_code: typeof v.sortCode === 'number' ? v.sortCode : 0,
    enabled_mark: v.enabledMark === 0 ? 0 : 1,
    type: v.type === undefined ? null : String(v.type),
    category: typeof v.category === 'string' ? v.category : '1',
    description: typeof v.description === 'string' ? v.description : null,
    form_data:
      typeof v.formData === 'string' ? JSON.stringify(JSON.parse(v.formData)) : JSON.stringify(v.formData),
  };
}

function checkLayout(formData: unknown): string {
  let v = formData;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw bad('formData: is not valid JSON');
    }
  }
  const r = validatePortalLayout(v);
  if (!r.ok)
    throw bad(
      `formData${r.errors[0].path === '(root)' ? '' : `.${r.errors[0].path}`}: ${r.errors[0].message}`,
    );
  return JSON.stringify(r.value);
}

/**
 * Portals, /api/portal (spec 3 §7). Designing (list, create, PUT, formdataUpdate, DELETE, release,
 * setPortalRole) needs the portal.design menu and its buttons. Viewing (GET /{id} of a released portal
 * the caller's roles may see, GET info) and personal layouts (POST personal/{id}, POST /{id}/Reset)
 * need a session. Users see the released layout (or their personal copy); designers get the draft.
 * A portal without role rows is for everyone.
 */
export default async function portalRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  const db = ctx.db;

  /** audience: the caller may use the released portal (objects.canUsePortal). */
  const mayView = (p: Principal, r: Row) => canUsePortal(ctx.db, p, r);
  /** The caller's own layout of a portal: one he may use, or any portal for its designers. */
  const mayPersonalise = (p: Principal, r: Row) => canUsePortal(ctx.db, p, r, allows(p, { menu: MENU }));
  const get = async (id: string) => {
    const r = await db.selectFrom('base_portal').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    return r as Row;
  };
  const personal = async (portalId: string, userId: string) =>
    (
      await db
        .selectFrom('base_portal_personal')
        .select('form_data')
        .where('portal_id', '=', portalId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.form_data ?? null;

  /** What a user sees: the personal layout, else the released one. */
  const viewOf = async (r: Row, userId: string) => {
    const mine = await personal(r.id, userId);
    return portalOut(r, mine ?? r.released_form_data ?? r.form_data, {
      isPersonal: mine !== null,
      released: r.released_form_data !== null,
    });
  };

  app.get(
    '/api/portal',
    { config: { permission: { menu: MENU } }, schema: { tags, querystring: PortalListQuery } },
    async (req) => {
      const q = req.query as PortalListQuery;
      let qb = db.selectFrom('base_portal').selectAll();
      if (q.keyword)
        qb = qb.where((eb) =>
          eb.or([eb('full_name', 'ilike', likeOf(q.keyword!)), eb('en_code', 'ilike', likeOf(q.keyword!))]),
        );
      if (q.category) qb = qb.where('category', '=', q.category);
      const rows = (await qb.orderBy('sort_code').orderBy('creator_time').execute()) as Row[];
      return ok({
        list: rows.map((r) => {
          const { formData: _f, ...rest } = portalOut(r, 'null');
          return { ...rest, isRelease: r.released_form_data !== null ? 1 : 0 };
        }),
      });
    },
  );

  app.get(
    '/api/portal/info',
    { config: { permission: { signedIn: 'audience' } }, schema: { tags } },
    async (req) => {
      const p = me(req);
      const u = await ctx.db
        .selectFrom('base_user')
        .select('portal_id')
        .where('id', '=', p.userId)
        .executeTakeFirst();
      const candidates = (await db
        .selectFrom('base_portal')
        .selectAll()
        .where('enabled_mark', '=', 1)
        .where('released_form_data', 'is not', null)
        .orderBy('sort_code')
        .orderBy('creator_time')
        .execute()) as Row[];
      const preferred = candidates.find((c) => c.id === u?.portal_id);
      for (const c of preferred ? [preferred, ...candidates] : candidates) {
        if (await mayView(p, c)) return ok(await viewOf(c, p.userId));
      }
      throw notFound('暂无门户');
    },
  );

  app.get(
    '/api/portal/:id',
    { config: { permission: { signedIn: 'audience' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const p = me(req);
      const r = await get((req.params as IdParams).id);
      if (allows(p, { menu: MENU })) {
        const view = await viewOf(r, p.userId);
        return ok({ ...view, formData: JSON.parse(r.form_data), userFormData: view.formData });
      }
      if (r.enabled_mark !== 1 || r.released_form_data === null || !(await mayView(p, r))) throw notFound();
      return ok(await viewOf(r, p.userId));
    },
  );

  const uniqueCode = async (code: string, except?: string) => {
    let qb = db.selectFrom('base_portal').select('id').where('en_code', '=', code);
    if (except) qb = qb.where('id', '!=', except);
    if (await qb.executeTakeFirst()) throw conflict(`enCode: 编码已存在 ${code}`);
  };

  app.post(
    '/api/portal',
    { config: { permission: { menu: MENU, button: 'btn_add' } }, schema: { tags, body: Any } },
    async (req) => {
      const v = checkPortal(req.body);
      await uniqueCode(v.en_code);
      const id = newId();
      await db
        .insertInto('base_portal')
        .values({ id, ...v, creator_user_id: me(req).userId })
        .execute();
      return ok(id, '新建成功');
    },
  );

  app.put(
    '/api/portal/:id',
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { tags, params: IdParams, body: Any },
    },
    async (req) => {
      const r = await get((req.params as IdParams).id);
      const v = checkPortal(req.body);
      await uniqueCode(v.en_code, r.id);
      await db
        .updateTable('base_portal')
        .set({ ...v, last_modify_time: new Date() })
        .where('id', '=', r.id)
        .execute();
      return ok(null, '修改成功');
    },
  );

  app.put(
    '/api/portal/formdataUpdate/:id',
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { tags, params: IdParams, body: PortalFormDataBody },
    },
    async (req) => {
      const r = await get((req.params as IdParams).id);
      const formData = checkLayout((req.body as PortalFormDataBody).formData);
      await db
        .updateTable('base_portal')
        .set({ form_data: formData, last_modify_time: new Date() })
        .where('id', '=', r.id)
        .execute();
      return ok(null, '保存成功');
    },
  );

  app.delete(
    '/api/portal/:id',
    { config: { permission: { menu: MENU, button: 'btn_remove' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const r = await get((req.params as IdParams).id);
      await ctx.db.transaction().execute(async (tx) => {
        const t = tx;
        await t.deleteFrom('base_portal_personal').where('portal_id', '=', r.id).execute();
        await t.deleteFrom('base_portal_role').where('portal_id', '=', r.id).execute();
        await t.deleteFrom('base_portal').where('id', '=', r.id).execute();
      });
      return ok(null, '删除成功');
    },
  );

  /** The caller's own customised layout of a portal he may view. */
  app.post(
    '/api/portal/personal/:id',
    {
      config: { permission: { signedIn: 'audience' } },
      schema: { tags, params: IdParams, body: PortalFormDataBody },
    },
    async (req: FastifyRequest) => {
      const p = me(req);
      const r = await get((req.params as IdParams).id);
      if (!(await mayPersonalise(p, r))) throw notFound();
      const formData = checkLayout((req.body as PortalFormDataBody).formData);
      await db
        .insertInto('base_portal_personal')
        .values({ portal_id: r.id, user_id: p.userId, form_data: formData })
        .onConflict((oc) =>
          oc
            .columns(['portal_id', 'user_id'])
            .doUpdateSet({ form_data: formData, last_modify_time: new Date() }),
        )
        .execute();
      return ok(null, '保存成功');
    },
  );

  /** Drops the caller's personal layout (back to the released one). */
  app.post(
    '/api/portal/:id/Reset',
    { config: { permission: { signedIn: 'audience' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const p = me(req);
      const r = await get((req.params as IdParams).id);
      // Someone else's portal answers as if it did not exist (no layout of it is returned).
      if (!(await mayPersonalise(p, r))) throw notFound();
      await db
        .deleteFrom('base_portal_personal')
        .where('portal_id', '=', r.id)
        .where('user_id', '=', p.userId)
        .execute();
      return ok(await viewOf(r, p.userId), '重置成功');
    },
  );

  app.post(
    '/api/portal/release/:id',
    { config: { permission: { menu: MENU, button: 'btn_release' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const r = await get((req.params as IdParams).id);
      await db
        .updateTable('base_portal')
        .set({ released_form_data: r.form_data, release_time: new Date() })
        .where('id', '=', r.id)
        .execute();
      return ok(null, '发布成功');
    },
  );

  app.post(
    '/api/portal/:id/Actions/setPortalRole',
    {
      config: { permission: { menu: MENU, button: 'btn_setRole' } },
      schema: { tags, params: IdParams, body: PortalRoleBody },
    },
    async (req) => {
      const r = await get((req.params as IdParams).id);
      const roleIds = idList((req.body as PortalRoleBody).roleIds, 'roleIds');
      if (roleIds.length) {
        const known = await ctx.db.selectFrom('base_role').select('id').where('id', 'in', roleIds).execute();
        if (known.length !== roleIds.length) throw bad('roleIds: 角色不存在');
      }
      await ctx.db.transaction().execute(async (tx) => {
        const t = tx;
        await t.deleteFrom('base_portal_role').where('portal_id', '=', r.id).execute();
        if (roleIds.length)
          await t
            .insertInto('base_portal_role')
            .values(roleIds.map((role_id) => ({ portal_id: r.id, role_id })))
            .execute();
      });
      return ok(null, '保存成功');
    },
  );
}
