// /api/visualdev/OnlineDev: the runtime of a released item (spec 4 §7): its config, the paged list with
// search and sort, create/read/update/delete of records, batch delete, Excel export, import template,
// import (preview and commit) and the export of the rows an import refused. Permissions are checked
// against the item's released menu entry (its buttons btn_add, btn_edit, …) and rows by data scope.
import {
  IdParams,
  OnlineExceptionBody,
  OnlineExportBody,
  OnlineIdsBody,
  OnlineImportBody,
  OnlineListBody,
  OnlineRecordBody,
  OnlineRecordParams,
} from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ts } from '../../../db/values';
import { ApiError, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { requestLanguage, translate } from '../../../http/i18n';
import { me } from '../../auth/guard';
import { newId } from '../../auth/tokens';
import { formFileIds, linkFiles } from '../../file/links';
import { displayRecords } from '../../form/display';
import { valuesFromText } from '../../form/display-import';
import { scopeFilter } from '../../permission/data-scope';
import {
  columnsOf,
  fieldGrants,
  grantContext,
  loadReleased,
  modelOf,
  recordData,
  requireGrant,
  VMSG,
  withEveryField,
} from '../common';
import { readRecords, storeWorkbook, uploadedWorkbook, workbookName, writeRecords } from '../excel';
import { filtered, listOut, listReadable, orderOf, SCOPE_COLS } from '../online-list';

const tags = ['visualdev'];
const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');

export default async function onlineRoutes(app: FastifyInstance) {
  const db = app.kp.db;

  /** The released item, after checking the caller may use it (and the button). */
  const open = async (req: FastifyRequest, id: string, button?: string) => {
    const { row, menu } = await loadReleased(db, id);
    requireGrant(me(req), menu, button);
    const model = modelOf(row);
    return { row, menu, model, compiled: model.compiled };
  };

  app.get(
    '/api/visualdev/OnlineDev/:id/Config',
    { config: { permission: { signedIn: 'scope' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const { row, menu, model } = await open(req, (req.params as IdParams).id);
      const p = me(req);
      const grant = p.modules.get(menu);
      const { columns, forms } = fieldGrants(p, menu);
      const cols = columnsOf(row);
      const formAccess = model.access(grantContext(p, menu, 'form'));
      return ok({
        id: row.id,
        fullName: row.full_name,
        enCode: row.en_code,
        webType: row.web_type,
        formData: JSON.parse(row.released_form_data!),
        columnData: columns
          ? {
              ...cols,
              columnList: cols.columnList.filter((c) => columns.has(c.prop)),
              searchList: (cols.searchList ?? []).filter((c) => columns.has(c.prop)),
            }
          : cols,
        /** Fields outside the granted form codes: hidden and not written (renderer formOperates). */
        formOperates: forms
          ? model.compiled.fields
              .filter((f) => !f.table && !formAccess.get(f.path)?.readable)
              .map((f) => ({ id: f.vModel, read: false, write: false }))
          : [],
        menuId: row.menu_id,
        buttons: p.isAdministrator ? null : [...(grant?.buttons ?? [])],
      });
    },
  );

  app.post(
    '/api/visualdev/OnlineDev/:id/List',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: { tags, params: IdParams, body: OnlineListBody },
    },
    async (req) => {
      const b = (req.body ?? {}) as OnlineListBody;
      const { row, menu } = await open(req, (req.params as IdParams).id);
      const { q } = filtered(db, me(req), row, menu, b);
      const cols = columnsOf(row);
      const currentPage = b.currentPage ?? 1;
      const pageSize = cols.hasPage === false ? 500 : (b.pageSize ?? cols.pageSize ?? 20);
      const [{ n }, rows] = await Promise.all([
        q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
        orderOf(me(req), row, menu, b)
          .reduce(
            (qb, o) => qb.orderBy(o),
            q.select(['r.id', 'r.data', 'r.creator_time', 'r.creator_user_id', 'r.version']),
          )
          .limit(pageSize)
          .offset((currentPage - 1) * pageSize)
          .execute(),
      ]);
      const model = modelOf(row);
      const { access } = listReadable(me(req), row, menu);
      // Lists show names and labels (users, departments, dictionaries, regions, dates), not stored ids;
      // fields outside the caller's column grants are not in the rows at all.
      const shown = await displayRecords(
        req.server.kp.db,
        model.compiled,
        rows.map((r) => model.project(listOut(r), access)),
        { lang: requestLanguage(req) },
      );
      return ok({
        list: shown.map((r) => model.project(r, access)),
        pagination: { currentPage, pageSize, total: Number(n) },
      });
    },
  );

  app.post(
    '/api/visualdev/OnlineDev/:id',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: { tags, params: IdParams, body: OnlineRecordBody },
    },
    async (req) => {
      const { row, menu, model } = await open(req, (req.params as IdParams).id, 'btn_add');
      const input = (req.body as OnlineRecordBody).data;
      const data = await recordData(req, model, input, null, grantContext(me(req), menu, 'form'));
      const p = me(req);
      const id = newId();
      // attachments: the author's own uploads (file/links.ts); a refusal stores nothing
      await linkFiles(db, p, 'online_record', id, formFileIds(model.compiled, data), 'data');
      await db
        .insertInto('visualdev_record')
        .values({
          id,
          module_id: row.id,
          data: JSON.stringify(data),
          creator_user_id: p.userId,
          organize_id: p.organizeId ?? null,
          department_id: p.departmentId ?? null,
        })
        .execute();
      return ok(id, '新建成功');
    },
  );

  const loadRecord = async (req: FastifyRequest, moduleId: string, recordId: string, menu: string) => {
    const r = await db
      .selectFrom('visualdev_record as r')
      .selectAll()
      .where('r.id', '=', recordId)
      .where('r.module_id', '=', moduleId)
      .where(scopeFilter(me(req), menu, SCOPE_COLS))
      .executeTakeFirst();
    if (!r) throw notFound();
    return r;
  };

  app.get(
    '/api/visualdev/OnlineDev/:id/:recordId',
    { config: { permission: { signedIn: 'scope' } }, schema: { tags, params: OnlineRecordParams } },
    async (req) => {
      const { id, recordId } = req.params as OnlineRecordParams;
      const { menu, model } = await open(req, id);
      const r = await loadRecord(req, id, recordId, menu);
      const data = model.project(
        JSON.parse(r.data) as Record<string, unknown>,
        grantContext(me(req), menu, 'form'),
      );
      return ok({ id: r.id, data, version: r.version, creatorTime: ts(r.creator_time) });
    },
  );

  app.get(
    '/api/visualdev/OnlineDev/:id/:recordId/DataChange',
    { config: { permission: { signedIn: 'scope' } }, schema: { tags, params: OnlineRecordParams } },
    async (req) => {
      // The record as shown on the detail page: option labels instead of values.
      const { id, recordId } = req.params as OnlineRecordParams;
      const { menu, model } = await open(req, id);
      const r = await loadRecord(req, id, recordId, menu);
      // Only what the caller's form grants let them read (project()), before names are looked up.
      const data = model.project(
        withEveryField(model.compiled, JSON.parse(r.data) as Record<string, unknown>),
        grantContext(me(req), menu, 'form'),
      );
      const [shown] = await displayRecords(req.server.kp.db, model.compiled, [data], {
        lang: requestLanguage(req),
      });
      const out: Record<string, unknown> = {};
      for (const f of model.compiled.fields)
        if (!f.table && f.vModel in data) out[f.vModel] = shown?.[f.vModel] ?? '';
      return ok({ id: r.id, data: out });
    },
  );

  app.put(
    '/api/visualdev/OnlineDev/:id/:recordId',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: { tags, params: OnlineRecordParams, body: OnlineRecordBody },
    },
    async (req) => {
      const { id, recordId } = req.params as OnlineRecordParams;
      const b = req.body as OnlineRecordBody;
      const { menu, model } = await open(req, id, 'btn_edit');
      const old = await loadRecord(req, id, recordId, menu);
      if (b.version !== undefined && b.version !== old.version) throw new ApiError(409, VMSG.stale);
      const stored = JSON.parse(old.data) as Record<string, unknown>;
      // Fields the caller may not write (form grants) keep their stored values whatever was posted.
      const data = await recordData(req, model, b.data, stored, grantContext(me(req), menu, 'form'));
      await linkFiles(db, me(req), 'online_record', recordId, formFileIds(model.compiled, data), 'data');
      const res = await db
        .updateTable('visualdev_record')
        .set({
          data: JSON.stringify(data),
          last_modify_user_id: me(req).userId,
          last_modify_time: new Date(),
          version: old.version + 1,
        })
        .where('id', '=', recordId)
        .where('version', '=', old.version)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new ApiError(409, VMSG.stale);
      return ok(null, '更新成功');
    },
  );

  app.delete(
    '/api/visualdev/OnlineDev/:id/:recordId',
    { config: { permission: { signedIn: 'scope' } }, schema: { tags, params: OnlineRecordParams } },
    async (req) => {
      const { id, recordId } = req.params as OnlineRecordParams;
      const { menu } = await open(req, id, 'btn_remove');
      await loadRecord(req, id, recordId, menu);
      await db
        .deleteFrom('visualdev_record')
        .where('id', '=', recordId)
        .where('module_id', '=', id)
        .execute();
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/api/visualdev/OnlineDev/batchDelete/:id',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: { tags, params: IdParams, body: OnlineIdsBody },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      const { ids } = req.body as OnlineIdsBody;
      const { menu } = await open(req, id, 'btn_batchRemove');
      // Only the caller's rows in scope go; any other id fails the whole call and nothing is deleted.
      const visible = await db
        .selectFrom('visualdev_record as r')
        .select('r.id')
        .where('r.module_id', '=', id)
        .where('r.id', 'in', ids)
        .where(scopeFilter(me(req), menu, SCOPE_COLS))
        .execute();
      const uniq = new Set(ids);
      if (visible.length !== uniq.size) throw notFound();
      await db
        .deleteFrom('visualdev_record')
        .where('module_id', '=', id)
        .where('id', 'in', [...uniq])
        .execute();
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/api/visualdev/OnlineDev/:id/Actions/Export',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: { tags, params: IdParams, body: OnlineExportBody },
    },
    async (req) => {
      const b = (req.body ?? {}) as OnlineExportBody;
      const { row, menu, model } = await open(req, (req.params as IdParams).id, 'btn_download');
      const { q } = filtered(db, me(req), row, menu, b);
      let rq = orderOf(me(req), row, menu, b).reduce((qb, o) => qb.orderBy(o), q.select(['r.id', 'r.data']));
      if (String(b.dataType ?? '0') === '0') {
        const pageSize = b.pageSize ?? columnsOf(row).pageSize ?? 20;
        rq = rq.limit(pageSize).offset(((b.currentPage ?? 1) - 1) * pageSize);
      } else rq = rq.limit(50_000);
      const rows = await rq.execute();
      const { columns } = fieldGrants(me(req), menu);
      const { access, readable } = listReadable(me(req), row, menu);
      let keys = (b.selectKey ?? []).filter(Boolean);
      if (columns) keys = (keys.length ? keys : [...readable]).filter((k) => readable.has(k));
      const shown = await displayRecords(
        req.server.kp.db,
        model.compiled,
        rows.map((r) => model.project(JSON.parse(r.data) as Record<string, unknown>, access)),
        { keep: ['files'], orgPaths: true, lang: requestLanguage(req) },
      );
      const bytes = await writeRecords(model.compiled, shown, { keys, lang: requestLanguage(req) });
      return ok(await storeWorkbook(req, `${row.full_name}_${stamp()}.xlsx`, bytes));
    },
  );

  app.get(
    '/api/visualdev/OnlineDev/:id/Template',
    { config: { permission: { signedIn: 'scope' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const { row, compiled } = await open(req, (req.params as IdParams).id, 'btn_upload');
      const bytes = await writeRecords(compiled, [], { template: true, lang: requestLanguage(req) });
      return ok(
        await storeWorkbook(
          req,
          `${workbookName('template', row.full_name, requestLanguage(req))}.xlsx`,
          bytes,
        ),
      );
    },
  );

  /** Parses an uploaded workbook and checks every row as a create would; nothing is written. */
  const checkImport = async (req: FastifyRequest, id: string) => {
    const { row, menu, model, compiled } = await open(req, id, 'btn_upload');
    const ctx = grantContext(me(req), menu, 'form');
    const bytes = await uploadedWorkbook(req, (req.body as OnlineImportBody).fileId);
    const lang = requestLanguage(req);
    const rows = await readRecords(compiled, bytes, lang);
    // Names and labels typed or exported (users, departments, dictionaries, dates) back into stored values.
    const missed = await valuesFromText(req.server.kp.db, compiled, rows);
    const checked: Array<{
      data: Record<string, unknown>;
      stored?: Record<string, unknown>;
      errorsInfo?: string;
    }> = [];
    for (const [i, data] of rows.entries()) {
      try {
        if (missed[i]?.length) throw new ApiError(400, missed[i]!.join('；'));
        checked.push({ data, stored: await recordData(req, model, data, null, ctx) });
      } catch (e) {
        // errorsInfo is data, not the answer's msg: each reason is translated here, in the request's language.
        const reasons = (e instanceof ApiError ? e.message : String(e)).split('；');
        checked.push({
          data,
          errorsInfo: reasons.map((m) => translate(m, lang)).join(lang === 'en' ? '; ' : '；'),
        });
      }
    }
    return { row, checked };
  };

  app.post(
    '/api/visualdev/OnlineDev/:id/Actions/ImportPreview',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: { tags, params: IdParams, body: OnlineImportBody },
    },
    async (req) => {
      const { checked } = await checkImport(req, (req.params as IdParams).id);
      return ok({
        list: checked.map((c) => ({ data: c.data, errorsInfo: c.errorsInfo ?? '' })),
        snum: checked.filter((c) => !c.errorsInfo).length,
        fnum: checked.filter((c) => c.errorsInfo).length,
      });
    },
  );

  app.post(
    '/api/visualdev/OnlineDev/:id/Actions/Import',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: { tags, params: IdParams, body: OnlineImportBody },
    },
    async (req) => {
      const { row, checked } = await checkImport(req, (req.params as IdParams).id);
      const good = checked.filter((c) => c.stored).map((c) => ({ ...c, id: newId() }));
      const p = me(req);
      if (good.length) {
        await db.transaction().execute(async (tx) => {
          // an imported cell naming another user's file is refused like a typed one (file/links.ts)
          const compiled = modelOf(row).compiled;
          for (const g of good)
            await linkFiles(tx, p, 'online_record', g.id, formFileIds(compiled, g.stored ?? {}), 'data');
          for (let i = 0; i < good.length; i += 500) {
            await tx
              .insertInto('visualdev_record')
              .values(
                good.slice(i, i + 500).map((c) => ({
                  id: c.id,
                  module_id: row.id,
                  data: JSON.stringify(c.stored),
                  creator_user_id: p.userId,
                  organize_id: p.organizeId ?? null,
                  department_id: p.departmentId ?? null,
                })),
              )
              .execute();
          }
        });
      }
      const failResult = checked
        .filter((c) => c.errorsInfo)
        .map((c) => ({ data: c.data, errorsInfo: c.errorsInfo }));
      return ok(
        { snum: good.length, fnum: failResult.length, resultType: failResult.length ? 1 : 0, failResult },
        failResult.length ? `导入成功${good.length}条，失败${failResult.length}条` : '导入成功',
      );
    },
  );

  app.post(
    '/api/visualdev/OnlineDev/:id/Actions/ExportData',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: { tags, params: IdParams, body: OnlineExceptionBody },
    },
    async (req) => {
      const { row, compiled } = await open(req, (req.params as IdParams).id, 'btn_upload');
      const { list } = req.body as OnlineExceptionBody;
      const bytes = await writeRecords(
        compiled,
        list.map((l) => l.data),
        { template: true, errors: list.map((l) => l.errorsInfo ?? ''), lang: requestLanguage(req) },
      );
      return ok(
        await storeWorkbook(
          req,
          `${workbookName('failed', row.full_name, requestLanguage(req))}_${stamp()}.xlsx`,
          bytes,
        ),
      );
    },
  );
}
