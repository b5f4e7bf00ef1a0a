import { type FlowNode, type FlowNodeProperties, type FlowTemplate, textIn } from '@kp/schema';
import { type CompiledNode, type CompiledTemplate, compileTemplate } from './compile';
import { evaluateConditions } from './conditions';
import { type FlowTextCode, flowText } from './messages';
import { departmentHead, sameOrganisation } from './org';
import {
  type Deadline,
  type Effect,
  type FlowAction,
  type FlowContext,
  type FlowError,
  type FlowState,
  type FlowStatus,
  HANDLE_STATUS,
  type HandleStatus,
  type NodeRun,
  type OperatorRecord,
  SYSTEM_USER,
  type Task,
  type TransitionResult,
} from './types';

/** Default when a node has no approver and says nothing: pass automatically (recorded as auto-approval). */
export const DEFAULT_EMPTY_APPROVER = 'pass' as const;
/** Default countersign when a node says nothing: or-sign (any one approver decides). */
export const DEFAULT_COUNTERSIGN = 'or' as const;
/** Default reject target: back to the start (flow status 3; the initiator resubmits). */
export const DEFAULT_REJECT_TARGET = 'start' as const;

/** A new flow instance: draft (status 0), nothing launched. */
export function createFlowState(): FlowState {
  return {
    version: 0,
    status: 0,
    closed: false,
    initiatorId: null,
    formData: {},
    current: [],
    runs: {},
    tasks: [],
    joins: {},
    deadlines: [],
    records: [],
    candidates: {},
    trail: [],
    rejectedFrom: null,
    seq: 0,
    undo: null,
  };
}

class Refusal extends Error {
  constructor(public readonly flowError: FlowError) {
    super(flowError.message);
  }
}
function refuse(code: FlowTextCode, node?: FlowNode, detail?: string): never {
  const base = flowText(code);
  throw new Refusal({
    code,
    message: detail ? `${base}: ${detail}` : base,
    ...(node ? { nodeId: node.nodeId, nodeName: textIn(node.properties.title) || node.nodeId } : {}),
  });
}

const HOUR = 3_600_000;
/** Milliseconds of a node's day/hour/minute/second (each defaults to 0). */
export function timerMillis(p: FlowNodeProperties): number {
  return ((p.day ?? 0) * 24 + (p.hour ?? 0)) * HOUR + (p.minute ?? 0) * 60_000 + (p.second ?? 0) * 1000;
}
function addMillis(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}
const uniq = (xs: string[]) => [...new Set(xs.filter((x) => typeof x === 'string' && x !== ''))];
const isBlank = (s: string | undefined) => !s || s.trim() === '';

/** One transition in progress: a mutable draft of the state plus the effects it emits. */
class Run {
  readonly effects: Effect[] = [];
  readonly c: CompiledTemplate;
  free: string[] = [];
  constructor(
    readonly s: FlowState,
    readonly ctx: FlowContext,
    /** The input state (never modified): the undo point of an audit keeps references into it. */
    readonly base: FlowState,
  ) {
    this.c = compileTemplate(ctx.template);
  }

  get now(): string {
    return this.ctx.now;
  }
  cn(nodeId: string): CompiledNode {
    const c = this.c.nodes.get(nodeId);
    if (!c) refuse('INVALID_TEMPLATE', undefined, `unknown node ${nodeId}`);
    return c;
  }
  title(nodeId: string): string {
    const n = this.c.nodes.get(nodeId)?.node;
    // the zh of a title given in every language (the interpreter's texts are zh)
    return textIn(n?.properties.title) || n?.nodeId || nodeId;
  }
  get props(): FlowTemplate['properties'] {
    return this.ctx.template.properties;
  }
  managers(): string[] {
    return uniq([...(this.ctx.managers ?? []), ...(this.props.admins ?? [])]);
  }

