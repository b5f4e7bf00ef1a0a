import { IdParams, WfCommentBody, WfEntrustBody, WfListQuery, WfReasonBody } from '@kp/schema';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { countOf, likeOf } from '../../../db/values';
import { badRequest, conflict, forbidden, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { requestLanguage } from '../../../http/i18n';
import { pageOf } from '../../../http/paging';
import { me } from '../../auth/guard';
import { newId } from '../../auth/tokens';
import { linkFiles } from '../../file/links';
import { assertCanRead, BASE, MONITOR_MENU, ms, userNames } from '../access';
import { checkCommentAttachments } from '../comment-attachments';
import { actOnTask } from '../engine';
import { listWrites, taskUsers, writingTask } from '../list-scope';
import { MONITOR_BUTTONS, refileFlow } from '../manager-actions';
import { json, parseJson } from '../tables';
import { taskSummary } from '../task-lists';

/** The entrust page (流程委托): its buttons btn_add / btn_remove open the writes. */
const ENTRUST_MENU = 'workFlow.entrust';
/**
 * The "my launched" page (我发起的): delete, withdraw and press each need its button there (issue 34), and the
 * handler still lets only the flow's initiator act.
 */
const LAUNCH_MENU = 'workFlow.flowLaunchList';
const launchButton = (button: 'btn_remove' | 'btn_withdraw' | 'btn_press') => ({ menu: LAUNCH_MENU, button });

export default async function flowLaunchRoutes(app: FastifyInstance) {
  const db = app.kp.db;
  const ctx = app.kp;
  const P = `${BASE}/FlowLaunch`;

  app.get(
    P,
    { config: { permission: { signedIn: 'owner' } }, schema: { querystring: WfListQuery } },
    async (req) => {
      const q = req.query as WfListQuery;
      const { currentPage, pageSize, offset } = pageOf(q);
      const uid = me(req).userId;
      let qb = ctx.dbHandle.read(uid).selectFrom('wf_task').where('initiator_id', '=', uid);
      if (q.keyword) qb = qb.where('full_name', 'ilike', likeOf(q.keyword));
      if (q.status !== undefined) qb = qb.where('status', '=', q.status);
      if (q.flowId) qb = qb.where('template_id', '=', q.flowId);
      const total = await countOf(qb);
      const rows = await qb
        .selectAll()
        .orderBy('creator_time', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute();
      return ok({
        list: rows.map((t) => ({
          ...taskSummary(t, requestLanguage(req)),
          flowUrgent: t.flow_urgent,
          creatorTime: ms(t.creator_time),
          endTime: ms(t.end_time),
          pressMark: t.press_mark,
        })),
        pagination: { currentPage, pageSize, total },
      });
    },
  );
  /**
   * Delete: the initiator's drafts (0), withdrawn (4) or finished flows only; never a running one, and
   * never one an approver has acted on (it stays in their 已办).
   */
  app.delete(
    `${P}/:id`,
    { config: { permission: launchButton('btn_remove') }, schema: { params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      // once committed, only the cached lists of the users the task's rows named are dropped (list-scope.ts)
      await listWrites(ctx, () =>
        db.transaction().execute(async (tx) => {
          const t = await tx
            .selectFrom('wf_task')
            .select(['initiator_id', 'status'])
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!t) throw notFound();
          writingTask(id, await taskUsers(tx, id).execute());
          if (t.initiator_id !== me(req).userId) throw forbidden();
          if (t.status === 1) throw conflict('流程正在审批中，不能删除');
          // once an approver acted on it the request stays: it is in their 已办 (system auto-approvals aside)
          const acted = await tx
            .selectFrom('wf_record')
            .select('id')
            .where('task_id', '=', id)
            .where('user_id', 'not in', [t.initiator_id, 'system'])
            .limit(1)
            .executeTakeFirst();
          if (acted) throw conflict('审批人已处理过该流程，不能删除');
          for (const table of [
            'wf_operator',
            'wf_record',
            'wf_circulate',
            'wf_comment',
            'wf_deadline',
          ] as const)
            await tx.deleteFrom(table).where('task_id', '=', id).execute();
          await tx.deleteFrom('wf_task').where('id', '=', id).execute();
        }),
      );
      return ok(null, '删除成功');
    },
  );
  app.put(
    `${P}/:id/Actions/Withdraw`,
    {
      config: { permission: launchButton('btn_withdraw') },
      schema: { params: IdParams, body: WfReasonBody },
    },
    async (req) => {
      const b = (req.body ?? {}) as WfReasonBody;
      const reason = (b.handleOpinion ?? b.reason ?? '').trim();
      if (!reason) throw badRequest('输入不能为空');
      const uid = me(req).userId;
      await actOnTask(ctx, (req.params as IdParams).id, (l) => {
        if (l.row.initiator_id !== uid) throw forbidden();
        // status 1: withdraw (can be resubmitted); status 2: revoke the adopted flow (final).
        return l.row.status === 2
          ? { type: 'revoke', userId: uid, reason }
          : { type: 'withdraw', userId: uid, reason };
      });
      return ok(null, '撤回成功');
    },
  );
  /**
   * Re-archive (refile, spec 2 §7 POST FlowLaunch/rearchive/{id}): a flow manager overwrites the form
   * data of an adopted flow (status 2); body `{ formData }` (or the fields at the top level). 409 for
   * any other status. msg 归档成功. Monitor button btn_rearchive; recorded as the caller (manager-actions.ts).
   */
  app.post(
    `${P}/rearchive/:id`,
    {
      config: { permission: { menu: MONITOR_MENU, button: MONITOR_BUTTONS.refile } },
      schema: {
        params: IdParams,
        body: Type.Optional(
          Type.Object(
            { formData: Type.Optional(Type.Record(Type.String(), Type.Unknown())) },
            { additionalProperties: true },
          ),
        ),
      },
    },
    async (req) => {
      const b = (req.body ?? {}) as { formData?: Record<string, unknown> } & Record<string, unknown>;
      const data = b.formData ?? Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'formData'));
      await refileFlow(ctx, req, (req.params as IdParams).id, data);
      return ok(null, '归档成功');
    },
  );
  app.post(
    `${P}/Press/:id`,
    { config: { permission: launchButton('btn_press') }, schema: { params: IdParams } },
    async (req) => {
      const uid = me(req).userId;
      await actOnTask(
        ctx,
        (req.params as IdParams).id,
        (l) => {
          if (l.row.initiator_id !== uid) throw forbidden();
          return { type: 'press', userId: uid };
        },
        {
          after: async (l) =>
            void (await l.tx
              .updateTable('wf_task')
              .set({ press_mark: 1 })
              .where('id', '=', l.row.id)
              .execute()),
        },
      );
      return ok(null, '催办成功');
    },
  );

  // --- comments ---
  const C = `${BASE}/FlowComment`;
  app.get(C, { config: { permission: { signedIn: 'handler' } } }, async (req) => {
    const q = req.query as { taskId?: string; currentPage?: string; pageSize?: string; sort?: string };
    if (!q.taskId) throw badRequest('taskId: is required');
    await assertCanRead(db, req, q.taskId);
    const { currentPage, pageSize, offset } = pageOf({
      currentPage: Number(q.currentPage) || 1,
      pageSize: Math.min(Number(q.pageSize) || 20, 500),
    });
    const base = db.selectFrom('wf_comment').where('task_id', '=', q.taskId).where('deleted', '=', 0);
    const total = await countOf(base);
    const rows = await base
      .selectAll()
      .orderBy('creator_time', q.sort === 'asc' ? 'asc' : 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute();
    const names = await userNames(
      db,
      rows.map((r) => r.creator_user_id),
    );
    const uid = me(req).userId;
    return ok({
      list: rows.map((r) => ({
        id: r.id,
        taskId: r.task_id,
        text: r.text,
        file: JSON.stringify(parseJson(r.file, [])),
        image: JSON.stringify(parseJson(r.image, [])),
        creatorUserName: names.get(r.creator_user_id) ?? '',
        creatorUserHeadIcon: null,
        creatorTime: ms(r.creator_time),
        isDel: r.creator_user_id === uid,
      })),
      pagination: { currentPage, pageSize, total },
    });
  });
  app.post(
    C,
    { config: { permission: { signedIn: 'handler' } }, schema: { body: WfCommentBody } },
    async (req) => {
      const b = req.body as WfCommentBody;
      await assertCanRead(db, req, b.taskId);
      const { file, image } = await checkCommentAttachments(db, {
        taskId: b.taskId,
        userId: me(req).userId,
        text: b.text,
        file: b.file,
        image: b.image,
      });
      const id = newId();
      // a comment's files open for the task's parties: linked to the task (file/links.ts)
      const attached = [...file, ...image].map((f) => f.fileId);
      await linkFiles(db, me(req), 'wf_task', b.taskId, attached, 'file');
      await db
        .insertInto('wf_comment')
        .values({
          id,
          task_id: b.taskId,
          text: b.text ?? null,
          file: json(file),
          image: json(image),
          creator_user_id: me(req).userId,
        })
        .execute();
      return ok(id, '评论成功');
    },
  );
  app.delete(
    `${C}/:id`,
    { config: { permission: { signedIn: 'owner' } }, schema: { params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      const c = await db
        .selectFrom('wf_comment')
        .select('creator_user_id')
        .where('id', '=', id)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      if (!c) throw notFound();
      if (c.creator_user_id !== me(req).userId) throw forbidden();
      await db.updateTable('wf_comment').set({ deleted: 1 }).where('id', '=', id).execute();
      return ok(null, '删除成功');
    },
  );

  // --- entrust (our paths): /api/workflow/Engine/FlowEntrust; new = btn_add, delete = btn_remove (as the page shows) ---
  const E = `${BASE}/FlowEntrust`;
  app.get(E, { config: { permission: { menu: ENTRUST_MENU } } }, async (req) => {
    const rows = await db
      .selectFrom('wf_entrust')
      .selectAll()
      .where('user_id', '=', me(req).userId)
      .where('enabled_mark', '=', 1)
      .orderBy('creator_time', 'desc')
      .execute();
    const names = await userNames(
      db,
      rows.map((r) => r.to_user_id),
    );
    return ok({
      list: rows.map((r) => ({
        id: r.id,
        toUserId: r.to_user_id,
        toUserName: names.get(r.to_user_id) ?? '',
        flowId: r.template_id,
        startTime: ms(r.start_time),
        endTime: ms(r.end_time),
        description: r.description,
      })),
    });
  });
  app.post(
    E,
    { config: { permission: { menu: ENTRUST_MENU, button: 'btn_add' } }, schema: { body: WfEntrustBody } },
    async (req) => {
      const b = req.body as WfEntrustBody;
      const start = new Date(b.startTime);
      const end = new Date(b.endTime);
      if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start)
        throw badRequest('endTime: 结束时间不能早于开始时间');
      if (b.toUserId === me(req).userId) throw badRequest('toUserId: 不能委托给自己');
      const u = await db.selectFrom('base_user').select('id').where('id', '=', b.toUserId).executeTakeFirst();
      if (!u) throw badRequest('toUserId: 用户不存在');
      const id = newId();
      await db
        .insertInto('wf_entrust')
        .values({
          id,
          user_id: me(req).userId,
          to_user_id: b.toUserId,
          template_id: b.flowId ?? null,
          start_time: start,
          end_time: end,
          description: b.description ?? null,
        })
        .execute();
      return ok(id, '新建成功');
    },
  );
  app.delete(
    `${E}/:id`,
    { config: { permission: { menu: ENTRUST_MENU, button: 'btn_remove' } }, schema: { params: IdParams } },
    async (req) => {
      const r = await db
        .updateTable('wf_entrust')
        .set({ enabled_mark: 0 })
        .where('id', '=', (req.params as IdParams).id)
        .where('user_id', '=', me(req).userId)
        .executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw notFound();
      return ok(null, '删除成功');
    },
  );
}
