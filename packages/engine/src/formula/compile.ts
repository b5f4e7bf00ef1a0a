import { create, parseDependencies } from 'mathjs';
import { type BigRational, bigToFast, parseDecimal, reg } from './rational';
import { type CalcToken, normaliseOperator, tokenizeFormula, tokenKind } from './tokens';

/** Only the parser is built (not the whole mathjs bundle). */
const math = create({ parseDependencies });

export const OP_CONST = 0;
export const OP_REF = 1;
export const OP_ADD = 2;
export const OP_SUB = 3;
export const OP_MUL = 4;
export const OP_DIV = 5;
export const OP_NEG = 6;

/** A reference as the evaluator reads it: a plain field, or a sub-table column. */
export interface FormulaRef {
  name: string;
  table?: string;
  column?: string;
}

/** The stack program a formula compiles to (no parsing or mathjs at evaluation time). */
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

const programs = new WeakMap<CompiledFormula, FormulaProgram>();

export function programOf(compiled: CompiledFormula): FormulaProgram | undefined {
  return programs.get(compiled);
}

interface MathNodeLike {
  type?: string;
  name?: string;
  fn?: string;
  args?: MathNodeLike[];
  content?: MathNodeLike;
  implicit?: boolean;
}

function fail(tokens: CalcToken[], error: string): CompiledFormula {
  return Object.freeze({ ok: false, error, refs: [], tokens });
}

function toRef(name: string): FormulaRef {
  const dot = name.indexOf('.');
  if (dot > 0 && dot < name.length - 1)
    return { name, table: name.slice(0, dot), column: name.slice(dot + 1) };
  return { name };
}

/**
 * Compiles a calculate-field formula once: mathjs's parser reads the structure (precedence, parentheses,
 * unary minus), which is then turned into a small stack program over exact fractions. Accepts the formula
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

  // Every number and reference becomes a placeholder symbol, so mathjs sees only `c0 + r1 * (c2 - r0)`:
  // numbers keep their exact decimal text and reference names need not be mathjs identifiers.
  const constBig: BigRational[] = [];
  const refNames: string[] = [];
  const parts: string[] = [];
  for (const token of tokens) {
    const kind = tokenKind(token);
    if (kind === 'number') {
      const value = parseDecimal(token);
      if (!value) return fail(tokens, `invalid number ${token}`);
      parts.push(`c${constBig.length}`);
      constBig.push(value);
    } else if (kind === 'ref') {
      let idx = refNames.indexOf(token);
      if (idx < 0) {
        idx = refNames.length;
        refNames.push(token);
      }
      parts.push(`r${idx}`);
    } else if (kind === 'operator') parts.push(normaliseOperator(token));
    else if (kind === 'open') parts.push('(');
    else if (kind === 'close') parts.push(')');
    else return fail(tokens, `invalid token ${JSON.stringify(token)}`);
  }

  let root: MathNodeLike;
  try {
    root = math.parse(parts.join(' ')) as unknown as MathNodeLike;
  } catch (e) {
    return fail(tokens, `syntax error: ${e instanceof Error ? e.message : String(e)}`);
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
  const walk = (node: MathNodeLike): string | null => {
    switch (node.type) {
      case 'ParenthesisNode':
        return node.content ? walk(node.content) : 'empty parentheses';
      case 'SymbolNode': {
        const name = node.name ?? '';
        const index = Number(name.slice(1));
        if (name[0] === 'c' && index < constBig.length) emit(OP_CONST, index, 1);
        else if (name[0] === 'r' && index < refNames.length) emit(OP_REF, index, 1);
        else return `unknown symbol ${name}`;
        return null;
      }
      case 'OperatorNode': {
        const a = node.args ?? [];
        if (node.implicit) return 'missing operator between operands';
        if (a.length === 1 && (node.fn === 'unaryMinus' || node.fn === 'unaryPlus')) {
          const err = walk(a[0]);
          if (err) return err;
          if (node.fn === 'unaryMinus') emit(OP_NEG, 0, 0);
          return null;
        }
        const op =
          node.fn === 'add'
            ? OP_ADD
            : node.fn === 'subtract'
              ? OP_SUB
              : node.fn === 'multiply'
                ? OP_MUL
                : node.fn === 'divide'
                  ? OP_DIV
                  : -1;
        if (op < 0 || a.length !== 2) return `unsupported operator ${node.fn ?? ''}`;
        const err = walk(a[0]) ?? walk(a[1]);
        if (err) return err;
        emit(op, 0, -1);
        return null;
      }
      default:
        return `unsupported expression (${node.type ?? 'unknown'})`;
    }
  };
  let err: string | null;
  try {
    err = walk(root);
  } catch {
    err = 'formula too deeply nested';
  }
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
  const compiled: CompiledFormula = Object.freeze({ ok: true, refs: refNames.slice(), tokens });
  programs.set(compiled, {
    ops: Int32Array.from(ops),
    args: Int32Array.from(args),
    constN,
    constD,
    constFast,
    constBig,
    refs: refNames.map(toRef),
    stackN: new Float64Array(maxDepth + 1),
    stackD: new Float64Array(maxDepth + 1),
  });
  return compiled;
}
