import { buildFastNode, type FastNode } from './closure';
import { type FormulaRef, OP_ADD, OP_CONST, OP_DIV, OP_MUL, OP_NEG, OP_REF, OP_SUB } from './ops';
import { type BigRational, bigToFast, parseDecimal, reg } from './rational';
import { type CalcToken, normaliseOperator, tokenizeFormula, tokenKind } from './tokens';

export { type FormulaRef, OP_ADD, OP_CONST, OP_DIV, OP_MUL, OP_NEG, OP_REF, OP_SUB } from './ops';

/** The stack program a formula compiles to (no parsing at evaluation time). */
export interface FormulaProgram {
  ops: Int32Array;
  args: Int32Array;
  /** Constants: fast form (n, d) when it fits in safe integers, and the exact BigInt form. */
  constN: Float64Array;
  constD: Float64Array;
  constFast: Uint8Array;
  constBig: BigRational[];
  refs: FormulaRef[];
  stackN: Float64Array;
  stackD: Float64Array;
  /** The closure tree of the fast path (closure.ts); null when the formula is evaluated exactly only. */
  fast: FastNode | null;
}

export interface CompiledFormula {
  /** False when the expression could not be compiled; evaluating it then gives 0. */
  readonly ok: boolean;
  readonly error?: string;
  /** Field references in order of first use ('amount', 'tableField101.price'). */
  readonly refs: string[];
  /** The tokens the formula was read as. */
  readonly tokens: CalcToken[];
}

/**
 * A compiled formula: the public fields, frozen, and its program in a private field (the program cannot be
 * forged or read from outside, and finding it costs no map lookup on the hot path).
 */
class Formula implements CompiledFormula {
  readonly ok: boolean;
  declare readonly error?: string;
  readonly refs: string[];
  readonly tokens: CalcToken[];
  readonly #program: FormulaProgram | undefined;

  constructor(tokens: CalcToken[], program: FormulaProgram | undefined, refs: string[], error?: string) {
    this.ok = program !== undefined;
    if (error !== undefined) (this as { error?: string }).error = error;
    this.refs = refs;
    this.tokens = tokens;
    this.#program = program;
    Object.freeze(this);
  }

  static programOf(compiled: unknown): FormulaProgram | undefined {
    return typeof compiled === 'object' && compiled !== null && #program in compiled
      ? compiled.#program
      : undefined;
  }
}

export const programOf: (compiled: CompiledFormula) => FormulaProgram | undefined = Formula.programOf;

function fail(tokens: CalcToken[], error: string): CompiledFormula {
  return new Formula(tokens, undefined, [], error);
}

function toRef(name: string): FormulaRef {
  const dot = name.indexOf('.');
  if (dot > 0 && dot < name.length - 1)
    return { name, table: name.slice(0, dot), column: name.slice(dot + 1) };
  return { name };
}

/** Deepest parenthesis / unary nesting a formula may have (a designer formula is a few levels deep). */
export const MAX_FORMULA_NESTING = 500;

/**
 * Compiles a calculate-field formula once: a small recursive-descent parser reads the structure (precedence of
 * × ÷ over + -, parentheses, unary minus and plus) straight into a stack program over exact fractions. Accepts the formula
 * text or its token list. Never throws: bad input gives { ok: false, error }.
 */
