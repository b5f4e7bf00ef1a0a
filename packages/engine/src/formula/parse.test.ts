import { describe, expect, it } from 'vitest';
import { compileFormula, MAX_FORMULA_NESTING } from './compile';
import { evaluateFormula } from './evaluate';

const calc = (expr: string, scope: Record<string, unknown> = {}) =>
  evaluateFormula(compileFormula(expr), scope);

describe('formula parser (no mathjs)', () => {
  it('reads precedence, parentheses, unary minus and plus', () => {
    expect(calc('1 + 2 * 3')).toBe(7);
    expect(calc('(1 + 2) * 3')).toBe(9);
    expect(calc('10 - 4 - 3')).toBe(3);
    expect(calc('12 ÷ 3 ÷ 2')).toBe(2);
    expect(calc('-a × b', { a: 2, b: 3 })).toBe(-6);
    expect(calc('2 * -3')).toBe(-6);
    expect(calc('1 - - 2')).toBe(3);
    expect(calc('+1 + +2')).toBe(3);
    expect(calc('-(1 + 2) * -(3)')).toBe(9);
    expect(calc('（a ÷ 4）', { a: 1 })).toBe(0.25);
  });

  it('names what is wrong', () => {
    expect(compileFormula('a (b)').error).toBe('missing operator between operands');
    expect(compileFormula('1 2').error).toBe('missing operator between operands');
    expect(compileFormula('()').error).toBe('empty parentheses');
    expect(compileFormula('(1').error).toBe('syntax error: parenthesis ) expected');
    expect(compileFormula('1 +').error).toBe('syntax error: unexpected end of formula');
    expect(compileFormula('1 + * 2').error).toBe('syntax error: unexpected *');
    expect(compileFormula(')(').error).toBe('syntax error: unexpected )');
  });

  it('accepts nesting up to the limit and refuses deeper, without a stack overflow', () => {
    const nested = (n: number) => `${'('.repeat(n)}1${')'.repeat(n)}`;
    expect(compileFormula(nested(MAX_FORMULA_NESTING - 1)).ok).toBe(true);
    expect(compileFormula(nested(MAX_FORMULA_NESTING + 1)).error).toBe('formula too deeply nested');
    expect(compileFormula(`${'-'.repeat(MAX_FORMULA_NESTING + 1)}1`).error).toBe('formula too deeply nested');
    expect(compileFormula(`${'- '.repeat(100)}1`).ok).toBe(true);
  });
});