  // ---- primitives (each state change emits its effect) ----
  record(nodeId: string, userId: string, handleStatus: HandleStatus, extra: Partial<OperatorRecord> = {}) {
    const r = {
      id: `r${++this.s.seq}`,
      nodeId,
      nodeName: this.title(nodeId),
      userId,
      handleStatus,
      handleTime: this.now,
      ...extra,
    };
    this.s.records.push(r);
    this.effects.push({ type: 'record', record: r });
  }
  createTask(nodeId: string, userId: string, extra: Partial<Task> = {}): Task {
    const t: Task = {
      id: `t${++this.s.seq}`,
      nodeId,
      userId,
      status: 'pending',
      kind: 'approver',
      createdAt: this.now,
      createdVersion: this.s.version,
      ...extra,
    };
    this.s.tasks.push(t);
    this.effects.push({ type: 'createTask', task: { ...t } });
    return this.s.tasks[this.s.tasks.length - 1];
  }
  /** Replaces a task by an updated copy (objects of the input state are never modified). */
  patchTask(t: Task, patch: Partial<Task>): Task {
    const i = this.s.tasks.findIndex((x) => x.id === t.id);
    const nt = { ...this.s.tasks[i], ...patch };
    this.s.tasks[i] = nt;
    return nt;
  }
  patchRun(nodeId: string, patch: Partial<NodeRun>): NodeRun {
    const run = { ...this.s.runs[nodeId], ...patch };
    this.s.runs[nodeId] = run;
    return run;
  }
  closeTask(
    t: Task,
    status: 'done' | 'closed',
    result?: 'approve' | 'reject',
    extra: Partial<Task> = {},
  ): Task {
    const nt = this.patchTask(t, {
      status,
      doneVersion: this.s.version,
      ...(result ? { result } : {}),
      ...extra,
    });
    this.effects.push({ type: 'closeTask', taskId: t.id, status, ...(result ? { result } : {}) });
    return nt;
  }
  setDeadline(d: Deadline) {
    this.s.deadlines = [...this.s.deadlines.filter((x) => x.id !== d.id), d];
    this.effects.push({ type: 'setDeadline', deadline: { ...d } });
  }
  clearDeadline(id: string) {
    if (!this.s.deadlines.some((d) => d.id === id)) return;
    this.s.deadlines = this.s.deadlines.filter((d) => d.id !== id);
    this.effects.push({ type: 'clearDeadline', deadlineId: id });
  }
  setStatus(status: FlowStatus) {
    if (this.s.status === status) return;
    this.s.status = status;
    this.effects.push({ type: 'setStatus', status });
  }
  message(to: string[], kind: Extract<Effect, { type: 'message' }>['kind'], nodeId?: string) {
    const list = uniq(to);
    if (list.length) this.effects.push({ type: 'message', to: list, kind, ...(nodeId ? { nodeId } : {}) });
  }
  cc(nodeId: string, userIds: string[]) {
    const list = uniq(userIds);
    if (!list.length) return;
    this.effects.push({ type: 'cc', nodeId, userIds: list });
    this.message(list, 'cc', nodeId);
  }
  pendingAt(nodeId: string): Task[] {
    return this.s.tasks.filter((t) => t.status === 'pending' && t.nodeId === nodeId);
  }
  task(taskId: string): Task {
    const t = this.s.tasks.find((x) => x.id === taskId);
    if (!t) refuse('TASK_NOT_FOUND');
    return t;
  }
  removeCurrent(nodeId: string) {
    this.s.current = this.s.current.filter((x) => x !== nodeId);
    delete this.s.runs[nodeId];
    this.clearDeadline(`timer:${nodeId}`);
    this.clearDeadline(`overdue:${nodeId}`);
  }
  /** Stops everything waiting (tasks, nodes, joins, deadlines) in the given nodes (default all). */
  stopAll(filter: (nodeId: string) => boolean = () => true) {
    for (const t of this.s.tasks) if (t.status === 'pending' && filter(t.nodeId)) this.closeTask(t, 'closed');
    for (const n of [...this.s.current]) if (filter(n)) this.removeCurrent(n);
  }

  // ---- approvers ----
  resolveUsers(node: FlowNode, forCopy = false): string[] {
    const p = node.properties;
    const org = this.ctx.org;
    const initiator = this.s.initiatorId;
    if (p.assigneeType === 6) {
      const level = p.initiatorLevel ?? 0;
      if (!initiator) return [];
      if (level === 0) return [initiator];
      const h = departmentHead(org, initiator, level);
      return h ? [h] : [];
    }
    if (p.assigneeType === 7) {
      if (p.dynamicType === 'formField') {
        const v = p.formField ? this.s.formData[p.formField] : undefined;
        const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v == null ? [] : [v];
        return uniq(list.map((x) => String(x).trim()));
      }
      if (p.dynamicType === 'free') return uniq(this.free);
      return uniq(this.s.candidates[node.nodeId] ?? []);
    }
    let byOrg = [
      ...(p.approverPos ?? []).flatMap((x) => org.usersWithPosition(x)),
      ...(p.approverRole ?? []).flatMap((x) => org.usersWithRole(x)),
    ];
    if (p.approverScope === 'initiator') byOrg = byOrg.filter((u) => sameOrganisation(org, initiator, u));
    const named = [...(p.approvers ?? []), ...byOrg];
    if (forCopy) named.push(...(p.menbers ?? []), ...(p.copyUsers ?? []));
    return uniq(named);
  }

