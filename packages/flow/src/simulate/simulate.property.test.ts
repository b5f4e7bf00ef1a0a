import type { FlowNode } from '@kp/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFlowState, transition } from '../interpreter';
import { chainArbitrary } from '../test/arbitraries';
import { buildTree, sampleOrg, template } from '../testkit';
import { type Effect, type FlowAction, type FlowContext, type FlowState, SYSTEM_USER } from '../types';
import { validateFlow } from '../validateFlow';
import { SIM_START, type SimChoice, simulate } from './run';

// Random valid flow trees: approvers of every countersign mode and resolution, cc, timers, SLA, subflows,
// condition / parallel / inclusive branch points on a form field.
const POOL = ['bob', 'gm', 'ceo', 'fin1', 'fin2', 'u1', 'u2', 'u3'];
const chainArb = chainArbitrary({
  pool: POOL,
  maxApprovers: 3,
  ratios: [0.5, 1],
  minLevel: 1,
  emptyApprover: ['pass', 'refuse'],
  plain: ['copy', 'timer', 'auto'],
});

/**
 * The server's way of running a flow (engine.ts): the state is read back from JSON (wf_task.state_json) before
 * each action, `transition` is called with the template and the organisation, task ids come from the stored
 * state. Choices are drawn here at random from what is pending, so they are always meaningful.
 */
function serverRun(tree: FlowNode, n: number, draws: number[]) {
  const ctx = (now: string): FlowContext => ({
    template: template(tree),
    org: sampleOrg(),
    now,
    managers: ['admin'],
  });
  let state: FlowState = createFlowState();
  let now = Date.parse(SIM_START);
  const path: string[] = [];
  const choices: SimChoice[] = [];
  let error: string | undefined;
  const act = (a: FlowAction): boolean => {
    const stored = JSON.parse(JSON.stringify(state)) as FlowState;
    const r = transition(stored, a, ctx(new Date(now).toISOString()));
    if (!r.ok) {
      error = r.error.code;
      return false;
    }
    // the path: nodes the effects reach that were not waiting before, in effect order
    const seen = new Set(stored.current);
    const nodeOf = (e: Effect) =>
      e.type === 'createTask'
        ? e.task.nodeId
        : e.type === 'record'
          ? e.record.nodeId
          : e.type === 'cc' || e.type === 'startSubflow'
            ? e.nodeId
            : e.type === 'setDeadline'
              ? e.deadline.nodeId
              : null;
    for (const e of r.effects) {
      const id = nodeOf(e);
      if (id && !seen.has(id)) {
        seen.add(id);
        path.push(id);
      }
    }
    state = r.state;
    return true;
  };
  if (!act({ type: 'submit', userId: 'alice', formData: { n } }))
    return { path, status: state.status, error, choices, state };
  for (const d of draws) {
    if (state.status !== 1) break;
    const pending = state.tasks.filter((t) => t.status === 'pending' && !t.blocked);
    const k = d % 10;
    if (k >= 8 || !pending.length) {
      const ms = (1 + (d % 3)) * 3_600_000;
      choices.push({ kind: 'advance', ms });
      const target = now + ms;
      for (let i = 0; i < 500; i++) {
        const due = [...state.deadlines]
          .filter((x) => Date.parse(x.at) <= target)
          .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id.localeCompare(b.id))[0];
        if (!due) break;
        now = Math.max(now, Date.parse(due.at));
        if (
          !act({
            type: due.kind === 'timer' ? 'timerFired' : 'overdueReminder',
            userId: SYSTEM_USER,
            nodeId: due.nodeId,
          })
        )
          return { path, status: state.status, error, choices, state };
      }
      now = target;
      continue;
    }
    if (k === 7 && state.current.some((c) => state.runs[c]?.kind === 'subflow')) {
      const nodeId = state.current.find((c) => state.runs[c]?.kind === 'subflow') as string;
      choices.push({ kind: 'subflowReturn', nodeId });
      if (!act({ type: 'subflowFinished', userId: SYSTEM_USER, nodeId, childStatus: 2 })) break;
      continue;
    }
    const t = pending[Math.floor(d / 10) % pending.length];
    const other =
      POOL.find(
        (u) =>
          u !== t.userId &&
          !state.tasks.some((x) => x.status === 'pending' && x.nodeId === t.nodeId && x.userId === u),
      ) ?? 'u3';
    if (k <= 3) {
      choices.push({ kind: 'approve', nodeId: t.nodeId, userId: t.userId });
      if (!act({ type: 'audit', userId: t.userId, taskId: t.id })) break;
    } else if (k === 4) {
      choices.push({ kind: 'reject', nodeId: t.nodeId, userId: t.userId });
      if (!act({ type: 'reject', userId: t.userId, taskId: t.id, opinion: 'simulated rejection' })) break;
    } else if (k === 5) {
      choices.push({ kind: 'transfer', nodeId: t.nodeId, userId: t.userId, toUserId: other });
      if (!act({ type: 'transfer', userId: t.userId, taskId: t.id, toUserId: other })) break;
    } else {
      const position = d % 2 ? 'before' : 'after';
      choices.push({ kind: 'addSigner', nodeId: t.nodeId, userId: t.userId, signerIds: [other], position });
      if (!act({ type: 'addSigner', userId: t.userId, taskId: t.id, signerIds: [other], position })) break;
    }
  }
  return { path, status: state.status, error, choices, state };
}

describe('simulator = server interpreter (property)', () => {
  it('for random trees, data and choices the simulated path, status, error and records equal the server run', () => {
    fc.assert(
      fc.property(
        chainArb,
        fc.integer({ min: 0, max: 12 }),
        fc.array(fc.nat({ max: 999 }), { maxLength: 25 }),
        (items, n, draws) => {
          const tree = buildTree(items);
          fc.pre(validateFlow(tree, { allowEveryone: true }).length === 0);
          const server = serverRun(tree, n, draws);
          const sim = simulate(
            { template: template(tree), org: sampleOrg(), managers: ['admin'] },
            { initiatorId: 'alice', formData: { n }, choices: server.choices },
          );
          expect(sim.path).toEqual(server.path);
          expect(sim.status).toBe(server.status);
          expect(sim.error).toBe(server.error);
          expect(sim.state.records).toEqual(server.state.records);
          expect(sim.state.tasks).toEqual(server.state.tasks);
        },
      ),
      { numRuns: 300 },
    );
  });
});
