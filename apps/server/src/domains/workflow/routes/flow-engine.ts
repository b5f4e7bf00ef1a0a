import {
  IdParams,
  type Language,
  validateFlowTree,
  validateFormConfig,
  WfListQuery,
  WfTemplateBody,
} from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { flowCategoryIn } from '../../../db/seed-labels';
import { copyName } from '../../../db/stored-label';
import { countOf, likeOf } from '../../../db/values';
import { badRequest, conflict, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { requestLanguage } from '../../../http/i18n';
import { paged, pageOf } from '../../../http/paging';
import { me } from '../../auth/guard';
import { newId } from '../../auth/tokens';
import { BASE, listRoute, ms } from '../access';
import { templateLabels, templateName, typedLabelJson } from '../labels';
import { checkRelease, designFault, releaseLanguage } from '../simulation';
import { json, parseJson, updateLive } from '../tables';
import { evictFlowModel, flowModel } from '../task-form';

const MENU = 'workFlow.flowEngine';
const P = `${BASE}/FlowEngine`;

function checkTemplate(b: WfTemplateBody) {
  const f = validateFormConfig(b.formData);
  if (!f.ok) throw badRequest(`formData.${f.errors[0]?.path ?? ''}: ${f.errors[0]?.message ?? ''}`);
  const t = validateFlowTree(b.flowTemplateJson);
  if (!t.ok) throw badRequest(`flowTemplateJson.${t.errors[0]?.path ?? ''}: ${t.errors[0]?.message ?? ''}`);
  // the designer's verify, the same function (simulation.ts designFault)
  const fault = designFault(t.value);
  if (fault) throw badRequest(fault);
}

type Row = Record<string, unknown> & { full_name: string; full_name_i18n?: string | null };
/**
 * A template as the API sends it. Lists name it in the request's language (seeded flows and flows named in
 * every language carry {zh, zhtw, en}); the detail (full) keeps full_name and adds the labels, for editing.
 */
const toDto = (r: Row, lang: Language, full = false) => ({
  id: r.id,
  enCode: r.en_code,
  fullName: full ? r.full_name : templateName(r, lang),
  // lists show a seeded category in the request's language; the detail keeps it as stored, for editing
  category: full ? r.category : flowCategoryIn(String(r.category ?? ''), lang),
  type: r.type,
  formType: r.form_type,
  version: r.version,
  enabledMark: r.enabled_mark,
  sortCode: r.sort_code,
  creatorTime: ms(r.creator_time as Date),
  ...(full
    ? {
        ...(templateLabels(r) ? { fullNameI18n: templateLabels(r) } : {}),
        formData: parseJson(r.form_json, null),
        flowTemplateJson: parseJson(r.flow_json, null),
        propertyJson: parseJson(r.properties_json, {}),
        visibleUserIds: parseJson(r.visible_user_ids, []),
      }
    : {}),
});

export default async function flowEngineRoutes(app: FastifyInstance) {
  const db = app.kp.db;
  const live = () => db.selectFrom('wf_template').where('deleted', '=', 0);
  /** The live template {id} of the request; 404 when there is none. */
  const templateOf = async (req: FastifyRequest) => {
    const r = await live()
      .selectAll()
      .where('id', '=', (req.params as IdParams).id)
      .executeTakeFirst();
    if (!r) throw notFound();
    return r;
  };
  /** One template whole (formData, flow tree, properties): the read and the export. */
  const whole = async (req: FastifyRequest) => ok(toDto(await templateOf(req), requestLanguage(req), true));
  /** A page of templates in the request's language. */
  const listed = (
    req: FastifyRequest,
    rows: Row[],
    p: { currentPage: number; pageSize: number },
    total: number,
  ) =>
    ok(
      paged(
        rows.map((r) => toDto(r, requestLanguage(req))),
        p,
        total,
      ),
    );

  app.get(P, listRoute(MENU), async (req) => {
    const q = req.query as WfListQuery;
    const { currentPage, pageSize, offset } = pageOf(q);
    let qb = live();
    if (q.keyword)
      qb = qb.where((eb) =>
        eb.or([
          eb('full_name', 'ilike', likeOf(q.keyword ?? '')),
          eb('en_code', 'ilike', likeOf(q.keyword ?? '')),
        ]),
      );
    if (q.category) qb = qb.where('category', '=', q.category);
    const total = await countOf(qb);
    const rows = await qb
      .selectAll()
      .orderBy('sort_code')
      .orderBy('creator_time', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute();
    return listed(req, rows, { currentPage, pageSize }, total);
  });

  // Launchable flows (released, visible to the caller): ListAll (all), PageListAll (paged), Selector (by type).
  const launchable = (userId: string) =>
    live()
      .where('enabled_mark', '=', 1)
      .where((eb) =>
        eb.or([eb('visible_user_ids', '=', json([])), eb('visible_user_ids', '@>', json([userId]))]),
      );
  app.get(`${P}/ListAll`, { config: { permission: { signedIn: 'handler' } } }, async (req) => {
    const rows = await launchable(me(req).userId).selectAll().orderBy('sort_code').execute();
    return ok({ list: rows.map((r) => toDto(r, requestLanguage(req))) });
  });
  app.get(
    `${P}/PageListAll`,
    { config: { permission: { signedIn: 'handler' } }, schema: { querystring: WfListQuery } },
    async (req) => {
      const q = req.query as WfListQuery;
      const { currentPage, pageSize, offset } = pageOf(q);
      let qb = launchable(me(req).userId);
      if (q.keyword) qb = qb.where('full_name', 'ilike', likeOf(q.keyword));
      if (q.category) qb = qb.where('category', '=', q.category);
      const total = await countOf(qb);
      const rows = await qb.selectAll().orderBy('sort_code').limit(pageSize).offset(offset).execute();
      return listed(req, rows, { currentPage, pageSize }, total);
    },
  );
  app.get(
    `${P}/Selector`,
    { config: { permission: { signedIn: 'handler' } }, schema: { querystring: WfListQuery } },
    async (req) => {
      const q = req.query as WfListQuery;
      let qb = launchable(me(req).userId);
      if (q.type !== undefined) qb = qb.where('type', '=', q.type);
      const rows = await qb.selectAll().orderBy('sort_code').execute();
      return ok(
        rows.map((r) => ({
          id: r.id,
          fullName: templateName(r, requestLanguage(req)),
          enCode: r.en_code,
          category: flowCategoryIn(r.category, requestLanguage(req)),
        })),
      );
    },
  );
  app.get(`${P}/GetWorkFlowCategory`, { config: { permission: { signedIn: 'handler' } } }, async (req) => {
    const rows = await live().select('category').distinct().execute();
    // id: the stored category (PageListAll filters by it); fullName: in the request's language
    return ok(
      rows.map((r) => ({ id: r.category, fullName: flowCategoryIn(r.category, requestLanguage(req)) })),
    );
  });
  app.post(`${P}/getflowList`, { config: { permission: { signedIn: 'handler' } } }, async (req) => {
    const rows = await launchable(me(req).userId).selectAll().orderBy('sort_code').execute();
    return ok(rows.map((r) => toDto(r, requestLanguage(req))));
  });

  app.get(`${P}/:id`, { config: { permission: { menu: MENU } }, schema: { params: IdParams } }, whole);
  app.get(
    `${P}/:id/FormDataFields`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: IdParams } },
    async (req) => {
      const id = (req.params as IdParams).id;
      const r = await live().select(['form_json', 'form_version']).where('id', '=', id).executeTakeFirst();
      if (!r) throw notFound();
      // the main fields of the template's form (as the online-development FormDataFields), from its model
      const { compiled } = flowModel(id, r.form_version, r.form_json);
      return ok(
        compiled.fields
          .filter((f) => !f.table && f.key !== 'table')
          .map((f) => ({ vmodel: f.vModel, label: f.label || f.vModel })),
      );
    },
  );

  const write = async (b: WfTemplateBody, id: string | null, userId: string) => {
    checkTemplate(b);
    const dup = await live().select('id').where('en_code', '=', b.enCode).executeTakeFirst();
    if (dup && dup.id !== id) throw conflict('编码已存在');
    const values = {
      en_code: b.enCode,
      full_name: b.fullName,
      // the names typed in the basic settings (they count also after a rename); left as stored when absent
      ...(b.fullNameI18n ? { full_name_i18n: typedLabelJson(b.fullNameI18n) } : {}),
      category: b.category ?? '',
      type: b.type ?? 0,
      form_type: b.formType ?? 1,
      sort_code: b.sortCode ?? 0,
      form_json: json(b.formData),
      flow_json: json(b.flowTemplateJson),
      properties_json: json(b.propertyJson ?? {}),
      visible_user_ids: json(b.visibleUserIds ?? []),
    };
    if (!id) {
      const nid = newId();
      await db
        .insertInto('wf_template')
        .values({ id: nid, ...values, creator_user_id: userId })
        .execute();
      return nid;
    }
    // Running tasks keep the flow snapshot they were launched with; the version counts edits. A save that
    // changes the form keeps the superseded form (wf_template_form) and moves form_version on: tasks
    // launched on the old form are still checked against it (task-form.ts formOfVersion).
    const r = await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('wf_template_form')
        .columns(['template_id', 'form_version', 'form_json'])
        .expression(
          tx
            .selectFrom('wf_template')
            .select(['id', 'form_version', 'form_json'])
            .where('id', '=', id)
            .where('deleted', '=', 0)
            .where('form_json', '<>', values.form_json),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
      return tx
        .updateTable('wf_template')
        .set((eb) => ({
          ...values,
          version: eb('version', '+', 1),
          form_version: eb
            .case()
            .when('form_json', '=', values.form_json)
            .then(eb.ref('form_version'))
            .else(eb('form_version', '+', 1))
            .end(),
          last_modify_time: new Date(),
        }))
        .where('id', '=', id)
        .where('deleted', '=', 0)
        .executeTakeFirst();
    });
    if (!Number(r.numUpdatedRows)) throw notFound();
    // the form may have changed: every cached model of the template goes (tasks read the stored form)
    evictFlowModel(id);
    return id;
  };
  app.post(
    P,
    { config: { permission: { menu: MENU, button: 'btn_add' } }, schema: { body: WfTemplateBody } },
    async (req) => ok(await write(req.body as WfTemplateBody, null, me(req).userId), '新建成功'),
  );
  app.put(
    `${P}/:id`,
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { params: IdParams, body: WfTemplateBody },
    },
    async (req) =>
      ok(await write(req.body as WfTemplateBody, (req.params as IdParams).id, me(req).userId), '更新成功'),
  );
  app.delete(
    `${P}/:id`,
    { config: { permission: { menu: MENU, button: 'btn_remove' } }, schema: { params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      const used = await db
        .selectFrom('wf_task')
        .select('id')
        .where('template_id', '=', id)
        .where('status', '=', 1)
        .limit(1)
        .executeTakeFirst();
      if (used) throw conflict('该流程存在进行中的任务，不能删除');
      await updateLive(db, 'wf_template', id, { deleted: 1 });
      evictFlowModel(id);
      return ok(null, '删除成功');
    },
  );
  const setEnabled = (v: number, msg: string) => async (req: { params: unknown }) => {
    await updateLive(db, 'wf_template', (req.params as IdParams).id, { enabled_mark: v });
    return ok(null, msg);
  };
  app.post(
    `${P}/Release/:id`,
    { config: { permission: { menu: MENU, button: 'btn_release' } }, schema: { params: IdParams } },
    async (req) => {
      // Verify before release: the designer's checks, and the flow's simulator cases must still hold.
      const check = await checkRelease(
        app.kp,
        (req.params as IdParams).id,
        releaseLanguage(req.headers['accept-language']),
      );
      if (!check.ok) throw badRequest(check.message ?? '');
      return setEnabled(1, '发布成功')(req);
    },
  );
  app.post(
    `${P}/Stop/:id`,
    // 停止 is the other state of the 发布 button (btn_release)
    { config: { permission: { menu: MENU, button: 'btn_release' } }, schema: { params: IdParams } },
    setEnabled(0, '停止成功'),
  );
  app.post(
    `${P}/:id/Actions/Copy`,
    { config: { permission: { menu: MENU, button: 'btn_copy' } }, schema: { params: IdParams } },
    async (req) => {
      const r = await templateOf(req);
      const nid = newId();
      const suffix = nid.slice(0, 5);
      await db
        .insertInto('wf_template')
        .values({
          ...r,
          id: nid,
          en_code: `${r.en_code}${suffix}`,
          ...copyName(r, suffix, 200),
          enabled_mark: 0,
          version: 1,
          form_version: 1,
          creator_user_id: me(req).userId,
          creator_time: new Date(),
          form_json: json(r.form_json),
          flow_json: json(r.flow_json),
          properties_json: json(r.properties_json),
          visible_user_ids: json(r.visible_user_ids),
        })
        .execute();
      return ok(nid, '复制成功');
    },
  );
  app.get(
    `${P}/:id/Actions/ExportData`,
    { config: { permission: { menu: MENU, button: 'btn_export' } }, schema: { params: IdParams } },
    whole,
  );
  // Import (our path): POST /FlowEngine/Actions/ImportData with the exported document as the body; new id, stopped.
  app.post(
    `${P}/Actions/ImportData`,
    { config: { permission: { menu: MENU, button: 'btn_add' } }, schema: { body: WfTemplateBody } },
    async (req) => ok(await write(req.body as WfTemplateBody, null, me(req).userId), '导入成功'),
  );
}
