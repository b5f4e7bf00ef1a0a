import { IdParams, WfAssignBody, WfAuditBody, WfListQuery, WfReasonBody, WfSubmitBody } from '@kp/schema';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { me } from '../../auth/guard';
import { badRequest, conflict, forbidden, notFound } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { likeOf } from '../message/common';
import { assertCanRead, assertManagerOf, BASE, isFlowManager, ms, page, splitIds, userNames } from './access';
import { actOnTask, type Loaded, launchTask, type TaskSnapshot, WF_MSG } from './engine';
import { checkTaskForm, flowModel, flowReadAccess, onlyFormFields, readableTaskData } from './print-values';
import { parseJson, wdb } from './tables';

const TaskIdParams = Type.Object({ taskId: Type.String({ minLength: 1, maxLength: 50 }) });
type TaskIdParams = { taskId: string };
const CategoryParams = Type.Object({ category: Type.String({ maxLength: 10 }) });

/** Loads the caller's pending operator task inside the locked transaction; refuses clearly otherwise. */
export async function myPendingOperator(l: Loaded, operatorId: string, userId: string) {
  const op = await l.tx
    .selectFrom('wf_operator')
    .selectAll()
    .where('id', '=', operatorId)
    .where('task_id', '=', l.row.id)
    .executeTakeFirst();
  if (!op) throw notFound(WF_MSG.noTask);
  if (op.user_id !== userId) throw forbidden();
  if (op.status !== 0) throw conflict(WF_MSG.handled);
  l.knownOps = new Map([[op.flow_task_id, op]]);
  return op;
}

const TASK_COLS = [
  't.id as processId',
  't.flow_code',
  't.template_id',
  't.full_name',
  't.status',
  't.initiator_id',
  't.creator_time',
  't.press_mark',
  't.this_step',
  't.flow_urgent',
] as const;
/** One row of the task lists (to-do, done, circulated). */
interface ListRow {
  id: string;
  thisStepId: string;
  processId: string;
  flow_code: string;
  template_id: string;
  full_name: string;
  status: number;
  initiator_id: string;
  creator_time: Date;
  press_mark: number;
  this_step: string;
  flow_urgent: number;
}

