/**
 * The fast path of formula evaluation: each formula is compiled once into a tree of closures (no generated
 * source, no eval / new Function). Field accessors are resolved at compile time: a leaf already knows its key,
 * or its sub-table and column, and which of the three ways it reads (plain field, row value, column sum).
 *
 * The closures compute in doubles and carry, next to each value, a rigorous bound on its distance from the
 * exact decimal value the spec asks for (an operand is the exact fraction of its decimal text; see rational.ts).
 * The final rounding to 2 decimals is decided here only when the whole error interval lies on one side of
 * every half-cent boundary, so the answer is the one exact arithmetic gives; otherwise (a result on or very
 * near a boundary such as 1.005, a division by something that may be zero, an overflow) the caller falls back
 * to the exact evaluator. A double operand x stands for its shortest decimal text, which is within half an ulp
 * of x; each operation adds at most |result| * 2^-53 (plus a subnormal step), and the bound is carried as:
 *   a ± b: ea + eb;  a × b: |a| eb + |b| ea + ea eb;  a ÷ b: (ea + |a/b| eb) / (|b| - eb), needing |b| > eb.
 */
import { type FormulaRef, OP_ADD, OP_CONST, OP_MUL, OP_NEG, OP_REF, OP_SUB } from './ops';

/** A compiled node: returns its value in doubles and leaves its error bound in `acc.e`. */
export type FastNode = (scope: unknown, rowScope: unknown) => number;

/** The error bound of the value a node just returned (a register, so nodes allocate nothing). */
const acc = { e: 0 };

/** 2^-52: bounds a rounding error relative to the rounded result (u / (1 - u) with u = 2^-53), with margin. */
const U = 2 ** -52;
/** Absolute allowance per step for subnormal rounding, and for underflow inside the bound's own arithmetic. */
const ETA = 2 ** -1072;
/** The bound itself is computed in doubles; this factor covers its own (relative) rounding, up to 2^20 steps. */
const SLACK = 1 + 2 ** -20;
/** Beyond this many cents a double no longer holds the half-cent boundaries: exact path. */
const MAX_CENTS = 2 ** 51;
/** Deepest closure nesting built (a left-leaning chain of n terms is n deep); deeper formulas stay exact. */
export const MAX_FAST_DEPTH = 256;
/** Largest program turned into closures (keeps SLACK valid); larger formulas stay exact. */
const MAX_FAST_OPS = 100_000;

const hasOwn = Object.hasOwn;
const isArray = Array.isArray;
const abs = Math.abs;
const floor = Math.floor;

/** The decimal text the spec accepts (same grammar and limits as parseDecimal). */
const DECIMAL_RE = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d+))?\s*$/;
const MAX_DIGITS = 1000;
const MAX_EXPONENT = 400;

function stringOperand(v: string): number {
  if (v.length <= MAX_DIGITS) {
    const m = DECIMAL_RE.exec(v);
    if (m !== null && (m[1] === undefined || abs(Number(m[1])) <= MAX_EXPONENT)) {
      // Number() of a decimal text is correctly rounded: within half an ulp (or a subnormal step).
      const x = Number(v);
      acc.e = abs(x) * U + ETA;
      return x;
    }
  }
  acc.e = 0;
  return 0;
}

/** One operand: a finite number, a decimal string or a BigInt; anything else is exactly 0. */
function operand(v: unknown): number {
  if (typeof v === 'number') {
    if (v - v === 0) {
      acc.e = abs(v) * U + ETA;
      return v;
    }
  } else if (typeof v === 'string') return stringOperand(v);
  else if (typeof v === 'bigint') {
    const x = Number(v);
    acc.e = abs(x) * U + ETA;
    return x;
  }
  acc.e = 0;
  return 0;
}

/** An own property of an object (never the prototype chain, never a getter it inherits). */
function readField(obj: unknown, key: string): unknown {
  return typeof obj === 'object' && obj !== null && hasOwn(obj, key)
    ? (obj as Record<string, unknown>)[key]
    : undefined;
}

/** A plain field's operand. */
function field(scope: unknown, key: string): number {
  return operand(readField(scope, key));
}

/**
 * A binary node's operand: a plain field is read in place (no call through a leaf closure), anything else
 * runs its subtree.
 */
function arg(key: string | undefined, node: FastNode, s: unknown, rs: unknown): number {
  return key !== undefined ? field(s, key) : node(s, rs);
}

/** `table.column`: the row's value inside a row, the column's sum over the rows outside, else the flat key. */
function columnLeaf(name: string, table: string, column: string): FastNode {
  return (scope, rowScope) => {
    const row = readField(rowScope, table);
    if (typeof row === 'object' && row !== null) return operand(readField(row, column));
    const rows = readField(scope, table);
    if (!isArray(rows)) return field(scope, name);
    let sum = 0;
    let err = 0;
    for (const r of rows) {
      const x = field(r, column);
      err += acc.e;
      sum += x;
      err += abs(sum) * U + ETA;
    }
    acc.e = err;
    return sum;
  };
}

