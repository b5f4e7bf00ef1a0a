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

// ---------------------------------------------------------------------------------------------------------
// Validator inputs (the catalogue of spec 4 §5): values that must pass, and mutations that must fail
// ---------------------------------------------------------------------------------------------------------

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HAN = '中国人民建管佳审批流程表单会议室张王李赵钱孙吴郑';
const SPECIAL = '!@#$%^&*()-_+= ,;:/\\?<>[]{}~`\'"|';
const PROVINCE_CHARS = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const PLATE_LETTER_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const NEW_ENERGY = 'DABCEFGHJK';
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

const charOf = (chars: string) => fc.constantFrom(...chars.split(''));
const strOf = (chars: string, minLength: number, maxLength: number) =>
  fc.array(charOf(chars), { minLength, maxLength }).map((a) => a.join(''));

/** Inserts one character of `chars` at any position of a generated string. */
const insertOne = (base: fc.Arbitrary<string>, chars: string) =>
  base.chain((s) =>
    fc
      .tuple(fc.integer({ min: 0, max: s.length }), charOf(chars))
      .map(([i, c]) => s.slice(0, i) + c + s.slice(i)),
  );

function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return '10X98765432'[sum % 11];
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A real birth date yyyyMMdd between 1800 and 2099. */
const birthDateArb = fc
  .date({ min: new Date(Date.UTC(1800, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
  .map((d) => `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`);

/** The first 17 characters of an 18-digit ID number. */
const idBodyArb = fc
  .tuple(charOf('12345678'), strOf(DIGITS, 5, 5), birthDateArb, strOf(DIGITS, 3, 3))
  .map((p) => p.join(''));

const phoneArb = fc.tuple(charOf('3456789'), strOf(DIGITS, 9, 9)).map(([a, b]) => `1${a}${b}`);
const passwordArb = fc
  .tuple(charOf(LETTERS), charOf(DIGITS), strOf(LETTERS + DIGITS, 4, 14))
  .chain(([l, d, rest]) => fc.shuffledSubarray([l, d, ...rest.split('')], { minLength: rest.length + 2 }))
  .map((a) => a.join(''));
const label = strOf('abcdefghijklmnopqrstuvwxyz0123456789', 1, 8);
const emailArb = fc
  .tuple(
    fc.array(strOf(`${LETTERS}${DIGITS}_+-`, 1, 8), { minLength: 1, maxLength: 3 }),
    fc.array(label, { minLength: 1, maxLength: 3 }),
    strOf('abcdefghijklmnopqrstuvwxyz', 2, 6),
  )
  .map(([local, domain, tld]) => `${local.join('.')}@${domain.join('.')}.${tld}`);
const plateArb = fc.oneof(
  fc
    .tuple(
      charOf(PROVINCE_CHARS),
      charOf(PLATE_LETTER_CHARS),
      strOf(PLATE_LETTER_CHARS + DIGITS, 4, 4),
      charOf(`${PLATE_LETTER_CHARS}${DIGITS}挂学警港澳`),
    )
    .map((p) => p.join('')),
  fc
    .tuple(
      charOf(PROVINCE_CHARS),
      charOf(PLATE_LETTER_CHARS),
      charOf(NEW_ENERGY),
      charOf(PLATE_LETTER_CHARS + DIGITS),
      strOf(DIGITS, 4, 4),
    )
    .map((p) => p.join('')),
  fc
    .tuple(charOf(PROVINCE_CHARS), charOf(PLATE_LETTER_CHARS), strOf(DIGITS, 5, 5), charOf(NEW_ENERGY))
    .map((p) => p.join('')),
);
const alnum = LETTERS + DIGITS;
const codeArb = fc
  .tuple(charOf(alnum), strOf(`${alnum}.`, 0, 10), charOf(alnum))
  .map(([a, mid, b]) => `${a}${mid}${b}`)
  .chain((s) => fc.oneof(fc.constant(s), charOf(alnum)));
const timeArb = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.constantFrom('', '.5', '.0', '.50'))
  .map(([n, f]) => `${n}${f}`);

/** Values every rule of the catalogue must accept. */
export const validValueArbs = {
  phone: phoneArb,
  password: passwordArb,
  idCard: idBodyArb.map((body) => body + idCheckChar(body)),
  email: emailArb,
  licencePlate: plateArb,
  chinese: strOf(HAN, 1, 10),
  code: codeArb,
  account: strOf(alnum, 1, 20),
  name: strOf(HAN + alnum, 1, 20),
  numericCode: strOf(DIGITS, 1, 20),
  time: timeArb,
  positiveInteger: fc.tuple(charOf('123456789'), strOf(DIGITS, 0, 12)).map(([a, b]) => a + b),
} satisfies Record<string, fc.Arbitrary<string>>;

/** Valid values with one mutation each rule must reject (wrong ID check digit, 12-digit phone, ...). */
export const mutatedValueArbs = {
  phone: fc.oneof(
    fc.tuple(charOf('012'), strOf(DIGITS, 9, 9)).map(([a, b]) => `1${a}${b}`),
    phoneArb.map((p) => p.slice(0, -1)),
    phoneArb.map((p) => `${p}0`),
    insertOne(phoneArb, `${LETTERS} -`),
    phoneArb.map((p) => `2${p.slice(1)}`),
  ),
  password: fc.oneof(
    strOf(LETTERS, 6, 16),
    strOf(DIGITS, 6, 16),
    passwordArb.filter((p) => p.length === 6).map((p) => p.slice(0, 5)),
    passwordArb.filter((p) => p.length === 16).map((p) => `${p}a`),
    insertOne(passwordArb, SPECIAL + HAN),
  ),
  idCard: fc.oneof(
    idBodyArb.chain((body) =>
      charOf('0123456789X')
        .filter((c) => c !== idCheckChar(body))
        .map((c) => body + c),
    ),
    // one digit of the body changed: every weight is non-zero modulo 11, so the check digit no longer fits
    fc
      .tuple(idBodyArb, fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 9 }))
      .map(([body, i, delta]) => {
        const changed = body.slice(0, i) + String((Number(body[i]) + delta) % 10) + body.slice(i + 1);
        return changed + idCheckChar(body);
      }),
    fc
      .tuple(
        charOf('12345678'),
        strOf(DIGITS, 5, 5),
        fc.integer({ min: 1900, max: 2099 }),
        strOf(DIGITS, 3, 3),
      )
      .map(([r, rest, y, seq]) => {
        const body = `${r}${rest}${y}1301${seq}`; // month 13
        return body + idCheckChar(body);
      }),
    idBodyArb.map((body) => body.slice(0, 16)),
  ),
  email: fc.oneof(
    emailArb.map((e) => e.replace('@', '')),
    emailArb.map((e) => `${e.split('@')[0]}@@${e.split('@')[1]}`),
    emailArb.map((e) => `${e.slice(0, e.lastIndexOf('.') + 1)}c`),
    emailArb.map((e) => `.${e}`),
    insertOne(emailArb, ' ,;<>()[]'),
  ),
  licencePlate: fc.oneof(
    plateArb.map((p) => `A${p.slice(1)}`),
    plateArb.map((p) => `${p[0]}${'IO1'[p.length % 3]}${p.slice(2)}`),
    plateArb.map((p) => `${p}12`),
    insertOne(plateArb, '-· _'),
  ),
  chinese: insertOne(strOf(HAN, 1, 10), `${alnum} ,。!`),
  code: fc.oneof(
    codeArb.map((c) => `.${c}`),
    codeArb.map((c) => `${c}.`),
    insertOne(codeArb, '-_ ,中/'),
  ),
  account: insertOne(strOf(alnum, 1, 20), `${SPECIAL}中`),
  name: insertOne(strOf(HAN + alnum, 1, 20), SPECIAL),
  numericCode: insertOne(strOf(DIGITS, 1, 20), `${LETTERS}.- 中`),
  time: fc.oneof(
    fc.tuple(fc.integer({ min: 0, max: 9999 }), charOf('12346789')).map(([n, d]) => `${n}.${d}`),
    fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.constantFrom('.25', '.75', '.05'))
      .map(([n, f]) => `${n}${f}`),
    fc.integer({ min: 1, max: 9999 }).map((n) => `-${n}`),
    insertOne(timeArb, 'ab ,'),
  ),
  positiveInteger: fc.oneof(
    fc.constant('0'),
    fc.integer({ min: 0, max: 99999 }).map((n) => `0${n}`),
    fc.integer({ min: 1, max: 99999 }).map((n) => `-${n}`),
    fc.integer({ min: 1, max: 99999 }).map((n) => `${n}.5`),
  ),
} satisfies Record<keyof typeof validValueArbs, fc.Arbitrary<string>>;
