import { type ConditionGroup, type ConditionItem, type FlowTemplate, textIn } from '@kp/schema';
import { type Actor, createActor } from 'xstate';
import { compileTemplate } from '../compile';
import { type ConditionScope, evaluateConditions, evaluateItem } from '../conditions';
import type { FlowEvent } from '../interpreter';
import { createFlowMachine } from '../machine';
import type { OrgDirectory } from '../org';
import {
  type Effect,
  type FlowAction,
  type FlowError,
  type FlowState,
  type FlowStatus,
  SYSTEM_USER,
} from '../types';
import { SimClock } from './clock';
import { simText } from './messages';

/** One decision of a simulated run: what a simulated approver does, or the clock moving on. */
export type SimChoice =
  | { kind: 'approve'; nodeId: string; userId: string; opinion?: string }
  | { kind: 'reject'; nodeId: string; userId: string; rejectTo?: string; opinion?: string }
  | { kind: 'transfer'; nodeId: string; userId: string; toUserId: string }
  | {
      kind: 'addSigner';
      nodeId: string;
      userId: string;
      signerIds: string[];
      position: 'before' | 'after';
    }
  /** Fast-forward the clock: timers and SLA reminders due meanwhile fire in time order. */
  | { kind: 'advance'; ms: number }
  /** One child of a waiting synchronous subflow ends (2 adopted, 4 revoked, 5 cancelled). */
  | { kind: 'subflowReturn'; nodeId: string; childStatus?: 2 | 4 | 5 }
  /** The initiator resubmits after a rejection to the start (form data patched by `formData`). */
  | { kind: 'resubmit'; formData?: Record<string, unknown> };

export type SimChoiceKind = SimChoice['kind'];

/** Why a condition branch point took the branches it took. */
export interface BranchExplanation {
  gatewayId: string;
  branches: {
    branchId: string;
    title: string;
    isDefault: boolean;
    holds: boolean;
    chosen: boolean;
    items: { field: string; operator: string; value: unknown; actual: unknown; holds: boolean }[];
  }[];
}

export interface SimStep {
  index: number;
  choice: SimChoice | { kind: 'launch'; userId: string };
  /** Simulated time when the step ended. */
  at: string;
  ok: boolean;
  error?: FlowError | { code: 'CHOICE_NOT_APPLICABLE' | 'TOO_MANY_DEADLINES'; message: string };
  /** Nodes reached in this step, in order (what the path grows by). */
  entered: string[];
  /** Tasks created (approvers resolved from the organisation), in order. */
  tasks: { nodeId: string; userId: string; kind: 'approver' | 'signer' }[];
  cc: { nodeId: string; userIds: string[] }[];
  fired: { nodeId: string; kind: 'timer' | 'overdue'; at: string }[];
  subflows: { nodeId: string; flowId: string; initiators: string[]; async: boolean }[];
  branches: BranchExplanation[];
  status: FlowStatus;
  /** Nodes waiting after the step. */
  active: string[];
}

export interface SimContext {
  template: FlowTemplate;
  org: OrgDirectory;
  managers?: string[];
  deriveForm?: (formData: Record<string, unknown>) => Record<string, unknown>;
}

export interface SimInput {
  initiatorId: string;
  formData: Record<string, unknown>;
  choices: SimChoice[];
  /** Simulated start time (default 2026-01-05T08:00:00.000Z, so runs are reproducible). */
  start?: string;
  /** Candidates chosen at launch (node id -> users) for nodes that ask for them. */
  candidates?: Record<string, string[]>;
}

/** What a run is compared on: the path (node ids in the order reached), the final status, the error. */
export interface SimOutcome {
  path: string[];
  status: FlowStatus;
  error?: string;
}

export interface SimResult extends SimOutcome {
  steps: SimStep[];
  state: FlowState;
}

export const SIM_START = '2026-01-05T08:00:00.000Z';
/** Upper bound of deadlines fired by one clock step (an SLA reminding every hour for years stops here). */
export const MAX_FIRES_PER_ADVANCE = 500;

type FlowActor = Pick<Actor<ReturnType<typeof createFlowMachine>>, 'send' | 'getSnapshot'>;

/** A pending task as the simulator offers it. */
export interface SimPending {
  taskId: string;
  nodeId: string;
  userId: string;
  kind: 'approver' | 'signer';
  blocked: boolean;
}

/** The machine a simulation drives: the interpreter's own XState machine, on a simulated clock. */
export function createSimMachine(ctx: SimContext, clock: SimClock) {
  return createFlowMachine({
    template: ctx.template,
    org: ctx.org,
    ...(ctx.managers ? { managers: ctx.managers } : {}),
    ...(ctx.deriveForm ? { deriveForm: ctx.deriveForm } : {}),
    clock: () => clock.iso(),
  });
}