// The binary nodes: two closure shapes for the four operations (operand and operand, operand and constant:
// a constant right operand is folded into its node). Each node reads an operand's bound right after the
// operand, so a getter in the scope that re-enters the evaluator cannot disturb it. A NaN value or bound (a
// possible division by zero, an overflow) runs through every later step and sends the formula to the exact
// path.

/** v = a op b and its bound into acc.e; NaN when b may be zero in a division (the exact path decides). */
function combine(op: number, a: number, ea: number, b: number, eb: number): number {
  let v: number;
  let e: number;
  if (op === OP_ADD || op === OP_SUB) {
    v = op === OP_ADD ? a + b : a - b;
    e = ea + eb;
  } else if (op === OP_MUL) {
    v = a * b;
    e = abs(a) * eb + abs(b) * ea + ea * eb;
  } else {
    const db = abs(b) - eb;
    if (!(db > 0)) {
      acc.e = Number.NaN;
      return Number.NaN;
    }
    v = a / b;
    const av = abs(v);
    e = (ea + (av + av * U + ETA) * eb) / db;
  }
  acc.e = e + abs(v) * U + ETA;
  return v;
}

function pairNode(op: number, { key: lk, node: l }: Built, { key: rk, node: r }: Built): FastNode {
  return (s, rs) => {
    const a = arg(lk, l, s, rs);
    const ea = acc.e;
    const b = arg(rk, r, s, rs);
    return combine(op, a, ea, b, acc.e);
  };
}

function constNode(op: number, { key: lk, node: l }: Built, b: number, eb: number): FastNode {
  return (s, rs) => {
    const a = arg(lk, l, s, rs);
    return combine(op, a, acc.e, b, eb);
  };
}

function fieldLeaf(key: string): FastNode {
  return (s) => field(s, key);
}

function constLeaf(value: number, err: number): FastNode {
  return () => {
    acc.e = err;
    return value;
  };
}

function negNode(l: FastNode): FastNode {
  return (s, rs) => -l(s, rs);
}

/** What the compiler hands over: the stack program, its constants' texts and its references. */
export interface FastSource {
  ops: ArrayLike<number>;
  args: ArrayLike<number>;
  constText: string[];
  refs: FormulaRef[];
}

/** A built subtree: its closure, its depth, and what a parent may use in place of calling it. */
interface Built {
  node: FastNode;
  depth: number;
  /** A plain field's key: the parent reads it in place. */
  key?: string;
  /** A constant's value and error bound: the parent folds it in. */
  constant?: { v: number; e: number };
}

function binary(op: number, l: Built, r: Built): FastNode {
  const c = r.constant;
  return c ? constNode(op, l, c.v, c.e) : pairNode(op, l, r);
}

/**
 * Turns a compiled stack program into a closure tree; null when the formula is too deep or too large for it
 * (it is then evaluated by the exact path alone).
 */
export function buildFastNode(p: FastSource): FastNode | null {
  if (p.ops.length > MAX_FAST_OPS) return null;
  const stack: Built[] = [];
  for (let i = 0; i < p.ops.length; i++) {
    const op = p.ops[i];
    if (op === OP_CONST) {
      const v = Number(p.constText[p.args[i]]);
      const e = abs(v) * U + ETA;
      stack.push({ node: constLeaf(v, e), depth: 1, constant: { v, e } });
    } else if (op === OP_REF) {
      const ref = p.refs[p.args[i]];
      if (ref.table === undefined || ref.column === undefined)
        stack.push({ node: fieldLeaf(ref.name), depth: 1, key: ref.name });
      else stack.push({ node: columnLeaf(ref.name, ref.table, ref.column), depth: 1 });
    } else if (op === OP_NEG) {
      const a = stack.pop() as Built;
      stack.push({ node: negNode(a.node), depth: a.depth + 1 });
    } else {
      const r = stack.pop() as Built;
      const l = stack.pop() as Built;
      stack.push({ node: binary(op, l, r), depth: Math.max(l.depth, r.depth) + 1 });
    }
    if ((stack[stack.length - 1] as Built).depth > MAX_FAST_DEPTH) return null;
  }
  return stack.length === 1 ? (stack[0] as Built).node : null;
}

/**
 * Runs a closure tree and rounds its value half up to 2 decimals when the error bound proves that this is
 * the exactly rounded value; NaN when it cannot tell (the caller then evaluates exactly).
 */
export function evaluateFast(node: FastNode, scope: unknown, rowScope: unknown): number {
  const v = node(scope, rowScope);
  const t = v * 100;
  const a = abs(t);
  // The bound in cents, with the rounding of t itself; 2^-50 covers the rounding of the distance below.
  const et = (acc.e * 100 + a * U + ETA) * SLACK + 2 ** -50;
  if (!(a < MAX_CENTS)) return Number.NaN;
  const q0 = floor(a);
  const frac = a - q0;
  if (!(abs(frac - 0.5) > et)) return Number.NaN;
  const q = frac > 0.5 ? q0 + 1 : q0;
  if (q === 0) return 0;
  return (t < 0 ? -q : q) / 100;
}
