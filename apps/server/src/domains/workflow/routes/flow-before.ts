import {
  ApiCode,
  IdParams,
  WfAssignBody,
  WfAuditBody,
  WfListQuery,
  WfReasonBody,
  WfSubmitBody,
} from '@kp/schema';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { perHandle } from '../../../db/replica';
import { flowStepIn } from '../../../db/seed-labels';
import { badRequest, conflict, forbidden, MSG, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { requestLanguage, translate } from '../../../http/i18n';
import { me } from '../../auth/guard';
import { assertCanRead, BASE, MONITOR_MENU, ms, splitIds, submitStatus } from '../access';
import { approverNodes, beforeInfo, taskRecords } from '../before-info';
import { actOnTask, type Loaded, launchAnswer } from '../engine';
import { listScope, listWrites } from '../list-scope';
import { assignNode, MONITOR_BUTTONS, managerSave, terminateFlow } from '../manager-actions';
import { readableTaskData } from '../print-values';
import { lockedOperator, myPendingOperator, WF_MSG } from '../task';
import { taskLists } from '../task-lists';

const TaskIdParams = Type.Object({ taskId: Type.String({ minLength: 1, maxLength: 50 }) });
type TaskIdParams = { taskId: string };
const CategoryParams = Type.Object({ category: Type.String({ maxLength: 10 }) });
/** Options of a route any signed-in handler may call, with its schema. */
const handler = <S>(schema: S) => ({ config: { permission: { signedIn: 'handler' as const } }, schema });

export default async function flowBeforeRoutes(app: FastifyInstance) {
  const db = app.kp.db;
  const ctx = app.kp;
  const P = `${BASE}/FlowBefore`;
  const listTasks = perHandle(taskLists);

  /**
   * Lists by category (spec: 1 to-do, any other value circulated). Reading chosen: 1 to-do, 2 done
   * (tasks the caller handled), any other value (3, …) circulated.
   */
  app.get(
    `${P}/List/:category`,
    handler({ params: CategoryParams, querystring: WfListQuery }),
    async (req, reply) => {
      const { category } = req.params as { category: string };
      const q = req.query as WfListQuery;
      const uid = me(req).userId;
      const lang = requestLanguage(req);
      // Pages are cached per user, language (the titles) and query until a flow change touches this list (or a
      // user's name is written), here or in another process (db/read-cache.ts, Db.lists); kept as JSON text.
      const key = `wf.list|${uid}|${lang}|${category}|${JSON.stringify([q.currentPage, q.pageSize, q.keyword ?? '', q.flowId ?? '', q.status ?? ''])}`;
      const json = await ctx.dbHandle.lists.get(
        key,
        async () => JSON.stringify(await listTasks(ctx.dbHandle.read(uid))(uid, category, q, lang)),
        listScope(uid, category), // dropped when a flow change touches this list (list-scope.ts)
      );
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"code":${ApiCode.OK},"msg":${JSON.stringify(translate(MSG.ok, lang))},"data":${json}}`);
    },
  );

  /** Before-info (spec 2 §3); query taskOperatorId picks the caller's operator task. */
  const info = async (req: FastifyRequest) => {
    const { id } = req.params as IdParams;
    await assertCanRead(db, req, id);
    return beforeInfo(
      db,
      me(req),
      id,
      (req.query as { taskOperatorId?: string }).taskOperatorId,
      requestLanguage(req),
    );
  };
  app.get(`${P}/:id`, handler({ params: IdParams }), async (req) => ok(await info(req)));
  app.get(`${P}/:id/Info`, handler({ params: IdParams }), async (req) => ok(await info(req)));
  app.get(`${P}/RecordList/:id`, handler({ params: IdParams }), async (req) => {
    const { id } = req.params as IdParams;
    await assertCanRead(db, req, id);
    return ok(await taskRecords(db, id, requestLanguage(req)));
  });

  // --- actions on an operator task ({taskId} = the operator task id of the to-do list) ---
  const onOperator = async (
    req: FastifyRequest,
    build: (l: Loaded, op: { flow_task_id: string; flow_user_id: string; node_id: string }) => any,
    msg: string,
  ) => {
    const { taskId } = req.params as TaskIdParams;
    const uid = me(req).userId;
    // The task is found through the operator row and locked in one statement; the operator row is then
    // re-read under the lock (owner and pending checked there).
    await actOnTask(ctx, { operatorId: taskId }, async (l) =>
      build(l, await myPendingOperator(l, taskId, uid)),
    );
    return ok(null, msg);
  };
  const copyIds = (s?: string) => splitIds(s);

  app.post(`${P}/Audit/:taskId`, handler({ params: TaskIdParams, body: WfAuditBody }), async (req) => {
    const b = (req.body ?? {}) as WfAuditBody;
    return onOperator(
      req,
      // the form data is the handler's node's to write and check (actOnTask: flowFormInput)
      (_l, op) => ({
        type: 'audit',
        userId: op.flow_user_id,
        taskId: op.flow_task_id,
        opinion: b.handleOpinion,
        formData: b.formData,
        candidates: b.candidateList,
        freeApproverUserId: b.freeApproverUserId,
        copyIds: copyIds(b.copyIds),
        signImg: b.signImg,
      }),
      '审核成功',
    );
  });
  app.post(`${P}/SaveAudit/:taskId`, handler({ params: TaskIdParams, body: WfAuditBody }), async (req) => {
    const b = (req.body ?? {}) as WfAuditBody;
    return onOperator(
      req,
      (_l, op) => ({
        type: 'save',
        userId: op.flow_user_id,
        taskId: op.flow_task_id,
        formData: b.formData,
      }),
      '保存成功',
    );
  });
  app.post(`${P}/Reject/:taskId`, handler({ params: TaskIdParams, body: WfAuditBody }), async (req) => {
    const b = (req.body ?? {}) as WfAuditBody;
    if (!b.handleOpinion?.trim()) throw badRequest('请输入审批意见！');
    return onOperator(
      req,
      (_l, op) => ({
        type: 'reject',
        userId: op.flow_user_id,
        taskId: op.flow_task_id,
        opinion: b.handleOpinion,
        rejectTo: b.rejectTo,
        signImg: b.signImg,
      }),
      '驳回成功',
    );
  });
  app.post(`${P}/Transfer/:taskId`, handler({ params: TaskIdParams, body: WfAssignBody }), async (req) => {
    const b = (req.body ?? {}) as WfAssignBody;
    if (!b.freeApproverUserId) throw badRequest('请选择转审人');
    return onOperator(
      req,
      (_l, op) => ({
        type: 'transfer',
        userId: op.flow_user_id,
        taskId: op.flow_task_id,
        toUserId: b.freeApproverUserId,
        opinion: b.handleOpinion,
      }),
      '转审成功',
    );
  });
  /** Recall by the handler: {taskId} = the operator task he handled; only while nothing happened since. */
  app.post(`${P}/Recall/:taskId`, handler({ params: TaskIdParams, body: WfReasonBody }), async (req) => {
    const b = (req.body ?? {}) as WfReasonBody;
    const reason = (b.handleOpinion ?? b.reason ?? '').trim();
    if (!reason) throw badRequest('输入不能为空');
    const { taskId } = req.params as TaskIdParams;
    const uid = me(req).userId;
    await actOnTask(ctx, { operatorId: taskId }, async (l) => {
      const op = await lockedOperator(l, taskId);
      if (!op) throw notFound(WF_MSG.noTask);
      if (op.user_id !== uid) throw forbidden();
      if (op.status !== 1) throw conflict('该任务不能撤回');
      return { type: 'recall', userId: op.flow_user_id, taskId: op.flow_task_id, reason };
    });
    return ok(null, '撤回成功');
  });
  /** A monitor operation's options: the monitor menu with the operation's own button (manager-actions.ts). */
  const monitorOp = <S>(button: string, schema: S) => ({
    config: { permission: { menu: MONITOR_MENU, button } },
    schema,
  });
  /** Manager terminate; {taskId} = the flow task id (monitor, button btn_cancel). */
  app.post(
    `${P}/Cancel/:taskId`,
    monitorOp(MONITOR_BUTTONS.terminate, { params: TaskIdParams, body: WfReasonBody }),
    async (req) => {
      const b = (req.body ?? {}) as WfReasonBody;
      await terminateFlow(ctx, req, (req.params as TaskIdParams).taskId, b.handleOpinion ?? b.reason);
      return ok(null, '终止成功');
    },
  );
  /** Manager assign; {taskId} = the flow task id (monitor, button btn_assign); never to the initiator. */
  app.post(
    `${P}/Assign/:taskId`,
    monitorOp(MONITOR_BUTTONS.assign, { params: TaskIdParams, body: WfAssignBody }),
    async (req) => {
      const b = (req.body ?? {}) as WfAssignBody;
      await assignNode(ctx, req, (req.params as TaskIdParams).taskId, b);
      return ok(null, '指派成功');
    },
  );
  app.get(`${P}/Circulate/IsRead/:id`, handler({ params: IdParams }), async (req) => {
    const { id } = req.params as IdParams;
    // the reader's own row: only their cached lists are dropped (pinned by user_id)
    const r = await listWrites(ctx, () =>
      db
        .updateTable('wf_circulate')
        .set({ is_read: 1 })
        .where('id', '=', id)
        .where('user_id', '=', me(req).userId)
        .executeTakeFirst(),
    );
    if (!Number(r.numUpdatedRows)) throw notFound();
    return ok(null);
  });
  app.get(`${P}/NodeSelector/:id`, handler({ params: IdParams }), async (req) => {
    const { id } = req.params as IdParams;
    await assertCanRead(db, req, id);
    return ok(await approverNodes(db, id));
  });

  // --- FlowTask: launch, drafts ---
  const T = `${BASE}/FlowTask`;
  const submitData = (b: WfSubmitBody) => b.formData ?? b.data ?? {};
  app.post(T, handler({ body: WfSubmitBody }), async (req) => {
    const b = req.body as WfSubmitBody;
    if (b.status === 2) throw badRequest('status: 2 (manager save) is for a launched flow (PUT)');
    const launch = { userId: me(req).userId, templateId: b.flowId, formData: submitData(b) };
    return launchAnswer(ctx, { ...launch, status: submitStatus(b) }, b);
  });
  app.put(`${T}/:id`, handler({ params: IdParams, body: WfSubmitBody }), async (req) => {
    const b = req.body as WfSubmitBody;
    const { id } = req.params as IdParams;
    const uid = me(req).userId;
    if (b.status === 2) {
      // manager save (spec 2 §4, the monitor's 保存, button btn_save): the data kept where the flow stands
      await managerSave(ctx, req, id, b.flowId, submitData(b));
      return ok(id, '保存成功');
    }
    const status = submitStatus(b);
    await actOnTask(ctx, id, async (l) => {
      if (l.row.initiator_id !== uid) throw forbidden();
      return {
        type: 'submit',
        userId: uid,
        status,
        formData: submitData(b),
        candidates: b.candidateList,
        copyIds: splitIds(b.copyIds),
      };
    });
    return ok(id, status === 1 ? '保存成功' : '提交成功');
  });
  app.get(`${T}/:id`, handler({ params: IdParams }), async (req) => {
    const { id } = req.params as IdParams;
    await assertCanRead(db, req, id);
    const t = await db.selectFrom('wf_task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return ok({
      id: t.id,
      flowId: t.template_id,
      fullName: t.full_name,
      status: t.status,
      thisStep: flowStepIn(t.this_step, requestLanguage(req)),
      flowUrgent: t.flow_urgent,
      formData: await readableTaskData(db, me(req), t),
      creatorTime: ms(t.creator_time),
      endTime: ms(t.end_time),
    });
  });
}
