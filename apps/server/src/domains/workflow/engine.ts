import { createFlowState, type Effect, type FlowAction, type FlowState, type OrgDirectory } from '@kp/flow';
import type { FlowTemplate } from '@kp/schema';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { pipelined, prepared } from '../../db/pipeline';
import type { Database } from '../../db/types';
import { WriteBatch } from '../../db/write-batch';
import { ApiError, badRequest, conflict, notFound } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { newId } from '../auth/tokens';
import { copyFileLinks, formFileIds, linkFiles } from '../file/links';
import { stampFormData } from '../form/form-data';
import { splitIds } from './access';
import { applyEffects } from './effects';
import { loadTaskSnapshot, snapshotRow } from './flow-snapshot';
import { inListScope, listWrites, taskUsers, writingTask } from './list-scope';
import { pushNotices, type WfNotice, writeNotices } from './notify';
import { loadOrgDirectory, orgOf } from './org';
import { transitionWithChoices } from './subflow-choice';
import { parseJson, type WfOperatorTable, type WfTaskTable } from './tables';
import {
  type EntrustRow,
  type LaunchInput,
  type LaunchTxInput,
  type Loaded,
  type TaskRow,
  type TaskSnapshot,
  taskColumns,
  WF_MSG,
} from './task';
import { deriveOf, flowFormInput, taskModel } from './task-form';
import { defaultTaskTitle } from './task-title';
import { busyIfStale, versionCheck } from './version-check';

export type { LaunchInput, Loaded, TaskRow, TaskSnapshot } from './task';
export { WF_MSG } from './task';
export { orgOf };

/** A flow task by its id, or by one of its operator tasks (the to-do row id) — spares a lookup. */
export type TaskRef = string | { operatorId: string };

export interface ActOptions {
  /** The organisation directory (default: loaded inside the transaction). */
  org?: OrgDirectory & { managers: string[] };
  /** Extra writes in the same transaction, after the transition (e.g. press_mark). */
  after?: (l: Loaded, effects: Effect[]) => Promise<void>;
  /** Refuse when the task is suspended (monitor). Default true. */
  refuseSuspended?: boolean;
  now?: Date;
  /**
   * A monitor manager acting as himself (the caller checked his monitor button and data scope): the
   * transition counts him among the flow's managers, so the action and its record carry his id.
   */
  manager?: string;
}

/**
 * The one way a launched flow changes: one transaction, the task row locked (SELECT … FOR UPDATE),
 * @kp/flow's transition run on the stored state, the new state and every effect written, and the
 * row's version bumped (checked too, for any writer not taking the lock). Notices are written as site
 * messages in the same transaction; their pushes go after commit.
 */
export async function actOnTask(
  ctx: AppContext,
  taskId: TaskRef,
  build: (l: Loaded) => Promise<FlowAction> | FlowAction,
  opts: ActOptions = {},
): Promise<{ state: FlowState; effects: Effect[]; row: TaskRow }> {
  const notices: WfNotice[] = [];
  const org = opts.org ?? (await orgOf(ctx));
  let recipients: string[] = [];
  // the acting user's own counts change too (a handled to-do, a read item): pushed with the notices'
  const actors: string[] = [];
  const recordActor = async (l: Loaded) => {
    const a = await build(l);
    if (a.userId) actors.push(a.userId);
    return a;
  };
  // once committed, only the cached lists of the users the change names are dropped (list-scope.ts)
  const out = await listWrites(ctx, () =>
    ctx.db
      .transaction()
      .execute(async (raw) => {
        // the transition's writes and its notices leave as one statement (WriteBatch), with the task's
        // version check and the COMMIT in the same round trip
        const batch = new WriteBatch(raw);
        const r = await actInTx(raw, taskId, recordActor, { ...opts, org }, notices, batch);
        recipients = await writeNotices(raw, notices, batch);
        await batch.commit([versionCheck(raw, r.row.id, r.row.version + 1)]);
        return r;
      })
      .catch(busyIfStale),
  );
  await pushNotices(ctx, recipients, actors);
  return out;
}

/**
 * actOnTask inside a caller's transaction (subflow ends act on the parent in the child's transaction).
 * With `batch` (empty when given), the writes may be left in it for the caller to flush; else they are sent.
 */
