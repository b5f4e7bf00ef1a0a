// Bench of the flow interpreter. Run from the repo root: node --import tsx packages/flow/bench/interpreter.bench.ts
// 1. Throughput: a 50-node tree whose approver nodes have 20 and-sign countersigners, run from submit to
//    adopt. Baseline: the same transition function used naively, with a deep clone of the state and a
//    fresh copy of the template (so the node index is rebuilt by a whole-tree walk) on every transition.
// 2. Scale: one audit transition (approver -> next approver) on a 1,000-node tree against a 10-node tree,
//    same state size; the node index is built once per template, so the cost must not grow with the tree.
import type { FlowNode, FlowTemplate } from '@kp/schema';
import {
  createFlowState,
  createOrgDirectory,
  type FlowAction,
  type FlowContext,
  type FlowState,
  transition,
} from '../src/index';

const T0 = '2026-01-05T08:00:00.000Z';
const signers = Array.from({ length: 20 }, (_, i) => `s${i + 1}`);
const org = createOrgDirectory({
  users: [
    { id: 'alice', departmentId: 'd1' },
    ...signers.map((id) => ({ id, departmentId: 'd1' })),
    { id: 'bob' },
    { id: 'gm' },
  ],
  departments: [{ id: 'd1', headId: 'bob' }],
});

/** A chain start -> n-1 nodes: every `approverEvery`-th an approver, a branch point every 10th, the rest empty/copy. */
function bigTree(n: number, approverProps: FlowNode['properties'], approverEvery: number): FlowNode {
  let id = 0;
  const root: FlowNode = { nodeId: 'start', type: 'start', properties: {}, childNode: null };
  let tail = root;
  let count = 1;
  while (count < n) {
    let node: FlowNode;
    const k = ++id;
    if (k % 10 === 0 && n - count >= 5) {
      // a condition point with two branches, each holding one empty node (5 nodes in all)
      const mk = (b: string, props: FlowNode['properties']): FlowNode => ({
        nodeId: `${b}${k}`,
        type: 'condition',
        properties: props,
        childNode: { nodeId: `${b}e${k}`, type: 'empty', properties: {}, childNode: null },
      });
      node = {
        nodeId: `g${k}`,
        type: 'empty',
        properties: {},
        conditionType: 'condition',
        conditionNodes: [
          mk('c', {
            priority: 1,
            conditions: [{ items: [{ fieldType: 'form', field: 'x', operator: '>', value: 100 }] }],
          }),
          mk('d', { priority: 2, isDefault: true }),
        ],
        childNode: null,
      };
      count += 5;
    } else if (k % approverEvery === 0) {
      node = { nodeId: `a${k}`, type: 'approver', properties: { ...approverProps }, childNode: null };
      count++;
    } else {
      node = {
        nodeId: `n${k}`,
        type: k % 3 ? 'empty' : 'copy',
        properties: { approvers: ['gm'] },
        childNode: null,
      };
      count++;
    }
    tail.childNode = node;
    tail = node;
  }
  return root;
}
function countNodes(n: FlowNode | null | undefined): number {
  if (!n) return 0;
  return 1 + countNodes(n.childNode) + (n.conditionNodes ?? []).reduce((s, b) => s + countNodes(b), 0);
}

type Step = (s: FlowState, ctx: FlowContext) => FlowAction | null;
/** Drives a flow to its end: submit, then the first pending task's owner approves, until nothing is pending. */
const nextAction: Step = (s) => {
  if (s.status === 0) return { type: 'submit', userId: 'alice', formData: { x: 1 } };
  const t = s.tasks.find((x) => x.status === 'pending');
  return t ? { type: 'audit', userId: t.userId, taskId: t.id } : null;
};

function runFlow(template: FlowTemplate, naive: boolean): number {
  let s = createFlowState();
  let n = 0;
  for (;;) {
    const ctx: FlowContext = { template: naive ? structuredClone(template) : template, org, now: T0 };
    const a = nextAction(s, ctx);
    if (!a) break;
    const r = transition(naive ? structuredClone(s) : s, a, ctx);
    if (!r.ok) throw new Error(`${a.type}: ${r.error.message}`);
    s = r.state;
    n++;
  }
  if (s.status !== 2) throw new Error(`flow ended with status ${s.status}`);
  return n;
}

