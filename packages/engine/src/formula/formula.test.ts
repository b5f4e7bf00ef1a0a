import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formulaCaseArb,
  mutatedTokensArb,
  numberTokenArb,
  referenceEvaluate,
  validTokensArb,
} from '../testing/formula';
import { compileFormula } from './compile';
import { evaluateFormula } from './evaluate';
import { isValidExpression, tokenizeFormula } from './tokens';

const calc = (
  expr: string | string[],
  scope: Record<string, unknown> = {},
  row?: Record<string, Record<string, unknown>>,
) => evaluateFormula(compileFormula(expr), scope, row);

describe('compileFormula / evaluateFormula', () => {
  it('rounds the decimal value half up to 2 decimals', () => {
    expect(calc('1.005')).toBe(1.01);
    expect(calc('0.1 + 0.2')).toBe(0.3);
    expect(calc('a + b', { a: 0.1, b: 0.2 })).toBe(0.3);
    expect(calc('a * 1', { a: 1.005 })).toBe(1.01);
    expect(calc('2.675')).toBe(2.68);
    expect(calc('-1.005')).toBe(-1.01);
    expect(calc('1 / 3 * 3')).toBe(1);
    expect(calc('0.015 / 9 * 3')).toBe(0.01);
    expect(calc('10 / 4')).toBe(2.5);
  });

  it('accepts × ÷, parentheses and precedence', () => {
    expect(calc('(1 + 2) × 3 ÷ 4')).toBe(2.25);
    expect(calc(['(', '1', '+', '2', ')', '×', '3', '÷', '4'])).toBe(2.25);
    expect(calc('1 + 2 * 3 - 4 / 2')).toBe(5);
    expect(calc('10 - 4 - 3')).toBe(3);
    expect(calc('64 / 4 / 2')).toBe(8);
    expect(calc('-(2 + 3) * 2')).toBe(-10);
  });

  it('treats a missing or invalid operand as 0 and division by zero as 0', () => {
    expect(calc('a + 5')).toBe(5);
    expect(calc('a + 5', { a: 'abc' })).toBe(5);
    expect(calc('a + 5', { a: null })).toBe(5);
    expect(calc('a + 5', { a: Number.NaN })).toBe(5);
    expect(calc('a + 5', { a: Infinity })).toBe(5);
    expect(calc('a + 5', { a: ' 12.50 ' })).toBe(17.5);
    expect(calc('5 / a')).toBe(0);
    expect(calc('1 / 0 + 7')).toBe(0);
  });

  it('reads table.column as the row value inside a row and the column sum outside', () => {
    const scope = { t: [{ price: '1.5', qty: 2 }, { price: 2, qty: 3 }, { qty: 'x' }], other: 10 };
    const f = compileFormula('t.price * t.qty + other');
    expect(f.refs).toEqual(['t.price', 't.qty', 'other']);
    expect(evaluateFormula(f, scope)).toBe(3.5 * 5 + 10);
    expect(evaluateFormula(f, scope, { t: { price: 1.5, qty: 3 } })).toBe(14.5);
    expect(evaluateFormula(f, scope, { u: { price: 100 } })).toBe(27.5);
  });

  it('stays exact beyond 2^53 (BigInt path)', () => {
    expect(calc('9007199254740993 + 0.01')).toBe(Number('9007199254740993.01'));
    expect(calc('a * b', { a: '123456789012345678', b: 1000 })).toBe(Number('123456789012345678000'));
    expect(calc('a - a + 0.125', { a: 1e300 })).toBe(0.13);
    expect(calc('a * a * a', { a: 1e300 })).toBe(0);
  });

  it('reports bad input without throwing', () => {
    for (const bad of ['', '1 +', '(1', '1 2', 'sin(2)', '2 ^ 3', '1 + * 2', ')(']) {
      const f = compileFormula(bad);
      expect(f.ok, bad).toBe(false);
      expect(typeof f.error).toBe('string');
      expect(evaluateFormula(f, {})).toBe(0);
    }
    const deep = `${'('.repeat(20000)}1${')'.repeat(20000)}`;
    expect(compileFormula(deep).ok).toBe(false);
    expect(compileFormula(['1', '+', '']).ok).toBe(false);
    expect(compileFormula(null as unknown as string).ok).toBe(false);
  });

  it('tokenizes formula text', () => {
    expect(tokenizeFormula('(tableField101.price+1.5)×qty')).toEqual([
      '(',
      'tableField101.price',
      '+',
      '1.5',
      ')',
      '×',
      'qty',
    ]);
    expect(tokenizeFormula('（a ÷ 2）')).toEqual(['(', 'a', '÷', '2', ')']);
  });

  it('agrees with a big-decimal reference on random expressions and scopes', () => {
    fc.assert(
      fc.property(formulaCaseArb, ({ tokens, scope, rowScope }) => {
        const compiled = compileFormula(tokens);
        expect(compiled.ok).toBe(true);
        expect(evaluateFormula(compiled, scope, rowScope)).toBe(referenceEvaluate(tokens, scope, rowScope));
      }),
      { numRuns: 400 },
    );
  });

  it('the text form evaluates like the token form', () => {
    fc.assert(
      fc.property(formulaCaseArb, ({ tokens, scope }) => {
        expect(calc(tokens.join(' '), scope)).toBe(calc(tokens, scope));
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on any input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(fc.oneof(fc.string(), numberTokenArb, fc.constantFrom('(', ')', '+', '÷'))),
        ),
        fc.dictionary(fc.string(), fc.anything()),
        fc.anything(),
        (expr, scope, row) => {
          const compiled = compileFormula(expr);
          const v = evaluateFormula(compiled, scope, row as Record<string, Record<string, unknown>>);
          expect(Number.isFinite(v)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('isValidExpression', () => {
  it('follows the alternation rule', () => {
    expect(isValidExpression(['a', '+', '1'])).toBe(true);
    expect(isValidExpression(['(', 'a', '+', '1', ')', '×', 'b'])).toBe(true);
    expect(isValidExpression([])).toBe(false);
    expect(isValidExpression(['+', 'a'])).toBe(false);
    expect(isValidExpression(['a', '+'])).toBe(false);
    expect(isValidExpression(['a', 'b'])).toBe(false);
    expect(isValidExpression(['(', ')'])).toBe(false);
    expect(isValidExpression(['(', 'a'])).toBe(false);
    expect(isValidExpression(['a', ')', '('])).toBe(false);
  });

  it('accepts generated valid token lists, which also compile', () => {
    fc.assert(
      fc.property(validTokensArb, (tokens) => {
        expect(isValidExpression(tokens)).toBe(true);
        expect(compileFormula(tokens).ok).toBe(true);
      }),
    );
  });

  it('rejects mutated token lists', () => {
    fc.assert(
      fc.property(mutatedTokensArb, (tokens) => {
        expect(isValidExpression(tokens)).toBe(false);
      }),
    );
  });
});
