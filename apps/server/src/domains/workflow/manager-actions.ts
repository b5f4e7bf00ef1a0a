// The flow monitor's manager operations (spec 2 §1: save, refile, assign, terminate; ours: suspend,
// resume). Each needs the monitor menu WITH its own button (MONITOR_BUTTONS) and the task inside the
// caller's monitor data scope (access.ts assertManagerOf); each acts as the caller and leaves a record with
// his id in wf_record (the records list, RecordList and the dialog's timeline), like every other action.
import type { WfAssignBody } from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/api-error';
import { me } from '../auth/guard';
import { newId } from '../auth/tokens';
import { assertManagerOf } from './access';
import { actOnTask } from './engine';
import { loadTaskSnapshot } from './flow-snapshot';
import { listWrites, taskUsers, writingTask } from './list-scope';
import { type Loaded, nodeName, type TaskSnapshot, WF_MSG } from './task';

/** The monitor menu's button each operation needs (seed/menus.ts workFlow.flowMonitor; the host hides by the same). */
export const MONITOR_BUTTONS = {
  assign: 'btn_assign',
  terminate: 'btn_cancel',
  save: 'btn_save',
  refile: 'btn_rearchive',
  suspend: 'btn_suspend',
} as const;

/**
 * handle_status of the records the manager operations without an interpreter record leave (after spec 2's
 * reading A, 0–7; assign is 5 and terminate 4 there): manager save, refile, suspend, resume.
 */
export const MANAGER_RECORD = { managerSave: 8, refile: 9, suspended: 10, resumed: 11 } as const;

export const MANAGER_MSG = {
  assignToInitiator: '不能指派给流程发起人',
  refileOnlyAdopted: '只有已通过的流程可以重新归档',
  suspendOnlyRunning: '只有进行中的流程可以挂起',
} as const;

/** Writes one manager record on the task's first node (as the interpreter's terminate record does). */
async function writeRecord(
  tx: Transaction<Database>,
  taskId: string,
  snap: TaskSnapshot,
  userId: string,
  handleStatus: number,
  opinion: string | null = null,
) {
  const rootId = snap.template.tree.nodeId;
  await tx
    .insertInto('wf_record')
    .values({
      id: `${taskId}:m${newId()}`,
      task_id: taskId,
      node_id: rootId,
      node_name: nodeName(snap.template, rootId),
      user_id: userId,
      entrusted_by: null,
      handle_status: handleStatus,
      handle_opinion: opinion,
      sign_img: null,
      status: null,
      operator_id: null,
      flow_task_id: null,
      handle_time: new Date(),
    })
    .execute();
}

/** Who would hold a task created for `userId` in this flow: his delegate when an entrust is in force. */
function handlerOf(l: Loaded, userId: string): string {
  let to = userId;
  for (const e of l.entrusts ?? [])
    if (e.user_id === userId && (!e.template_id || e.template_id === l.row.template_id)) to = e.to_user_id;
  return to;
}

/** Assign (FlowBefore/Assign/{taskId}): the node's waiting approvers replaced by one user, never the initiator. */
export async function assignNode(ctx: AppContext, req: FastifyRequest, taskId: string, b: WfAssignBody) {
  if (!b.nodeCode) throw badRequest('请选择指派节点');
  if (!b.freeApproverUserId) throw badRequest('请选择指派给谁');
  await assertManagerOf(ctx.db, req, taskId, MONITOR_BUTTONS.assign);
  const uid = me(req).userId;
  const to = b.freeApproverUserId;
  await actOnTask(
    ctx,
    taskId,
    (l) => {
      // the initiator may not approve his own flow: neither named nor reached through an entrust
      if (to === l.row.initiator_id || handlerOf(l, to) === l.row.initiator_id)
        throw badRequest(MANAGER_MSG.assignToInitiator);
      return { type: 'assign', userId: uid, nodeId: b.nodeCode, toUserId: to, opinion: b.handleOpinion };
    },
    { manager: uid },
  );
}

/** Terminate (FlowBefore/Cancel/{taskId}); also while suspended. */
export async function terminateFlow(ctx: AppContext, req: FastifyRequest, taskId: string, reason?: string) {
  await assertManagerOf(ctx.db, req, taskId, MONITOR_BUTTONS.terminate);
  const uid = me(req).userId;
  await actOnTask(ctx, taskId, () => ({ type: 'terminate', userId: uid, reason }), {
    refuseSuspended: false,
    manager: uid,
  });
}

/** Manager save (PUT FlowTask/{id} with status 2): the form data saved where the flow stands, recorded. */
export async function managerSave(
  ctx: AppContext,
  req: FastifyRequest,
  taskId: string,
  flowId: string | undefined,
  formData: Record<string, unknown>,
) {
  await assertManagerOf(ctx.db, req, taskId, MONITOR_BUTTONS.save);
  const uid = me(req).userId;
  await actOnTask(
    ctx,
    taskId,
    (l) => {
      if (l.row.template_id !== flowId) throw badRequest('flowId: 与流程不符');
      return { type: 'managerSave', userId: uid, formData };
    },
    { manager: uid, after: (l) => writeRecord(l.tx, taskId, l.snap, uid, MANAGER_RECORD.managerSave) },
  );
}

/** Refile (FlowLaunch/rearchive/{id}): an adopted flow's form data overwritten, recorded. */
export async function refileFlow(
  ctx: AppContext,
  req: FastifyRequest,
  taskId: string,
  formData: Record<string, unknown>,
) {
  await assertManagerOf(ctx.db, req, taskId, MONITOR_BUTTONS.refile);
  const uid = me(req).userId;
  await actOnTask(
    ctx,
    taskId,
    (l) => {
      if (l.row.status !== 2) throw conflict(MANAGER_MSG.refileOnlyAdopted);
      return { type: 'refile', userId: uid, formData };
    },
    {
      refuseSuspended: false,
      manager: uid,
      after: (l) => writeRecord(l.tx, taskId, l.snap, uid, MANAGER_RECORD.refile),
    },
  );
}

/**
 * Suspend (running flows only) or resume: under the task's row lock, the flag set, the version bumped (a
 * suspended task refuses every action) and the change recorded. Setting the state it already has changes
 * and records nothing.
 */
export async function setSuspended(ctx: AppContext, req: FastifyRequest, taskId: string, suspend: boolean) {
  await assertManagerOf(ctx.db, req, taskId, MONITOR_BUTTONS.suspend);
  const uid = me(req).userId;
  // once committed, only the cached lists of the users the task's rows name are dropped (list-scope.ts)
  await listWrites(ctx, () =>
    ctx.db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('wf_task')
        .select(['id', 'status', 'suspended', 'state_json', 'template_snapshot'])
        .where('id', '=', taskId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound(WF_MSG.noTask);
      writingTask(taskId, await taskUsers(tx, taskId).execute());
      if (suspend && row.status !== 1) throw conflict(MANAGER_MSG.suspendOnlyRunning);
      if (!!row.suspended === suspend) return;
      await tx
        .updateTable('wf_task')
        .set((eb) => ({ suspended: suspend ? 1 : 0, version: eb('version', '+', 1) }))
        .where('id', '=', taskId)
        .execute();
      const snap = await loadTaskSnapshot(tx, row);
      await writeRecord(tx, taskId, snap, uid, suspend ? MANAGER_RECORD.suspended : MANAGER_RECORD.resumed);
    }),
  );
}
