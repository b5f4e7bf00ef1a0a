import fc from 'fast-check';
import { evaluate } from 'mathjs';
import { describe, expect, it } from 'vitest';
import {
  FORMULA_COLUMNS,
  FORMULA_FIELDS,
  FORMULA_TABLE,
  formulaCaseArb,
  operandValueArb,
  referenceEvaluate,
  validTokensArb,
} from '../testing/formula';
import { evaluateFast, MAX_FAST_DEPTH } from './closure';
import { compileFormula, programOf } from './compile';
import { evaluateFormula, evaluateFormulaExact } from './evaluate';

/** The closure tree of a compiled formula (null when it is evaluated exactly only). */
const fastOf = (expr: string | string[]) => programOf(compileFormula(expr))?.fast ?? null;

/**
 * Operand values that stress the error bound: amounts with a third decimal 5 (half-cent boundaries), values
 * whose double is not their decimal (0.1, 1.005), huge and subnormal numbers, -0, numeric strings with spaces
 * and exponents, BigInts, and the empty / null / junk values that count as 0.
 */
const hostileValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -200000, max: 200000 }).map((m) => m / 1000 + 0.005),
  fc.integer({ min: -99999, max: 99999 }).map((m) => m / 100),
  fc.integer({ min: -99999, max: 99999 }).map((m) => `${m / 1000}5`),
  fc.constantFrom<unknown>(
    0.1,
    0.2,
    0.3,
    1.005,
    2.675,
    -1.005,
    1 / 3,
    2 / 3,
    -0,
    5e-324,
    2.2250738585072014e-308,
    1e300,
    -1e300,
    2 ** 53,
    2 ** 53 + 2,
    9007199254740993n,
    12345678901234567890n,
    ' 12.50 ',
    '1e3',
    '-.5',
    '5.',
    '1e400',
    '1e-400',
    '0x10',
    '',
    ' ',
    'abc',
    null,
    undefined,
    Number.NaN,
    Infinity,
    true,
    {},
    [],
  ),
  fc.double({ noNaN: false }),
  operandValueArb,
);

const hostileRowArb = fc.record(
  Object.fromEntries(FORMULA_COLUMNS.map((c) => [c, hostileValueArb])) as Record<
    string,
    fc.Arbitrary<unknown>
  >,
  { requiredKeys: [] },
);

const hostileCaseArb = fc.record({
  tokens: validTokensArb,
  scope: fc
    .tuple(
      fc.record(
        Object.fromEntries(FORMULA_FIELDS.map((f) => [f, hostileValueArb])) as Record<
          string,
          fc.Arbitrary<unknown>
        >,
        { requiredKeys: [] },
      ),
      fc.array(hostileRowArb, { maxLength: 4 }),
    )
    .map(([fields, rows]) => ({ ...fields, [FORMULA_TABLE]: rows })),
  rowScope: fc.option(
    hostileRowArb.map((row) => ({ [FORMULA_TABLE]: row })),
    { nil: undefined },
  ),
});