export async function actInTx(
  tx: Transaction<Database>,
  ref: TaskRef,
  build: (l: Loaded) => Promise<FlowAction> | FlowAction,
  opts: ActOptions,
  notices: WfNotice[],
  outer?: WriteBatch,
): Promise<{ state: FlowState; effects: Effect[]; row: TaskRow }> {
  {
    const batch = outer ?? new WriteBatch(tx);
    const now = opts.now ?? new Date();
    const { locked, operator } = await lockTask(tx, ref, now);
    if (!locked) throw notFound(WF_MSG.noTask);
    const { entrusts_now, ...row } = locked;
    const taskId = row.id;
    if (row.suspended && opts.refuseSuspended !== false) throw conflict(WF_MSG.suspended);
    const snap = await loadTaskSnapshot(tx, row);
    const l: Loaded = {
      row,
      snap,
      org: opts.org ?? (await loadOrgDirectory(tx)),
      tx,
      now,
      entrusts: parseJson<EntrustRow[]>(entrusts_now, []),
      operator: operator?.task_id === taskId ? operator : undefined,
    };
    // the form version the task was launched on: a later save of the template does not change its rules
    const model = await taskModel(tx, row.template_id, row.form_version);
    // the form data an action carries goes through the server's one pipeline: what the acting node may
    // write, validated as its layers leave the form (formInput), then stamped and recomputed (stampFormData)
    const built = await build(l);
    const action = model ? await flowFormInput(tx, model, snap.template.tree, snap.flow, built) : built;
    const r = transitionWithChoices(snap.flow, action, {
      template: snap.template,
      org: l.org,
      now: now.toISOString(),
      managers: opts.manager ? [...l.org.managers, opts.manager] : l.org.managers,
      deriveForm: deriveOf(model),
    });
    if (!r.ok) throw new ApiError(400, r.error.message);
    if (model && 'formData' in action && action.formData) {
      // What a handler or the initiator submitted: system fields and bill numbers are the server's.
      const u = l.org.user(action.userId);
      r.state = {
        ...r.state,
        formData: await stampFormData(
          tx,
          { userId: action.userId, departmentId: u?.departmentId ?? null, positionIds: u?.positionIds ?? [] },
          model.compiled,
          r.state.formData,
          snap.flow.formData,
          { mode: r.state.status === 0 ? 'save' : 'submit' },
        ),
      };
    }
    // the form's attachments: the actor's own uploads or already on this task (file/links.ts)
    if (model && 'formData' in action && action.formData)
      await linkFiles(tx, action, 'wf_task', taskId, formFileIds(model.compiled, r.state.formData), 'data');
    const effects = r.effects;
    await applyEffects(l, taskId, effects, notices, row.template_id, (child) => launchInTx(tx, child), batch);
    await batch.add(
      tx
        .updateTable('wf_task')
        .set({ ...taskColumns(l, r.state, effects, now), version: row.version + 1 })
        .where('id', '=', taskId)
        .where('version', '=', row.version),
      (upd) => {
        if (Number(upd.numAffectedRows) !== 1) throw conflict(WF_MSG.busy);
      },
    );
    // what follows reads, or writes without the batch: the batch is sent first
    if (opts.after || !outer || (row.parent_task_id && effects.some((e) => e.type === 'flowFinished')))
      await batch.flush();
    if (opts.after) await opts.after(l, effects);
    await tellParent(tx, row, r.state, effects, notices);
    await settleChildren(tx, l, notices, batch);
    return { state: r.state, effects, row };
  }
}

/**
 * Locks the task row (SELECT … FOR UPDATE), found by its id or by one of its operator rows in the same
 * statement (an operator's task_id never changes); the entrusts in force ride along (a tiny table). By
 * operator, that operator row is read too — by its own statement, sent with the lock in one round trip
 * (db/pipeline.ts): it runs once the lock is held, on a fresh snapshot, so it sees what an approver who
 * held the lock before committed (read in the lock's own statement it could be stale: a double approval).
 */
/** Every column of wf_task (named: the lock is a prepared statement, see `prepared`). */
const TASK_COLUMNS = [
  'id',
  'template_id',
  'template_version',
  'form_version',
  'flow_code',
  'full_name',
  'title_parts',
  'status',
  'flow_urgent',
  'this_step',
  'current_nodes',
  'state_json',
  'template_snapshot',
  'form_data',
  'version',
  'suspended',
  'press_mark',
  'initiator_id',
  'parent_task_id',
  'parent_node_id',
  'creator_time',
  'start_time',
  'end_time',
  'last_modify_time',
] as const satisfies readonly (keyof WfTaskTable)[];
/** Every column of wf_operator. */
const OPERATOR_COLUMNS = [
  'id',
  'task_id',
  'flow_task_id',
  'node_id',
  'node_name',
  'user_id',
  'flow_user_id',
  'entrusted_for',
  'status',
  'result',
  'deadline',
  'reminder_count',
  'creator_time',
  'handle_time',
] as const satisfies readonly (keyof WfOperatorTable)[];

/**
 * Locks the task (by id, or by one of its operator rows) with the entrusts in force, and reads that operator
 * row behind the lock: one round trip, both statements prepared (the hot reads of every audit).
 */