  // ---- walking the tree ----
  enter(nodeId: string): void {
    const c = this.cn(nodeId);
    const n = c.node;
    if (c.branches) {
      this.route(c);
      return;
    }
    switch (n.type) {
      case 'approver':
        this.enterApprover(n);
        return;
      case 'copy':
        this.cc(n.nodeId, this.resolveUsers(n, true));
        this.after(nodeId);
        return;
      case 'timer': {
        const ms = timerMillis(n.properties);
        if (ms <= 0) {
          this.after(nodeId);
          return;
        }
        this.wait(n.nodeId, { kind: 'timer' });
        this.setDeadline({ id: `timer:${nodeId}`, nodeId, kind: 'timer', at: addMillis(this.now, ms) });
        return;
      }
      case 'subFlow':
        this.enterSubflow(n);
        return;
      case 'auto':
        this.record(nodeId, SYSTEM_USER, HANDLE_STATUS.approved, {
          handleOpinion: flowText('AUTO_APPROVED'),
        });
        this.after(nodeId);
        return;
      default:
        // start (re-entered), empty, branch heads: pass through
        this.after(nodeId);
        return;
    }
  }
  after(nodeId: string): void {
    const c = this.cn(nodeId);
    if (c.node.childNode) {
      this.enter(c.node.childNode.nodeId);
      return;
    }
    if (c.joinOf) {
      this.arrive(c.joinOf);
      return;
    }
    this.finish();
    return;
  }
  route(c: CompiledNode): void {
    const branches = (c.branches ?? []).map((id) => this.cn(id).node);
    const scope = { formData: this.s.formData, initiatorId: this.s.initiatorId, org: this.ctx.org };
    const holds = (b: FlowNode) =>
      evaluateConditions(b.properties.conditions, scope, b.properties.groupsLogic ?? 'or');
    let chosen: FlowNode[];
    if (c.kind === 'interflow') chosen = branches;
    else {
      const normal = branches.filter((b) => !b.properties.isDefault);
      const dflt = branches.filter((b) => b.properties.isDefault);
      const matched = c.kind === 'branch' ? normal.filter(holds) : normal.filter(holds).slice(0, 1);
      chosen = matched.length ? matched : dflt.slice(0, 1);
    }
    if (!chosen.length) refuse('NO_BRANCH', c.node);
    this.s.joins[c.node.nodeId] = { expected: chosen.length, arrived: 0 };
    for (const b of chosen) {
      if (this.s.status !== 1) return;
      this.enter(b.nodeId);
    }
  }
  arrive(gatewayId: string): void {
    const j = this.s.joins[gatewayId];
    if (!j) return; // a branch finishing after its point was reset (cannot happen by construction)
    const arrived = j.arrived + 1;
    this.s.joins[gatewayId] = { ...j, arrived };
    if (arrived < j.expected) return;
    delete this.s.joins[gatewayId];
    this.after(gatewayId);
  }
  finish(): void {
    if (this.s.status !== 1) return;
    this.stopAll();
    this.s.joins = {};
    this.setStatus(2);
    this.effects.push({ type: 'flowFinished', status: 2 });
    if (this.s.initiatorId) this.message([this.s.initiatorId], 'adopted');
  }
  wait(nodeId: string, run: Partial<NodeRun> & { kind: NodeRun['kind'] }) {
    if (!this.s.current.includes(nodeId)) this.s.current.push(nodeId);
    this.s.runs[nodeId] = {
      nodeId,
      total: 0,
      approvals: 0,
      rejections: 0,
      queue: [],
      reminders: 0,
      enteredVersion: this.s.version,
      ...run,
    };
  }
  enterSubflow(n: FlowNode): void {
    const p = n.properties;
    const initiators =
      p.initiateType === 6
        ? uniq([
            ...(p.initiator ?? []),
            ...(p.initiatePos ?? []).flatMap((x) => this.ctx.org.usersWithPosition(x)),
            ...(p.initiateRole ?? []).flatMap((x) => this.ctx.org.usersWithRole(x)),
          ])
        : uniq([this.s.initiatorId ?? '']);
    const isAsync = !!p.isAsync;
    this.effects.push({
      type: 'startSubflow',
      nodeId: n.nodeId,
      flowId: p.flowId ?? '',
      initiators,
      async: isAsync,
    });
    if (isAsync || initiators.length === 0) {
      this.after(n.nodeId);
      return;
    }
    this.wait(n.nodeId, { kind: 'subflow', expected: initiators.length, finished: 0 });
  }
  enterApprover(n: FlowNode): void {
    const p = n.properties;
    let users = this.resolveUsers(n);
    if (p.userOptional && p.assigneeType !== 7) {
      const chosen = uniq(this.s.candidates[n.nodeId] ?? []);
      if (!chosen.length) refuse('CANDIDATE_REQUIRED', n);
      users = chosen;
    }
    if (p.assigneeType === 7 && p.dynamicType === 'candidate' && !users.length)
      refuse('CANDIDATE_REQUIRED', n);
    if (!users.length) {
      // "Added approver is optional; if none is chosen the node ends" (free approver nodes always pass).
      const rule =
        p.assigneeType === 7 && p.dynamicType === 'free'
          ? 'pass'
          : (p.emptyApprover ?? DEFAULT_EMPTY_APPROVER);
      if (rule === 'admin') users = this.managers();
      if (rule === 'refuse' || (rule === 'admin' && !users.length)) refuse('NO_APPROVER', n);
      if (rule === 'pass') {
        this.record(n.nodeId, SYSTEM_USER, HANDLE_STATUS.approved, {
          handleOpinion: flowText('AUTO_APPROVED'),
        });
        this.after(n.nodeId);
        return;
      }
    }
    const mode = p.counterSign ?? DEFAULT_COUNTERSIGN;
    this.s.trail.push(n.nodeId);
    this.wait(n.nodeId, {
      kind: 'approver',
      mode,
      ratio: p.counterRatio ?? 1,
      total: users.length,
      queue: mode === 'sequential' ? users.slice(1) : [],
    });
    const first = mode === 'sequential' ? users.slice(0, 1) : users;
    const created = first.map((u) => this.createTask(n.nodeId, u));
    this.message(first, 'todo', n.nodeId);
    const tl = p.timeLimit;
    if (tl && tl.enabled !== false && tl.duration > 0)
      this.setDeadline({
        id: `overdue:${n.nodeId}`,
        nodeId: n.nodeId,
        kind: 'overdue',
        at: addMillis(this.now, tl.duration * HOUR),
      });
    this.autoAgree(created);
  }
  /** Auto-agree per the template flags: the approver is the initiator, or already approved in this flow. */
  autoAgree(tasks: Task[]): void {
    for (const t of tasks) {
      const live = this.s.tasks.find((x) => x.id === t.id);
      if (!live || live.status !== 'pending' || this.s.status !== 1) continue;
      const isInitiator = this.props.autoAgreeInitiator && live.userId === this.s.initiatorId;
      const approvedBefore =
        this.props.autoAgreeApproved &&
        this.s.tasks.some(
          (x) => x.userId === live.userId && x.result === 'approve' && x.nodeId !== live.nodeId && !x.auto,
        );
      if (isInitiator || approvedBefore) this.vote(live, 'approve', flowText('AUTO_APPROVED'), true);
    }
  }

