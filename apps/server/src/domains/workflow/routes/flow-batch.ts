import {
  candidateNodes,
  createFlowState,
  type FlowAction,
  type FlowContext,
  type FlowState,
  findNode,
} from '@kp/flow';
import type { FlowTemplate } from '@kp/schema';
import { WfBatchBody, WfCandidateList } from '@kp/schema';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { flowStepIn } from '../../../db/seed-labels';
import { joinedNameIn, nameIn } from '../../../db/stored-label';
import { countOf, likeOf } from '../../../db/values';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { requestLanguage } from '../../../http/i18n';
import { text } from '../../../http/messages';
import { me } from '../../auth/guard';
import { assertCanRead, BASE, ms, splitIds, userNames } from '../access';
import { actOnTask, orgOf, type TaskSnapshot, WF_MSG } from '../engine';
import { loadTaskSnapshot } from '../flow-snapshot';
import { isChoiceSubflow, subflowCandidateNodes, subflowInitiators } from '../subflow-choice';
import { parseJson } from '../tables';
import { myPendingOperator } from '../task';

const TaskIdParams = Type.Object({ taskId: Type.String({ minLength: 1, maxLength: 50 }) });
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 50 }) });
const Opt = Type.Optional;

/** POST /FlowBefore/Candidates/{taskId}: formData (+ flowId when {taskId} is 0: a launch). */
const CandidatesBody = Type.Object({
  formData: Opt(Type.Record(Type.String(), Type.Unknown())),
  flowId: Opt(Type.String({ maxLength: 50 })),
  candidateList: Opt(WfCandidateList),
});
type CandidatesBody = Static<typeof CandidatesBody>;
/** POST /FlowBefore/CandidateUser/{id}: the candidate-user picker (paged). */
const CandidateUserBody = Type.Object({
  nodeCode: Type.String({ minLength: 1, maxLength: 100 }),
  keyword: Opt(Type.String({ maxLength: 100 })),
  currentPage: Opt(Type.Integer({ minimum: 1 })),
  pageSize: Opt(Type.Integer({ minimum: 1, maximum: 500 })),
  formData: Opt(Type.Record(Type.String(), Type.Unknown())),
  flowId: Opt(Type.String({ maxLength: 50 })),
});
type CandidateUserBody = Static<typeof CandidateUserBody>;
/** POST /FlowBefore/AddSigner/{taskId} (our path): 加签. */
const AddSignerBody = Type.Object({
  freeApproverUserId: Type.Union([
    Type.String({ maxLength: 5000 }),
    Type.Array(Type.String({ maxLength: 50 })),
  ]),
  position: Opt(Type.Union([Type.Literal('before'), Type.Literal('after')])),
  handleOpinion: Opt(Type.String({ maxLength: 2000 })),
});
type AddSignerBody = Static<typeof AddSignerBody>;
const BatchBody = Type.Composite([
  WfBatchBody,
  Type.Object({ candidateList: Opt(WfCandidateList), signImg: Opt(Type.String({ maxLength: 2_000_000 })) }),
]);
type BatchBody = Static<typeof BatchBody>;

const LAUNCH = '0';

/**
 * Candidates, candidate users, batch approval, add signer and the approval summary
 * (spec 2 §7 FlowBefore). See README.md for every payload.
 */
