/**
 * Calculate-field tokens (spec 3 §5): one token per string. Numbers are decimal strings ('1.5'), operators
 * are + - * / and the display forms × ÷, parentheses are '(' and ')', anything else is a field reference:
 * a vModel ('amount') or a sub-table column ('tableField101.price').
 */
export type CalcToken = string;

export type TokenKind = 'number' | 'operator' | 'open' | 'close' | 'ref' | 'invalid';

const OPERATORS = new Set(['+', '-', '*', '/', '×', '÷']);
const NUMBER_TOKEN_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** A reference holds no whitespace, operator or parenthesis character. */
const REF_TOKEN_RE = /^[^\s+\-*/×÷()（）]+$/;

export function isOperatorToken(token: string): boolean {
  return OPERATORS.has(token);
}

export function tokenKind(token: unknown): TokenKind {
  if (typeof token !== 'string' || token.length === 0) return 'invalid';
  if (OPERATORS.has(token)) return 'operator';
  if (token === '(' || token === '（') return 'open';
  if (token === ')' || token === '）') return 'close';
  if (NUMBER_TOKEN_RE.test(token)) return 'number';
  if (REF_TOKEN_RE.test(token)) return 'ref';
  return 'invalid';
}

/** The operator as the parser spells it (× -> *, ÷ -> /). */
export function normaliseOperator(token: string): string {
  if (token === '×') return '*';
  if (token === '÷') return '/';
  return token;
}

const NUMBER_AT_RE = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;

/**
 * Splits a formula text ('(price + 1.5) × qty') into tokens. Never throws; characters that cannot start a
 * token become part of a reference token, which the compiler then judges.
 */
export function tokenizeFormula(text: string): CalcToken[] {
  const out: CalcToken[] = [];
  let i = 0;
  const s = typeof text === 'string' ? text : '';
  while (i < s.length) {
    const c = s[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (OPERATORS.has(c) || c === '(' || c === ')' || c === '（' || c === '）') {
      out.push(c === '（' ? '(' : c === '）' ? ')' : c);
      i++;
      continue;
    }
    if ((c >= '0' && c <= '9') || c === '.') {
      NUMBER_AT_RE.lastIndex = i;
      const m = NUMBER_AT_RE.exec(s);
      if (m) {
        out.push(m[0]);
        i += m[0].length;
        continue;
      }
    }
    let j = i;
    while (j < s.length && !/\s/.test(s[j]) && !OPERATORS.has(s[j]) && !'()（）'.includes(s[j])) j++;
    out.push(s.slice(i, j));
    i = j;
  }
  return out;
}

/**
 * Expression validity (spec 3 §5): operands and operators alternate, the first and last tokens are operands
 * (a number or a field reference), and parentheses balance; a parenthesised group counts as one operand.
 */
export function isValidExpression(tokens: CalcToken[]): boolean {
  if (!Array.isArray(tokens) || tokens.length === 0) return false;
  let expectOperand = true;
  let depth = 0;
  for (const token of tokens) {
    const kind = tokenKind(token);
    if (expectOperand) {
      if (kind === 'number' || kind === 'ref') expectOperand = false;
      else if (kind === 'open') depth++;
      else return false;
    } else if (kind === 'operator') expectOperand = true;
    else if (kind === 'close') {
      if (depth === 0) return false;
      depth--;
    } else return false;
  }
  return !expectOperand && depth === 0;
}
