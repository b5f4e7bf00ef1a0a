import type { FlowNode } from '@kp/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createFlowState, transition } from './interpreter';
import { createFlowMachine } from './machine';
import { projectState, replayEffects } from './replay';
import { chainArbitrary } from './test/arbitraries';
import { buildTree, deepFreeze, sampleOrg, T0, type TreeItem, template } from './testkit';
import type { Effect, FlowAction, FlowContext, FlowState } from './types';
import { validateFlow } from './validateFlow';

// ---- random valid trees ----
const POOL = ['bob', 'gm', 'ceo', 'fin1', 'fin2', 'u1', 'u2', 'u3', 'u4', 'u5'];
type Item = TreeItem;
const chainArb = chainArbitrary({
  pool: POOL,
  maxApprovers: 4,
  ratios: [0.3, 0.5, 0.6, 1],
  minLevel: 0,
  emptyApprover: ['pass', 'admin'],
  plain: ['copy', 'timer', 'empty', 'auto'],
});

// ---- random action sequences, interpreted against the current state ----
interface Step {
  k: number;
  p: number;
  q: number;
  n: number;
}
const stepArb: fc.Arbitrary<Step> = fc.record({
  k: fc.nat(19),
  p: fc.nat(),
  q: fc.nat(),
  n: fc.integer({ min: 0, max: 20 }),
});

function pick<T>(xs: T[], i: number): T | undefined {
  return xs.length ? xs[i % xs.length] : undefined;
}

function actionFor(s: FlowState, st: Step, clock: number): { action: FlowAction; now: number } {
  const pending = s.tasks.filter((t) => t.status === 'pending');
  const done = s.tasks.filter((t) => t.status === 'done');
  const pt = pick(pending, st.p);
  const user = pick(POOL, st.q) as string;
  const k = st.k;
  const idle = s.status === 0 || ((s.status === 3 || s.status === 4) && k < 12);
  if (k <= 1 || idle)
    return { action: { type: 'submit', userId: 'alice', formData: { n: st.n } }, now: clock };
  if (k <= 8 && pt)
    return { action: { type: 'audit', userId: pt.userId, taskId: pt.id, opinion: 'ok' }, now: clock };
  if (k <= 10 && pt)
    return { action: { type: 'reject', userId: pt.userId, taskId: pt.id, opinion: 'no' }, now: clock };
  if (k === 11 && pt)
    return { action: { type: 'transfer', userId: pt.userId, taskId: pt.id, toUserId: user }, now: clock };
  if (k === 12 && pt)
    return {
      action: {
        type: 'addSigner',
        userId: pt.userId,
        taskId: pt.id,
        signerIds: [user],
        position: st.q % 2 ? 'before' : 'after',
      },
      now: clock,
    };
  const dt = pick(done, st.p);
  if (k === 13 && dt)
    return { action: { type: 'recall', userId: dt.userId, taskId: dt.id, reason: 'r' }, now: clock };
  const dl = pick(s.deadlines, st.p);
  if ((k === 14 || k === 15) && dl)
    return {
      action: {
        type: dl.kind === 'timer' ? 'timerFired' : 'overdueReminder',
        userId: 'system',
        nodeId: dl.nodeId,
      },
      now: Math.max(clock, Date.parse(dl.at)),
    };
  const sub = pick(
    Object.values(s.runs).filter((r) => r.kind === 'subflow'),
    st.p,
  );
  if (k === 16 && sub)
    return { action: { type: 'subflowFinished', userId: 'system', nodeId: sub.nodeId }, now: clock };
  if (k === 17)
    return {
      action:
        st.q % 2
          ? { type: 'withdraw', userId: 'alice', reason: 'w' }
          : { type: 'terminate', userId: 'admin' },
      now: clock,
    };
  const cur = pick(s.current, st.p);
  if (k === 18 && cur)
    return { action: { type: 'assign', userId: 'admin', nodeId: cur, toUserId: user }, now: clock };
  if (k === 18) return { action: { type: 'press', userId: 'alice' }, now: clock };
  // garbage: someone acting on a random task, or a revoke
  return st.q % 3
    ? { action: { type: 'audit', userId: user, taskId: `t${st.p % 50}` }, now: clock }
    : { action: { type: 'revoke', userId: 'alice', reason: 'x' }, now: clock };
}