const itemLabel = (i: ConditionItem) =>
  i.fieldType === 'form' ? i.fieldName || (i.field ?? '') : i.fieldType;

/**
 * A simulated run over an actor of the flow machine (built with `createSimMachine`): `launch`, then one
 * `apply` per choice. Each returns the step: nodes reached, tasks created, cc, timers fired, branches
 * explained. The browser passes the actor of @xstate/react's useActorRef; `simulate` creates its own.
 */
export class Simulation {
  readonly steps: SimStep[] = [];
  readonly path: string[] = [];
  error: string | undefined;
  private explained = new Set<string>();
  private initiatorId: string | null = null;
  constructor(
    readonly actor: FlowActor,
    readonly ctx: SimContext,
    readonly clock: SimClock,
  ) {}

  get flow(): FlowState {
    return this.actor.getSnapshot().context.flow;
  }
  pending(): SimPending[] {
    return this.flow.tasks
      .filter((t) => t.status === 'pending')
      .map((t) => ({ taskId: t.id, nodeId: t.nodeId, userId: t.userId, kind: t.kind, blocked: !!t.blocked }));
  }
  outcome(): SimOutcome {
    return { path: [...this.path], status: this.flow.status, ...(this.error ? { error: this.error } : {}) };
  }

  launch(initiatorId: string, formData: Record<string, unknown>, candidates?: Record<string, string[]>) {
    this.initiatorId = initiatorId;
    return this.step({ kind: 'launch', userId: initiatorId }, (s) =>
      s({ type: 'submit', userId: initiatorId, formData, ...(candidates ? { candidates } : {}) }),
    );
  }

