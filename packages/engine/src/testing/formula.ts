/**
 * fast-check arbitraries for calculate-field formulas and for the validator catalogue, so that hosts can
 * property-test their own forms and calculators. See the package README ("Testing helpers").
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import type { CalcToken } from '../formula/tokens';

// ---------------------------------------------------------------------------------------------------------
// Formulas
// ---------------------------------------------------------------------------------------------------------

/** Plain field references used by the generated formulas. */
export const FORMULA_FIELDS = ['f0', 'f1', 'f2', 'f3'] as const;
/** The generated sub-table and its columns (`tbl.a`, `tbl.b`). */
export const FORMULA_TABLE = 'tbl';
export const FORMULA_COLUMNS = ['a', 'b'] as const;

const OPERATORS = ['+', '-', '*', '/', '×', '÷'] as const;

/** Decimal number tokens: small decimals, zero, values with many places, and values past 2^53. */
export const numberTokenArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 1000 }).map(String),
  fc
    .tuple(fc.integer({ min: 0, max: 99999 }), fc.integer({ min: 0, max: 4 }))
    .map(([m, k]) => toDecimalText(m, k)),
  fc.constantFrom('0', '0.5', '1.005', '0.1', '0.2', '0.015', '3'),
  fc.bigInt({ min: 10n ** 15n, max: 10n ** 20n }).map(String),
);

function toDecimalText(mantissa: number, places: number): string {
  if (places === 0) return String(mantissa);
  const s = String(mantissa).padStart(places + 1, '0');
  return `${s.slice(0, -places)}.${s.slice(-places)}`;
}

export const refTokenArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FORMULA_FIELDS) },
  { weight: 1, arbitrary: fc.constantFrom(...FORMULA_COLUMNS.map((c) => `${FORMULA_TABLE}.${c}`)) },
);

/** A valid formula as a token list (operands and operators alternate, parentheses balance). */
export const validTokensArb: fc.Arbitrary<CalcToken[]> = fc
  .letrec<{ expr: CalcToken[]; leaf: CalcToken[]; bin: CalcToken[]; paren: CalcToken[] }>((tie) => ({
    expr: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('bin'), tie('paren')),
    leaf: fc.oneof(numberTokenArb, refTokenArb).map((t) => [t]),
    bin: fc
      .tuple(tie('expr'), fc.constantFrom(...OPERATORS), tie('expr'))
      .map(([l, op, r]) => [...l, op, ...r]),
    paren: tie('expr').map((inner) => ['(', ...inner, ')']),
  }))
  .expr.filter((t) => t.length <= 200);

/**
 * A valid token list with one mutation that must make it invalid: a token removed, or an extra operator or
 * operand inserted anywhere (either breaks the alternation or the parentheses).
 */
export const mutatedTokensArb: fc.Arbitrary<CalcToken[]> = validTokensArb.chain((tokens) =>
  fc.oneof(
    fc.integer({ min: 0, max: tokens.length - 1 }).map((i) => tokens.filter((_, j) => j !== i)),
    fc
      .tuple(
        fc.integer({ min: 0, max: tokens.length }),
        fc.oneof(fc.constantFrom(...OPERATORS), numberTokenArb, refTokenArb),
      )
      .map(([i, t]) => [...tokens.slice(0, i), t, ...tokens.slice(i)]),
  ),
);

/** Operand values as forms hold them: numbers, numeric strings, and junk that must count as 0. */
export const operandValueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -100000, max: 100000 }) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.integer({ min: -999999, max: 999999 }), fc.integer({ min: 0, max: 4 }))
      .map(([m, k]) => m / 10 ** k),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 999999 }), fc.integer({ min: 0, max: 4 }))
      .map(([m, k]) => ` ${toDecimalText(m, k)}`),
  },
  { weight: 1, arbitrary: fc.bigInt({ min: 10n ** 15n, max: 10n ** 22n }).map(String) },
  { weight: 1, arbitrary: fc.double({ noNaN: false }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      null,
      undefined,
      '',
      'abc',
      Number.NaN,
      Infinity,
      -Infinity,
      {},
      [],
      true,
    ),
  },
);

const rowArb = fc.record(
  Object.fromEntries(FORMULA_COLUMNS.map((c) => [c, operandValueArb])) as Record<
    string,
    fc.Arbitrary<unknown>
  >,
  { requiredKeys: [] },
);