describe('closure-compiled formulas (fast path)', () => {
  it('agree with the exact evaluator and the decimal.js reference on random formulas and scopes', () => {
    fc.assert(
      fc.property(formulaCaseArb, ({ tokens, scope, rowScope }) => {
        const compiled = compileFormula(tokens);
        const exact = evaluateFormulaExact(compiled, scope, rowScope);
        expect(evaluateFormula(compiled, scope, rowScope)).toBe(exact);
        expect(exact).toBe(referenceEvaluate(tokens, scope, rowScope));
      }),
      { numRuns: 1000 },
    );
  });

  it('agree with the exact evaluator on half-cent boundaries, huge, tiny, empty and junk operands', () => {
    fc.assert(
      fc.property(hostileCaseArb, ({ tokens, scope, rowScope }) => {
        const compiled = compileFormula(tokens);
        expect(evaluateFormula(compiled, scope, rowScope)).toBe(
          evaluateFormulaExact(compiled, scope, rowScope),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('the fast path never returns a value the exact evaluator does not give', () => {
    // Whenever the closure tree decides (not NaN), its answer is the exact one; near boundaries it abstains.
    fc.assert(
      fc.property(hostileCaseArb, ({ tokens, scope, rowScope }) => {
        const compiled = compileFormula(tokens);
        const fast = programOf(compiled)?.fast;
        expect(fast).toBeTruthy();
        if (!fast) return;
        const r = evaluateFast(fast, scope, rowScope);
        if (!Number.isNaN(r)) expect(r).toBe(evaluateFormulaExact(compiled, scope, rowScope));
      }),
      { numRuns: 2000 },
    );
  });

  it('decides ordinary amounts itself (the exact path is the exception)', () => {
    const amountArb = fc.integer({ min: -10_000_000, max: 10_000_000 }).map((m) => m / 100);
    const fieldsArb = fc.record(Object.fromEntries(FORMULA_FIELDS.map((f) => [f, amountArb])));
    const rowArb = fc.record(Object.fromEntries(FORMULA_COLUMNS.map((c) => [c, amountArb])));
    let decided = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        validTokensArb.filter((t) => !t.some((x) => /^\d{7}/.test(x))),
        fieldsArb,
        fc.array(rowArb, { minLength: 1, maxLength: 3 }),
        (tokens, fields, rows) => {
          const fast = fastOf(tokens);
          if (!fast) return;
          runs++;
          if (!Number.isNaN(evaluateFast(fast, { ...fields, [FORMULA_TABLE]: rows }, undefined))) decided++;
        },
      ),
      { numRuns: 1000 },
    );
    // A result exactly on x.xx5, a division by zero and a result past 2^51 cents are left to the exact path.
    expect(decided / runs).toBeGreaterThan(0.9);
    const price = fastOf('(price + freight) * qty - discount / 2');
    expect(price && evaluateFast(price, { price: 12.5, freight: 3, qty: 7, discount: 1.1 }, undefined)).toBe(
      107.95,
    );
  });

  it('leaves exact cases to the exact path and still answers exactly', () => {
    const calc = (expr: string, scope: Record<string, unknown> = {}) => {
      const f = fastOf(expr);
      return {
        fast: f ? evaluateFast(f, scope, undefined) : Number.NaN,
        value: evaluateFormula(compileFormula(expr), scope),
      };
    };
    expect(calc('a * 1', { a: 1.005 })).toEqual({ fast: Number.NaN, value: 1.01 });
    expect(calc('a / b', { a: 5, b: 0 })).toEqual({ fast: Number.NaN, value: 0 });
    expect(calc('1 / (a - a) + 3', { a: 0.1 })).toEqual({ fast: Number.NaN, value: 0 });
    expect(calc('a * a * a', { a: 1e300 })).toEqual({ fast: Number.NaN, value: 0 });
    expect(calc('0.1 + 0.2')).toEqual({ fast: 0.3, value: 0.3 });
    expect(calc('-a', { a: 0.001 })).toEqual({ fast: 0, value: 0 });
    expect(Object.is(calc('-a', { a: 0.001 }).value, 0)).toBe(true);
  });

  it('reads own properties only: inherited values and getters are never used', () => {
    let calls = 0;
    const proto = {
      price: 100,
      get qty() {
        calls++;
        return 5;
      },
    };
    const scope = Object.create(proto) as Record<string, unknown>;
    scope.freight = 2;
    expect(evaluateFormula(compileFormula('price + qty + freight'), scope)).toBe(2);
    expect(evaluateFormula(compileFormula('constructor + toString + __proto__ + 1'), {})).toBe(1);
    expect(calls).toBe(0);
  });

  it('stays correct when a getter in the scope evaluates another formula', () => {
    const inner = compileFormula('x * 3');
    const scope = {
      a: 0.5,
      get b() {
        return evaluateFormula(inner, { x: 1.1 });
      },
    };
    expect(evaluateFormula(compileFormula('a + b * 2'), scope)).toBe(7.1);
    expect(evaluateFormula(compileFormula('b / 3 - a'), scope)).toBe(0.6);
  });

  it('sums sub-table columns and reads row values like the exact path', () => {
    const scope = { t: [{ p: '1.5', q: 2 }, { p: 2, q: 3 }, { q: 'x' }, null], n: 10 };
    const f = compileFormula('t.p * t.q + n');
    expect(programOf(f)?.fast).toBeTruthy();
    expect(evaluateFormula(f, scope)).toBe(27.5);
    expect(evaluateFormula(f, scope, { t: { p: 1.5, q: 3 } })).toBe(14.5);
    expect(evaluateFormula(f, { 't.p': 4, 't.q': 0.25, n: 1 })).toBe(2);
  });

  it('keeps formulas too deep for closures on the exact path', () => {
    const long = Array.from({ length: MAX_FAST_DEPTH + 10 }, () => 'a').join(' + ');
    expect(fastOf(long)).toBeNull();
    expect(evaluateFormula(compileFormula(long), { a: 0.01 })).toBe(2.66);
    const shallow = Array.from({ length: 100 }, () => 'a').join(' + ');
    expect(fastOf(shallow)).not.toBeNull();
    expect(evaluateFormula(compileFormula(shallow), { a: 0.01 })).toBe(1);
  });

  it('agrees with mathjs on integer arithmetic', () => {
    const intArb = fc.integer({ min: -1000, max: 1000 });
    fc.assert(
      fc.property(
        validTokensArb.filter(
          (t) => !t.some((x) => x === '/' || x === '÷' || x.includes('.') || /^\d{7}/.test(x)),
        ),
        fc.record(Object.fromEntries(FORMULA_FIELDS.map((f) => [f, intArb])), { requiredKeys: [] }),
        (tokens, fields) => {
          const scope = { ...fields, [FORMULA_TABLE]: [] };
          const text = tokens
            .map((t) => (t === '×' ? '*' : t))
            .map((t) => (/^[a-z]/.test(t) && !(t in fields) ? '0' : t))
            .join(' ');
          const theirs = evaluate(text, { ...fields }) as number;
          fc.pre(Number.isSafeInteger(theirs));
          expect(evaluateFormula(compileFormula(tokens), scope)).toBe(theirs === 0 ? 0 : theirs);
        },
      ),
      { numRuns: 300 },
    );
  });
});