  // ---- voting and countersign ----
  vote(
    t: Task,
    result: 'approve' | 'reject',
    opinion?: string,
    auto = false,
    signImg?: string,
    rejectTo?: string,
  ): void {
    this.closeTask(t, 'done', result, auto ? { auto: true } : {});
    this.record(t.nodeId, t.userId, result === 'approve' ? HANDLE_STATUS.approved : HANDLE_STATUS.rejected, {
      taskId: t.id,
      ...(opinion ? { handleOpinion: opinion } : {}),
      ...(signImg ? { signImg } : {}),
      ...(t.kind === 'signer' ? { status: 1 } : {}),
    });
    if (t.kind === 'signer') {
      const parent = this.s.tasks.find((x) => x.id === t.parentId);
      if (!parent) return;
      const kids = this.s.tasks.filter((x) => x.parentId === parent.id);
      if (kids.some((k) => k.status === 'pending')) return;
      if (parent.signerMode === 'before') {
        this.patchTask(parent, { blocked: false });
        return;
      }
      // After-signers confirm the parent's approval: any rejection turns it into a rejection.
      const res = kids.some((k) => k.result === 'reject') ? 'reject' : (parent.result ?? 'approve');
      this.count(parent.nodeId, res);
      return;
    }
    if (t.signerMode === 'after' && this.s.tasks.some((x) => x.parentId === t.id && x.status === 'pending'))
      return;
    this.count(t.nodeId, result, rejectTo);
  }
  count(nodeId: string, result: 'approve' | 'reject', rejectTo?: string): void {
    const run0 = this.s.runs[nodeId];
    if (!run0 || run0.kind !== 'approver') return;
    const run = this.patchRun(
      nodeId,
      result === 'approve' ? { approvals: run0.approvals + 1 } : { rejections: run0.rejections + 1 },
    );
    const need = Math.ceil((run.ratio ?? 1) * run.total - 1e-9);
    switch (run.mode) {
      case 'and':
        if (result === 'reject') {
          this.nodeRejected(nodeId, rejectTo);
          return;
        }
        if (run.approvals >= run.total) {
          this.pass(nodeId);
          return;
        }
        return;
      case 'ratio':
        if (run.approvals >= need) {
          this.pass(nodeId);
          return;
        }
        if (run.rejections > run.total - need) {
          this.nodeRejected(nodeId, rejectTo);
          return;
        }
        return;
      case 'sequential': {
        if (result === 'reject') {
          this.nodeRejected(nodeId, rejectTo);
          return;
        }
        const [next, ...rest] = run.queue;
        this.patchRun(nodeId, { queue: rest });
        if (next === undefined) {
          this.pass(nodeId);
          return;
        }
        const t = this.createTask(nodeId, next);
        this.message([next], 'todo', nodeId);
        this.autoAgree([t]);
        return;
      }
      default:
        if (result === 'approve') this.pass(nodeId);
        else this.nodeRejected(nodeId, rejectTo);
        return;
    }
  }
  pass(nodeId: string): void {
    for (const t of this.pendingAt(nodeId)) this.closeTask(t, 'closed');
    this.removeCurrent(nodeId);
    const n = this.cn(nodeId).node;
    this.cc(nodeId, n.properties.copyUsers ?? []);
    this.after(nodeId);
  }
  previousOf(nodeId: string): string | null {
    const mine = this.cn(nodeId).enclosing.map((e) => e.branchId);
    for (let i = this.s.trail.length - 1; i >= 0; i--) {
      const id = this.s.trail[i];
      if (id === nodeId) continue;
      const theirs = this.cn(id).enclosing.map((e) => e.branchId);
      if (theirs.every((b, k) => mine[k] === b)) return id;
    }
    return null;
  }
  nodeRejected(nodeId: string, rejectTo?: string): void {
    const n = this.cn(nodeId).node;
    const rule = n.properties.rejectTarget ?? DEFAULT_REJECT_TARGET;
    let target: string | null = null;
    if (rule === 'previous') target = this.previousOf(nodeId);
    if (rule === 'choose' && rejectTo && rejectTo !== this.c.rootId) {
      const mine = this.cn(nodeId).enclosing.map((e) => e.branchId);
      const c = this.c.nodes.get(rejectTo);
      const ok =
        c &&
        rejectTo !== nodeId &&
        this.s.trail.includes(rejectTo) &&
        c.enclosing.every((e, k) => mine[k] === e.branchId);
      if (!ok) refuse('INVALID_REJECT_TARGET', n, rejectTo);
      target = rejectTo;
    }
    if (!target) {
      this.stopAll();
      this.s.joins = {};
      this.s.rejectedFrom = nodeId;
      this.setStatus(3);
      this.effects.push({ type: 'flowFinished', status: 3 });
      if (this.s.initiatorId) this.message([this.s.initiatorId], 'rejected', nodeId);
      return;
    }
    // Stop what runs inside the innermost branch holding both nodes (everything when none), then re-enter.
    const scope = this.cn(target).enclosing;
    const inScope = (id: string) => {
      const e = this.c.nodes.get(id)?.enclosing ?? [];
      return scope.every((x, k) => e[k]?.branchId === x.branchId);
    };
    this.stopAll(inScope);
    for (const g of Object.keys(this.s.joins))
      if (inScope(g) && !scope.some((x) => x.gatewayId === g)) delete this.s.joins[g];
    this.enter(target);
  }
  /** Enters a node directly (resubmit jumpBack): enclosing branch points count the other branches as done. */
  enterDirect(nodeId: string): void {
    for (const e of this.cn(nodeId).enclosing) this.s.joins[e.gatewayId] = { expected: 1, arrived: 0 };
    this.enter(nodeId);
  }
}

