import { IdParams, type Language, WfNotifyBody } from '@kp/schema';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { flowStepIn } from '../../../db/seed-labels';
import { nameIn } from '../../../db/stored-label';
import { badRequest, forbidden, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { requestLanguage } from '../../../http/i18n';
import { me } from '../../auth/guard';
import { newId } from '../../auth/tokens';
import { assertCanRead, BASE, ms, readableTaskId, userNames } from '../access';
import { taskTree } from '../flow-snapshot';
import { noticeTitle, notify, notifyBody } from '../notify';
import { flowReadAccess, printValues } from '../print-values';
import { parseJson, updateLive } from '../tables';
import { taskModel } from '../task-form';
import { taskTitle } from '../task-title';

/** Print data, notify (知会). */
export default async function flowGeneralRoutes(app: FastifyInstance) {
  const db = app.kp.db;
  /** Enabled print designs of a flow, listed beside its own print templates (every node). */
  const designsOf = async (flowId: string) =>
    (
      await db
        .selectFrom('sys_print_dev')
        .select(['id', 'full_name', 'sort_code'])
        .where('type', '=', 1)
        .where('form_id', '=', flowId)
        .where('enabled_mark', '=', 1)
        .orderBy('sort_code')
        .orderBy('full_name')
        .execute()
    ).map((r) => ({ id: r.id, fullName: r.full_name, taskNodeId: null, flowId, sortCode: r.sort_code }));

  /** Routes on one task (id) that whoever may read the task may call. */
  const TASK = { config: { permission: { signedIn: 'handler' as const } }, schema: { params: IdParams } };
  const PT = `${BASE}/FlowGeneral/PrintTemplate`;
  /** A print template as lists show it: named in the request's language (seeded ones carry labels). */
  const printRow =
    (lang: Language) =>
    (r: {
      id: string;
      full_name: string;
      full_name_i18n: string | null;
      node_id: string | null;
      template_id: string;
      sort_code: number;
    }) => ({
      id: r.id,
      fullName: nameIn(r, lang),
      taskNodeId: r.node_id,
      flowId: r.template_id,
      sortCode: r.sort_code,
    });
  /** Print templates of a flow (template id): `{ list: [{ id, fullName, taskNodeId, flowId, sortCode }] }`. */
  app.get(
    `${BASE}/FlowGeneral/printList/:id`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      const tpl = await db.selectFrom('wf_template').select('id').where('id', '=', id).executeTakeFirst();
      if (!tpl) throw notFound();
      const rows = await db
        .selectFrom('wf_print_template')
        .selectAll()
        .where('template_id', '=', id)
        .where('deleted', '=', 0)
        .orderBy('sort_code')
        .orderBy('full_name')
        .execute();
      return ok({ list: [...rows.map(printRow(requestLanguage(req))), ...(await designsOf(id))] });
    },
  );
  /**
   * Print configs offered on a task (our path): GET /FlowGeneral/printConfig/{taskId}?taskNodeId= —
   * the flow's templates for that node or for every node: `{ list: [{ id, fullName, taskNodeId }] }`.
   */
  app.get(`${BASE}/FlowGeneral/printConfig/:id`, TASK, async (req) => {
    const id = await readableTaskId(db, req);
    const node = (req.query as { taskNodeId?: string }).taskNodeId;
    const t = await db
      .selectFrom('wf_task')
      .select('template_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    let qb = db
      .selectFrom('wf_print_template')
      .selectAll()
      .where('template_id', '=', t.template_id)
      .where('deleted', '=', 0);
    if (node) qb = qb.where((eb) => eb.or([eb('node_id', 'is', null), eb('node_id', '=', node)]));
    const rows = await qb.orderBy('sort_code').orderBy('full_name').execute();
    return ok({ list: [...rows.map(printRow(requestLanguage(req))), ...(await designsOf(t.template_id))] });
  });
  const PrintTemplateBody = Type.Object({
    flowId: Type.String({ minLength: 1, maxLength: 50 }),
    fullName: Type.String({ minLength: 1, maxLength: 200 }),
    content: Type.String({ minLength: 1, maxLength: 200_000 }),
    taskNodeId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    sortCode: Type.Optional(Type.Integer()),
  });
  type PrintTemplateBody = Static<typeof PrintTemplateBody>;
  /** The flow design page's button `button` (btn_add / btn_edit / btn_remove). */
  const DESIGN = (button: string) => ({ config: { permission: { menu: 'workFlow.flowEngine', button } } });
  /** Print template CRUD (our paths, designers): POST / PUT {id} / DELETE {id} /FlowGeneral/PrintTemplate. */
  app.post(PT, { ...DESIGN('btn_add'), schema: { body: PrintTemplateBody } }, async (req) => {
    const b = req.body as PrintTemplateBody;
    const tpl = await db.selectFrom('wf_template').select('id').where('id', '=', b.flowId).executeTakeFirst();
    if (!tpl) throw badRequest('flowId: 流程不存在');
    const id = newId();
    await db
      .insertInto('wf_print_template')
      .values({
        id,
        template_id: b.flowId,
        node_id: b.taskNodeId ?? null,
        full_name: b.fullName,
        content: b.content,
        sort_code: b.sortCode ?? 0,
        creator_user_id: me(req).userId,
      })
      .execute();
    return ok(id, '新建成功');
  });
  app.put(
    `${PT}/:id`,
    { ...DESIGN('btn_edit'), schema: { params: IdParams, body: PrintTemplateBody } },
    async (req) => {
      const b = req.body as PrintTemplateBody;
      await updateLive(db, 'wf_print_template', (req.params as IdParams).id, {
        template_id: b.flowId,
        node_id: b.taskNodeId ?? null,
        full_name: b.fullName,
        content: b.content,
        sort_code: b.sortCode ?? 0,
      });
      return ok(null, '更新成功');
    },
  );
  app.delete(`${PT}/:id`, { ...DESIGN('btn_remove'), schema: { params: IdParams } }, async (req) => {
    await updateLive(db, 'wf_print_template', (req.params as IdParams).id, { deleted: 1 });
    return ok(null, '删除成功');
  });
  /**
   * Print data (our path): GET /FlowGeneral/printData/{taskId}?formId={print template id}.
   * printTemplate = that template's HTML (null without formId), printData = form data + fullName,
   * operatorRecordList only records with handleStatus 0 or 1 (spec 2 §4 reading B), oldest first.
   */
  app.get(`${BASE}/FlowGeneral/printData/:id`, TASK, async (req) => {
    const id = await readableTaskId(db, req);
    const t = await db
      .selectFrom('wf_task')
      .select([
        'form_data',
        'full_name',
        'title_parts',
        'template_id',
        'form_version',
        'initiator_id',
        'state_json',
        'template_snapshot',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const { formId, taskOperatorId } = req.query as { formId?: string; taskOperatorId?: string };
    let printTemplate: string | null = null;
    if (formId) {
      const pt = await db
        .selectFrom('wf_print_template')
        .select(['content', 'template_id'])
        .where('id', '=', formId)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      if (pt) {
        if (pt.template_id !== t.template_id) throw notFound('打印模板不存在');
        printTemplate = pt.content;
      } else {
        // A print design of this flow (打印设计, type 1).
        const design = await db
          .selectFrom('sys_print_dev')
          .select(['print_template', 'form_id', 'type', 'enabled_mark'])
          .where('id', '=', formId)
          .executeTakeFirst();
        if (!design || design.type !== 1 || design.form_id !== t.template_id || design.enabled_mark !== 1)
          throw notFound('打印模板不存在');
        printTemplate = design.print_template;
      }
    }
    const recs = await db
      .selectFrom('wf_record')
      .selectAll()
      .where('task_id', '=', id)
      .where('handle_status', 'in', [0, 1])
      .orderBy('handle_time')
      .orderBy('seq')
      .execute();
    const names = await userNames(
      db,
      recs.map((r) => r.user_id),
    );
    // the form the task was launched on
    const model = await taskModel(db, t.template_id, t.form_version);
    // Only what the caller's node (or nodes) may read: a read:false field is not printed, not even raw.
    const access = await flowReadAccess(
      db,
      me(req),
      {
        id,
        initiator_id: t.initiator_id,
        tree: await taskTree(db, t),
      },
      taskOperatorId,
    );
    const data = parseJson<Record<string, unknown>>(t.form_data, {});
    const { shown, raw } = model
      ? await printValues(db, model, access, data, requestLanguage(req))
      : { shown: {}, raw: {} };
    shown.fullName = taskTitle(t, requestLanguage(req));
    raw.fullName = t.full_name;
    return ok({
      printTemplate,
      // Display values (names, labels, formatted dates); the stored values are in printDataRaw.
      printData: shown,
      printDataRaw: raw,
      operatorRecordList: recs.map((r) => ({
        nodeName: flowStepIn(r.node_name, requestLanguage(req)),
        userName: names.get(r.user_id) ?? r.user_id,
        handleId: r.user_id,
        handleTime: ms(r.handle_time),
        handleStatus: r.handle_status,
        handleOpinion: r.handle_opinion,
      })),
    });
  });

  const P = `${BASE}/FlowLaunch`;
  /** Notify (知会): the initiator or a participant tells users about the flow by site message. */
  app.post(
    `${P}/Notify/:id`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: IdParams, body: WfNotifyBody } },
    async (req) => {
      const { id } = req.params as IdParams;
      const b = req.body as WfNotifyBody;
      if (!b.userIds.length) throw badRequest('userIds: 请选择知会人');
      await assertCanRead(db, req, id);
      const t = await db
        .selectFrom('wf_task')
        .select(['id', 'template_id', 'full_name', 'title_parts'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const users = await db.selectFrom('base_user').select('id').where('id', 'in', b.userIds).execute();
      if (users.length !== new Set(b.userIds).size) throw badRequest('userIds: 用户不存在');
      // the message opens the flow where the sender had it (node, operator task, opType)
      const bodyText = await notifyBody(db, t, b);
      await notify(app.kp, [{ toUserIds: b.userIds, ...noticeTitle('notify', t), bodyText }]);
      return ok(null, '知会成功');
    },
  );
  /** Users who may be notified: everyone enabled except the caller (userId, fullName). */
  app.get(`${P}/GetNotifyUserList/:id`, TASK, async (req) => {
    await readableTaskId(db, req);
    const uid = me(req).userId;
    if (!uid) throw forbidden();
    const rows = await db
      .selectFrom('base_user')
      .select(['id', 'real_name', 'account'])
      .where('enabled_mark', '=', 1)
      .where('id', '!=', uid)
      .orderBy('account')
      .limit(1000)
      .execute();
    return ok({
      list: rows.map((r) => ({ userId: r.id, id: r.id, fullName: `${r.real_name}/${r.account}` })),
    });
  });
}
