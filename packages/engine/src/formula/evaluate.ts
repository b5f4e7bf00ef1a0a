import * as F from './closure';
import type { CompiledFormula, FormulaProgram, FormulaRef } from './compile';
import * as C from './compile';
import type { BigRational } from './rational';
import * as Q from './rational';

// Local copies of the imported bindings: some loaders (tsx, CommonJS interop) turn every access to an
// imported binding into a getter call, which would dominate this hot path.
const OP_ADD = C.OP_ADD;
const OP_CONST = C.OP_CONST;
const OP_MUL = C.OP_MUL;
const OP_NEG = C.OP_NEG;
const OP_REF = C.OP_REF;
const OP_SUB = C.OP_SUB;
const programOf = C.programOf;
const evaluateFast = F.evaluateFast;
const addBig = Q.addBig;
const bigToFast = Q.bigToFast;
const divBig = Q.divBig;
const gcdNum = Q.gcdNum;
const makeBig = Q.makeBig;
const mulBig = Q.mulBig;
const numberToBig = Q.numberToBig;
const numberToFast = Q.numberToFast;
const parseDecimal = Q.parseDecimal;
const reg = Q.reg;
const roundBig2 = Q.roundBig2;
const roundFast2 = Q.roundFast2;
const SAFE_LIMIT = Q.SAFE_LIMIT;
const subBig = Q.subBig;

/** Form data: plain values by vModel; a sub-table is an array of row objects. */
export type FormulaScope = Record<string, unknown>;
/**
 * The row being calculated, keyed by the sub-table's vModel: `{ tableField101: { price: 2, qty: 3 } }`.
 * Inside it, `tableField101.price` is that row's value; without it the column is summed over all rows.
 */
export type FormulaRowScope = Record<string, Record<string, unknown> | undefined>;

const ZERO: BigRational = { n: 0n, d: 1n };

/** Coerces one operand into reg; false when it needs the BigInt path. Missing or invalid -> 0. */
function operandFast(v: unknown): boolean {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) {
      reg.n = 0;
      reg.d = 1;
      return true;
    }
    return numberToFast(v);
  }
  if (typeof v === 'string') {
    const r = parseDecimal(v);
    if (!r) {
      reg.n = 0;
      reg.d = 1;
      return true;
    }
    return bigToFast(r);
  }
  if (typeof v === 'bigint') return bigToFast({ n: v, d: 1n });
  reg.n = 0;
  reg.d = 1;
  return true;
}