// ---- actions ----
function myPendingTask(r: Run, taskId: string, userId: string): Task {
  if (r.s.status !== 1) refuse('FLOW_NOT_RUNNING');
  const t = r.task(taskId);
  if (t.status !== 'pending') refuse('TASK_NOT_PENDING');
  if (t.userId !== userId) refuse('TASK_NOT_YOURS');
  return t;
}
function mayInitiate(r: Run, userId: string): boolean {
  const p = r.ctx.template.tree.properties;
  const users = p.initiator ?? [];
  const pos = p.initiatePos ?? [];
  const roles = p.initiateRole ?? [];
  if (!users.length && !pos.length && !roles.length) return true; // nobody named: everyone may initiate
  const u = r.ctx.org.user(userId);
  return (
    users.includes(userId) ||
    (u?.positionIds ?? []).some((x) => pos.includes(x)) ||
    (u?.roleIds ?? []).some((x) => roles.includes(x))
  );
}
function requireManager(r: Run, userId: string) {
  if (!r.managers().includes(userId)) refuse('NOT_MANAGER');
}
function requireInitiator(r: Run, userId: string) {
  if (r.s.initiatorId !== userId) refuse('NOT_INITIATOR');
}
/**
 * Merges submitted form data. With `nodeId`, fields the node's formOperates mark non-writable are
 * dropped (fields it does not list pass), so a handler cannot change what their node shows read-only.
 */
function mergeForm(r: Run, formData?: Record<string, unknown>, nodeId?: string) {
  if (!formData || typeof formData !== 'object') return;
  const ops = nodeId ? (r.c.nodes.get(nodeId)?.node.properties.formOperates ?? []) : [];
  const locked = new Set(ops.filter((o) => !o.write).map((o) => o.id));
  const allowed = locked.size
    ? Object.fromEntries(Object.entries(formData).filter(([k]) => !locked.has(k)))
    : formData;
  const merged = { ...r.s.formData, ...allowed };
  r.s.formData = r.ctx.deriveForm ? r.ctx.deriveForm(merged) : merged;
}