interface Run {
  states: FlowState[];
  actions: { action: FlowAction; now: string }[];
  effects: Effect[];
  ctx: Omit<FlowContext, 'now'>;
}

const stats = { ok: 0, refused: 0, adopted: 0, rejected: 0, codes: {} as Record<string, number> };
function run(items: Item[], steps: Step[], props = {}): Run {
  const ctx = { template: template(buildTree(items), props), org: sampleOrg(), managers: ['admin'] };
  let s = createFlowState();
  let clock = Date.parse(T0);
  const out: Run = { states: [s], actions: [], effects: [], ctx };
  for (const st of steps) {
    clock += 60_000;
    const { action, now } = actionFor(s, st, clock);
    clock = now;
    const iso = new Date(now).toISOString();
    // Frozen input: an in-place modification would throw inside (reported as INTERNAL, which fails here).
    const r = transition(deepFreeze(s), action, { ...ctx, now: iso }); // a throw fails the property
    if (!r.ok) {
      stats.refused++;
      stats.codes[r.error.code] = (stats.codes[r.error.code] ?? 0) + 1;
      expect(r.error.code).not.toBe('INTERNAL');
      expect(r.error.message.length).toBeGreaterThan(0);
      continue;
    }
    s = r.state;
    stats.ok++;
    if (s.status === 2) stats.adopted++;
    if (s.status === 3) stats.rejected++;
    out.states.push(s);
    out.actions.push({ action, now: iso });
    out.effects.push(...r.effects);
  }
  return out;
}

const pendingOf = (s: FlowState) => s.tasks.filter((t) => t.status === 'pending');
const nodeOf = (r: Run, id: string) => {
  let hit: FlowNode | undefined;
  const walk = (n: FlowNode | null | undefined) => {
    if (!n || hit) return;
    if (n.nodeId === id) hit = n;
    walk(n.childNode);
    for (const b of n.conditionNodes ?? []) walk(b);
  };
  walk(r.ctx.template.tree);
  return hit;
};

const RUNS = { numRuns: 250 };
const scenario = fc.tuple(
  chainArb,
  fc.array(stepArb, { maxLength: 40 }),
  fc.record({
    autoAgreeApproved: fc.boolean(),
    resubmitMode: fc.constantFrom('restart' as const, 'jumpBack' as const),
  }),
);