export function compileFormula(expr: string | CalcToken[]): CompiledFormula {
  let tokens: CalcToken[];
  try {
    tokens = Array.isArray(expr)
      ? expr.map((t) => (typeof t === 'string' ? t.trim() : String(t)))
      : tokenizeFormula(expr);
  } catch {
    return fail([], 'unreadable formula');
  }
  if (tokens.length === 0) return fail(tokens, 'empty formula');

  // Numbers keep their exact decimal text (constants by position), references are numbered by first use.
  const constBig: BigRational[] = [];
  const constText: string[] = [];
  const refNames: string[] = [];
  // Per token: its kind, and the constant/reference index or the operator.
  const kinds: ('num' | 'ref' | 'op' | 'open' | 'close')[] = [];
  const values: (number | string)[] = [];
  for (const token of tokens) {
    const kind = tokenKind(token);
    if (kind === 'number') {
      const value = parseDecimal(token);
      if (!value) return fail(tokens, `invalid number ${token}`);
      kinds.push('num');
      values.push(constBig.length);
      constBig.push(value);
      constText.push(token);
    } else if (kind === 'ref') {
      let idx = refNames.indexOf(token);
      if (idx < 0) {
        idx = refNames.length;
        refNames.push(token);
      }
      kinds.push('ref');
      values.push(idx);
    } else if (kind === 'operator') {
      kinds.push('op');
      values.push(normaliseOperator(token));
    } else if (kind === 'open' || kind === 'close') {
      kinds.push(kind);
      values.push(kind === 'open' ? '(' : ')');
    } else return fail(tokens, `invalid token ${JSON.stringify(token)}`);
  }

  const ops: number[] = [];
  const args: number[] = [];
  let depth = 0;
  let maxDepth = 0;
  const emit = (op: number, arg: number, delta: number) => {
    ops.push(op);
    args.push(arg);
    depth += delta;
    if (depth > maxDepth) maxDepth = depth;
  };
  // sum := term (('+' | '-') term)* ; term := unary (('*' | '/') unary)* ;
  // unary := ('-' | '+') unary | primary ; primary := number | reference | '(' sum ')'
  let pos = 0;
  let nesting = 0;
  const isOp = (...names: string[]) => kinds[pos] === 'op' && names.includes(values[pos] as string);
  const binary = (next: () => string | null, names: string[], codes: Record<string, number>) => {
    let err = next();
    while (!err && isOp(...names)) {
      const op = codes[values[pos] as string];
      pos++;
      err = next();
      if (!err) emit(op, 0, -1);
    }
    return err;
  };
  const primary = (): string | null => {
    const kind = kinds[pos];
    if (kind === 'num') emit(OP_CONST, values[pos++] as number, 1);
    else if (kind === 'ref') emit(OP_REF, values[pos++] as number, 1);
    else if (kind === 'open') {
      pos++;
      if (kinds[pos] === 'close') return 'empty parentheses';
      const err = sum();
      if (err) return err;
      if (kinds[pos] !== 'close') return 'syntax error: parenthesis ) expected';
      pos++;
    } else if (kind === undefined) return 'syntax error: unexpected end of formula';
    else return `syntax error: unexpected ${values[pos]}`;
    return null;
  };
  const unary = (): string | null => {
    if (!isOp('-', '+')) return primary();
    const negate = values[pos] === '-';
    pos++;
    if (++nesting > MAX_FORMULA_NESTING) return 'formula too deeply nested';
    const err = unary();
    nesting--;
    if (!err && negate) emit(OP_NEG, 0, 0);
    return err;
  };
  const term = () => binary(unary, ['*', '/'], { '*': OP_MUL, '/': OP_DIV });
  function sum(): string | null {
    if (++nesting > MAX_FORMULA_NESTING) return 'formula too deeply nested';
    const err = binary(term, ['+', '-'], { '+': OP_ADD, '-': OP_SUB });
    nesting--;
    return err;
  }
  let err = sum();
  if (!err && pos < kinds.length)
    err =
      kinds[pos] === 'num' || kinds[pos] === 'ref' || kinds[pos] === 'open'
        ? 'missing operator between operands'
        : `syntax error: unexpected ${values[pos]}`;
  if (err) return fail(tokens, err);

  const n = constBig.length;
  const constN = new Float64Array(n);
  const constD = new Float64Array(n);
  const constFast = new Uint8Array(n);
  constBig.forEach((c, i) => {
    if (bigToFast(c)) {
      constN[i] = reg.n;
      constD[i] = reg.d;
      constFast[i] = 1;
    }
  });
  const refs = refNames.map(toRef);
  const program: FormulaProgram = {
    ops: Int32Array.from(ops),
    args: Int32Array.from(args),
    constN,
    constD,
    constFast,
    constBig,
    refs,
    stackN: new Float64Array(maxDepth + 1),
    stackD: new Float64Array(maxDepth + 1),
    fast: buildFastNode({ ops, args, constText, refs }),
  };
  return new Formula(tokens, program, refNames.slice());
}
