import {
  DictionaryDataBody,
  DictionaryDataQuery,
  type DictionarySelectorOption,
  DictionaryTypeBody,
  IdParams,
  type Language,
} from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { nameIn, storedLabels, typedLabelJson } from '../../../db/stored-label';
import { treeCrud } from '../../../db/tree-crud';
import type { Database } from '../../../db/types';
import { badRequest, conflict, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { requestLanguage } from '../../../http/i18n';
import { me } from '../../auth/guard';
import { newId } from '../../auth/tokens';
import { refuseDuplicate, toggleMark } from '../crud';
import { checkCode, MENU, SelParams, TypeParams } from '../dictionary-service';
import { buttonRoute, jsonFile } from '../system-tables';

/**
 * Dictionaries (spec 4 §7). Reads need a session only (forms and pickers of every user read them);
 * changes need the systemData.dictionary module with btn_add / btn_edit / btn_remove, export btn_export.
 * Dictionary data always come from sys_dictionary_data by type id or type enCode: there is no
 * client-chosen table (the whitelist of sources is this one table).
 *
 * Names (issue 20): the lists, trees and selectors that feed pickers, selects and the admin's lists name a
 * seeded row in the request's language (full_name_i18n, db/stored-label.ts); the single-row reads the edit
 * dialogs load (DictionaryType/{id}, DictionaryData/{id}/Info) give the stored full_name, the value an
 * administrator edits, with the names in every language (fullNameI18n {zh, zhtw?, en?}); the export gives
 * the stored full_name. The create and update bodies may carry fullNameI18n {zhtw, en}: the names an
 * administrator typed, which count until changed, also after a rename (db/stored-label.ts); an update
 * without it leaves the stored names as they are.
 */
type TypeRow = Selectable<Database['sys_dictionary_type']>;
type DataRow = Selectable<Database['sys_dictionary_data']>;

/** `lang`: the name in that language (lists); without it the stored name (edit dialogs, export). */
const typeView = (r: TypeRow, lang?: Language) => ({
  id: r.id,
  parentId: r.parent_id,
  fullName: lang ? nameIn(r, lang) : r.full_name,
  enCode: r.en_code,
  isTree: r.is_tree,
  sortCode: r.sort_code,
  description: r.description,
});

/** The written columns of a type (besides its id, parent and the creator / modify stamps). */
const typeValues = (b: DictionaryTypeBody) => ({
  full_name: b.fullName,
  ...labelsOf(b),
  en_code: b.enCode,
  is_tree: b.isTree ?? 0,
  sort_code: b.sortCode ?? 0,
  description: b.description ?? null,
});

/** The written columns of a data item (besides its id, type, parent and the stamps). */
const dataValues = (b: DictionaryDataBody) => ({
  full_name: b.fullName,
  ...labelsOf(b),
  en_code: b.enCode,
  sort_code: b.sortCode ?? 0,
  enabled_mark: b.enabledMark ?? 1,
  description: b.description ?? null,
});

const dataView = (r: DataRow, lang?: Language) => ({
  id: r.id,
  dictionaryTypeId: r.type_id,
  parentId: r.parent_id,
  fullName: lang ? nameIn(r, lang) : r.full_name,
  enCode: r.en_code,
  sortCode: r.sort_code,
  enabledMark: r.enabled_mark,
  description: r.description,
});

/** An edit read: the stored row with its names in every language while they count. */
const withLabels = <R extends TypeRow | DataRow, V>(r: R, view: (r: R) => V) => {
  const fullNameI18n = storedLabels(r);
  return { ...view(r), ...(fullNameI18n ? { fullNameI18n } : {}) };
};

/** full_name_i18n of a create or update: the typed names; none given on an update: the stored ones stay. */
const labelsOf = (body: { fullNameI18n?: { zhtw?: string; en?: string } }) =>
  body.fullNameI18n ? { full_name_i18n: typedLabelJson(body.fullNameI18n) } : {};

export default async function dictionaryRoutes(app: FastifyInstance) {
  const db = app.kp.db;
  // Types: one tree (root '-1'; '0' also means none). Data: one tree per type (root '0'; '-1' also none).
  const types = treeCrud(db, {
    table: 'sys_dictionary_type',
    root: '-1',
    rootAliases: ['0'],
    messages: { hasChildren: '该类型下有子类型，不能删除' },
  });
  const dataTree = (typeId?: string) =>
    treeCrud(db, {
      table: 'sys_dictionary_data',
      root: '0',
      rootAliases: ['-1', ''],
      scope: typeId === undefined ? undefined : { column: 'type_id', value: typeId },
      messages: { hasChildren: '该数据下有子数据，不能删除' },
    });

  const typeRows = async (lang?: Language) =>
    (
      await db
        .selectFrom('sys_dictionary_type')
        .selectAll()
        .orderBy('sort_code')
        .orderBy('creator_time')
        .execute()
    ).map((r) => typeView(r, lang));

  /** A type by id or by enCode. */
  const findType = async (key: string) => {
    const t = await db
      .selectFrom('sys_dictionary_type')
      .selectAll()
      .where((eb) => eb.or([eb('id', '=', key), eb('en_code', '=', key)]))
      .executeTakeFirst();
    if (!t) throw notFound();
    return t;
  };

  const dataQuery = (typeId: string, enabledOnly = false) =>
    db
      .selectFrom('sys_dictionary_data')
      .selectAll()
      .where('type_id', '=', typeId)
      .$if(enabledOnly, (q) => q.where('enabled_mark', '=', 1))
      .orderBy('sort_code')
      .orderBy('creator_time')
      .execute();
  const dataRows = async (typeId: string, enabledOnly = false, lang?: Language) =>
    (await dataQuery(typeId, enabledOnly)).map((r) => dataView(r, lang));

  // ---- types ----
  app.get(
    '/api/system/DictionaryType',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags: ['system'] } },
    async (req) => ok({ list: types.tree(await typeRows(requestLanguage(req))) }),
  );

  app.get(
    '/api/system/DictionaryType/Selector/:id',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags: ['system'], params: IdParams } },
    async (req) => {
      // The parent picker of a type: every type except {id} and its descendants (0: none excluded).
      const { id } = req.params as IdParams;
      return ok({ list: types.tree(types.pickable(await typeRows(requestLanguage(req)), id)) });
    },
  );

  app.get(
    '/api/system/DictionaryType/:id',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags: ['system'], params: IdParams },
    },
    async (req) => {
      return ok(withLabels(await findType((req.params as IdParams).id), typeView));
    },
  );

  app.post(
    '/api/system/DictionaryType',
    {
      config: { permission: { menu: MENU, button: 'btn_add' } },
      schema: { tags: ['system'], body: DictionaryTypeBody },
    },
    async (req) => {
      const body = req.body as DictionaryTypeBody;
      checkCode(body.enCode);
      const id = await types.create(body.parentId, async (parentId) => {
        await refuseDuplicate(db, 'sys_dictionary_type', body, null);
        const id = newId();
        await db
          .insertInto('sys_dictionary_type')
          .values({ id, parent_id: parentId, ...typeValues(body), creator_user_id: me(req).userId })
          .execute();
        return id;
      });
      return ok(id, '新建成功');
    },
  );

  app.put(
    '/api/system/DictionaryType/:id',
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { tags: ['system'], params: IdParams, body: DictionaryTypeBody },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      const body = req.body as DictionaryTypeBody;
      checkCode(body.enCode);
      await types.update(id, body.parentId, async (parentId) => {
        await refuseDuplicate(db, 'sys_dictionary_type', body, id);
        return db
          .updateTable('sys_dictionary_type')
          .set({ parent_id: parentId, ...typeValues(body), last_modify_time: new Date() })
          .where('id', '=', id)
          .executeTakeFirst();
      });
      return ok(null, '更新成功');
    },
  );

  app.delete('/api/system/DictionaryType/:id', buttonRoute(MENU, 'btn_remove'), async (req) => {
    const { id } = req.params as IdParams;
    await types.remove(id, async () => {
      const data = await db
        .selectFrom('sys_dictionary_data')
        .select('id')
        .where('type_id', '=', id)
        .executeTakeFirst();
      if (data) throw conflict('该类型下有字典数据，不能删除');
    });
    return ok(null, '删除成功');
  });

  // ---- data ----
  app.get(
    '/api/system/DictionaryData/All',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags: ['system'] } },
    async (req) => {
      const lang = requestLanguage(req);
      const types = await typeRows(lang);
      const data = await db
        .selectFrom('sys_dictionary_data')
        .select(['id', 'type_id', 'parent_id', 'full_name', 'full_name_i18n', 'en_code'])
        .where('enabled_mark', '=', 1)
        .orderBy('sort_code')
        .execute();
      return ok({
        list: types.map((t) => ({
          id: t.id,
          enCode: t.enCode,
          fullName: t.fullName,
          isTree: t.isTree,
          dictionaryList: data
            .filter((d) => d.type_id === t.id)
            .map((d) => ({ id: d.id, parentId: d.parent_id, enCode: d.en_code, fullName: nameIn(d, lang) })),
        })),
      });
    },
  );

  app.get(
    '/api/system/DictionaryData/:typeId',
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: { tags: ['system'], params: TypeParams, querystring: DictionaryDataQuery },
    },
    async (req) => {
      const t = await findType((req.params as { typeId: string }).typeId);
      const q = req.query as DictionaryDataQuery;
      const lang = requestLanguage(req);
      const kw = q.keyword?.trim().toLowerCase();
      // The keyword finds a row by its name as shown, its stored name or its code.
      const rows = (await dataQuery(t.id))
        .filter(
          (r) => !kw || [nameIn(r, lang), r.full_name, r.en_code].some((s) => s.toLowerCase().includes(kw)),
        )
        .map((r) => dataView(r, lang));
      const tree = String(q.isTree ?? t.is_tree) === '1' && !kw;
      return ok({ list: tree ? dataTree(t.id).tree(rows) : rows });
    },
  );

  app.get(
    '/api/system/DictionaryData/:typeId/Selector/:parent',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags: ['system'], params: SelParams } },
    async (req) => {
      // Parent picker for a data item being edited: the type's tree without item {parent} and its subtree.
      const { typeId, parent } = req.params as { typeId: string; parent: string };
      const t = await findType(typeId);
      const data = dataTree(t.id);
      return ok({ list: data.tree(data.pickable(await dataRows(t.id, true, requestLanguage(req)), parent)) });
    },
  );

  app.get(
    '/api/system/DictionaryData/:typeId/Data/Selector',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags: ['system'], params: TypeParams } },
    async (req) => {
      const t = await findType((req.params as { typeId: string }).typeId);
      const rows = await dataRows(t.id, true, requestLanguage(req));
      const list: DictionarySelectorOption[] = rows.map((r) => ({
        id: r.id,
        enCode: r.enCode,
        fullName: r.fullName,
      }));
      return ok({ list });
    },
  );

  /** The type of a data item being written (400 when there is none), after the code rule. */
  const dataType = async (body: DictionaryDataBody) => {
    checkCode(body.enCode);
    const t = await db
      .selectFrom('sys_dictionary_type')
      .select('id')
      .where('id', '=', body.dictionaryTypeId)
      .executeTakeFirst();
    if (!t) throw badRequest('dictionaryTypeId: 字典分类不存在');
    return t.id;
  };

  app.post(
    '/api/system/DictionaryData',
    {
      config: { permission: { menu: MENU, button: 'btn_add' } },
      schema: { tags: ['system'], body: DictionaryDataBody },
    },
    async (req) => {
      const body = req.body as DictionaryDataBody;
      const typeId = await dataType(body);
      const id = await dataTree(typeId).create(body.parentId, async (parentId) => {
        await refuseDuplicate(db, 'sys_dictionary_data', body, null, typeId);
        const id = newId();
        await db
          .insertInto('sys_dictionary_data')
          .values({
            id,
            type_id: typeId,
            parent_id: parentId,
            ...dataValues(body),
            creator_user_id: me(req).userId,
          })
          .execute();
        return id;
      });
      return ok(id, '新建成功');
    },
  );

  app.put(
    '/api/system/DictionaryData/:id',
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { tags: ['system'], params: IdParams, body: DictionaryDataBody },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      const body = req.body as DictionaryDataBody;
      const cur = await db
        .selectFrom('sys_dictionary_data')
        .select('type_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!cur) throw notFound();
      if (cur.type_id !== body.dictionaryTypeId) throw badRequest('dictionaryTypeId: 不能修改字典分类');
      const typeId = await dataType(body);
      await dataTree(typeId).update(id, body.parentId, async (parentId) => {
        await refuseDuplicate(db, 'sys_dictionary_data', body, id, typeId);
        return db
          .updateTable('sys_dictionary_data')
          .set({ parent_id: parentId, ...dataValues(body), last_modify_time: new Date() })
          .where('id', '=', id)
          .executeTakeFirst();
      });
      return ok(null, '更新成功');
    },
  );

  app.delete('/api/system/DictionaryData/:id', buttonRoute(MENU, 'btn_remove'), async (req) => {
    const { id } = req.params as IdParams;
    await dataTree().remove(id);
    return ok(null, '删除成功');
  });

  app.get(
    '/api/system/DictionaryData/:id/Info',
    { config: { permission: { signedIn: 'public-data' } }, schema: { tags: ['system'], params: IdParams } },
    async (req) => {
      const r = await db
        .selectFrom('sys_dictionary_data')
        .selectAll()
        .where('id', '=', (req.params as IdParams).id)
        .executeTakeFirst();
      if (!r) throw notFound();
      return ok(withLabels(r, dataView));
    },
  );

  app.put('/api/system/DictionaryData/:id/Actions/State', buttonRoute(MENU, 'btn_edit'), async (req) => {
    const enabledMark = await toggleMark(db, 'sys_dictionary_data', (req.params as IdParams).id, req.body);
    return ok({ enabledMark }, '更新成功');
  });

  app.get(
    '/api/system/DictionaryData/:id/Action/Export',
    {
      config: { permission: { menu: MENU, button: 'btn_export' }, tokenInQuery: true },
      schema: { tags: ['system'], params: IdParams },
    },
    async (req, reply) => {
      // {id} is the dictionary type: the file holds the type and all its data.
      const t = await findType((req.params as IdParams).id);
      const data = await dataRows(t.id);
      return jsonFile(reply, `${t.full_name}`, {
        dictionaryType: {
          id: t.id,
          parentId: t.parent_id,
          fullName: t.full_name,
          enCode: t.en_code,
          isTree: t.is_tree,
        },
        list: data,
      });
    },
  );
}
