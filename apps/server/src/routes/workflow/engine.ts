import { type CompiledForm, compileForm, recalculate, validateFormData } from '@kp/engine';
import {
  createFlowState,
  type Effect,
  type FlowAction,
  type FlowState,
  findNode,
  type OrgDirectory,
} from '@kp/flow';
import type { FlowTemplate, FormConfig } from '@kp/schema';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { newId } from '../../domains/auth/tokens';
import { stampFormData } from '../../forms/form-data';
import { ApiError, badRequest, conflict, notFound } from '../../http/api-error';
import { noticeTitle, pushNotices, type WfNotice, writeNotices } from './notify';
import { loadOrgDirectory } from './org';
import { transitionWithChoices } from './subflow-choice';
import { json, parseJson, type WfDatabase, type WfTaskTable, wdb } from './tables';

export type TaskRow = Selectable<WfTaskTable>;
/** What wf_task.state_json holds: the interpreter state and the template snapshot it runs on. */
export interface TaskSnapshot {
  flow: FlowState;
  template: FlowTemplate;
}
export interface Loaded {
  row: TaskRow;
  snap: TaskSnapshot;
  org: OrgDirectory & { managers: string[] };
  tx: Transaction<WfDatabase>;
  now: Date;
  /** Operator rows the caller already read under the lock (flow task id -> row): spares a query. */
  knownOps?: Map<string, { id: string; user_id: string; entrusted_for: string | null }>;
  /** Entrusts in force at `now`, when already read (with the row lock). */
  entrusts?: EntrustRow[];
  /** Child tasks started by this transition (subflows) and the status each reached at once. */
  children?: { id: string; status: number; nodeId: string }[];
}