function throughput(template: FlowTemplate, naive: boolean, ms = 1500): number {
  runFlow(template, naive); // warm-up
  let transitions = 0;
  const start = performance.now();
  while (performance.now() - start < ms) transitions += runFlow(template, naive);
  return transitions / ((performance.now() - start) / 1000);
}

function bench(line: object) {
  console.log(`BENCH ${JSON.stringify(line)}`);
}

// ---- 1. throughput on 50 nodes with 20 countersigners ----
const tree50 = bigTree(50, { approvers: signers, counterSign: 'and' }, 4);
const tpl50: FlowTemplate = { tree: tree50, properties: {} };
const oursTps = throughput(tpl50, false);
const naiveTps = throughput(tpl50, true);
console.log(`50-node tree: ${countNodes(tree50)} nodes, ${runFlow(tpl50, false)} transitions per flow`);
bench({
  id: 'flow.interpreter.throughput50',
  title: 'Flow transitions per second, 50-node tree, 20 and-sign countersigners per approver node',
  ours: { value: Math.round(oursTps), unit: 'transitions/s' },
  baseline: {
    name: 'same transition with a deep-cloned state and a re-indexed template per transition',
    value: Math.round(naiveTps),
    unit: 'transitions/s',
  },
  ratio: Number((oursTps / naiveTps).toFixed(2)),
  ratioMeaning: 'ours/baseline (higher is better)',
  target: '>= 1',
  pass: oursTps / naiveTps >= 1,
});

// ---- 2. one transition at 1,000 nodes against 10 nodes ----
function oneTransitionCost(n: number): { micros: number; nodes: number } {
  const tree = bigTree(n, { approvers: ['bob'] }, 2);
  const tpl: FlowTemplate = { tree, properties: {} };
  const ctx: FlowContext = { template: tpl, org, now: T0 };
  const sub = transition(createFlowState(), { type: 'submit', userId: 'alice', formData: { x: 1 } }, ctx);
  if (!sub.ok) throw new Error(sub.error.message);
  const s = sub.state;
  const task = s.tasks.find((t) => t.status === 'pending');
  if (!task) throw new Error('no task');
  const action: FlowAction = { type: 'audit', userId: task.userId, taskId: task.id };
  for (let i = 0; i < 2000; i++) transition(s, action, ctx);
  let iters = 0;
  const start = performance.now();
  while (performance.now() - start < 500) {
    for (let i = 0; i < 200; i++) {
      const r = transition(s, action, ctx);
      if (!r.ok) throw new Error(r.error.message);
    }
    iters += 200;
  }
  return { micros: ((performance.now() - start) * 1000) / iters, nodes: countNodes(tree) };
}
// Alternate the two sizes and keep each one's best round, so machine noise hits both alike.
let smallMicros = Number.POSITIVE_INFINITY;
let largeMicros = Number.POSITIVE_INFINITY;
let sizes = [0, 0];
for (let round = 0; round < 3; round++) {
  const a = oneTransitionCost(10);
  const b = oneTransitionCost(1000);
  smallMicros = Math.min(smallMicros, a.micros);
  largeMicros = Math.min(largeMicros, b.micros);
  sizes = [a.nodes, b.nodes];
}
const small = { micros: smallMicros };
console.log(`tree sizes: ${sizes[0]} and ${sizes[1]} nodes`);
const scale = largeMicros / small.micros;
bench({
  id: 'flow.interpreter.scale1000',
  title: 'Cost of one audit transition on a 1,000-node tree against a 10-node tree',
  ours: { value: Number(largeMicros.toFixed(2)), unit: 'µs/transition at 1,000 nodes' },
  baseline: {
    name: 'same transition on a 10-node tree',
    value: Number(small.micros.toFixed(2)),
    unit: 'µs/transition',
  },
  ratio: Number(scale.toFixed(2)),
  ratioMeaning: 'cost at 1,000 nodes / cost at 10 nodes (1 = does not grow with the tree)',
  target: '<= 1.5',
  pass: scale <= 1.5,
});
