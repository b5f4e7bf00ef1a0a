// What a transition's effects do to the tables (operators, records, circulations, deadlines, notices,
// subflow children), inside the caller's transaction.
import type { Effect } from '@kp/flow';
import type { WriteBatch } from '../../db/write-batch';
import { newId } from '../auth/tokens';
import { noticeTitle, type WfNotice } from './notify';
import { type LaunchTxInput, type Loaded, nodeName } from './task';

/** Starts a subflow child in the same transaction (the engine's launchInTx, passed in: no import circle). */
export type StartChild = (input: LaunchTxInput) => Promise<{ id: string; status: number }>;

/**
 * Applies a transition's effects to the tables inside the caller's transaction; collects notices. The
 * writes go into `batch` (sent as one statement where they may share one; the caller flushes the rest).
 */
export async function applyEffects(
  l: Loaded,
  taskId: string,
  effects: Effect[],
  notices: WfNotice[],
  templateId: string,
  startChild: StartChild,
  batch: WriteBatch,
): Promise<void> {
  const { tx, now, snap } = l;
  const delegateOf = new Map<string, string>();
  // Entrusts matter only when tasks are created or people are told: read them only then.
  if (effects.some((e) => e.type === 'createTask' || e.type === 'message')) {
    const entrusts =
      l.entrusts ??
      (await tx
        .selectFrom('wf_entrust')
        .select(['user_id', 'to_user_id', 'template_id'])
        .where('enabled_mark', '=', 1)
        .where('start_time', '<=', now)
        .where('end_time', '>=', now)
        .execute());
    for (const e of entrusts)
      if (!e.template_id || e.template_id === templateId) delegateOf.set(e.user_id, e.to_user_id);
  }
  const opByFlowTask = new Map<string, { id: string; user_id: string; entrusted_for: string | null }>(
    l.knownOps ?? [],
  );
  const opOf = async (flowTaskId: string) => {
    const hit = opByFlowTask.get(flowTaskId);
    if (hit) return hit;
    await batch.flush();
    const row = await tx
      .selectFrom('wf_operator')
      .select(['id', 'user_id', 'entrusted_for'])
      .where('task_id', '=', taskId)
      .where('flow_task_id', '=', flowTaskId)
      .executeTakeFirst();
    if (row) opByFlowTask.set(flowTaskId, row);
    return row;
  };
  const toHandlers = (ids: string[]) => ids.map((u) => delegateOf.get(u) ?? u);
  for (const e of effects) {
    switch (e.type) {
      case 'createTask': {
        const delegate = delegateOf.get(e.task.userId);
        const id = newId();
        await batch.add(
          tx.insertInto('wf_operator').values({
            id,
            task_id: taskId,
            flow_task_id: e.task.id,
            node_id: e.task.nodeId,
            node_name: nodeName(snap.template, e.task.nodeId),
            user_id: delegate ?? e.task.userId,
            flow_user_id: e.task.userId,
            entrusted_for: delegate ? e.task.userId : null,
            status: 0,
            creator_time: now,
          }),
        );
        opByFlowTask.set(e.task.id, {
          id,
          user_id: delegate ?? e.task.userId,
          entrusted_for: delegate ? e.task.userId : null,
        });
        break;
      }
      case 'closeTask':
        await batch.add(
          tx
            .updateTable('wf_operator')
            .set({ status: e.status === 'done' ? 1 : 2, result: e.result ?? null, handle_time: now })
            .where('task_id', '=', taskId)
            .where('flow_task_id', '=', e.taskId),
        );
        break;
      case 'record': {
        const r = e.record;
        const op = r.taskId ? await opOf(r.taskId) : undefined;
        const entrusted = op?.entrusted_for && op.entrusted_for === r.userId;
        await batch.add(
          tx
            .insertInto('wf_record')
            .values({
              id: `${taskId}:${r.id}`,
              task_id: taskId,
              node_id: r.nodeId,
              node_name: r.nodeName,
              user_id: entrusted && op ? op.user_id : r.userId,
              entrusted_by: entrusted ? r.userId : null,
              handle_status: r.handleStatus,
              handle_opinion: r.handleOpinion ?? null,
              sign_img: r.signImg ?? null,
              status: r.status ?? null,
              operator_id: r.targetUserIds?.length ? r.targetUserIds.join(',') : (op?.id ?? null),
              flow_task_id: r.taskId ?? null,
              handle_time: new Date(r.handleTime),
            })
            .onConflict((oc) => oc.column('id').doNothing()),
        );
        break;
      }
      case 'cc': {
        const users = [...new Set(e.userIds)];
        if (users.length)
          await batch.add(
            tx.insertInto('wf_circulate').values(
              users.map((u) => ({
                id: newId(),
                task_id: taskId,
                node_id: e.nodeId,
                user_id: u,
                creator_time: now,
              })),
            ),
          );
        break;
      }
      case 'message':
        notices.push({ toUserIds: toHandlers(e.to), ...noticeTitle(e.kind, l.row) });
        break;
      case 'setDeadline':
        await batch.add(
          tx
            .insertInto('wf_deadline')
            .values({
              task_id: taskId,
              deadline_id: e.deadline.id,
              node_id: e.deadline.nodeId,
              kind: e.deadline.kind,
              due_at: new Date(e.deadline.at),
              claimed_until: null,
            })
            .onConflict((oc) =>
              oc
                .columns(['task_id', 'deadline_id'])
                .doUpdateSet({ due_at: new Date(e.deadline.at), claimed_until: null }),
            ),
        );
        if (e.deadline.kind === 'overdue')
          await batch.add(
            tx
              .updateTable('wf_operator')
              .set({ deadline: new Date(e.deadline.at) })
              .where('task_id', '=', taskId)
              .where('node_id', '=', e.deadline.nodeId)
              .where('status', '=', 0),
          );
        break;
      case 'clearDeadline':
        await batch.add(
          tx.deleteFrom('wf_deadline').where('task_id', '=', taskId).where('deadline_id', '=', e.deadlineId),
        );
        break;
      case 'startSubflow':
        await batch.flush(); // the child's launch reads and writes on its own
        // One child task per initiator, launched in this transaction from the node's released template
        // (form data = the parent's, not re-validated: the parent's form was checked); when a child
        // ends, its parent gets `subflowFinished` with the child's status (see below).
        for (const initiator of e.initiators) {
          const child = await startChild({
            userId: initiator,
            templateId: e.flowId,
            formData: l.snap.flow.formData,
            status: 0,
            parentTaskId: taskId,
            parentNodeId: e.nodeId,
            skipFormCheck: true,
            org: l.org,
            now,
            notices,
          });
          l.children = [...(l.children ?? []), { ...child, nodeId: e.nodeId }];
        }
        break;
      default:
        break;
    }
  }
}
