import { type FlowNode, type FlowTemplate, textIn } from '@kp/schema';
import { type CompiledNode, type CompiledTemplate, compileTemplate } from '../compile';
import { departmentHead, sameOrganisation } from '../org';
import type {
  Deadline,
  Effect,
  FlowContext,
  FlowState,
  FlowStatus,
  HandleStatus,
  NodeRun,
  OperatorRecord,
  Task,
} from '../types';
import { refuse } from './refuse';
import { uniq } from './state';

/**
 * The shared context of one transition: a mutable draft of the state, the effects it emits, and the
 * primitives every handler uses (each state change emits its effect). Walking the tree is in ./walk.
 */
export class Draft {
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
}
