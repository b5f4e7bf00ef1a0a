// /api/visualdev/Base: the designed items of online development (spec 4 §7): list, read, create,
// update, delete, copy, release (a menu entry of type 3 whose page runs the item), the form's fields,
// the records a relation field can pick, and the selector.
import {
  IdParams,
  type Language,
  PageQuery,
  VisualDevBody,
  VisualDevQuery,
  type VisualDevReleaseBody,
  VisualDevReleaseBody as VisualDevReleaseBodySchema,
} from '@kp/schema';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { copyName, shownName } from '../../../db/stored-label';
import { countOf, nameOrCodeIlike, ts } from '../../../db/values';
import { badRequest, conflict } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { requestLanguage } from '../../../http/i18n';
import { paged, pageOf } from '../../../http/paging';
import { me } from '../../auth/guard';
import { newId } from '../../auth/tokens';
import { CODE_MSG, CODE_RE } from '../../system/system-tables';
import {
  type BaseRow,
  checkDesign,
  compiledOf,
  DESIGN_ORDER,
  evictItemModel,
  inRequestLanguage,
  loadItem,
  mainFields,
  VMSG,
} from '../common';
import { itemFields, type RelationQuery, relationPage, selectableItems } from '../relation-select';

export const MENU = 'onlineDev.webDesign';
const tags = ['visualdev'];

/** Buttons and their names of a released item's menu entry (the runtime checks these codes). */
export const RUNTIME_BUTTONS: Array<[string, string]> = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
  ['btn_detail', '详情'],
  ['btn_batchRemove', '批量删除'],
  ['btn_download', '导出'],
  ['btn_upload', '导入'],
];

/** A function in a list (named in `lang`), or as stored without a language (the detail, which is edited). */
const summary = (r: BaseRow, lang?: Language) => ({
  id: r.id,
  fullName: shownName(r, lang),
  enCode: r.en_code,
  category: r.category,
  type: r.type,
  webType: r.web_type,
  state: r.state,
  enabledMark: r.enabled_mark,
  sortCode: r.sort_code,
  description: r.description,
  menuId: r.menu_id,
  creatorUserId: r.creator_user_id,
  creatorTime: ts(r.creator_time),
  lastModifyTime: ts(r.last_modify_time),
  releaseTime: ts(r.release_time),
});

const full = (r: BaseRow) => ({
  ...summary(r),
  formData: JSON.parse(r.form_data),
  columnData: JSON.parse(r.column_data),
});