function operandBig(v: unknown): BigRational {
  if (typeof v === 'number') return Number.isFinite(v) ? numberToBig(v) : ZERO;
  if (typeof v === 'string') return parseDecimal(v) ?? ZERO;
  if (typeof v === 'bigint') return { n: v, d: 1n };
  return ZERO;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function readField(obj: unknown, key: string): unknown {
  return isObject(obj) && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** Resolves a reference into reg (fast); false when the BigInt path is needed. */
function refFast(ref: FormulaRef, scope: unknown, rowScope: unknown): boolean {
  if (ref.table === undefined || ref.column === undefined) return operandFast(readField(scope, ref.name));
  const row = readField(rowScope, ref.table);
  if (isObject(row)) return operandFast(readField(row, ref.column));
  const rows = readField(scope, ref.table);
  if (!Array.isArray(rows)) return operandFast(readField(scope, ref.name));
  let sn = 0;
  let sd = 1;
  for (const r of rows) {
    if (!operandFast(readField(r, ref.column))) return false;
    const n = reg.n;
    const d = reg.d;
    if (d === sd) sn += n;
    else {
      const a = sn * d;
      const b = n * sd;
      sd *= d;
      sn = a + b;
      if (Math.abs(a) >= SAFE_LIMIT || Math.abs(b) >= SAFE_LIMIT) return false;
    }
    if (Math.abs(sn) >= SAFE_LIMIT || sd >= SAFE_LIMIT) return false;
    if (sd !== 1) {
      const g = gcdNum(sn, sd);
      if (g > 1) {
        sn /= g;
        sd /= g;
      }
    }
  }
  reg.n = sn;
  reg.d = sd;
  return true;
}

function refBig(ref: FormulaRef, scope: unknown, rowScope: unknown): BigRational {
  if (ref.table === undefined || ref.column === undefined) return operandBig(readField(scope, ref.name));
  const row = readField(rowScope, ref.table);
  if (isObject(row)) return operandBig(readField(row, ref.column));
  const rows = readField(scope, ref.table);
  if (!Array.isArray(rows)) return operandBig(readField(scope, ref.name));
  let sum = ZERO;
  for (const r of rows) sum = addBig(sum, operandBig(readField(r, ref.column)));
  return sum;
}

const OVERFLOW = 1;
const DIV_ZERO = 2;

/** Safe-integer fraction evaluation; the result is left in reg. Returns 0, OVERFLOW or DIV_ZERO. */
function runFast(p: FormulaProgram, scope: unknown, rowScope: unknown): number {
  const { ops, args, stackN, stackD } = p;
  let sp = -1;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    if (op === OP_CONST) {
      const c = args[i];
      if (p.constFast[c] === 0) return OVERFLOW;
      sp++;
      stackN[sp] = p.constN[c];
      stackD[sp] = p.constD[c];
      continue;
    }
    if (op === OP_REF) {
      if (!refFast(p.refs[args[i]], scope, rowScope)) return OVERFLOW;
      sp++;
      stackN[sp] = reg.n;
      stackD[sp] = reg.d;
      continue;
    }
    if (op === OP_NEG) {
      stackN[sp] = -stackN[sp];
      continue;
    }
    const bn = stackN[sp];
    const bd = stackD[sp];
    sp--;
    const an = stackN[sp];
    const ad = stackD[sp];
    let n: number;
    let d: number;
    if (op === OP_ADD || op === OP_SUB) {
      const sbn = op === OP_ADD ? bn : -bn;
      if (ad === bd) {
        n = an + sbn;
        d = ad;
      } else {
        const x = an * bd;
        const y = sbn * ad;
        if (Math.abs(x) >= SAFE_LIMIT || Math.abs(y) >= SAFE_LIMIT) return OVERFLOW;
        n = x + y;
        d = ad * bd;
      }
    } else if (op === OP_MUL) {
      n = an * bn;
      d = ad * bd;
    } else {
      if (bn === 0) return DIV_ZERO;
      n = an * bd;
      d = ad * bn;
      if (d < 0) {
        n = -n;
        d = -d;
      }
    }
    if (Math.abs(n) >= SAFE_LIMIT || d >= SAFE_LIMIT) return OVERFLOW;
    if (d !== 1) {
      const g = gcdNum(n, d);
      if (g > 1) {
        n /= g;
        d /= g;
      }
    }
    stackN[sp] = n === 0 ? 0 : n;
    stackD[sp] = n === 0 ? 1 : d;
  }
  reg.n = stackN[0];
  reg.d = stackD[0];
  return 0;
}

/** The same program over BigInt fractions; null on division by zero. */
function runBig(p: FormulaProgram, scope: unknown, rowScope: unknown): BigRational | null {
  const stack: BigRational[] = [];
  for (let i = 0; i < p.ops.length; i++) {
    const op = p.ops[i];
    if (op === OP_CONST) stack.push(p.constBig[p.args[i]]);
    else if (op === OP_REF) stack.push(refBig(p.refs[p.args[i]], scope, rowScope));
    else if (op === OP_NEG) {
      const a = stack.pop() as BigRational;
      stack.push(makeBig(-a.n, a.d));
    } else {
      const b = stack.pop() as BigRational;
      const a = stack.pop() as BigRational;
      const r =
        op === OP_ADD
          ? addBig(a, b)
          : op === OP_SUB
            ? subBig(a, b)
            : op === OP_MUL
              ? mulBig(a, b)
              : divBig(a, b);
      if (!r) return null;
      stack.push(r);
    }
  }
  return stack[0] ?? ZERO;
}

/**
 * Evaluates a compiled formula (spec 3 §5): exact decimal arithmetic, a missing or invalid operand is 0,
 * the result is rounded half up (away from zero) to 2 decimals, and a division by zero anywhere gives 0
 * (the spec's "NaN becomes 0"). A formula that did not compile gives 0. Never throws.
 */
export function evaluateFormula(
  compiled: CompiledFormula,
  scope: FormulaScope,
  rowScope?: FormulaRowScope,
): number {
  const p = compiled ? programOf(compiled) : undefined;
  if (!p) return 0;
  try {
    if (p.fast !== null) {
      const r = evaluateFast(p.fast, scope, rowScope);
      if (!Number.isNaN(r)) return r;
    }
    return evaluateExact(p, scope, rowScope);
  } catch {
    // A throwing getter or proxy in the scope: treat the formula as not computable.
    return 0;
  }
}

/** The exact evaluator (safe-integer fractions, then BigInt fractions); the fast path's fallback and judge. */
function evaluateExact(p: FormulaProgram, scope: unknown, rowScope: unknown): number {
  const status = runFast(p, scope, rowScope);
  if (status === DIV_ZERO) return 0;
  if (status === 0) {
    const r = roundFast2(reg.n, reg.d);
    if (r !== null) return r;
  }
  const big = runBig(p, scope, rowScope);
  const r = big ? roundBig2(big) : 0;
  // A result beyond the double range would print as Infinity: the spec's NaN/Infinity rule makes it 0.
  return Number.isFinite(r) ? r : 0;
}

/**
 * evaluateFormula without the closure fast path: the exact evaluator alone (for tests and benches that
 * compare the two). Never throws.
 */
export function evaluateFormulaExact(
  compiled: CompiledFormula,
  scope: FormulaScope,
  rowScope?: FormulaRowScope,
): number {
  const p = compiled ? programOf(compiled) : undefined;
  if (!p) return 0;
  try {
    return evaluateExact(p, scope, rowScope);
  } catch {
    return 0;
  }
}