async function lockTask(tx: Transaction<Database>, ref: TaskRef, now: Date) {
  const lock = tx
    .selectFrom('wf_task')
    .select(TASK_COLUMNS)
    .select(
      sql<unknown>`(select coalesce(json_agg(json_build_object('user_id', e.user_id, 'to_user_id', e.to_user_id, 'template_id', e.template_id)), '[]'::json) from wf_entrust e where e.enabled_mark = 1 and e.start_time <= ${now} and e.end_time >= ${now})`.as(
        'entrusts_now',
      ),
    )
    .where(
      'id',
      '=',
      typeof ref === 'string'
        ? ref
        : tx.selectFrom('wf_operator').select('task_id').where('id', '=', ref.operatorId),
    )
    .forUpdate();
  type Locked = Awaited<ReturnType<typeof lock.executeTakeFirst>>;
  // in a list write scope, the users the task's rows name ride along, read behind the lock (list-scope.ts)
  const users = inListScope() ? [prepared(taskUsers(tx, ref))] : [];
  if (typeof ref === 'string') {
    if (!users.length) return { locked: await prepared(lock).executeTakeFirst(), operator: undefined };
    const [a, u] = await pipelined(tx, [prepared(lock), ...users]);
    const locked = a?.rows[0] as Locked;
    if (locked && u) writingTask(locked.id, u.rows);
    return { locked, operator: undefined };
  }
  const op = tx.selectFrom('wf_operator').select(OPERATOR_COLUMNS).where('id', '=', ref.operatorId);
  const [a, b, u] = await pipelined(tx, [prepared(lock), prepared(op), ...users]);
  const locked = a?.rows[0] as Locked;
  if (locked && u) writingTask(locked.id, u.rows);
  return {
    locked,
    operator: b?.rows[0] as Awaited<ReturnType<typeof op.executeTakeFirst>>,
  };
}

/** Children that ended as they started (no approver anywhere) count at once, once the parent row is written. */
async function settleChildren(
  tx: Transaction<Database>,
  l: Loaded,
  notices: WfNotice[],
  batch: WriteBatch,
): Promise<void> {
  for (const c of l.children ?? []) {
    if (c.status !== 2) continue;
    await batch.flush();
    await tellParent(
      tx,
      { id: c.id, parent_task_id: l.row.id, parent_node_id: c.nodeId },
      { closed: false } as FlowState,
      [{ type: 'flowFinished', status: 2 }],
      notices,
    );
  }
}

/**
 * A child flow that ended (2 adopted, 5 cancelled, 4 revoked for good) tells its parent's sync subflow
 * node, in the same transaction; an async parent node (not waiting) is left alone.
 */
async function tellParent(
  tx: Transaction<Database>,
  row: Pick<TaskRow, 'id' | 'parent_task_id' | 'parent_node_id'>,
  state: FlowState,
  effects: Effect[],
  notices: WfNotice[],
): Promise<void> {
  if (!row.parent_task_id || !row.parent_node_id) return;
  const end = effects.find((e) => e.type === 'flowFinished');
  if (end?.type !== 'flowFinished') return;
  if (end.status === 3 || (end.status === 4 && !state.closed)) return; // not an end: may be resubmitted
  const parent = await tx
    .selectFrom('wf_task')
    .select(['state_json', 'status'])
    .where('id', '=', row.parent_task_id)
    .executeTakeFirst();
  if (parent?.status !== 1) return;
  const run = parseJson<TaskSnapshot>(parent.state_json).flow.runs[row.parent_node_id];
  if (run?.kind !== 'subflow') return;
  const nodeId = row.parent_node_id;
  await actInTx(
    tx,
    row.parent_task_id,
    () => ({ type: 'subflowFinished', userId: 'system', nodeId, childStatus: end.status }),
    { refuseSuspended: false },
    notices,
  );
}

/** The launch time in a title: YYYY-MM-DD HH:mm (server time). */
export function launchStamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Launches (or drafts) a new flow task from a released template, in one transaction. */
export async function launchTask(
  ctx: AppContext,
  input: LaunchInput,
): Promise<{ id: string; status: number }> {
  const notices: WfNotice[] = [];
  const org = await orgOf(ctx);
  let recipients: string[] = [];
  const res = await listWrites(ctx, () =>
    ctx.db.transaction().execute(async (raw) => {
      const r = await launchInTx(raw, { ...input, org, notices });
      recipients = await writeNotices(raw, notices);
      return r;
    }),
  );
  await pushNotices(ctx, recipients);
  return res;
}

/**
 * A launch as the two launch paths receive it (FlowTask, the system forms): submits (status 0) or saves a
 * draft (status 1) for `userId`, and answers the new task id.
 */