export default async function flowBatchRoutes(app: FastifyInstance) {
  const db = app.kp.db;
  const ctx = app.kp;
  const P = `${BASE}/FlowBefore`;

  /** The state, template and action a candidate question is asked about (a launch or an audit). */
  const dryRunInput = async (
    req: FastifyRequest,
    taskId: string,
    b: { formData?: Record<string, unknown>; flowId?: string; candidateList?: Record<string, string[]> },
  ): Promise<{
    state: FlowState;
    template: FlowTemplate;
    action: Extract<FlowAction, { type: 'submit' | 'audit' }>;
  }> => {
    const uid = me(req).userId;
    if (taskId === LAUNCH || b.flowId) {
      if (!b.flowId) throw badRequest('flowId: is required');
      const tpl = await db
        .selectFrom('wf_template')
        .selectAll()
        .where('id', '=', b.flowId)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      if (!tpl) throw notFound('流程不存在');
      const template: FlowTemplate = {
        flowId: tpl.id,
        fullName: tpl.full_name,
        tree: tpl.flow_json as FlowTemplate['tree'],
        properties: parseJson(tpl.properties_json, {}),
      };
      return {
        state: createFlowState(),
        template,
        action: { type: 'submit', userId: uid, formData: b.formData ?? {}, candidates: b.candidateList },
      };
    }
    const op = await db.selectFrom('wf_operator').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!op) throw notFound(WF_MSG.noTask);
    if (op.user_id !== uid) throw forbidden();
    if (op.status !== 0) throw conflict(WF_MSG.handled);
    const t = await db
      .selectFrom('wf_task')
      .select(['state_json', 'template_snapshot'])
      .where('id', '=', op.task_id)
      .executeTakeFirstOrThrow();
    const snap = await loadTaskSnapshot(db, t);
    return {
      state: snap.flow,
      template: snap.template,
      action: {
        type: 'audit',
        userId: op.flow_user_id,
        taskId: op.flow_task_id,
        formData: b.formData,
        candidates: b.candidateList,
      },
    };
  };
  /**
   * Approver nodes needing candidates (`{ nodeId, nodeName }`), then subflow nodes needing their initiators
   * chosen (`{ nodeId, nodeName, nodeType: 'subFlow' }`, subflow-choice.ts).
   */
  const candidatesOf = (
    state: FlowState,
    action: Extract<FlowAction, { type: 'submit' | 'audit' }>,
    context: FlowContext,
  ) => {
    const approvers = candidateNodes(state, action, context);
    return [...approvers, ...subflowCandidateNodes(state, action, context, approvers)];
  };
  const flowContext = async (template: FlowTemplate): Promise<FlowContext> => {
    const org = await orgOf(ctx);
    return { template, org, now: new Date().toISOString(), managers: org.managers };
  };

  /**
   * Which nodes need candidates chosen before this submit ({taskId} = 0, body flowId) or audit
   * ({taskId} = the operator task id): `{ list: [{ nodeId, nodeName }] }`; empty = no dialog.
   */
  app.post(
    `${P}/Candidates/:taskId`,
    {
      config: { permission: { signedIn: 'handler' } },
      schema: { params: TaskIdParams, body: CandidatesBody },
    },
    async (req) => {
      const { taskId } = req.params as { taskId: string };
      const b = (req.body ?? {}) as CandidatesBody;
      const { state, template, action } = await dryRunInput(req, taskId, b);
      return ok({ list: candidatesOf(state, action, await flowContext(template)) });
    },
  );

  /**
   * The users one may pick for a candidate node (paged): the node's named approvers, positions and
   * roles when it names any, else every enabled user. `{ list: [{ id, fullName, account }], pagination }`.
   */
  app.post(
    `${P}/CandidateUser/:id`,
    {
      config: { permission: { signedIn: 'handler' } },
      schema: { params: IdParams, body: CandidateUserBody },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      const b = req.body as CandidateUserBody;
      const { template } = await dryRunInput(req, id, b);
      const node = findNode(template.tree, b.nodeCode);
      if (!node) throw badRequest('nodeCode: 节点不存在');
      const p = node.properties as {
        approvers?: string[];
        approverPos?: string[];
        approverRole?: string[];
      };
      const org = await orgOf(ctx);
      // A choice subflow node offers its named initiators (users, position and role holders) only.
      const named = isChoiceSubflow(node)
        ? subflowInitiators(node, org)
        : [
            ...(p.approvers ?? []),
            ...(p.approverPos ?? []).flatMap((x) => org.usersWithPosition(x)),
            ...(p.approverRole ?? []).flatMap((x) => org.usersWithRole(x)),
          ];
      if (isChoiceSubflow(node) && !named.length)
        return ok({
          list: [],
          pagination: { currentPage: b.currentPage ?? 1, pageSize: b.pageSize ?? 20, total: 0 },
        });
      const currentPage = b.currentPage ?? 1;
      const pageSize = b.pageSize ?? 20;
      let qb = db.selectFrom('base_user').where('enabled_mark', '=', 1);
      if (named.length) qb = qb.where('id', 'in', [...new Set(named)]);
      if (b.keyword)
        qb = qb.where((eb) =>
          eb.or([
            eb('real_name', 'ilike', likeOf(b.keyword ?? '')),
            eb('account', 'ilike', likeOf(b.keyword ?? '')),
          ]),
        );
      const total = await countOf(qb);
      const rows = await qb
        .select(['id', 'real_name', 'account', 'department_id'])
        .orderBy('account')
        .limit(pageSize)
        .offset((currentPage - 1) * pageSize)
        .execute();
      return ok({
        list: rows.map((r) => ({
          id: r.id,
          fullName: `${r.real_name}/${r.account}`,
          realName: r.real_name,
          account: r.account,
          organizeId: r.department_id,
        })),
        pagination: { currentPage, pageSize, total },
      });
    },
  );

  /** Flows the caller has to-dos in (batch approval picks one): `[{ id, fullName, count }]`. */
  app.get(`${P}/BatchFlowSelector`, { config: { permission: { signedIn: 'handler' } } }, async (req) => {
    const rows = await db
      .selectFrom('wf_operator as o')
      .innerJoin('wf_task as t', 't.id', 'o.task_id')
      .innerJoin('wf_template as tp', 'tp.id', 't.template_id')
      .where('o.user_id', '=', me(req).userId)
      .where('o.status', '=', 0)
      .where('t.status', '=', 1)
      .groupBy(['tp.id', 'tp.full_name'])
      .select((eb) => ['tp.id as id', 'tp.full_name as fullName', eb.fn.countAll().as('count')])
      .orderBy('tp.full_name')
      .execute();
    return ok(rows.map((r) => ({ id: r.id, fullName: r.fullName, count: Number(r.count) })));
  });

  /**
   * Candidate nodes for a batch approval: GET ?taskOperatorId= (one of the chosen to-dos); the same
   * `{ list: [{ nodeId, nodeName }] }` as Candidates.
   */
  app.get(
    `${P}/BatchCandidate`,
    {
      config: { permission: { signedIn: 'handler' } },
      schema: {
        querystring: Type.Object({
          taskOperatorId: Type.String({ minLength: 1, maxLength: 50 }),
          flowId: Opt(Type.String({ maxLength: 50 })),
        }),
      },
    },
    async (req) => {
      const q = req.query as { taskOperatorId: string };
      const { state, template, action } = await dryRunInput(req, q.taskOperatorId, {});
      return ok({ list: candidatesOf(state, action, await flowContext(template)) });
    },
  );

  /**
   * Batch approval: ids = operator task ids; batchType 1 approve, 0 reject (opinion required). Each
   * task is its own transaction (one failure does not undo the others):
   * `{ success: n, failed: [{ id, msg }] }`; msg 批量审批完成 / 批量驳回完成.
   */
  app.post(
    `${P}/BatchOperation`,
    // the to-do page's 批量审批 button (btn_batch); each id is still the caller's own pending task
    {
      config: { permission: { menu: 'workFlow.flowTodo', button: 'btn_batch' } },
      schema: { body: BatchBody },
    },
    async (req) => {
      const b = req.body as BatchBody;
      if (b.batchType === 0 && !b.handleOpinion?.trim()) throw badRequest('请输入审批意见！');
      const uid = me(req).userId;
      let success = 0;
      const failed: Array<{ id: string; msg: string }> = [];
      for (const id of [...new Set(b.ids)]) {
        try {
          await actOnTask(ctx, { operatorId: id }, async (l) => {
            const op = await myPendingOperator(l, id, uid);
            return b.batchType === 1
              ? {
                  type: 'audit',
                  userId: op.flow_user_id,
                  taskId: op.flow_task_id,
                  opinion: b.handleOpinion,
                  candidates: b.candidateList,
                  signImg: b.signImg,
                }
              : {
                  type: 'reject',
                  userId: op.flow_user_id,
                  taskId: op.flow_task_id,
                  opinion: b.handleOpinion,
                  signImg: b.signImg,
                };
          });
          success++;
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          failed.push({ id, msg: e.message });
        }
      }
      return ok({ success, failed }, b.batchType === 1 ? '批量审批完成' : '批量驳回完成');
    },
  );

  /**
   * Add signer (加签, our path): {taskId} = the operator task; freeApproverUserId = user id(s) (array or
   * comma-joined); position before (default: the handler decides after them) or after (approves now,
   * the signers confirm).
   */
  app.post(
    `${P}/AddSigner/:taskId`,
    {
      config: { permission: { signedIn: 'handler' } },
      schema: { params: TaskIdParams, body: AddSignerBody },
    },
    async (req) => {
      const { taskId } = req.params as { taskId: string };
      const b = req.body as AddSignerBody;
      const signers = Array.isArray(b.freeApproverUserId)
        ? b.freeApproverUserId
        : splitIds(b.freeApproverUserId);
      if (!signers.length) throw badRequest('请选择加签人');
      const uid = me(req).userId;
      await actOnTask(ctx, { operatorId: taskId }, async (l) => {
        const op = await myPendingOperator(l, taskId, uid);
        return {
          type: 'addSigner',
          userId: op.flow_user_id,
          taskId: op.flow_task_id,
          signerIds: signers,
          position: b.position ?? 'before',
          opinion: b.handleOpinion,
        };
      });
      return ok(null, '加签成功');
    },
  );

  /**
   * Approval summary (spec 2 §2, our path): GET /FlowBefore/Summary/{id}?category=1 (by department) or 3
   * (by position). Approve/reject opinions (handleStatus 0/1, automatic ones left out), grouped:
   * `[{ fullName, list: [{ userName, handleTime, handleStatus, handleOpinion, operatorId }] }]`.
   */
  app.get(
    `${P}/Summary/:id`,
    {
      config: { permission: { signedIn: 'handler' } },
      schema: {
        params: IdParams,
        querystring: Type.Object({
          category: Opt(Type.Union([Type.Literal('1'), Type.Literal('3'), Type.Integer()])),
        }),
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      await assertCanRead(db, req, id);
      const category = String((req.query as { category?: string | number }).category ?? '1');
      if (category !== '1' && category !== '3') throw badRequest('category: 1 或 3');
      const recs = await db
        .selectFrom('wf_record')
        .selectAll()
        .where('task_id', '=', id)
        .where('handle_status', 'in', [0, 1])
        .where('user_id', '!=', 'system')
        .orderBy('handle_time', 'desc')
        .orderBy('seq', 'desc')
        .execute();
      const userIds = [...new Set(recs.map((r) => r.user_id))];
      const names = await userNames(db, userIds);
      const groupsOf = new Map<string, string[]>();
      // departments and positions named in the request's language (seeded names have labels)
      const lang = requestLanguage(req);
      if (userIds.length) {
        if (category === '1') {
          const rows = await db
            .selectFrom('base_user as u')
            .leftJoin('base_organize as o', 'o.id', 'u.department_id')
            .select(['u.id', 'o.full_name', 'o.full_name_i18n'])
            .where('u.id', 'in', userIds)
            .execute();
          for (const r of rows)
            groupsOf.set(r.id, [
              joinedNameIn(r.full_name, r.full_name_i18n, lang) ?? text('flow.noDepartment', lang),
            ]);
        } else {
          const rows = await db
            .selectFrom('base_user_relation as r')
            .innerJoin('base_position as p', 'p.id', 'r.object_id')
            .select(['r.user_id', 'p.full_name', 'p.full_name_i18n'])
            .where('r.object_type', '=', 'Position')
            .where('r.user_id', 'in', userIds)
            .execute();
          for (const r of rows)
            groupsOf.set(r.user_id, [...(groupsOf.get(r.user_id) ?? []), nameIn(r, lang)]);
        }
      }
      const groups = new Map<string, Array<Record<string, unknown>>>();
      for (const r of recs)
        for (const g of groupsOf.get(r.user_id) ?? [text('flow.noPosition', lang)]) {
          const list = groups.get(g) ?? [];
          list.push({
            userName: names.get(r.user_id) ?? r.user_id,
            handleTime: ms(r.handle_time),
            handleStatus: r.handle_status,
            handleOpinion: r.handle_opinion,
            operatorId: r.operator_id,
            nodeName: flowStepIn(r.node_name, lang),
          });
          groups.set(g, list);
        }
      return ok([...groups].map(([fullName, list]) => ({ fullName, list })));
    },
  );
}