function apply(r: Run, a: FlowAction): void {
  const s = r.s;
  switch (a.type) {
    case 'submit': {
      const mode = a.status ?? 0;
      if (mode === 2) {
        requireManager(r, a.userId);
        mergeForm(r, a.formData);
        return;
      }
      if (s.closed || s.status === 1 || s.status === 2 || s.status === 5) refuse('FLOW_ALREADY_SUBMITTED');
      if (s.initiatorId && s.initiatorId !== a.userId) refuse('NOT_INITIATOR');
      if (!mayInitiate(r, a.userId)) refuse('NOT_ALLOWED_TO_INITIATE');
      s.initiatorId = a.userId;
      mergeForm(r, a.formData, r.c.rootId);
      if (a.candidates) s.candidates = { ...s.candidates, ...a.candidates };
      if (mode === 1) return; // save as draft
      const jumpBack = s.status === 3 && r.props.resubmitMode === 'jumpBack' && s.rejectedFrom;
      const from = s.rejectedFrom;
      s.rejectedFrom = null;
      s.joins = {};
      r.setStatus(1);
      r.record(r.c.rootId, a.userId, HANDLE_STATUS.initiated);
      r.cc(r.c.rootId, a.copyIds ?? []);
      if (jumpBack && from) r.enterDirect(from);
      else {
        s.trail = [];
        r.after(r.c.rootId);
      }
      return;
    }
    case 'save': {
      const t = myPendingTask(r, a.taskId, a.userId);
      mergeForm(r, a.formData, t.nodeId);
      return;
    }
    case 'audit': {
      const t = myPendingTask(r, a.taskId, a.userId);
      if (t.blocked) refuse('TASK_BLOCKED');
      const b = r.base;
      const before = {
        current: b.current,
        runs: b.runs,
        joins: b.joins,
        deadlines: b.deadlines,
        trail: b.trail,
      };
      mergeForm(r, a.formData, t.nodeId);
      if (a.candidates) s.candidates = { ...s.candidates, ...a.candidates };
      r.free = a.freeApproverUserId === undefined ? [] : ([] as string[]).concat(a.freeApproverUserId);
      r.cc(t.nodeId, a.copyIds ?? []);
      r.vote(t, 'approve', a.opinion, false, a.signImg);
      s.undo = { taskId: t.id, version: s.version, ...before };
      return;
    }
    case 'reject': {
      const t = myPendingTask(r, a.taskId, a.userId);
      if (t.blocked) refuse('TASK_BLOCKED');
      if (isBlank(a.opinion)) refuse('OPINION_REQUIRED');
      r.vote(t, 'reject', a.opinion, false, a.signImg, a.rejectTo);
      return;
    }
    case 'transfer': {
      const t = myPendingTask(r, a.taskId, a.userId);
      if (!a.toUserId || a.toUserId === a.userId) refuse('ASSIGN_USER_REQUIRED');
      if (!r.ctx.org.user(a.toUserId)) refuse('USER_NOT_FOUND', undefined, a.toUserId);
      if (r.pendingAt(t.nodeId).some((x) => x.userId === a.toUserId))
        refuse('INVALID_ACTION', undefined, `${a.toUserId} already has a task at this node`);
      r.closeTask(t, 'closed');
      // The new handler inherits the task whole: its parent, and signers added before (still blocking it).
      const nt = r.createTask(t.nodeId, a.toUserId, {
        kind: t.kind,
        ...(t.parentId ? { parentId: t.parentId } : {}),
        ...(t.signerMode ? { signerMode: t.signerMode } : {}),
        ...(t.blocked ? { blocked: true } : {}),
      });
      for (const k of [...s.tasks]) if (k.parentId === t.id) r.patchTask(k, { parentId: nt.id });
      r.record(t.nodeId, a.userId, HANDLE_STATUS.transferred, {
        targetUserIds: [a.toUserId],
        ...(a.opinion ? { handleOpinion: a.opinion } : {}),
      });
      r.message([a.toUserId], 'todo', t.nodeId);
      return;
    }
    case 'assign': {
      requireManager(r, a.userId);
      if (s.status !== 1) refuse('FLOW_NOT_RUNNING');
      if (!a.nodeId) refuse('ASSIGN_NODE_REQUIRED');
      if (!a.toUserId) refuse('ASSIGN_USER_REQUIRED');
      if (!r.ctx.org.user(a.toUserId)) refuse('USER_NOT_FOUND', undefined, a.toUserId);
      const run = s.runs[a.nodeId];
      if (!run || run.kind !== 'approver') refuse('NO_SUCH_WAIT', r.c.nodes.get(a.nodeId)?.node);
      for (const t of r.pendingAt(a.nodeId)) r.closeTask(t, 'closed');
      r.patchRun(a.nodeId, { mode: 'or', total: 1, approvals: 0, rejections: 0, queue: [] });
      r.createTask(a.nodeId, a.toUserId);
      r.record(a.nodeId, a.userId, HANDLE_STATUS.assigned, {
        targetUserIds: [a.toUserId],
        ...(a.opinion ? { handleOpinion: a.opinion } : {}),
      });
      r.message([a.toUserId], 'todo', a.nodeId);
      return;
    }
    case 'addSigner': {
      let t = myPendingTask(r, a.taskId, a.userId);
      if (t.blocked) refuse('TASK_BLOCKED');
      const signers = uniq(a.signerIds ?? []).filter((u) => u !== a.userId);
      if (!signers.length) refuse('CANDIDATE_REQUIRED');
      for (const u of signers) if (!r.ctx.org.user(u)) refuse('USER_NOT_FOUND', undefined, u);
      if (t.kind === 'signer') refuse('INVALID_ACTION', undefined, 'an added signer cannot add signers');
      t = r.patchTask(t, { signerMode: a.position, ...(a.position === 'before' ? { blocked: true } : {}) });
      r.record(t.nodeId, a.userId, HANDLE_STATUS.addedSigner, {
        targetUserIds: signers,
        ...(a.opinion ? { handleOpinion: a.opinion } : {}),
      });
      for (const u of signers) r.createTask(t.nodeId, u, { kind: 'signer', parentId: t.id });
      r.message(signers, 'todo', t.nodeId);
      if (a.position === 'after') {
        // The handler approves now; the vote counts once the signers after them have acted.
        r.closeTask(t, 'done', 'approve');
        r.record(t.nodeId, t.userId, HANDLE_STATUS.approved, {
          taskId: t.id,
          ...(a.opinion ? { handleOpinion: a.opinion } : {}),
        });
      }
      return;
    }
    case 'recall': {
      const t = r.task(a.taskId);
      if (t.userId !== a.userId) refuse('TASK_NOT_YOURS');
      if (isBlank(a.reason)) refuse('REASON_REQUIRED');
      const u = r.base.undo;
      // Allowed only while nothing has happened since this handler's approval (the next node has not acted).
      if (s.status !== 1 || !u || u.taskId !== t.id || u.version !== s.version - 1 || t.result !== 'approve')
        refuse('RECALL_NOT_ALLOWED');
      const madeBy = s.version - 1;
      for (const x of s.tasks)
        if (x.status === 'pending' && x.createdVersion === madeBy) r.closeTask(x, 'closed');
      const reopen = s.tasks.filter(
        (x) =>
          x.nodeId === t.nodeId &&
          x.doneVersion === madeBy &&
          x.id !== t.id &&
          x.status === 'closed' &&
          x.kind === 'approver',
      );
      const gone = s.deadlines.filter((d) => !u.deadlines.some((o) => o.id === d.id));
      for (const d of gone) r.clearDeadline(d.id);
      for (const d of u.deadlines)
        if (!s.deadlines.some((x) => x.id === d.id && x.at === d.at)) r.setDeadline({ ...d });
      s.current = [...u.current];
      s.runs = { ...u.runs };
      s.joins = { ...u.joins };
      s.trail = [...u.trail];
      s.undo = null;
      r.createTask(t.nodeId, t.userId, { kind: t.kind, ...(t.parentId ? { parentId: t.parentId } : {}) });
      for (const x of reopen) r.createTask(x.nodeId, x.userId);
      r.record(t.nodeId, a.userId, HANDLE_STATUS.withdrawn, { handleOpinion: a.reason });
      return;
    }
    case 'withdraw': {
      requireInitiator(r, a.userId);
      if (s.status !== 1) refuse('FLOW_NOT_RUNNING');
      if (isBlank(a.reason)) refuse('REASON_REQUIRED');
      r.stopAll();
      s.joins = {};
      r.setStatus(4);
      r.record(r.c.rootId, a.userId, HANDLE_STATUS.withdrawn, { handleOpinion: a.reason });
      return;
    }
    case 'revoke': {
      requireInitiator(r, a.userId);
      if (s.status !== 2) refuse('INVALID_ACTION', undefined, 'only an adopted flow can be revoked');
      if (isBlank(a.reason)) refuse('REASON_REQUIRED');
      s.closed = true;
      r.setStatus(4);
      r.record(r.c.rootId, a.userId, HANDLE_STATUS.withdrawn, { handleOpinion: a.reason });
      r.effects.push({ type: 'flowFinished', status: 4 });
      return;
    }
    case 'press': {
      if (s.initiatorId !== a.userId && !r.managers().includes(a.userId)) refuse('NOT_INITIATOR');
      if (s.status !== 1) refuse('FLOW_NOT_RUNNING');
      const to = s.tasks.filter((t) => t.status === 'pending').map((t) => t.userId);
      r.message(to, 'press');
      return;
    }
    case 'terminate': {
      requireManager(r, a.userId);
      if (s.status !== 1) refuse('FLOW_NOT_RUNNING');
      r.stopAll();
      s.joins = {};
      r.setStatus(5);
      r.record(r.c.rootId, a.userId, HANDLE_STATUS.terminated, a.reason ? { handleOpinion: a.reason } : {});
      r.effects.push({ type: 'flowFinished', status: 5 });
      if (s.initiatorId) r.message([s.initiatorId], 'terminated');
      return;
    }
    case 'refile': {
      requireManager(r, a.userId);
      if (s.status !== 2) refuse('INVALID_ACTION', undefined, 'only an adopted flow can be refiled');
      mergeForm(r, a.formData);
      return;
    }
    case 'timerFired': {
      const run = s.runs[a.nodeId];
      const d = s.deadlines.find((x) => x.id === `timer:${a.nodeId}`);
      if (s.status !== 1 || !run || run.kind !== 'timer' || !d) refuse('NO_SUCH_WAIT');
      if (Date.parse(d.at) > Date.parse(r.now)) refuse('TIMER_NOT_DUE');
      r.removeCurrent(a.nodeId);
      r.after(a.nodeId);
      return;
    }
    case 'subflowFinished': {
      const run = s.runs[a.nodeId];
      if (s.status !== 1 || !run || run.kind !== 'subflow') refuse('NO_SUCH_WAIT');
      // The child's end decides: 2 adopted counts as finished; 4 revoked (final) and 5 cancelled fail
      // the node (the parent returns to its initiator, status 3); 0, 1 and 3 are not ends (a rejected
      // or withdrawn child can be resubmitted). No childStatus = adopted (older callers).
      const cs = a.childStatus ?? 2;
      if (cs === 0 || cs === 1 || cs === 3) refuse('SUBFLOW_NOT_FINISHED', r.cn(a.nodeId).node);
      if (cs !== 2) {
        r.record(a.nodeId, SYSTEM_USER, HANDLE_STATUS.rejected, {
          handleOpinion: flowText('SUBFLOW_FAILED'),
        });
        r.stopAll();
        s.joins = {};
        s.rejectedFrom = null;
        r.setStatus(3);
        r.effects.push({ type: 'flowFinished', status: 3 });
        if (s.initiatorId) r.message([s.initiatorId], 'rejected', a.nodeId);
        return;
      }
      const finished = (run.finished ?? 0) + 1;
      r.patchRun(a.nodeId, { finished });
      if (finished < (run.expected ?? 1)) return;
      r.removeCurrent(a.nodeId);
      r.after(a.nodeId);
      return;
    }
    case 'overdueReminder': {
      const run = s.runs[a.nodeId];
      const d = s.deadlines.find((x) => x.id === `overdue:${a.nodeId}`);
      if (s.status !== 1 || !run || run.kind !== 'approver' || !d) refuse('NO_SUCH_WAIT');
      if (Date.parse(d.at) > Date.parse(r.now)) refuse('TIMER_NOT_DUE');
      const reminders = run.reminders + 1;
      r.patchRun(a.nodeId, { reminders });
      const pending = r.pendingAt(a.nodeId);
      r.message(
        pending.map((t) => t.userId),
        'overdue',
        a.nodeId,
      );
      const tl = r.cn(a.nodeId).node.properties.timeLimit;
      if (tl?.autoApproveAfter && reminders >= tl.autoApproveAfter) {
        r.clearDeadline(d.id);
        for (const t of pending) {
          const live = s.tasks.find((x) => x.id === t.id);
          if (live?.status === 'pending' && s.status === 1 && s.runs[a.nodeId]) {
            r.vote(r.patchTask(live, { blocked: false }), 'approve', flowText('AUTO_APPROVED'), true);
          }
        }
        return;
      }
      if (tl?.remindEvery && tl.remindEvery > 0)
        r.setDeadline({ ...d, at: addMillis(r.now, tl.remindEvery * HOUR) });
      else r.clearDeadline(d.id);
      return;
    }
    default:
      refuse('INVALID_ACTION', undefined, String((a as { type?: unknown }).type));
  }
}