  apply(choice: SimChoice): SimStep {
    if (choice.kind === 'reject' || choice.kind === 'resubmit') this.explained.clear();
    return this.step(choice, (send) => {
      const task = (nodeId: string, userId: string) =>
        this.flow.tasks.find((t) => t.status === 'pending' && t.nodeId === nodeId && t.userId === userId);
      switch (choice.kind) {
        case 'approve':
        case 'reject':
        case 'transfer':
        case 'addSigner': {
          const t = task(choice.nodeId, choice.userId);
          if (!t) return notApplicable();
          const base = { userId: choice.userId, taskId: t.id };
          if (choice.kind === 'approve')
            return send({ type: 'audit', ...base, ...(choice.opinion ? { opinion: choice.opinion } : {}) });
          if (choice.kind === 'reject')
            return send({
              type: 'reject',
              ...base,
              opinion: choice.opinion || 'simulated rejection',
              ...(choice.rejectTo ? { rejectTo: choice.rejectTo } : {}),
            });
          if (choice.kind === 'transfer')
            return send({ type: 'transfer', ...base, toUserId: choice.toUserId });
          return send({ type: 'addSigner', ...base, signerIds: choice.signerIds, position: choice.position });
        }
        case 'advance': {
          const target = this.clock.now() + choice.ms;
          for (let i = 0; ; i++) {
            const due = [...this.flow.deadlines]
              .filter((d) => Date.parse(d.at) <= target)
              .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id.localeCompare(b.id))[0];
            if (!due) break;
            if (i >= MAX_FIRES_PER_ADVANCE)
              return { code: 'TOO_MANY_DEADLINES' as const, message: simText('TOO_MANY_DEADLINES') };
            this.clock.set(due.at);
            const err = send({
              type: due.kind === 'timer' ? 'timerFired' : 'overdueReminder',
              userId: SYSTEM_USER,
              nodeId: due.nodeId,
            });
            if (err) return err;
            this.fired.push({ nodeId: due.nodeId, kind: due.kind, at: due.at });
          }
          this.clock.set(target);
          return undefined;
        }
        case 'subflowReturn':
          return send({
            type: 'subflowFinished',
            userId: SYSTEM_USER,
            nodeId: choice.nodeId,
            childStatus: choice.childStatus ?? 2,
          });
        case 'resubmit':
          if (!this.initiatorId)
            return { code: 'CHOICE_NOT_APPLICABLE' as const, message: simText('FLOW_NOT_LAUNCHED') };
          return send({ type: 'submit', userId: this.initiatorId, formData: choice.formData ?? {} });
      }
    });
  }

  private fired: SimStep['fired'] = [];
  private out: SimStep | null = null;

  private step(
    choice: SimStep['choice'],
    run: (send: (a: FlowAction) => SimStep['error'] | undefined) => SimStep['error'] | undefined,
  ): SimStep {
    const out: SimStep = {
      index: this.steps.length,
      choice,
      at: '',
      ok: true,
      entered: [],
      tasks: [],
      cc: [],
      fired: [],
      subflows: [],
      branches: [],
      status: this.flow.status,
      active: [],
    };
    this.fired = out.fired;
    this.out = out;
    let error: SimStep['error'];
    if (this.error) error = { code: 'CHOICE_NOT_APPLICABLE', message: simText('CHOICE_NOT_APPLICABLE') };
    else
      error = run((action) => {
        const before = this.flow;
        this.actor.send({ ...action, now: this.clock.iso() } as FlowEvent);
        const snap = this.actor.getSnapshot().context;
        if (snap.error) return snap.error;
        this.collect(before, snap.flow, snap.effects, out);
        return undefined;
      });
    if (error) {
      out.ok = false;
      out.error = error;
      if (!this.error) this.error = error.code;
    }
    out.at = this.clock.iso();
    out.status = this.flow.status;
    out.active = [...this.flow.current];
    this.steps.push(out);
    return out;
  }

  private collect(before: FlowState, after: FlowState, effects: Effect[], out: SimStep) {
    const open = new Set(before.current);
    const added = new Set<string>();
    const reach = (nodeId: string) => {
      if (open.has(nodeId) || added.has(nodeId)) return;
      added.add(nodeId);
      out.entered.push(nodeId);
      this.path.push(nodeId);
      this.explain(nodeId, after);
    };
    for (const e of effects) {
      switch (e.type) {
        case 'createTask':
          out.tasks.push({ nodeId: e.task.nodeId, userId: e.task.userId, kind: e.task.kind });
          reach(e.task.nodeId);
          break;
        case 'record':
          reach(e.record.nodeId);
          break;
        case 'cc':
          out.cc.push({ nodeId: e.nodeId, userIds: [...e.userIds] });
          reach(e.nodeId);
          break;
        case 'setDeadline':
          reach(e.deadline.nodeId);
          break;
        case 'startSubflow':
          out.subflows.push({
            nodeId: e.nodeId,
            flowId: e.flowId,
            initiators: [...e.initiators],
            async: e.async,
          });
          reach(e.nodeId);
          break;
      }
    }
  }

  /** Explains each condition branch point enclosing `nodeId` (once per visit). */
  private explain(nodeId: string, state: FlowState) {
    const c = compileTemplate(this.ctx.template);
    const enclosing = c.nodes.get(nodeId)?.enclosing ?? [];
    const scope: ConditionScope = {
      formData: state.formData,
      initiatorId: state.initiatorId,
      org: this.ctx.org,
    };
    for (const { gatewayId, branchId } of enclosing) {
      if (this.explained.has(gatewayId)) continue;
      this.explained.add(gatewayId);
      const g = c.nodes.get(gatewayId);
      if (!g?.branches || g.kind === 'interflow') continue;
      this.out?.branches.push({
        gatewayId,
        branches: g.branches.map((id) => {
          const b = c.nodes.get(id)?.node;
          const p = b?.properties ?? {};
          const groups: ConditionGroup[] = p.conditions ?? [];
          return {
            branchId: id,
            title: textIn(p.title) || id,
            isDefault: !!p.isDefault,
            holds: !p.isDefault && evaluateConditions(groups, scope, p.groupsLogic ?? 'or'),
            chosen: id === branchId,
            items: groups.flatMap((gr) =>
              gr.items.map((i) => ({
                field: itemLabel(i),
                operator: i.operator,
                value: i.operator === 'between' ? [i.value, i.value2] : i.value,
                actual: i.fieldType === 'form' && i.field ? state.formData[i.field] : undefined,
                holds: evaluateItem(i, scope),
              })),
            ),
          };
        }),
      });
    }
  }
}

function notApplicable() {
  return { code: 'CHOICE_NOT_APPLICABLE' as const, message: simText('CHOICE_NOT_APPLICABLE') };
}

/**
 * Runs a flow design on sample data: launches it as `input.initiatorId` and applies the choices in order,
 * on a real XState actor of the interpreter's machine (the code the server runs) and a simulated clock.
 * Pure (no I/O); the first refused step ends the run (later choices are reported as not applicable).
 */
export function simulate(ctx: SimContext, input: SimInput): SimResult {
  const clock = new SimClock(input.start ?? SIM_START);
  const actor = createActor(createSimMachine(ctx, clock), { input: {} }).start();
  try {
    const sim = new Simulation(actor, ctx, clock);
    sim.launch(input.initiatorId, input.formData, input.candidates);
    for (const c of input.choices) sim.apply(c);
    return { ...sim.outcome(), steps: sim.steps, state: sim.flow };
  } finally {
    actor.stop();
  }
}
