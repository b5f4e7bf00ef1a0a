import type { FlowNode } from '@kp/schema';
import type { CompiledNode } from '../compile';
import { evaluateConditions } from '../conditions';
import { flowText } from '../messages';
import { HANDLE_STATUS, type NodeRun, SYSTEM_USER, type Task } from '../types';
import { Draft } from './context';
import { refuse } from './refuse';
import {
  addMillis,
  DEFAULT_COUNTERSIGN,
  DEFAULT_EMPTY_APPROVER,
  DEFAULT_REJECT_TARGET,
  HOUR,
  timerMillis,
  uniq,
} from './state';

/** One transition in progress: the draft and its primitives, plus walking the tree, voting and countersign. */
export class Run extends Draft {
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
