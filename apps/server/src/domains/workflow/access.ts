import { WfListQuery } from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import type { Expression, SqlBool } from 'kysely';
import { badRequest, forbidden, notFound } from '../../http/api-error';
import { allows, me } from '../auth/guard';
import { isFlowParty } from '../auth/objects';
import { scopeFilter, scopeOf } from '../permission/data-scope';
import type { WfDb } from './tables';

export const BASE = '/api/workflow/Engine';
/** Who may see and read every flow in his monitor scope: administrators and the monitor menu (operations need its buttons too). */
export const MONITOR_MENU = 'workFlow.flowMonitor';
export const isFlowManager = (req: FastifyRequest) => allows(me(req), { menu: MONITOR_MENU });

/**
 * The caller's data scope on the monitor menu, over a query that has `wf_task as t` left-joined with
 * its initiator as `mu` (base_user): all / org (initiator's company in the caller's subtree) / dept
 * (initiator's department = the caller's) / self (flows he launched). Administrators: all.
 */
export const monitorScope = (req: FastifyRequest): Expression<SqlBool> =>
  scopeFilter(me(req), MONITOR_MENU, {
    org: 'mu.organize_id',
    dept: 'mu.department_id',
    owner: 't.initiator_id',
  });

/** Whether the flow task lies inside the caller's monitor data scope (false when he has no monitor grant). */
export async function inMonitorScope(db: WfDb, req: FastifyRequest, taskId: string): Promise<boolean> {
  if (!isFlowManager(req)) return false;
  const hit = await db
    .selectFrom('wf_task as t')
    .leftJoin('base_user as mu', 'mu.id', 't.initiator_id')
    .select('t.id')
    .where('t.id', '=', taskId)
    .where(monitorScope(req))
    .executeTakeFirst();
  return !!hit;
}

/**
 * Manager operations (assign, terminate, save, refile, suspend, resume): the monitor menu with the
 * operation's own button on it (manager-actions.ts MONITOR_BUTTONS) AND the task in its data scope.
 */
export async function assertManagerOf(
  db: WfDb,
  req: FastifyRequest,
  taskId: string,
  button: string,
): Promise<void> {
  if (!allows(me(req), { menu: MONITOR_MENU, button })) throw forbidden();
  const exists = await db.selectFrom('wf_task').select('id').where('id', '=', taskId).executeTakeFirst();
  if (!exists) throw notFound('任务不存在');
  if (!(await inMonitorScope(db, req, taskId))) throw forbidden();
}

/** A user is part of a flow when he launched it, holds or held an operator task, acted on it, or was copied (objects.isFlowParty). */
export const isParticipant = (db: WfDb, taskId: string, userId: string): Promise<boolean> =>
  isFlowParty(db, userId, taskId);

/** Refuses (403) unless the caller is part of the flow or a flow manager; 404 when the task does not exist. */
export async function assertCanRead(db: WfDb, req: FastifyRequest, taskId: string): Promise<void> {
  const exists = await db.selectFrom('wf_task').select('id').where('id', '=', taskId).executeTakeFirst();
  if (!exists) throw notFound('任务不存在');
  if (isFlowManager(req) && scopeOf(me(req), MONITOR_MENU) === 'all') return;
  if (await isParticipant(db, taskId, me(req).userId)) return;
  if (!(await inMonitorScope(db, req, taskId))) throw forbidden();
}

/** The task {id} of the request, once the caller may read it (refused otherwise). */
export async function readableTaskId(db: WfDb, req: FastifyRequest): Promise<string> {
  const { id } = req.params as { id: string };
  await assertCanRead(db, req, id);
  return id;
}

/** Options of a paged flow list guarded by `menu` (WfListQuery). */
export const listRoute = (menu: string) => ({
  config: { permission: { menu } },
  schema: { querystring: WfListQuery },
});

export async function userNames(
  db: WfDb,
  ids: Array<string | null | undefined>,
): Promise<Map<string, string>> {
  const list = [...new Set(ids.filter((x): x is string => !!x))];
  if (!list.length) return new Map();
  const rows = await db
    .selectFrom('base_user')
    .select(['id', 'real_name', 'account'])
    .where('id', 'in', list)
    .execute();
  return new Map(rows.map((r) => [r.id, `${r.real_name}/${r.account}`]));
}

/**
 * The submit status of a launch or a resubmission (spec 2 §4): 0 submit, 1 save as draft. A system form's
 * client (formType 1) says it with flowState (0 on submit, 1 on save), others with status; both may come,
 * and then they agree. Neither: submit. (Status 2, the manager save, is answered before this.)
 */
export function submitStatus(b: { status?: number; flowState?: number }): 0 | 1 {
  const { status, flowState } = b;
  if (flowState !== undefined && status !== undefined && flowState !== status)
    throw badRequest('flowState: 与 status 不一致');
  return (flowState ?? status) === 1 ? 1 : 0;
}

export const ms = (d: Date | string | null | undefined) => (d ? new Date(d).getTime() : null);
export const splitIds = (s: string | undefined | null) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
