/**
 * Compiled formula evaluation (@kp/engine) against mathjs.evaluate(expr, scope) per call, in one run.
 * Ours is the platform's own path: evaluateFormula(compiled, scope), the formula compiled once (to its closure
 * tree), the same scope objects every call. A second, information-only figure compares with mathjs compiled
 * once (math.compile(expr).evaluate(scope)).
 * Run from the repo root: node --import tsx packages/engine/bench/formula.bench.ts
 */
import { compile, evaluate } from 'mathjs';
import { compileFormula, evaluateFormula } from '../src/formula/index';

interface Case {
  expr: string;
  scope: Record<string, unknown>;
}

const CASES: Case[] = [
  {
    expr: '(price + freight) * qty - discount / 2',
    scope: { price: 12.5, freight: 3, qty: 7, discount: 1.1 },
  },
  { expr: 'amount * rate / 100 + fee', scope: { amount: 12800, rate: 6.5, fee: 35.25 } },
  { expr: 'days * 8 + hours - (lateMinutes / 60)', scope: { days: 3, hours: 4.5, lateMinutes: 45 } },
  {
    expr: 'basic + bonus + allowance - tax - insurance',
    scope: { basic: 8000, bonus: 1500.5, allowance: 320, tax: 412.35, insurance: 880.12 },
  },
];

/** Runs `fn` for about `ms` milliseconds; returns microseconds per call. */
function timePerCall(fn: () => number, ms: number): number {
  let sink = 0;
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 500; i++) sink += fn();
    calls += 500;
    elapsed = performance.now() - start;
  }
  if (Number.isNaN(sink)) console.error('unexpected NaN');
  return (elapsed * 1000) / calls;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const compiled = CASES.map((c) => compileFormula(c.expr));
for (const [i, c] of CASES.entries()) {
  const ours = evaluateFormula(compiled[i], c.scope);
  const theirs = Number((evaluate(c.expr, c.scope) as number).toFixed(2));
  if (ours !== theirs) throw new Error(`results differ for ${c.expr}: ${ours} vs ${theirs}`);
}

let k = 0;
const ours = () => {
  k = (k + 1) % CASES.length;
  return evaluateFormula(compiled[k], CASES[k].scope);
};
let j = 0;
const baseline = () => {
  j = (j + 1) % CASES.length;
  return evaluate(CASES[j].expr, CASES[j].scope) as number;
};
const mathCompiled = CASES.map((c) => compile(c.expr));
let m = 0;
const mathOnce = () => {
  m = (m + 1) % CASES.length;
  return mathCompiled[m].evaluate(CASES[m].scope) as number;
};

// Warm up both, then interleave short rounds so a busy machine slows both sides alike; the medians are
// compared. About 4 s in all.
timePerCall(ours, 200);
timePerCall(baseline, 200);
timePerCall(mathOnce, 200);
const oursRounds: number[] = [];
const baseRounds: number[] = [];
const onceRounds: number[] = [];
for (let round = 0; round < 7; round++) {
  oursRounds.push(timePerCall(ours, 250));
  baseRounds.push(timePerCall(baseline, 250));
  onceRounds.push(timePerCall(mathOnce, 150));
}
const oursUs = median(oursRounds);
const baseUs = median(baseRounds);
const onceUs = median(onceRounds);

const ratio = baseUs / oursUs;
const line = {
  id: 'engine-formula-eval',
  title: `Calculate-field formula evaluation per call (${CASES.length} expressions, compiled once)`,
  ours: { value: Number(oursUs.toFixed(3)), unit: 'µs/call' },
  baseline: { name: 'mathjs.evaluate(expr, scope)', value: Number(baseUs.toFixed(3)), unit: 'µs/call' },
  ratio: Number(ratio.toFixed(1)),
  ratioMeaning: 'baseline time / ours (higher is better)',
  target: '>= 100',
  pass: ratio >= 100,
};
console.log(`BENCH ${JSON.stringify(line)}`);
// Information only (no target): the same calls against mathjs with each expression compiled once.
const info = {
  id: 'engine-formula-eval-mathjs-compiled',
  title: `Calculate-field formula evaluation per call vs mathjs compiled once (${CASES.length} expressions)`,
  ours: { value: Number(oursUs.toFixed(3)), unit: 'µs/call' },
  baseline: {
    name: 'mathjs compile(expr).evaluate(scope)',
    value: Number(onceUs.toFixed(3)),
    unit: 'µs/call',
  },
  ratio: Number((onceUs / oursUs).toFixed(1)),
  ratioMeaning: 'baseline time / ours (higher is better)',
};
console.log(`BENCH ${JSON.stringify(info)}`);