export default async function flowBeforeRoutes(app: FastifyInstance) {
  const db = wdb(app.kp.db);
  const ctx = app.kp;
  const P = `${BASE}/FlowBefore`;

  /**
   * The plain to-do page: the caller's pending operator rows alone, counted and paged on the covering
   * partial index (wf_operator_pending_cover, migration 0110: index-only; the window count rides along),
   * then only that page's tasks and initiators joined. Built and compiled once with sentinel values;
   * each request swaps in its user, limit and offset (spares the query building on the hot path).
   */
  const plainTodoQuery = (uid: string, limit: number, offset: number) =>
    db
      .selectFrom(
        db
          .selectFrom('wf_operator')
          .where('user_id', '=', uid)
          .where('status', '=', 0)
          .select((eb) => ['id', 'node_id', 'creator_time', 'task_id', eb.fn.countAll().over().as('total')])
          .orderBy('creator_time', 'desc')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .as('o'),
      )
      .innerJoin('wf_task as t', 't.id', 'o.task_id')
      .leftJoin('base_user as iu', 'iu.id', 't.initiator_id')
      .select([
        'o.id as id',
        'o.node_id as thisStepId',
        'o.creator_time as opTime',
        'o.total',
        ...TASK_COLS,
        'iu.real_name as initiatorName',
        'iu.account as initiatorAccount',
      ])
      .orderBy('opTime', 'desc')
      .orderBy('o.id');
  const SENTINEL = { uid: '\u0000todo-user', limit: 1_999_999_991, offset: 1_999_999_993 } as const;
  const compiledTodo = plainTodoQuery(SENTINEL.uid, SENTINEL.limit, SENTINEL.offset).compile();
  const slot = (v: unknown) => {
    const i = compiledTodo.parameters.indexOf(v);
    if (i < 0 || compiledTodo.parameters.lastIndexOf(v) !== i)
      throw new Error('to-do statement: parameter slot');
    return i;
  };
  const slots = { uid: slot(SENTINEL.uid), limit: slot(SENTINEL.limit), offset: slot(SENTINEL.offset) };
  const plainTodoPage = (uid: string, limit: number, offset: number): typeof compiledTodo => {
    const parameters = [...compiledTodo.parameters];
    parameters[slots.uid] = uid;
    parameters[slots.limit] = limit;
    parameters[slots.offset] = offset;
    return { ...compiledTodo, parameters };
  };

  /**
   * Lists by category (spec: 1 to-do, any other value circulated). Reading chosen: 1 to-do, 2 done
   * (tasks the caller handled), any other value (3, …) circulated.
   */
  app.get(
    `${P}/List/:category`,
    {
      config: { permission: { signedIn: 'handler' } },
      schema: { params: CategoryParams, querystring: WfListQuery },
    },
    async (req) => {
      const { category } = req.params as { category: string };
      const q = req.query as WfListQuery;
      const { currentPage, pageSize, offset } = page(q);
      const uid = me(req).userId;
      let total: number;
      let rows: ListRow[];
      // Initiator names: joined into the plain to-do page, looked up afterwards otherwise.
      const names = new Map<string, string>();
      if (category === '1' && !q.keyword && !q.flowId && q.status === undefined) {
        // The plain to-do list: one prepared statement (compiled once, see plainTodoPage).
        const paged = (await db.executeQuery(plainTodoPage(uid, pageSize, offset))).rows;
        rows = paged;
        for (const r of paged)
          if (r.initiatorName !== null) names.set(r.initiator_id, `${r.initiatorName}/${r.initiatorAccount}`);
        total = paged.length
          ? Number(paged[0]!.total)
          : Number(
              (
                await db
                  .selectFrom('wf_operator')
                  .where('user_id', '=', uid)
                  .where('status', '=', 0)
                  .select((eb) => eb.fn.countAll().as('n'))
                  .executeTakeFirst()
              )?.n ?? 0,
            );
      } else {
        const kw = q.keyword ? likeOf(q.keyword) : null;
        const todo = () =>
          db
            .selectFrom('wf_operator as o')
            .innerJoin('wf_task as t', 't.id', 'o.task_id')
            .where('o.user_id', '=', uid)
            .where('o.status', '=', 0)
            .select(['o.id as id', 'o.node_id as thisStepId', 'o.creator_time as opTime']);
        type Q = ReturnType<typeof todo>;
        // the three sources share the selected shape (id, thisStepId, opTime) joined with the task as t
        let base: Q =
          category === '1'
            ? todo()
            : category === '2'
              ? (db
                  .selectFrom('wf_record as o')
                  .innerJoin('wf_task as t', 't.id', 'o.task_id')
                  .where('o.user_id', '=', uid)
                  .where('o.handle_status', 'not in', [2, 3])
                  .select([
                    'o.id as id',
                    'o.node_id as thisStepId',
                    'o.handle_time as opTime',
                  ]) as unknown as Q)
              : (db
                  .selectFrom('wf_circulate as o')
                  .innerJoin('wf_task as t', 't.id', 'o.task_id')
                  .where('o.user_id', '=', uid)
                  .select([
                    'o.id as id',
                    'o.node_id as thisStepId',
                    'o.creator_time as opTime',
                  ]) as unknown as Q);
        if (kw) base = base.where('t.full_name', 'ilike', kw);
        if (q.flowId) base = base.where('t.template_id', '=', q.flowId);
        if (q.status !== undefined) base = base.where('t.status', '=', q.status);
        total = Number(
          (
            await base
              .clearSelect()
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirst()
          )?.n ?? 0,
        );
        rows = await base
          .select([...TASK_COLS])
          .orderBy('opTime', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset(offset)
          .execute();
      }
      const missing = rows.map((r) => r.initiator_id).filter((id) => !names.has(id));
      if (missing.length) for (const [k, v] of await userNames(db, missing)) names.set(k, v);
      return ok({
        list: rows.map((r) => ({
          id: r.id,
          processId: r.processId,
          flowCode: r.flow_code,
          flowId: r.template_id,
          formType: 1,
          thisStepId: r.thisStepId,
          thisStep: r.this_step,
          fullName: r.full_name,
          status: r.status,
          flowUrgent: r.flow_urgent,
          userName: names.get(r.initiator_id) ?? '',
          creatorTime: ms(r.creator_time),
          pressMark: r.press_mark,
          isOut: 0,
          webUrl: null,
        })),
        pagination: { currentPage, pageSize, total },
      });
    },
  );

  const recordsOf = async (taskId: string) => {
    const rows = await db
      .selectFrom('wf_record')
      .selectAll()
      .where('task_id', '=', taskId)
      .orderBy('handle_time', 'desc')
      .orderBy('seq', 'desc')
      .execute();
    const names = await userNames(db, [...rows.map((r) => r.user_id), ...rows.map((r) => r.entrusted_by)]);
    return rows.map((r) => ({
      id: r.id,
      nodeCode: r.node_id,
      nodeName: r.node_name,
      userId: r.user_id,
      userName: names.get(r.user_id) ?? (r.user_id === 'system' ? '系统' : r.user_id),
      entrustedBy: r.entrusted_by,
      entrustedByName: r.entrusted_by ? (names.get(r.entrusted_by) ?? '') : null,
      handleTime: ms(r.handle_time),
      handleStatus: r.handle_status,
      handleOpinion: r.handle_opinion,
      signImg: r.sign_img,
      status: r.status,
      operatorId: r.operator_id,
    }));
  };

  /** Before-info (spec 2 §3); query taskOperatorId picks the caller's operator task. */
  const beforeInfo = async (req: FastifyRequest) => {
    const { id } = req.params as IdParams;
    await assertCanRead(db, req, id);
    const t = await db.selectFrom('wf_task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const tpl = await db
      .selectFrom('wf_template')
      .select(['id', 'form_json', 'en_code', 'full_name', 'form_type'])
      .where('id', '=', t.template_id)
      .executeTakeFirst();
    const snap = parseJson<TaskSnapshot>(t.state_json, null as never);
    const flow = snap.flow;
    const visited = new Set([...flow.records.map((r) => r.nodeId), 'start']);
    const ops = await db
      .selectFrom('wf_operator')
      .select(['node_id', 'user_id', 'status'])
      .where('task_id', '=', id)
      .execute();
    const names = await userNames(
      db,
      ops.map((o) => o.user_id),
    );
    const nodes: Array<Record<string, unknown>> = [];
    const walk = (n: any) => {
      if (!n) return;
      if (['start', 'approver', 'subFlow'].includes(n.type)) {
        const cur = flow.current.includes(n.nodeId);
        nodes.push({
          nodeCode: n.nodeId,
          nodeName: n.properties?.title ?? n.nodeId,
          nodeType: n.type,
          type: cur ? 1 : visited.has(n.nodeId) ? 0 : null,
          userName: ops
            .filter((o) => o.node_id === n.nodeId)
            .map((o) => names.get(o.user_id))
            .join(','),
        });
      }
      for (const c of n.conditionNodes ?? []) walk(c);
      walk(n.childNode);
    };
    walk(snap.template.tree);
    const q = req.query as { taskOperatorId?: string };
    const myOp = q.taskOperatorId
      ? await db
          .selectFrom('wf_operator')
          .select(['node_id', 'user_id'])
          .where('id', '=', q.taskOperatorId)
          .where('task_id', '=', id)
          .executeTakeFirst()
      : undefined;
    const nodeId = myOp?.node_id ?? 'start';
    const findProps = (n: any): any =>
      !n
        ? undefined
        : n.nodeId === nodeId
          ? n.properties
          : (findProps(n.childNode) ?? (n.conditionNodes ?? []).map(findProps).find(Boolean));
    const props = findProps(snap.template.tree) ?? {};
    // The form data as the caller's node (or nodes) may read it: read:false fields never leave the server.
    const model = flowModel(t.template_id, t.template_version, tpl?.form_json ?? null);
    const access = await flowReadAccess(
      db,
      me(req),
      { id, initiator_id: t.initiator_id, tree: snap.template.tree },
      q.taskOperatorId,
    );
    const formData = onlyFormFields(model, model.project(flow.formData ?? {}, access));
    const hasComment = await db
      .selectFrom('wf_comment')
      .select('id')
      .where('task_id', '=', id)
      .where('deleted', '=', 0)
      .limit(1)
      .executeTakeFirst();
    return {
      flowFormInfo: {
        id: tpl?.id,
        enCode: tpl?.en_code,
        fullName: tpl?.full_name,
        formType: tpl?.form_type,
        propertyJson: parseJson(tpl?.form_json, null),
      },
      flowTaskInfo: {
        id: t.id,
        fullName: t.full_name,
        thisStep: t.this_step,
        flowUrgent: t.flow_urgent,
        type: 0,
        formUrl: null,
        status: t.status,
        completion: t.status === 2 ? 100 : 0,
        endTime: ms(t.end_time),
        flowTemplateJson: snap.template.tree,
        flowId: t.template_id,
        suspended: t.suspended,
        creatorUserId: t.initiator_id,
        creatorTime: ms(t.creator_time),
      },
      flowHasComment: !!hasComment,
      draftData: t.status === 0 ? formData : null,
      formData,
      flowTaskNodeList: nodes,
      flowTaskOperatorRecordList: await recordsOf(id),
      approversProperties: props,
      // the flow-wide properties (hasTransferBtn, isSummary, …): the dialog's buttons fall back to them
      flowProperties: snap.template.properties ?? {},
      formOperates: props.formOperates ?? [],
    };
  };
  app.get(
    `${P}/:id`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: IdParams } },
    async (req) => ok(await beforeInfo(req)),
  );
  app.get(
    `${P}/:id/Info`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: IdParams } },
    async (req) => ok(await beforeInfo(req)),
  );
  app.get(
    `${P}/RecordList/:id`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      await assertCanRead(db, req, id);
      return ok(await recordsOf(id));
    },
  );

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

  app.post(
    `${P}/Audit/:taskId`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: TaskIdParams, body: WfAuditBody } },
    async (req) => {
      const b = (req.body ?? {}) as WfAuditBody;
      return onOperator(
        req,
        async (l, op) => {
          if (b.formData) {
            const tpl = await l.tx
              .selectFrom('wf_template')
              .select(['form_json'])
              .where('id', '=', l.row.template_id)
              .executeTakeFirst();
            if (tpl)
              // the handler's node layers (its formOperates) decide what is checked
              checkTaskForm(
                l.row,
                tpl.form_json,
                l.snap.template.tree,
                op.node_id,
                { ...l.snap.flow.formData, ...b.formData },
                'submit',
              );
          }
          return {
            type: 'audit',
            userId: op.flow_user_id,
            taskId: op.flow_task_id,
            opinion: b.handleOpinion,
            formData: b.formData,
            candidates: b.candidateList,
            freeApproverUserId: b.freeApproverUserId,
            copyIds: copyIds(b.copyIds),
            signImg: b.signImg,
          };
        },
        '审核成功',
      );
    },
  );
  app.post(
    `${P}/SaveAudit/:taskId`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: TaskIdParams, body: WfAuditBody } },
    async (req) => {
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
    },
  );
  app.post(
    `${P}/Reject/:taskId`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: TaskIdParams, body: WfAuditBody } },
    async (req) => {
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
    },
  );
  app.post(
    `${P}/Transfer/:taskId`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: TaskIdParams, body: WfAssignBody } },
    async (req) => {
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
    },
  );
  /** Recall by the handler: {taskId} = the operator task he handled; only while nothing happened since. */
  app.post(
    `${P}/Recall/:taskId`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: TaskIdParams, body: WfReasonBody } },
    async (req) => {
      const b = (req.body ?? {}) as WfReasonBody;
      const reason = (b.handleOpinion ?? b.reason ?? '').trim();
      if (!reason) throw badRequest('输入不能为空');
      const { taskId } = req.params as TaskIdParams;
      const uid = me(req).userId;
      await actOnTask(ctx, { operatorId: taskId }, async (l) => {
        const op = await l.tx
          .selectFrom('wf_operator')
          .selectAll()
          .where('id', '=', taskId)
          .executeTakeFirstOrThrow();
        if (op.user_id !== uid) throw forbidden();
        if (op.status !== 1) throw conflict('该任务不能撤回');
        return { type: 'recall', userId: op.flow_user_id, taskId: op.flow_task_id, reason };
      });
      return ok(null, '撤回成功');
    },
  );
  /** Manager terminate; {taskId} = the flow task id (monitor). */
  app.post(
    `${P}/Cancel/:taskId`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: TaskIdParams, body: WfReasonBody } },
    async (req) => {
      const b = (req.body ?? {}) as WfReasonBody;
      const { taskId } = req.params as TaskIdParams;
      await assertManagerOf(db, req, taskId);
      await actOnTask(
        ctx,
        taskId,
        (l) => ({
          type: 'terminate',
          userId: l.org.managers[0] ?? me(req).userId,
          reason: b.handleOpinion ?? b.reason,
        }),
        { refuseSuspended: false },
      );
      return ok(null, '终止成功');
    },
  );
  /** Manager assign; {taskId} = the flow task id. */
  app.post(
    `${P}/Assign/:taskId`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: TaskIdParams, body: WfAssignBody } },
    async (req) => {
      if (!isFlowManager(req)) throw forbidden();
      const b = (req.body ?? {}) as WfAssignBody;
      if (!b.nodeCode) throw badRequest('请选择指派节点');
      if (!b.freeApproverUserId) throw badRequest('请选择指派给谁');
      const { taskId } = req.params as TaskIdParams;
      await assertManagerOf(db, req, taskId);
      await actOnTask(ctx, taskId, (l) => ({
        type: 'assign',
        userId: l.org.managers[0] ?? me(req).userId,
        nodeId: b.nodeCode,
        toUserId: b.freeApproverUserId,
        opinion: b.handleOpinion,
      }));
      return ok(null, '指派成功');
    },
  );
  app.get(
    `${P}/Circulate/IsRead/:id`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      const r = await db
        .updateTable('wf_circulate')
        .set({ is_read: 1 })
        .where('id', '=', id)
        .where('user_id', '=', me(req).userId)
        .executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw notFound();
      return ok(null);
    },
  );
  app.get(
    `${P}/NodeSelector/:id`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      await assertCanRead(db, req, id);
      const t = await db
        .selectFrom('wf_task')
        .select('state_json')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const snap = parseJson<TaskSnapshot>(t.state_json, null as never);
      const out: Array<{ nodeId: string; nodeName: string }> = [];
      const walk = (n: any) => {
        if (!n) return;
        if (n.type === 'approver') out.push({ nodeId: n.nodeId, nodeName: n.properties?.title ?? n.nodeId });
        for (const c of n.conditionNodes ?? []) walk(c);
        walk(n.childNode);
      };
      walk(snap.template.tree);
      return ok(out);
    },
  );

  // --- FlowTask: launch, drafts ---
  const T = `${BASE}/FlowTask`;
  const submitData = (b: WfSubmitBody) => b.formData ?? b.data ?? {};
  app.post(
    T,
    { config: { permission: { signedIn: 'handler' } }, schema: { body: WfSubmitBody } },
    async (req) => {
      const b = req.body as WfSubmitBody;
      if (b.status === 2) throw badRequest('status: 2 (manager save) is for a launched flow (PUT)');
      const r = await launchTask(ctx, {
        userId: me(req).userId,
        templateId: b.flowId,
        formData: submitData(b),
        status: b.status ?? 0,
        flowUrgent: b.flowUrgent,
        candidates: b.candidateList,
        copyIds: splitIds(b.copyIds),
      });
      return ok(r.id, b.status === 1 ? '保存成功' : '提交成功');
    },
  );
  app.put(
    `${T}/:id`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: IdParams, body: WfSubmitBody } },
    async (req) => {
      const b = req.body as WfSubmitBody;
      const { id } = req.params as IdParams;
      const uid = me(req).userId;
      if (b.status === 2) {
        // manager save (spec 2 §4, the monitor's 保存): a flow manager of the task keeps its data where it stands
        await assertManagerOf(db, req, id);
        await actOnTask(ctx, id, async (l) => {
          if (l.row.template_id !== b.flowId) throw badRequest('flowId: 与流程不符');
          const tpl = await l.tx
            .selectFrom('wf_template')
            .select('form_json')
            .where('id', '=', l.row.template_id)
            .executeTakeFirst();
          const merged = { ...l.snap.flow.formData, ...submitData(b) };
          if (tpl) checkTaskForm(l.row, tpl.form_json, l.snap.template.tree, null, merged, 'submit');
          return { type: 'managerSave', userId: l.org.managers[0] ?? uid, formData: submitData(b) };
        });
        return ok(id, '保存成功');
      }
      await actOnTask(ctx, id, async (l) => {
        if (l.row.initiator_id !== uid) throw forbidden();
        const tpl = await l.tx
          .selectFrom('wf_template')
          .select('form_json')
          .where('id', '=', l.row.template_id)
          .executeTakeFirst();
        if (tpl)
          checkTaskForm(
            l.row,
            tpl.form_json,
            l.snap.template.tree,
            undefined,
            submitData(b),
            b.status === 1 ? 'save' : 'submit',
          );
        return {
          type: 'submit',
          userId: uid,
          status: b.status ?? 0,
          formData: submitData(b),
          candidates: b.candidateList,
          copyIds: splitIds(b.copyIds),
        };
      });
      return ok(id, b.status === 1 ? '保存成功' : '提交成功');
    },
  );
  app.get(
    `${T}/:id`,
    { config: { permission: { signedIn: 'handler' } }, schema: { params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      await assertCanRead(db, req, id);
      const t = await db.selectFrom('wf_task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return ok({
        id: t.id,
        flowId: t.template_id,
        fullName: t.full_name,
        status: t.status,
        thisStep: t.this_step,
        flowUrgent: t.flow_urgent,
        formData: await readableTaskData(db, me(req), t),
        creatorTime: ms(t.creator_time),
        endTime: ms(t.end_time),
      });
    },
  );
}
