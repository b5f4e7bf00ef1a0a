import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Finds every Chinese text the server can send as an answer's msg, by reading the sources (used by the
 * catalogue test, never at run time). A text is a message when it stands where a message goes:
 *  - an argument of the helpers that raise or answer one (badRequest, notFound, forbidden, conflict, bad,
 *    fail, ok's second argument, new ApiError / …Error / …Refusal, setEnabled, setSuspended, onOperator);
 *  - a thrown string, a `msg:` property, a default value of such a helper's message parameter;
 *  - followed one step: a local constant, an entry of a constant table (`M.codeTaken`) or what a local
 *    function returns, when those stand in a message position.
 * Template literals become patterns with {0}, {1}… for their substitutions; a leading field path
 * (`enCode: …`, `${field}: …`) is taken off, as the translator does at run time.
 */
export interface Found {
  /** The zh text or pattern, without a field-path prefix. */
  text: string;
  /** file:line where it was found. */
  at: string;
}

const HAN = /[\u4e00-\u9fff]/;
const RAISERS = new Set([
  'badRequest',
  'notFound',
  'forbidden',
  'conflict',
  'bad',
  'fail',
  'ApiError',
  'setEnabled',
  'setSuspended',
  'onOperator',
  'endAllOfUser',
]);
/** For ok(data, msg) only the second argument is a message. */
const SECOND_ONLY = new Set(['ok']);

/** `path: ` or `{0}: ` at the start of a message: the field the message is about. */
export const FIELD_PREFIX =
  /^(?:[A-Za-z_$][\w$]*|\{\d+\})(?:(?:\.[A-Za-z_$][\w$]*)|\[(?:\d+|\{\d+\})\]|\.\{\d+\})*: ?/;

/** Renumbers {n} placeholders from 0 in order of appearance. */
function renumber(s: string): string {
  let i = 0;
  const seen = new Map<string, number>();
  return s.replace(/\{(\d+)\}/g, (_, n: string) => {
    if (!seen.has(n)) seen.set(n, i++);
    return `{${seen.get(n)}}`;
  });
}

export function normalise(text: string): string {
  let t = text.replace(/: ?$/, '');
  for (let k = 0; k < 3 && FIELD_PREFIX.test(t); k++) t = t.replace(FIELD_PREFIX, '');
  return renumber(t);
}

function templateText(n: ts.TemplateExpression): string {
  let s = n.head.text;
  n.templateSpans.forEach((span, i) => {
    s += `{${i}}${span.literal.text}`;
  });
  return s;
}

function calleeName(e: ts.Expression): string {
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return '';
}

interface Ctx {
  file: string;
  sf: ts.SourceFile;
  consts: Map<string, ts.Expression>;
  functions: Map<string, ts.Node>;
}

function parse(file: string): Ctx {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const consts = new Map<string, ts.Expression>();
  const functions = new Map<string, ts.Node>();
  const collect = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      let init: ts.Expression = n.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))
        init = init.expression;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) functions.set(n.name.text, init);
      else consts.set(n.name.text, init);
    }
    if (ts.isFunctionDeclaration(n) && n.name) functions.set(n.name.text, n);
    ts.forEachChild(n, collect);
  };
  collect(sf);
  return { file, sf, consts, functions };
}

interface Index {
  functions: Map<string, { ctx: Ctx; fn: ts.Node }>;
  tables: Map<string, { ctx: Ctx; table: ts.ObjectLiteralExpression }>;
}