export async function launchAnswer(
  ctx: AppContext,
  launch: Pick<LaunchInput, 'userId' | 'templateId' | 'formData' | 'status'>,
  b: { flowUrgent?: number; candidateList?: Record<string, string[]>; copyIds?: string },
) {
  const r = await launchTask(ctx, {
    ...launch,
    flowUrgent: b.flowUrgent,
    candidates: b.candidateList,
    copyIds: splitIds(b.copyIds),
  });
  return ok(r.id, launch.status === 1 ? '保存成功' : '提交成功');
}

/** launchTask inside a caller's transaction. */
export async function launchInTx(
  tx: Transaction<Database>,
  input: LaunchTxInput,
): Promise<{ id: string; status: number }> {
  const id = input.id ?? newId();
  writingTask(id); // a new task: its rows and their users are all written below (list-scope.ts)
  const notices = input.notices;
  {
    const tpl = await tx
      .selectFrom('wf_template')
      .selectAll()
      .where('id', '=', input.templateId)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!tpl) throw notFound('流程不存在');
    if (tpl.enabled_mark !== 1) throw badRequest('流程未发布或已停用');
    const visible = parseJson<string[]>(tpl.visible_user_ids, []);
    if (visible.length && !visible.includes(input.userId)) throw new ApiError(403, '暂无权限');
    const template: FlowTemplate = {
      flowId: tpl.id,
      fullName: tpl.full_name,
      tree: tpl.flow_json as FlowTemplate['tree'],
      properties: parseJson(tpl.properties_json, {}),
    };
    const now = input.now ?? new Date();
    const org = input.org ?? (await loadOrgDirectory(tx));
    const model = input.skipFormCheck ? null : await taskModel(tx, tpl.id, tpl.form_version, tpl.form_json);
    const submit: FlowAction = {
      type: 'submit',
      userId: input.userId,
      status: input.status,
      formData: input.formData,
      candidates: input.candidates,
      copyIds: input.copyIds,
    };
    // the form as the start node's field rights leave it (the same layers the launch dialog renders)
    const action = model ? await flowFormInput(tx, model, template.tree, null, submit) : submit;
    const r = transitionWithChoices(createFlowState(), action, {
      template,
      org,
      now: now.toISOString(),
      managers: org.managers,
      deriveForm: deriveOf(model),
    });
    if (!r.ok) throw new ApiError(400, r.error.message);
    if (model) {
      // The initiator's unit, the time, and the bill number (taken in this transaction on submit).
      const who = await tx
        .selectFrom('base_user')
        .select(['organize_id', 'department_id'])
        .where('id', '=', input.userId)
        .executeTakeFirst();
      r.state = {
        ...r.state,
        formData: await stampFormData(
          tx,
          {
            userId: input.userId,
            organizeId: who?.organize_id ?? null,
            departmentId: who?.department_id ?? null,
            positionIds: org.user(input.userId)?.positionIds ?? [],
          },
          model.compiled,
          r.state.formData,
          null,
          { mode: input.status === 1 ? 'save' : 'submit' },
        ),
      };
    }
    // attachments: the initiator's own uploads (or on this draft); a subflow child shows its parent's (file/links.ts)
    if (model)
      await linkFiles(tx, input, 'wf_task', id, formFileIds(model.compiled, r.state.formData), 'data');
    else if (input.parentTaskId) await copyFileLinks(tx, 'wf_task', input.parentTaskId, id);
    // title: initiator, flow name and launch time (launches of one flow tell apart), read in any language
    const title = defaultTaskTitle(org.user(input.userId)?.name ?? '', tpl, launchStamp(now));
    const snapshot = snapshotRow(template);
    const snap: TaskSnapshot = { flow: r.state, template, snapshotId: snapshot.id };
    const row = {
      id,
      template_id: tpl.id,
      template_version: tpl.version,
      form_version: tpl.form_version,
      flow_code: tpl.en_code,
      ...title,
      initiator_id: input.userId,
      flow_urgent: input.flowUrgent ?? 1,
      parent_task_id: input.parentTaskId ?? null,
      parent_node_id: input.parentNodeId ?? null,
      creator_time: now,
      start_time: input.status === 0 ? now : null,
      end_time: null,
      template_snapshot: snapshot.id,
      ...taskColumns({ snap }, r.state, r.effects, now),
    };
    // the task row and its effects' writes as one statement where they may share one (WriteBatch)
    const batch = new WriteBatch(tx);
    await batch.add(
      tx
        .insertInto('wf_flow_snapshot')
        .values(snapshot)
        .onConflict((oc) => oc.column('id').doNothing()),
    );
    await batch.add(tx.insertInto('wf_task').values(row));
    const l: Loaded = {
      row: { ...row, version: 1, suspended: 0, press_mark: 0 },
      snap,
      org,
      tx,
      now,
    };
    await applyEffects(l, id, r.effects, notices, tpl.id, (child) => launchInTx(tx, child), batch);
    await batch.flush();
    await settleChildren(tx, l, notices, batch);
    return { id, status: r.state.status };
  }
}
