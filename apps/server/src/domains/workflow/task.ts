// The shapes one flow task moves through inside a transaction (row, snapshot, loaded state), its refusal
// texts and the columns a transition writes back.
import { type Effect, type FlowState, findNode, type OrgDirectory } from '@kp/flow';
import { type FlowTemplate, textIn } from '@kp/schema';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { conflict, forbidden, notFound } from '../../http/api-error';
import type { WfNotice } from './notify';
import { json, type WfOperatorTable, type WfTaskTable } from './tables';

export type TaskRow = Selectable<WfTaskTable>;
/** A task's interpreter state and the template it runs on (flow-snapshot.ts). */
export interface TaskSnapshot {
  flow: FlowState;
  template: FlowTemplate;
  /**
   * The wf_flow_snapshot row holding the template; null for a row stored before migration 0185 by a
   * process that kept it in the state (it stays there).
   */
  snapshotId: string | null;
}
export interface Loaded {
  row: TaskRow;
  snap: TaskSnapshot;
  org: OrgDirectory & { managers: string[] };
  tx: Transaction<Database>;
  now: Date;
  /** The operator row the task was found by (TaskRef), read by its own statement once the lock was held. */
  operator?: Selectable<WfOperatorTable>;
  /** Operator rows the caller already read under the lock (flow task id -> row): spares a query. */
  knownOps?: Map<string, { id: string; user_id: string; entrusted_for: string | null }>;
  /** Entrusts in force at `now`, when already read (with the row lock). */
  entrusts?: EntrustRow[];
  /** Child tasks started by this transition (subflows) and the status each reached at once. */
  children?: { id: string; status: number; nodeId: string }[];
}

export interface EntrustRow {
  user_id: string;
  to_user_id: string;
  template_id: string | null;
}

export const WF_MSG = {
  handled: '该任务已处理',
  noTask: '任务不存在',
  notYours: '暂无权限',
  busy: '流程已被他人处理，请刷新后重试',
  suspended: '流程已挂起',
} as const;

export interface LaunchInput {
  userId: string;
  templateId: string;
  formData: Record<string, unknown>;
  /** 0 submit, 1 draft. */
  status: 0 | 1;
  flowUrgent?: number;
  candidates?: Record<string, string[]>;
  copyIds?: string[];
  id?: string;
  parentTaskId?: string;
  parentNodeId?: string;
}
export interface LaunchTxInput extends LaunchInput {
  /** Subflow children: the parent's data, not checked against the child's form. */
  skipFormCheck?: boolean;
  org?: OrgDirectory & { managers: string[] };
  now?: Date;
  notices: WfNotice[];
}

export const nodeName = (template: FlowTemplate, nodeId: string) => {
  const n = findNode(template.tree, nodeId);
  // stored with the task (this_step, records): the zh name of a title given in every language
  return textIn(n?.properties?.title) || nodeId;
};

export function taskColumns(l: { snap: TaskSnapshot }, state: FlowState, effects: Effect[], now: Date) {
  const finished = effects.some((e) => e.type === 'flowFinished');
  return {
    status: state.status,
    current_nodes: json(state.current),
    this_step: state.current.map((n) => nodeName(l.snap.template, n)).join(','),
    form_data: json(state.formData),
    state_json: json(l.snap.snapshotId ? { flow: state } : { flow: state, template: l.snap.template }),
    last_modify_time: now,
    // a resubmitted (running again) flow has no end time until it ends again
    ...(finished ? { end_time: now } : state.status === 1 ? { end_time: null } : {}),
  };
}

/** An operator row of the locked task, read once the lock was held (the one the task was found by, if it is). */
export async function lockedOperator(l: Loaded, operatorId: string) {
  if (l.operator?.id === operatorId) return l.operator;
  return l.tx
    .selectFrom('wf_operator')
    .selectAll()
    .where('id', '=', operatorId)
    .where('task_id', '=', l.row.id)
    .executeTakeFirst();
}

/** Loads the caller's pending operator task inside the locked transaction; refuses clearly otherwise. */
export async function myPendingOperator(l: Loaded, operatorId: string, userId: string) {
  const op = await lockedOperator(l, operatorId);
  if (!op) throw notFound(WF_MSG.noTask);
  if (op.user_id !== userId) throw forbidden();
  if (op.status !== 0) throw conflict(WF_MSG.handled);
  l.knownOps = new Map([[op.flow_task_id, op]]);
  return op;
}
