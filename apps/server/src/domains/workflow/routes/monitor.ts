import { IdParams, type WfListQuery } from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countOf, likeOf } from '../../../db/values';
import { ok } from '../../../http/envelope';
import { requestLanguage } from '../../../http/i18n';
import { pageOf } from '../../../http/paging';
import { BASE, listRoute, monitorScope, ms, userNames } from '../access';
import { MONITOR_BUTTONS, setSuspended } from '../manager-actions';
import { taskSummary } from '../task-lists';

const MENU = 'workFlow.flowMonitor';

/**
 * Monitor (our paths, base /api/workflow/Engine/FlowMonitor): every flow, paged; suspend and resume.
 * Assign and terminate are FlowBefore/Assign/{taskId} and FlowBefore/Cancel/{taskId} with the flow task id.
 * Each manager operation needs its own monitor button (manager-actions.ts MONITOR_BUTTONS).
 */
export default async function monitorRoutes(app: FastifyInstance) {
  const db = app.kp.db;
  const P = `${BASE}/FlowMonitor`;
  app.get(P, listRoute(MENU), async (req) => {
    const q = req.query as WfListQuery;
    const { currentPage, pageSize, offset } = pageOf(q);
    // The caller's data scope on the monitor menu (admin: every flow; deptManager: his department's).
    let qb = app.kp.dbHandle
      .read(req.principal?.userId)
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
  /** Suspend / resume (button btn_suspend): recorded as the caller (manager-actions.ts). */
  const SUSPEND = {
    config: { permission: { menu: MENU, button: MONITOR_BUTTONS.suspend } },
    schema: { params: IdParams },
  };
  const suspension = (suspend: boolean, msg: string) => async (req: FastifyRequest) => {
    await setSuspended(app.kp, req, (req.params as IdParams).id, suspend);
    return ok(null, msg);
  };
  app.put(`${P}/:id/Actions/Suspend`, SUSPEND, suspension(true, '挂起成功'));
  app.put(`${P}/:id/Actions/Resume`, SUSPEND, suspension(false, '恢复成功'));
}
