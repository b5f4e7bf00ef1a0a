import { IdParams, WfNotifyBody } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { me } from '../../auth/guard';
import { badRequest, forbidden, notFound } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { assertCanRead, BASE, ms, userNames } from './access';
import { noticeTitle, notify } from './notify';
import { parseJson, wdb } from './tables';

/** Print data, notify (知会). */
export default async function flowGeneralRoutes(app: FastifyInstance) {
  const db = wdb(app.kp.db);

  /** Print templates of a flow: none are stored yet, so the list is empty (the host shows 暂无数据). */
  app.get(`${BASE}/FlowGeneral/printList/:id`, { schema: { params: IdParams } }, async (req) => {
    const { id } = req.params as IdParams;
    const tpl = await db.selectFrom('wf_template').select('id').where('id', '=', id).executeTakeFirst();
    if (!tpl) throw notFound();
    return ok({ list: [] });
  });
  /**
   * Print data (our path): GET /FlowGeneral/printData/{taskId}. operatorRecordList holds only records
   * with handleStatus 0 or 1 (spec 2 §4 reading B), oldest first.
   */
  app.get(`${BASE}/FlowGeneral/printData/:id`, { schema: { params: IdParams } }, async (req) => {
    const { id } = req.params as IdParams;
    await assertCanRead(db, req, id);
    const t = await db
      .selectFrom('wf_task')
      .select(['form_data', 'full_name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
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
    return ok({
      printTemplate: null,
      printData: { ...parseJson<Record<string, unknown>>(t.form_data, {}), fullName: t.full_name },
      operatorRecordList: recs.map((r) => ({
        nodeName: r.node_name,
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
  app.post(`${P}/Notify/:id`, { schema: { params: IdParams, body: WfNotifyBody } }, async (req) => {
    const { id } = req.params as IdParams;
    const b = req.body as WfNotifyBody;
    if (!b.userIds.length) throw badRequest('userIds: 请选择知会人');
    await assertCanRead(db, req, id);
    const t = await db
      .selectFrom('wf_task')
      .select('full_name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const users = await db.selectFrom('base_user').select('id').where('id', 'in', b.userIds).execute();
    if (users.length !== new Set(b.userIds).size) throw badRequest('userIds: 用户不存在');
    await notify(app.kp, [
      { toUserIds: b.userIds, title: noticeTitle('notify', t.full_name), bodyText: me(req).realName },
    ]);
    return ok(null, '知会成功');
  });
  /** Users who may be notified: everyone enabled except the caller (userId, fullName). */
  app.get(`${P}/GetNotifyUserList/:id`, { schema: { params: IdParams } }, async (req) => {
    const { id } = req.params as IdParams;
    await assertCanRead(db, req, id);
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