function scan(ctx: Ctx, global: Index, root: string, out: Found[]): void {
  const seen = new Set<ts.Node>();
  const message = (c: Ctx, e: ts.Node | undefined, depth = 0): void => {
    if (!e || depth > 4 || seen.has(e)) return;
    seen.add(e);
    const at = (n: ts.Node) =>
      `${relative(root, c.file)}:${c.sf.getLineAndCharacterOfPosition(n.getStart(c.sf)).line + 1}`;
    const fn = (name: string) => {
      const local = c.functions.get(name);
      if (local) returns(c, local, depth + 1);
      else {
        const g = global.functions.get(name);
        if (g) returns(g.ctx, g.fn, depth + 1);
      }
    };
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) {
      if (HAN.test(e.text)) out.push({ text: normalise(e.text), at: at(e) });
    } else if (ts.isTemplateExpression(e)) {
      const t = templateText(e);
      if (HAN.test(t)) out.push({ text: normalise(t), at: at(e) });
      for (const s of e.templateSpans) message(c, s.expression, depth + 1);
    } else if (ts.isConditionalExpression(e)) {
      message(c, e.whenTrue, depth);
      message(c, e.whenFalse, depth);
    } else if (ts.isBinaryExpression(e)) {
      message(c, e.left, depth);
      message(c, e.right, depth);
    } else if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) {
      message(c, e.expression, depth);
    } else if (ts.isIdentifier(e)) {
      const k = c.consts.get(e.text);
      if (k) message(c, k, depth + 1);
      else fn(e.text);
    } else if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
      entries(c, e, (tc, v) => message(tc, v, depth + 1));
    } else if (ts.isCallExpression(e) || ts.isAwaitExpression(e)) {
      const call = ts.isAwaitExpression(e) ? e.expression : e;
      if (!ts.isCallExpression(call)) return;
      if (ts.isPropertyAccessExpression(call.expression))
        // T.tooLarge(field): the table entry is a function; its result is the message.
        entries(c, call.expression, (tc, v) => {
          if (ts.isArrowFunction(v) || ts.isFunctionExpression(v)) returns(tc, v, depth + 1);
        });
      fn(calleeName(call.expression));
    }
  };
  /** The entries of a constant table `T.k` / `T['k']` (local, else by name anywhere in the tree). */
  const entries = (
    c: Ctx,
    e: ts.PropertyAccessExpression | ts.ElementAccessExpression,
    each: (c: Ctx, v: ts.Expression) => void,
  ) => {
    if (!ts.isIdentifier(e.expression)) return;
    const local = c.consts.get(e.expression.text);
    const found =
      local && ts.isObjectLiteralExpression(local)
        ? { ctx: c, table: local }
        : local
          ? undefined
          : global.tables.get(e.expression.text);
    if (!found) return;
    const key = ts.isPropertyAccessExpression(e)
      ? e.name.text
      : ts.isStringLiteral(e.argumentExpression)
        ? e.argumentExpression.text
        : null;
    for (const p of found.table.properties)
      if (ts.isPropertyAssignment(p) && (key === null || p.name.getText().replace(/['"]/g, '') === key))
        each(found.ctx, p.initializer);
  };
  const returns = (c: Ctx, f: ts.Node, depth: number) => {
    if ((ts.isArrowFunction(f) || ts.isFunctionExpression(f)) && !ts.isBlock(f.body))
      return message(c, f.body, depth);
    const visit = (n: ts.Node) => {
      if (ts.isReturnStatement(n)) message(c, n.expression, depth);
      if (ts.isFunctionLike(n) || ts.isClassLike(n)) return;
      ts.forEachChild(n, visit);
    };
    ts.forEachChild(f, visit);
  };

  const visit = (n: ts.Node) => {
    if ((ts.isCallExpression(n) || ts.isNewExpression(n)) && n.arguments) {
      const name = calleeName(n.expression);
      const isNew = ts.isNewExpression(n);
      if (RAISERS.has(name) || (isNew && /(Error|Refusal)$/.test(name)))
        for (const a of n.arguments) message(ctx, a);
      else if (SECOND_ONLY.has(name)) message(ctx, n.arguments[1]);
    }
    if (ts.isThrowStatement(n)) message(ctx, n.expression);
    if (ts.isPropertyAssignment(n) && n.name.getText() === 'msg') message(ctx, n.initializer);
    // Default message of a raiser: `forbidden = (msg = '暂无权限') => …`.
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && RAISERS.has(n.name.text) && n.initializer) {
      const f = n.initializer;
      if (ts.isArrowFunction(f) || ts.isFunctionExpression(f))
        for (const p of f.parameters) if (p.initializer) message(ctx, p.initializer);
    }
    ts.forEachChild(n, visit);
  };
  visit(ctx.sf);
}

/** Every message text under `dir` (test files, seeds and migrations left out). */
export function extractMessages(dir: string): Found[] {
  const out: Found[] = [];
  const files: Ctx[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'migrations' && e.name !== 'test') walk(p);
      } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$|\.d\.ts$/.test(e.name) && !/^seed/.test(e.name))
        files.push(parse(p));
    }
  };
  walk(dir);
  // Functions by name across the tree, for a message computed in another module (checkUpload…).
  const global: Index = { functions: new Map(), tables: new Map() };
  for (const ctx of files) {
    for (const [name, fn] of ctx.functions)
      if (!global.functions.has(name)) global.functions.set(name, { ctx, fn });
    for (const [name, v] of ctx.consts)
      if (ts.isObjectLiteralExpression(v) && !global.tables.has(name))
        global.tables.set(name, { ctx, table: v });
  }
  for (const ctx of files) scan(ctx, global, dir, out);
  return out;
}