/** Form data for the generated formulas: plain fields (some missing) and a sub-table of rows. */
export const formulaScopeArb: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.record(
      Object.fromEntries(FORMULA_FIELDS.map((f) => [f, operandValueArb])) as Record<
        string,
        fc.Arbitrary<unknown>
      >,
      { requiredKeys: [] },
    ),
    fc.array(rowArb, { maxLength: 4 }),
  )
  .map(([fields, rows]) => ({ ...fields, [FORMULA_TABLE]: rows }));

/** A row scope for the generated table (or none: then columns are summed). */
export const formulaRowScopeArb: fc.Arbitrary<Record<string, Record<string, unknown>> | undefined> =
  fc.option(
    rowArb.map((row) => ({ [FORMULA_TABLE]: row })),
    { nil: undefined },
  );

/** A formula with its form data and optional row scope. */
export const formulaCaseArb = fc.record({
  tokens: validTokensArb,
  scope: formulaScopeArb,
  rowScope: formulaRowScopeArb,
});

// --- big-decimal reference ----------------------------------------------------------------------------------

/** decimal.js used as exact big integers (fractions are kept as numerator/denominator pairs). */
const Big = Decimal.clone({
  precision: 10000,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
type BigDec = InstanceType<typeof Big>;
const NUMERIC_RE = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

function refValue(v: unknown): BigDec {
  if (typeof v === 'number') return Number.isFinite(v) ? new Big(v) : new Big(0);
  if (typeof v === 'string' && NUMERIC_RE.test(v)) return new Big(v.trim());
  return new Big(0);
}

/**
 * Reference evaluation of a token list with decimal.js, written independently of the engine: its own
 * precedence parser, fractions as decimal.js numerator/denominator pairs (exact), a division by zero makes
 * the result 0, and the exact result is rounded half up (away from zero) to 2 decimals.
 */
export function referenceEvaluate(
  tokens: CalcToken[],
  scope: Record<string, unknown>,
  rowScope?: Record<string, Record<string, unknown> | undefined>,
): number {
  type Frac = { n: BigDec; d: BigDec };
  let pos = 0;
  let divZero = false;
  const norm = (t: string) => (t === '×' ? '*' : t === '÷' ? '/' : t);
  const operand = (t: string): Frac => {
    if (/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(t)) return { n: new Big(t), d: new Big(1) };
    const dot = t.indexOf('.');
    if (dot > 0) {
      const table = t.slice(0, dot);
      const col = t.slice(dot + 1);
      const row = rowScope?.[table];
      if (row && typeof row === 'object') return { n: refValue(row[col]), d: new Big(1) };
      const rows = scope[table];
      if (Array.isArray(rows)) {
        let sum = new Big(0);
        for (const r of rows) sum = sum.plus(refValue((r as Record<string, unknown>)?.[col]));
        return { n: sum, d: new Big(1) };
      }
    }
    return { n: refValue(scope[t]), d: new Big(1) };
  };
  const factor = (): Frac => {
    const t = tokens[pos++];
    if (t === '(') {
      const v = expr();
      pos++; // ')'
      return v;
    }
    return operand(t);
  };
  const term = (): Frac => {
    let v = factor();
    while (pos < tokens.length && (norm(tokens[pos]) === '*' || norm(tokens[pos]) === '/')) {
      const op = norm(tokens[pos++]);
      const r = factor();
      if (op === '*') v = { n: v.n.times(r.n), d: v.d.times(r.d) };
      else if (r.n.isZero()) {
        divZero = true;
        v = { n: new Big(0), d: new Big(1) };
      } else v = { n: v.n.times(r.d), d: v.d.times(r.n) };
    }
    return v;
  };
  const expr = (): Frac => {
    let v = term();
    while (pos < tokens.length && (tokens[pos] === '+' || tokens[pos] === '-')) {
      const op = tokens[pos++];
      const r = term();
      const rn = r.n.times(v.d);
      const ln = v.n.times(r.d);
      v = { n: op === '+' ? ln.plus(rn) : ln.minus(rn), d: v.d.times(r.d) };
    }
    return v;
  };
  const v = expr();
  if (divZero) return 0;
  const result = v.n.div(v.d).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
  return result === 0 || !Number.isFinite(result) ? 0 : result;
}
