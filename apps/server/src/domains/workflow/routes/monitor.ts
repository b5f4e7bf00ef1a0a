import { IdParams, type WfListQuery } from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countOf, likeOf } from '../../../db/values';
import { conflict, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { requestLanguage } from '../../../http/i18n';
import { pageOf } from '../../../http/paging';
import { assertManagerOf, BASE, listRoute, monitorScope, ms, userNames } from '../access';
import { taskSummary } from '../task-lists';

const MENU = 'workFlow.flowMonitor';

/**
 * Monitor (our paths, base /api/workflow/Engine/FlowMonitor): every flow, paged; suspend and resume.
 * Assign and terminate are FlowBefore/Assign/{taskId} and FlowBefore/Cancel/{taskId} with the flow task id.
 */
export default async function monitorRoutes(app: FastifyInstance) {
  const db = app.kp.db;
  const P = `${BASE}/FlowMonitor`;
  app.get(P, listRoute(MENU), async (req) => {
    const q = req.query as WfListQuery;
    const { currentPage, pageSize, offset } = pageOf(q);
    // The caller's data scope on the monitor menu (admin: every flow; deptManager: his department's).
    let qb = db
      .selectFrom('wf_task as t')
      .leftJoin('base_user as mu', 'mu.id', 't.initiator_id')
      .where('t.status', '!=', 0)
      .where(monitorScope(req));
    if (q.keyword) qb = qb.where('t.full_name', 'ilike', likeOf(q.keyword));
    if (q.status !== undefined) qb = qb.where('t.status', '=', q.status);
    if (q.flowId) qb = qb.where('t.template_id', '=', q.flowId);
    const total = await countOf(qb);
    const rows = await qb
      .selectAll('t')
      .orderBy('t.creator_time', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute();
    const names = await userNames(
      db,
      rows.map((r) => r.initiator_id),
    );
    return ok({
      list: rows.map((t) => ({
        ...taskSummary(t, requestLanguage(req)),
        userName: names.get(t.initiator_id) ?? '',
        suspended: t.suspended,
        flowUrgent: t.flow_urgent,
        creatorTime: ms(t.creator_time),
      })),
      pagination: { currentPage, pageSize, total },
    });
  });
  const setSuspended = (v: number, msg: string) => async (req: FastifyRequest) => {
    const { id } = req.params as IdParams;
    await assertManagerOf(db, req, id);
    // A plain row update under the same row lock actOnTask takes; suspended tasks refuse every action.
    const r = await db
      .updateTable('wf_task')
      .set((eb) => ({ suspended: v, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound();
    return ok(null, msg);
  };
  app.put(
    `${P}/:id/Actions/Suspend`,
    { config: { permission: { menu: MENU } }, schema: { params: IdParams } },
    async (req) => {
      await assertManagerOf(db, req, (req.params as IdParams).id);
      const t = await db
        .selectFrom('wf_task')
        .select('status')
        .where('id', '=', (req.params as IdParams).id)
        .executeTakeFirst();
      if (!t) throw notFound();
      if (t.status !== 1) throw conflict('只有进行中的流程可以挂起');
      return setSuspended(1, '挂起成功')(req);
    },
  );
  app.put(
    `${P}/:id/Actions/Resume`,
    { config: { permission: { menu: MENU } }, schema: { params: IdParams } },
    setSuspended(0, '恢复成功'),
  );
}
