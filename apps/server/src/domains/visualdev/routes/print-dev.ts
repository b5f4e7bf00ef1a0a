// /api/system/printDev (spec 4 §7 "Print design"): HTML print templates with {field} placeholders bound
// to an online-developed form (type 2) or a flow (type 1); list, CRUD, copy, export, selector, the
// fields a template can use, and the print data of one record or flow task (printTemplate, printData,
// operatorRecordList — spec 2 §3; only passed (1) and rejected (0) records, spec 2 reading B).
import type { CompiledForm } from '@kp/engine';
import { IdParams, type Language, PrintDataQuery, PrintDevBody, PrintFieldsBody } from '@kp/schema';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { copyName, shownName } from '../../../db/stored-label';
import type { PrintDevTable } from '../../../db/tables/visualdev';
import { countOf, nameOrCodeIlike, ts } from '../../../db/values';
import { badRequest, conflict, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { requestLanguage } from '../../../http/i18n';
import { text } from '../../../http/messages';
import { paged, pageOf } from '../../../http/paging';
import { me } from '../../auth/guard';
import { newId } from '../../auth/tokens';
import { displayRecords } from '../../form/display';
import { sanitizeRich } from '../../message/rich-text';
import { scopeFilter } from '../../permission/data-scope';
import { CODE_MSG, CODE_RE, jsonFile } from '../../system/system-tables';
import { assertCanRead } from '../../workflow/access';
import { taskTree } from '../../workflow/flow-snapshot';
import { flowReadAccess, printValues } from '../../workflow/print-values';
import { flowModel, taskModel } from '../../workflow/task-form';
import { taskTitle } from '../../workflow/task-title';
import {
  cellText,
  compiledOf,
  DESIGN_ORDER,
  grantContext,
  inRequestLanguage,
  loadItem,
  loadReleased,
  mainFields,
  modelOf,
  requireGrant,
  withEveryField,
} from '../common';

const MENU = 'systemData.printDev';
const tags = ['printDev'];
const BASE = '/api/system/printDev';

type Row = Selectable<PrintDevTable>;

/** Names a flow template's own fields expose besides its form fields. */
const FLOW_FIELDS = [
  { field: 'fullName', label: 'flow.printTitle' },
  { field: 'flowName', label: 'flow.printName' },
  { field: 'creatorUserName', label: 'flow.printInitiator' },
  { field: 'creatorTime', label: 'flow.printLaunched' },
  { field: 'approvalRecords', label: 'flow.printRecords' },
] as const;

/** A print design in a list (named in `lang`), or as stored without a language (the detail, which is edited). */
const summary = (r: Row, lang?: Language) => ({
  id: r.id,
  fullName: shownName(r, lang),
  enCode: r.en_code,
  type: r.type,
  category: r.category,
  formId: r.form_id,
  sortCode: r.sort_code,
  enabledMark: r.enabled_mark,
  description: r.description,
  creatorTime: ts(r.creator_time),
  lastModifyTime: ts(r.last_modify_time),
});
const full = (r: Row) => ({
  ...summary(r),
  printTemplate: r.print_template,
  pageSetting: JSON.parse(r.page_setting),
});

/** The fields a print template of a form may insert: its main fields, then each sub-table with its columns. */
function printFields(compiled: CompiledForm): Array<{ field: string; label: string; children?: unknown[] }> {
  const fields = mainFields(compiled).map((f) => ({ field: f.vModel, label: f.label || f.vModel }));
  const tables = compiled.tables.map((t) => ({
    field: t.vModel,
    label: t.label || t.vModel,
    children: t.columns.map((c) => ({ field: c.vModel, label: c.label || c.vModel })),
  }));
  return [...fields, ...tables];
}

export default async function printDevRoutes(app: FastifyInstance) {
  const db = app.kp.db;

  const check = async (b: PrintDevBody, except?: string) => {
    if (!CODE_RE.test(b.enCode)) throw badRequest(`enCode: ${CODE_MSG}`);
    let q = db.selectFrom('sys_print_dev').select('id').where('en_code', '=', b.enCode);
    if (except) q = q.where('id', '<>', except);
    if (await q.executeTakeFirst()) throw conflict('编码已存在');
    if (b.formId) {
      const exists =
        b.type === 2
          ? await app.kp.db
              .selectFrom('visualdev_base')
              .select('id')
              .where('id', '=', b.formId)
              .executeTakeFirst()
          : await app.kp.db
              .selectFrom('wf_template')
              .select('id')
              .where('id', '=', b.formId)
              .executeTakeFirst();
      if (!exists) throw badRequest('formId: 关联表单不存在');
    }
  };
  const values = (b: PrintDevBody) => ({
    full_name: b.fullName,
    en_code: b.enCode,
    type: b.type,
    category: b.category ?? '',
    form_id: b.formId ?? null,
    print_template: sanitizeRich(b.printTemplate),
    page_setting: JSON.stringify(b.pageSetting ?? {}),
    sort_code: b.sortCode ?? 0,
    enabled_mark: b.enabledMark ?? 1,
    description: b.description ?? null,
  });
  const load = async (id: string) => {
    const r = await db.selectFrom('sys_print_dev').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    return r;
  };

  app.get(
    BASE,
    {
      config: { permission: { menu: MENU } },
      schema: {
        tags,
        querystring: Type.Object({
          keyword: Type.Optional(Type.String({ maxLength: 200 })),
          type: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
          currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
        }),
      },
    },
    async (req) => {
      const q = req.query as { keyword?: string; type?: number; currentPage?: number; pageSize?: number };
      const p = pageOf(q);
      const listed = inRequestLanguage(req, summary);
      let base = db.selectFrom('sys_print_dev');
      if (q.keyword) base = base.where(nameOrCodeIlike(q.keyword));
      if (q.type) base = base.where('type', '=', q.type);
      const [total, rows] = await Promise.all([
        countOf(base),
        base.selectAll().orderBy(DESIGN_ORDER).limit(p.pageSize).offset(p.offset).execute(),
      ]);
      return ok(paged(rows.map(listed), p, total));
    },
  );

  app.get(
    `${BASE}/Selector`,
    {
      config: { permission: { signedIn: 'public-data' } },
      schema: {
        tags,
        querystring: Type.Object({ type: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })) }),
      },
    },
    async (req) => {
      const { type } = req.query as { type?: number };
      let q = db.selectFrom('sys_print_dev').selectAll().where('enabled_mark', '=', 1);
      if (type) q = q.where('type', '=', type);
      const rows = await q.orderBy('sort_code').orderBy('full_name').limit(1000).execute();
      return ok({ list: rows.map(inRequestLanguage(req, summary)) });
    },
  );

  app.post(
    `${BASE}/Fields`,
    { config: { permission: { menu: MENU } }, schema: { tags, body: PrintFieldsBody } },
    async (req) => {
      const b = req.body as PrintFieldsBody;
      if (b.type === 2) {
        return ok({ list: printFields(compiledOf(await loadItem(app.kp.db, b.formId))) });
      }
      const tpl = await app.kp.db
        .selectFrom('wf_template')
        .select(['form_json', 'form_version'])
        .where('id', '=', b.formId)
        .executeTakeFirst();
      if (!tpl) throw notFound('流程不存在');
      const model = flowModel(b.formId, tpl.form_version, tpl.form_json);
      const lang = requestLanguage(req);
      const own = FLOW_FIELDS.map((f) => ({ field: f.field, label: text(f.label, lang) }));
      return ok({ list: [...own, ...printFields(model.compiled)] });
    },
  );

  app.get(
    `${BASE}/Data`,
    { config: { permission: { signedIn: 'scope' } }, schema: { tags, querystring: PrintDataQuery } },
    async (req) => {
      const { id, formId } = req.query as PrintDataQuery;
      const t = await load(id);
      if (t.enabled_mark !== 1) throw badRequest('打印模板已禁用');
      if (t.type === 2) {
        // formId: a record of the bound item; the caller needs that item's menu and the row in scope.
        if (!t.form_id) throw badRequest('打印模板未关联表单');
        const vd = app.kp.db;
        const { row, menu } = await loadReleased(vd, t.form_id);
        requireGrant(me(req), menu);
        const rec = await vd
          .selectFrom('visualdev_record as r')
          .select(['r.data'])
          .where('r.id', '=', formId)
          .where('r.module_id', '=', row.id)
          .where(
            scopeFilter(me(req), menu, {
              org: 'r.organize_id',
              dept: 'r.department_id',
              owner: 'r.creator_user_id',
            }),
          )
          .executeTakeFirst();
        if (!rec) throw notFound();
        const model = modelOf(row);
        const compiled = model.compiled;
        // Only what the caller's form grants let them read (project(), the detail page's rule), before names
        // are looked up; the fields and cells it leaves are the ones printed.
        const data = model.project(
          withEveryField(compiled, JSON.parse(rec.data) as Record<string, unknown>),
          grantContext(me(req), menu, 'form'),
        );
        const [shown] = await displayRecords(app.kp.db, compiled, [data], { lang: requestLanguage(req) });
        const printData: Record<string, unknown> = {};
        for (const f of compiled.fields) {
          if (f.table || !(f.vModel in data)) continue;
          const v = shown?.[f.vModel];
          const rows = Array.isArray(data[f.vModel])
            ? (data[f.vModel] as Array<Record<string, unknown>>)
            : [];
          printData[f.vModel] =
            f.shape === 'table'
              ? (Array.isArray(v) ? (v as Array<Record<string, unknown>>) : []).map((r, i) =>
                  Object.fromEntries(
                    compiled.fields
                      .filter((c) => c.table === f.vModel && rows[i] && c.vModel in rows[i])
                      .map((c) => [c.vModel, cellText(r?.[c.vModel])]),
                  ),
                )
              : cellText(v);
        }
        return ok({ printTemplate: t.print_template, printData, operatorRecordList: [] });
      }
      // type 1: formId is a flow task the caller may read.
      const w = app.kp.db;
      await assertCanRead(w, req, formId);
      const task = await w
        .selectFrom('wf_task')
        .selectAll()
        .where('id', '=', formId)
        .executeTakeFirstOrThrow();
      if (t.form_id && task.template_id !== t.form_id) throw badRequest('formId: 该流程不能使用此打印模板');
      const records = await w
        .selectFrom('wf_record as r')
        .leftJoin('base_user as u', 'u.id', 'r.user_id')
        .select([
          'r.node_name',
          'r.user_id',
          'u.real_name',
          'r.handle_time',
          'r.handle_status',
          'r.handle_opinion',
        ])
        .where('r.task_id', '=', formId)
        .where('r.handle_status', 'in', [0, 1])
        .orderBy('r.handle_time')
        .orderBy('r.seq')
        .execute();
      const creator = await w
        .selectFrom('base_user')
        .select('real_name')
        .where('id', '=', task.initiator_id)
        .executeTakeFirst();
      const form = (
        typeof task.form_data === 'string' ? JSON.parse(task.form_data) : task.form_data
      ) as Record<string, unknown> | null;
      // the form the task was launched on
      const model = await taskModel(w, task.template_id, task.form_version);
      // Names, labels and formatted dates, as the workflow's own print data shows them; only what the
      // caller's node (or nodes) may read.
      const access = await flowReadAccess(w, me(req), {
        id: task.id,
        initiator_id: task.initiator_id,
        tree: await taskTree(w, task),
      });
      const { shown } = model
        ? await printValues(w, model, access, form ?? {}, requestLanguage(req))
        : { shown: {} };
      return ok({
        printTemplate: t.print_template,
        printData: {
          ...shown,
          fullName: taskTitle(task, requestLanguage(req)),
          creatorUserName: creator?.real_name ?? '',
          creatorTime: ts(task.creator_time),
        },
        operatorRecordList: records.map((r) => ({
          nodeName: r.node_name,
          userName: r.real_name ?? r.user_id,
          handleId: r.user_id,
          handleTime: ts(r.handle_time),
          handleStatus: r.handle_status,
          handleOpinion: r.handle_opinion,
        })),
      });
    },
  );

  app.get(
    `${BASE}/:id`,
    { config: { permission: { menu: MENU } }, schema: { tags, params: IdParams } },
    async (req) => ok(full(await load((req.params as IdParams).id))),
  );

  app.post(
    BASE,
    { config: { permission: { menu: MENU, button: 'btn_add' } }, schema: { tags, body: PrintDevBody } },
    async (req) => {
      const b = req.body as PrintDevBody;
      await check(b);
      const id = newId();
      await db
        .insertInto('sys_print_dev')
        .values({ id, ...values(b), creator_user_id: me(req).userId })
        .execute();
      return ok(id, '新建成功');
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { tags, params: IdParams, body: PrintDevBody },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      const b = req.body as PrintDevBody;
      await load(id);
      await check(b, id);
      await db
        .updateTable('sys_print_dev')
        .set({ ...values(b), last_modify_time: new Date() })
        .where('id', '=', id)
        .execute();
      return ok(null, '更新成功');
    },
  );

  app.delete(
    `${BASE}/:id`,
    { config: { permission: { menu: MENU, button: 'btn_remove' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      await load(id);
      await db.deleteFrom('sys_print_dev').where('id', '=', id).execute();
      return ok(null, '删除成功');
    },
  );

  app.post(
    `${BASE}/:id/Actions/Copy`,
    { config: { permission: { menu: MENU, button: 'btn_copy' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const r = await load((req.params as IdParams).id);
      const suffix = Date.now().toString(36).slice(-5);
      const id = newId();
      await db
        .insertInto('sys_print_dev')
        .values({
          id,
          ...copyName(r, suffix),
          en_code: `${r.en_code}${suffix}`.slice(0, 50),
          type: r.type,
          category: r.category,
          form_id: r.form_id,
          print_template: r.print_template,
          page_setting: r.page_setting,
          sort_code: r.sort_code,
          enabled_mark: r.enabled_mark,
          description: r.description,
          creator_user_id: me(req).userId,
        })
        .execute();
      return ok(id, '复制成功');
    },
  );

  app.get(
    `${BASE}/:id/Actions/Export`,
    {
      config: { permission: { menu: MENU, button: 'btn_export' }, tokenInQuery: true },
      schema: { tags, params: IdParams },
    },
    async (req, reply) => {
      const r = await load((req.params as IdParams).id);
      return jsonFile(reply, r.full_name, full(r));
    },
  );
}