export default async function baseRoutes(app: FastifyInstance) {
  const db = app.kp.db;

  const checkUnique = async (enCode: string, fullName: string, except?: string) => {
    if (!CODE_RE.test(enCode)) throw badRequest(`enCode: ${CODE_MSG}`);
    let q = db
      .selectFrom('visualdev_base')
      .select(['en_code', 'full_name'])
      .where((eb) => eb.or([eb('en_code', '=', enCode), eb('full_name', '=', fullName)]));
    if (except) q = q.where('id', '<>', except);
    const hit = await q.executeTakeFirst();
    if (hit) throw conflict(hit.en_code === enCode ? VMSG.codeTaken : VMSG.nameTaken);
    // The released menu entry takes the item's enCode: it must not clash with another menu.
    const menu = await db
      .selectFrom('base_module')
      .select('id')
      .where('en_code', '=', enCode)
      .executeTakeFirst();
    if (menu) {
      const own = except
        ? await db
            .selectFrom('visualdev_base')
            .select('id')
            .where('id', '=', except)
            .where('menu_id', '=', menu.id)
            .executeTakeFirst()
        : undefined;
      if (!own) throw conflict(VMSG.codeTaken);
    }
  };

  app.get(
    '/api/visualdev/Base',
    { config: { permission: { menu: MENU } }, schema: { tags, querystring: VisualDevQuery } },
    async (req) => {
      const q = req.query as VisualDevQuery;
      const p = pageOf(q);
      const listed = inRequestLanguage(req, summary);
      let base = db.selectFrom('visualdev_base');
      if (q.keyword) base = base.where(nameOrCodeIlike(q.keyword));
      if (q.category) base = base.where('category', '=', q.category);
      const [total, rows] = await Promise.all([
        countOf(base),
        base.selectAll().orderBy(DESIGN_ORDER).limit(p.pageSize).offset(p.offset).execute(),
      ]);
      return ok(paged(rows.map(listed), p, total));
    },
  );

  app.get(
    '/api/visualdev/Base/Selector',
    {
      // designers: every released item; others: the items whose released menu they hold (relation-select.ts)
      config: { permission: { signedIn: 'scope' } },
      schema: { tags, querystring: Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 200 })) }) },
    },
    async (req) => {
      const { keyword } = req.query as { keyword?: string };
      return ok({ list: await selectableItems(db, me(req), keyword, requestLanguage(req)) });
    },
  );

  app.get(
    '/api/visualdev/Base/:id',
    { config: { permission: { menu: MENU } }, schema: { tags, params: IdParams } },
    async (req) => ok(full(await loadItem(db, (req.params as IdParams).id))),
  );

  app.post(
    '/api/visualdev/Base',
    { config: { permission: { menu: MENU, button: 'btn_add' } }, schema: { tags, body: VisualDevBody } },
    async (req) => {
      const b = req.body as VisualDevBody;
      if (!CODE_RE.test(b.enCode)) throw badRequest(`enCode: ${CODE_MSG}`);
      const webType = b.webType ?? 2;
      const { form, columns } = checkDesign(b.formData, b.columnData, webType);
      await checkUnique(b.enCode, b.fullName);
      const id = newId();
      await db
        .insertInto('visualdev_base')
        .values({
          id,
          full_name: b.fullName,
          en_code: b.enCode,
          category: b.category ?? '',
          web_type: webType,
          form_data: JSON.stringify(form),
          column_data: JSON.stringify(columns),
          sort_code: b.sortCode ?? 0,
          enabled_mark: b.enabledMark ?? 1,
          description: b.description ?? null,
          creator_user_id: me(req).userId,
        })
        .execute();
      return ok(id, '新建成功');
    },
  );

  app.put(
    '/api/visualdev/Base/:id',
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { tags, params: IdParams, body: VisualDevBody },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      const b = req.body as VisualDevBody;
      if (!CODE_RE.test(b.enCode)) throw badRequest(`enCode: ${CODE_MSG}`);
      const old = await loadItem(db, id);
      const webType = b.webType ?? old.web_type;
      const { form, columns } = checkDesign(b.formData, b.columnData ?? old.column_data, webType);
      await checkUnique(b.enCode, b.fullName, id);
      if (old.menu_id && b.enCode !== old.en_code) throw badRequest(`enCode: 已发布的功能不能修改编码`);
      await db
        .updateTable('visualdev_base')
        .set({
          full_name: b.fullName,
          en_code: b.enCode,
          category: b.category ?? old.category,
          web_type: webType,
          form_data: JSON.stringify(form),
          column_data: JSON.stringify(columns),
          sort_code: b.sortCode ?? old.sort_code,
          enabled_mark: b.enabledMark ?? old.enabled_mark,
          description: b.description === undefined ? old.description : b.description,
          state: old.state === 0 ? 0 : 2,
          last_modify_time: new Date(),
        })
        .where('id', '=', id)
        .execute();
      return ok(null, '更新成功');
    },
  );

  app.delete(
    '/api/visualdev/Base/:id',
    { config: { permission: { menu: MENU, button: 'btn_remove' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      const row = await loadItem(db, id);
      await db.transaction().execute(async (tx) => {
        if (row.menu_id) {
          // The menu entry, its items and the grants on them go with the item.
          const mid = row.menu_id;
          for (const t of ['base_module_button', 'base_module_column', 'base_module_form'] as const) {
            const ids = (await tx.selectFrom(t).select('id').where('module_id', '=', mid).execute()).map(
              (r) => r.id,
            );
            if (ids.length) await tx.deleteFrom('base_role_authorize').where('item_id', 'in', ids).execute();
            await tx.deleteFrom(t).where('module_id', '=', mid).execute();
          }
          await tx.deleteFrom('base_role_authorize').where('item_id', '=', mid).execute();
          await tx.deleteFrom('base_module').where('id', '=', mid).execute();
        }
        await tx.deleteFrom('visualdev_base').where('id', '=', id).execute();
      });
      if (row.menu_id) await app.kp.authz.invalidate();
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/api/visualdev/Base/:id/Actions/Copy',
    { config: { permission: { menu: MENU, button: 'btn_copy' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const row = await loadItem(db, (req.params as IdParams).id);
      const suffix = Date.now().toString(36).slice(-5);
      const id = newId();
      await db
        .insertInto('visualdev_base')
        .values({
          id,
          ...copyName(row, suffix),
          en_code: `${row.en_code}${suffix}`.slice(0, 50),
          category: row.category,
          type: row.type,
          web_type: row.web_type,
          form_data: row.form_data,
          column_data: row.column_data,
          sort_code: row.sort_code,
          enabled_mark: row.enabled_mark,
          description: row.description,
          creator_user_id: me(req).userId,
        })
        .execute();
      return ok(id, '复制成功');
    },
  );

  app.post(
    '/api/visualdev/Base/:id/Actions/Release',
    {
      config: { permission: { menu: MENU, button: 'btn_release' } },
      schema: { tags, params: IdParams, body: Type.Optional(VisualDevReleaseBodySchema) },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      const b = (req.body ?? {}) as VisualDevReleaseBody;
      const row = await loadItem(db, id);
      if (b.pcIsRelease === 0) return ok(null, '发布成功');
      // The design is checked again: what is released is what users run.
      checkDesign(row.form_data, row.column_data, row.web_type);
      let parentId = b.pcModuleParentId;
      if (parentId) {
        const parent = await db
          .selectFrom('base_module')
          .select(['id', 'type'])
          .where('id', '=', parentId)
          .executeTakeFirst();
        if (parent?.type !== 1) throw badRequest('pcModuleParentId: 上级菜单不存在或不是目录');
      } else {
        const dir = await db
          .selectFrom('base_module')
          .select('id')
          .where('en_code', '=', 'onlineDev')
          .executeTakeFirst();
        parentId = dir?.id ?? '-1';
      }
      const now = new Date();
      await db.transaction().execute(async (tx) => {
        let menuId = row.menu_id;
        const exists = menuId
          ? await tx.selectFrom('base_module').select('id').where('id', '=', menuId).executeTakeFirst()
          : undefined;
        const values = {
          parent_id: parentId,
          full_name: row.full_name,
          en_code: row.en_code,
          type: 3,
          url_address: `model/${row.en_code}`,
          icon: 'icon-ym icon-ym-webForm',
          category: 'Web',
          property_json: JSON.stringify({ moduleId: row.id, isTree: 0 }),
          link_target: '_self',
        };
        if (exists && menuId) {
          await tx.updateTable('base_module').set(values).where('id', '=', menuId).execute();
        } else {
          menuId = newId();
          await tx
            .insertInto('base_module')
            .values({ id: menuId, ...values, sort_code: row.sort_code })
            .execute();
          let i = 0;
          for (const [code, name] of RUNTIME_BUTTONS) {
            await tx
              .insertInto('base_module_button')
              .values({ id: newId(), module_id: menuId, en_code: code, full_name: name, sort_code: i++ })
              .execute();
          }
        }
        // Columns and form fields follow the released design (their permission codes are the field names).
        evictItemModel(row.id); // the previous release's models leave the cache
        const compiled = compiledOf({ ...row, released_form_data: row.form_data, release_time: now });
        const mid = menuId;
        const wanted = mainFields(compiled).map((f) => [f.vModel, f.label || f.vModel] as [string, string]);
        for (const t of ['base_module_column', 'base_module_form'] as const) {
          const have = await tx
            .selectFrom(t)
            .select(['id', 'en_code'])
            .where('module_id', '=', mid)
            .execute();
          const keep = new Set(wanted.map(([c]) => c));
          const gone = have.filter((h) => !keep.has(h.en_code)).map((h) => h.id);
          if (gone.length) {
            await tx.deleteFrom('base_role_authorize').where('item_id', 'in', gone).execute();
            await tx.deleteFrom(t).where('id', 'in', gone).execute();
          }
          const present = new Set(have.map((h) => h.en_code));
          let i = 0;
          for (const [code, name] of wanted) {
            if (present.has(code))
              await tx
                .updateTable(t)
                .set({ full_name: name, sort_code: i++ })
                .where('module_id', '=', mid)
                .where('en_code', '=', code)
                .execute();
            else
              await tx
                .insertInto(t)
                .values({ id: newId(), module_id: mid, en_code: code, full_name: name, sort_code: i++ })
                .execute();
          }
        }
        await tx
          .updateTable('visualdev_base')
          .set({
            state: 1,
            menu_id: menuId,
            released_form_data: row.form_data,
            released_column_data: row.column_data,
            release_time: now,
          })
          .where('id', '=', id)
          .execute();
      });
      await app.kp.authz.invalidate();
      return ok(null, '发布成功');
    },
  );

  app.get(
    '/api/visualdev/Base/:id/FormDataFields',
    { config: { permission: { signedIn: 'scope' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const { fields } = await itemFields(db, me(req), (req.params as IdParams).id);
      return ok({ list: fields.map((f) => ({ vModel: f.vModel, label: f.label, jnpfKey: f.key })) });
    },
  );

  app.get(
    '/api/visualdev/Base/:id/FieldDataSelect',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: {
        tags,
        params: IdParams,
        querystring: Type.Object({
          ...PageQuery.properties,
          relationField: Type.Optional(Type.String({ maxLength: 100 })),
          /** Field names shown in the popup, comma-separated. */
          columnOptions: Type.Optional(Type.String({ maxLength: 2000 })),
        }),
      },
    },
    // A relation-form field's popup: the records of another released item the caller may read (relation-select.ts).
    async (req) =>
      ok(await relationPage(db, me(req), (req.params as IdParams).id, req.query as RelationQuery)),
  );
}