/**
 * The pure transition function: the next state and the effects the server must persist or send, or
 * a typed error. Never throws; the input state is never modified (copy-on-write: the next state
 * shares unchanged objects with it, so treat states as immutable, e.g. Object.freeze them).
 */
export function transition(state: FlowState, action: FlowAction, context: FlowContext): TransitionResult {
  try {
    if (!action || typeof action !== 'object' || typeof action.type !== 'string') refuse('INVALID_ACTION');
    if (typeof action.userId !== 'string' || !action.userId)
      refuse('INVALID_ACTION', undefined, 'userId is required');
    if (!context?.template?.tree || context.template.tree.type !== 'start') refuse('INVALID_TEMPLATE');
    // Copy-on-write: the containers are copied once, objects inside are replaced, never modified.
    const next: FlowState = {
      ...state,
      version: state.version + 1,
      current: [...state.current],
      runs: { ...state.runs },
      tasks: [...state.tasks],
      joins: { ...state.joins },
      deadlines: [...state.deadlines],
      records: [...state.records],
      candidates: { ...state.candidates },
      trail: [...state.trail],
    };
    const r = new Run(next, context, state);
    apply(r, action);
    return { ok: true, state: next, effects: r.effects };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.flowError };
    return {
      ok: false,
      error: { code: 'INTERNAL', message: `${flowText('INTERNAL')}: ${(e as Error)?.message ?? e}` },
    };
  }
}