interface EntrustRow {
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

const compiledForms = new Map<string, CompiledForm>();
/** Server-side form validation with the renderer's compiled schema (one form config, one truth). */
export function checkFormData(
  cacheKey: string,
  form: unknown,
  data: Record<string, unknown>,
  mode: 'submit' | 'save',
): void {
  let compiled = compiledForms.get(cacheKey);
  if (!compiled) {
    compiled = compileForm(form as FormConfig);
    compiledForms.set(cacheKey, compiled);
  }
  const r = validateFormData(compiled, data, { mode: mode === 'save' ? 'save' : undefined } as never);
  if (!r.ok) throw badRequest(r.errors.map((e) => `${e.path}: ${e.message}`).join('；'));
}

/**
 * The compiled form of a flow's template version (cached; read from the template on a miss), or null when
 * the template has no valid form. It recomputes calculate fields inside every transition (deriveForm), and
 * its system fields and bill numbers are stamped by the server (stampFormData), never taken from the client.
 */
async function taskForm(
  tx: Transaction<WfDatabase>,
  templateId: string,
  version: number,
  formJson?: unknown,
): Promise<CompiledForm | null> {
  const key = `${templateId}@form${version}`;
  const hit = compiledForms.get(key);
  if (hit) return hit;
  const form =
    formJson ??
    (await tx.selectFrom('wf_template').select('form_json').where('id', '=', templateId).executeTakeFirst())
      ?.form_json;
  let compiled: CompiledForm | null = null;
  try {
    compiled = form ? compileForm(parseJson<unknown>(form, null) as FormConfig) : null;
  } catch {
    compiled = null;
  }
  if (compiled) compiledForms.set(key, compiled);
  return compiled;
}
const deriveOf = (compiled: CompiledForm | null) =>
  compiled ? (d: Record<string, unknown>) => recalculate(compiled, d) : undefined;

const nodeName = (template: FlowTemplate, nodeId: string) => {
  const n = findNode(template.tree, nodeId);
  const title = (n?.properties as { title?: string } | undefined)?.title;
  return title || nodeId;
};

/** Applies a transition's effects to the tables inside the caller's transaction; collects notices. */
async function applyEffects(
  l: Loaded,
  taskId: string,
  effects: Effect[],
  notices: WfNotice[],
  templateId: string,
): Promise<void> {
  const { tx, now, snap } = l;
  const flowName = l.row.full_name;
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
        await tx
          .insertInto('wf_operator')
          .values({
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
          })
          .execute();
        opByFlowTask.set(e.task.id, {
          id,
          user_id: delegate ?? e.task.userId,
          entrusted_for: delegate ? e.task.userId : null,
        });
        break;
      }
      case 'closeTask':
        await tx
          .updateTable('wf_operator')
          .set({ status: e.status === 'done' ? 1 : 2, result: e.result ?? null, handle_time: now })
          .where('task_id', '=', taskId)
          .where('flow_task_id', '=', e.taskId)
          .execute();
        break;
      case 'record': {
        const r = e.record;
        const op = r.taskId ? await opOf(r.taskId) : undefined;
        const entrusted = op?.entrusted_for && op.entrusted_for === r.userId;
        await tx
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
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        break;
      }
      case 'cc': {
        const users = [...new Set(e.userIds)];
        if (users.length)
          await tx
            .insertInto('wf_circulate')
            .values(
              users.map((u) => ({
                id: newId(),
                task_id: taskId,
                node_id: e.nodeId,
                user_id: u,
                creator_time: now,
              })),
            )
            .execute();
        break;
      }
      case 'message':
        notices.push({ toUserIds: toHandlers(e.to), title: noticeTitle(e.kind, flowName) });
        break;
      case 'setDeadline':
        await tx
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
          )
          .execute();
        if (e.deadline.kind === 'overdue')
          await tx
            .updateTable('wf_operator')
            .set({ deadline: new Date(e.deadline.at) })
            .where('task_id', '=', taskId)
            .where('node_id', '=', e.deadline.nodeId)
            .where('status', '=', 0)
            .execute();
        break;
      case 'clearDeadline':
        await tx
          .deleteFrom('wf_deadline')
          .where('task_id', '=', taskId)
          .where('deadline_id', '=', e.deadlineId)
          .execute();
        break;
      case 'startSubflow':
        // One child task per initiator, launched in this transaction from the node's released template
        // (form data = the parent's, not re-validated: the parent's form was checked); when a child
        // ends, its parent gets `subflowFinished` with the child's status (see below).
        for (const initiator of e.initiators) {
          const child = await launchInTx(tx, {
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

function taskColumns(l: { snap: TaskSnapshot }, state: FlowState, effects: Effect[], now: Date) {
  const finished = effects.some((e) => e.type === 'flowFinished');
  return {
    status: state.status,
    current_nodes: json(state.current),
    this_step: state.current.map((n) => nodeName(l.snap.template, n)).join(','),
    form_data: json(state.formData),
    state_json: json({ flow: state, template: l.snap.template }),
    last_modify_time: now,
    // a resubmitted (running again) flow has no end time until it ends again
    ...(finished ? { end_time: now } : state.status === 1 ? { end_time: null } : {}),
  };
}

/**
 * The organisation as the interpreter asks it, from the shared read cache (dropped whenever a user,
 * unit, position or relation changes, in every process: migration 0002's triggers).
 */
export function orgOf(ctx: AppContext): Promise<OrgDirectory & { managers: string[] }> {
  return ctx.dbHandle.cache.get('wf:org', () => sharedOrgLoad(ctx));
}

type OrgDir = OrgDirectory & { managers: string[] };
const inflight = new WeakMap<AppContext, Promise<OrgDir>>();
const watching = new WeakSet<AppContext>();
/**
 * One load of the directory shared by the callers that miss the cache at the same time (a burst of
 * audits right after a login or an organisation change would otherwise each read every user and
 * relation). A change announced while a load runs detaches it, so later callers load afresh.
 */
function sharedOrgLoad(ctx: AppContext): Promise<OrgDir> {
  if (!watching.has(ctx)) {
    watching.add(ctx);
    ctx.dbHandle.cache.onChange(() => inflight.delete(ctx));
  }
  let p = inflight.get(ctx);
  if (!p) {
    p = loadOrgDirectory(wdb(ctx.db)).finally(() => {
      if (inflight.get(ctx) === p) inflight.delete(ctx);
    });
    inflight.set(ctx, p);
  }
  return p;
}

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
  const out = await ctx.db.transaction().execute(async (raw) => {
    const r = await actInTx(
      raw as unknown as Transaction<WfDatabase>,
      taskId,
      recordActor,
      { ...opts, org },
      notices,
    );
    recipients = await writeNotices(raw, notices);
    return r;
  });
  await pushNotices(ctx, recipients, actors);
  return out;
}

/** actOnTask inside a caller's transaction (subflow ends act on the parent in the child's transaction). */
export async function actInTx(
  tx: Transaction<WfDatabase>,
  ref: TaskRef,
  build: (l: Loaded) => Promise<FlowAction> | FlowAction,
  opts: ActOptions,
  notices: WfNotice[],
): Promise<{ state: FlowState; effects: Effect[]; row: TaskRow }> {
  {
    // By operator id: the task is found and locked in one statement (an operator's task_id never changes).
    // The entrusts in force ride along (a tiny table; read in the same round trip).
    const now = opts.now ?? new Date();
    const locked = await tx
      .selectFrom('wf_task')
      .selectAll()
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
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw notFound(WF_MSG.noTask);
    const { entrusts_now, ...row } = locked;
    const taskId = row.id;
    if (row.suspended && opts.refuseSuspended !== false) throw conflict(WF_MSG.suspended);
    const snap = parseJson<TaskSnapshot>(row.state_json, null as never);
    const l: Loaded = {
      row,
      snap,
      org: opts.org ?? (await loadOrgDirectory(tx)),
      tx,
      now,
      entrusts: parseJson<EntrustRow[]>(entrusts_now, []),
    };
    const action = await build(l);
    const compiled = await taskForm(tx, row.template_id, row.template_version);
    const r = transitionWithChoices(snap.flow, action, {
      template: snap.template,
      org: l.org,
      now: now.toISOString(),
      managers: l.org.managers,
      deriveForm: deriveOf(compiled),
    });
    if (!r.ok) throw new ApiError(400, r.error.message);
    if (compiled && 'formData' in action && action.formData) {
      // What a handler or the initiator submitted: system fields and bill numbers are the server's.
      const u = l.org.user(action.userId);
      r.state = {
        ...r.state,
        formData: await stampFormData(
          tx as never,
          { userId: action.userId, departmentId: u?.departmentId ?? null, positionIds: u?.positionIds ?? [] },
          compiled,
          r.state.formData,
          snap.flow.formData,
          { mode: r.state.status === 0 ? 'save' : 'submit' },
        ),
      };
    }
    await applyEffects(l, taskId, r.effects, notices, row.template_id);
    const upd = await tx
      .updateTable('wf_task')
      .set({ ...taskColumns(l, r.state, r.effects, now), version: row.version + 1 })
      .where('id', '=', taskId)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(upd.numUpdatedRows) !== 1) throw conflict(WF_MSG.busy);
    if (opts.after) await opts.after(l, r.effects);
    await tellParent(tx, row, r.state, r.effects, notices);
    await settleChildren(tx, l, notices);
    return { state: r.state, effects: r.effects, row };
  }
}

/** Children that ended as they started (no approver anywhere) count at once, once the parent row is written. */
async function settleChildren(tx: Transaction<WfDatabase>, l: Loaded, notices: WfNotice[]): Promise<void> {
  for (const c of l.children ?? []) {
    if (c.status !== 2) continue;
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
  tx: Transaction<WfDatabase>,
  row: Pick<TaskRow, 'id' | 'parent_task_id' | 'parent_node_id'>,
  state: FlowState,
  effects: Effect[],
  notices: WfNotice[],
): Promise<void> {
  if (!row.parent_task_id || !row.parent_node_id) return;
  const end = effects.find((e) => e.type === 'flowFinished');
  if (!end || end.type !== 'flowFinished') return;
  if (end.status === 3 || (end.status === 4 && !state.closed)) return; // not an end: may be resubmitted
  const parent = await tx
    .selectFrom('wf_task')
    .select(['state_json', 'status'])
    .where('id', '=', row.parent_task_id)
    .executeTakeFirst();
  if (!parent || parent.status !== 1) return;
  const run = parseJson<TaskSnapshot>(parent.state_json, null as never).flow.runs[row.parent_node_id];
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
interface LaunchTxInput extends LaunchInput {
  /** Subflow children: the parent's data, not checked against the child's form. */
  skipFormCheck?: boolean;
  org?: OrgDirectory & { managers: string[] };
  now?: Date;
  notices: WfNotice[];
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
  const res = await ctx.db.transaction().execute(async (raw) => {
    const r = await launchInTx(raw as unknown as Transaction<WfDatabase>, { ...input, org, notices });
    recipients = await writeNotices(raw, notices);
    return r;
  });
  await pushNotices(ctx, recipients);
  return res;
}

/** launchTask inside a caller's transaction. */
export async function launchInTx(
  tx: Transaction<WfDatabase>,
  input: LaunchTxInput,
): Promise<{ id: string; status: number }> {
  const id = input.id ?? newId();
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
    if (!input.skipFormCheck)
      checkFormData(
        `${tpl.id}@${tpl.version}`,
        tpl.form_json,
        input.formData,
        input.status === 1 ? 'save' : 'submit',
      );
    const template: FlowTemplate = {
      flowId: tpl.id,
      fullName: tpl.full_name,
      tree: tpl.flow_json as FlowTemplate['tree'],
      properties: parseJson(tpl.properties_json, {}),
    };
    const now = input.now ?? new Date();
    const org = input.org ?? (await loadOrgDirectory(tx));
    const compiled = input.skipFormCheck ? null : await taskForm(tx, tpl.id, tpl.version, tpl.form_json);
    const r = transitionWithChoices(
      createFlowState(),
      {
        type: 'submit',
        userId: input.userId,
        status: input.status,
        formData: input.formData,
        candidates: input.candidates,
        copyIds: input.copyIds,
      },
      { template, org, now: now.toISOString(), managers: org.managers, deriveForm: deriveOf(compiled) },
    );
    if (!r.ok) throw new ApiError(400, r.error.message);
    if (compiled) {
      // The initiator's unit, the time, and the bill number (taken in this transaction on submit).
      const who = await tx
        .selectFrom('base_user')
        .select(['organize_id', 'department_id'])
        .where('id', '=', input.userId)
        .executeTakeFirst();
      r.state = {
        ...r.state,
        formData: await stampFormData(
          tx as never,
          {
            userId: input.userId,
            organizeId: who?.organize_id ?? null,
            departmentId: who?.department_id ?? null,
            positionIds: org.user(input.userId)?.positionIds ?? [],
          },
          compiled,
          r.state.formData,
          null,
          { mode: input.status === 1 ? 'save' : 'submit' },
        ),
      };
    }
    const initiatorName = org.user(input.userId)?.name ?? '';
    // title: 发起人的流程名称 and the launch time, so launches of one flow tell apart in the lists
    const fullName = `${initiatorName}的${tpl.full_name}（${launchStamp(now)}）`;
    const snap: TaskSnapshot = { flow: r.state, template };
    const row = {
      id,
      template_id: tpl.id,
      template_version: tpl.version,
      flow_code: tpl.en_code,
      full_name: fullName,
      initiator_id: input.userId,
      flow_urgent: input.flowUrgent ?? 1,
      parent_task_id: input.parentTaskId ?? null,
      parent_node_id: input.parentNodeId ?? null,
      creator_time: now,
      start_time: input.status === 0 ? now : null,
      end_time: null,
      ...taskColumns({ snap }, r.state, r.effects, now),
    };
    await tx.insertInto('wf_task').values(row).execute();
    const l: Loaded = {
      row: { ...row, version: 1, suspended: 0, press_mark: 0 } as unknown as TaskRow,
      snap,
      org,
      tx,
      now,
    };
    await applyEffects(l, id, r.effects, notices, tpl.id);
    await settleChildren(tx, l, notices);
    return { id, status: r.state.status };
  }
}

export { wdb };