describe('interpreter properties over random valid trees and action sequences', () => {
  it('random trees are valid (schema and designer checks, everyone may initiate)', () => {
    fc.assert(
      fc.property(chainArb, (items) => {
        const issues = validateFlow(buildTree(items), { allowEveryone: true }).filter(
          (i) => i.code === 'STRUCTURE',
        );
        expect(issues).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('never throws; a finished flow (2 or 5) never gets pending tasks again; pending tasks sit on current nodes', () => {
    fc.assert(
      fc.property(scenario, ([items, steps, props]) => {
        const r = run(items, steps, props);
        let finished = false;
        for (const s of r.states) {
          if (s.status === 2 || s.status === 5) finished = true;
          if (finished) expect(pendingOf(s)).toEqual([]);
          for (const t of pendingOf(s)) expect(s.current).toContain(t.nodeId);
          if (s.status !== 1) expect(s.current).toEqual([]);
          expect(new Set(s.current).size).toBe(s.current.length);
        }
      }),
      RUNS,
    );
  });

  it('an and-sign node never advances before all its approvers approved; an or-sign node advances once and closes the rest', () => {
    fc.assert(
      fc.property(scenario, ([items, steps, props]) => {
        const r = run(items, steps, props);
        for (let i = 1; i < r.states.length; i++) {
          const before = r.states[i - 1];
          const after = r.states[i];
          const { action } = r.actions[i - 1];
          if (action.type !== 'audit' && action.type !== 'overdueReminder') continue;
          if (after.status !== 1 && after.status !== 2) continue;
          for (const nodeId of before.current) {
            const run0 = before.runs[nodeId];
            if (!run0 || run0.kind !== 'approver' || after.current.includes(nodeId)) continue;
            const round = after.tasks.filter(
              (t) => t.nodeId === nodeId && t.kind === 'approver' && t.createdVersion >= run0.enteredVersion,
            );
            const approved = round.filter((t) => t.status === 'done' && t.result === 'approve').length;
            if (run0.mode === 'and') expect(approved).toBeGreaterThanOrEqual(run0.total);
            if (run0.mode === 'or') {
              expect(approved).toBeGreaterThanOrEqual(1);
              expect(round.filter((t) => t.status === 'pending')).toEqual([]);
              const node = nodeOf(r, nodeId);
              expect(node?.type).toBe('approver');
            }
          }
        }
      }),
      RUNS,
    );
  });

  it('replaying the effects log rebuilds the persisted projection; replaying the action log rebuilds the same state', () => {
    fc.assert(
      fc.property(scenario, ([items, steps, props]) => {
        const r = run(items, steps, props);
        const final = r.states[r.states.length - 1];
        expect(replayEffects(r.effects)).toEqual(projectState(final));
        let s = createFlowState();
        for (const { action, now } of r.actions) {
          const x = transition(s, action, { ...r.ctx, now });
          expect(x.ok).toBe(true);
          if (x.ok) s = x.state;
        }
        expect(s).toEqual(final);
      }),
      RUNS,
    );
  });

  it('the XState machine follows the same states and survives a persisted-snapshot round trip', () => {
    fc.assert(
      fc.property(scenario, ([items, steps, props]) => {
        const r = run(items, steps, props);
        const machine = createFlowMachine({ ...r.ctx });
        let actor = createActor(machine, { input: {} }).start();
        r.actions.forEach(({ action, now }, i) => {
          actor.send({ ...action, now });
          expect(actor.getSnapshot().context.error).toBeNull();
          if (i % 5 === 4) {
            const saved = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
            actor.stop();
            actor = createActor(machine, { snapshot: saved, input: {} }).start();
          }
        });
        const snap = actor.getSnapshot();
        expect(snap.context.flow).toEqual(r.states[r.states.length - 1]);
        const names = ['draft', 'running', 'adopted', 'rejected', 'revoked', 'cancelled'];
        expect(snap.value).toBe(names[snap.context.flow.status]);
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });

  it('never throws on arbitrary actions or broken templates', () => {
    const ctx = {
      template: template(buildTree([{ k: 'approver', props: { approvers: ['bob'] } }])),
      org: sampleOrg(),
      now: T0,
    };
    const started = transition(createFlowState(), { type: 'submit', userId: 'alice' }, ctx);
    if (!started.ok) throw new Error('submit failed');
    const actionLike = fc.oneof(
      fc.anything(),
      fc.record({
        type: fc.constantFrom(
          'submit',
          'audit',
          'reject',
          'transfer',
          'assign',
          'addSigner',
          'recall',
          'timerFired',
        ),
        userId: fc.anything(),
        taskId: fc.anything(),
        nodeId: fc.anything(),
        formData: fc.anything(),
        signerIds: fc.anything(),
        candidates: fc.anything(),
        rejectTo: fc.anything(),
      }),
    );
    fc.assert(
      fc.property(actionLike, fc.jsonValue(), (a, tree) => {
        for (const st of [createFlowState(), started.state]) {
          const r1 = transition(st, a as FlowAction, ctx);
          expect(typeof r1.ok).toBe('boolean');
          const r2 = transition(st, a as FlowAction, { ...ctx, template: { tree, properties: {} } as never });
          expect(typeof r2.ok).toBe('boolean');
        }
      }),
      { numRuns: 400 },
    );
  });

  it('the random sequences exercise the interpreter (most actions accepted, flows finish and reject)', () => {
    console.log('property stats', JSON.stringify(stats));
    expect(stats.ok).toBeGreaterThan(1000);
    expect(stats.adopted).toBeGreaterThan(10);
    expect(stats.rejected).toBeGreaterThan(10);
    expect(stats.codes.INTERNAL ?? 0).toBe(0);
  });
});
