/**
 * Exact rational arithmetic for formulas. Values are fractions n/d (d > 0). The fast path keeps n and d as
 * JS numbers while they stay below 2^53 (every operation checks this, so it is exact); anything larger
 * falls back to BigInt fractions. Decimal inputs (0.1, '12.50', 1.005) become exact fractions of their
 * decimal text, so 0.1 + 0.2 is exactly 3/10 and 1.005 rounds half up to 1.01.
 */

const SAFE = 2 ** 53;
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

/** A BigInt fraction, d > 0n. */
export interface BigRational {
  n: bigint;
  d: bigint;
}

/** Registers written by the fast conversions (avoids allocating a pair per value). */
export const reg = { n: 0, d: 1 };

export function gcdNum(a: number, b: number): number {
  let x = a < 0 ? -a : a;
  let y = b < 0 ? -b : b;
  while (y !== 0) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

export function gcdBig(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

export function makeBig(n: bigint, d: bigint): BigRational {
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcdBig(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

/** Limits that keep a hostile input ('1e999999999', a million digits) from costing real time. */
const MAX_EXPONENT = 400;
const MAX_DIGITS = 1000;
const DECIMAL_RE = /^\s*([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/;

/** Parses a decimal string ('12.5', '-3', '.5', '1e3') exactly; null when it is not a finite decimal. */
export function parseDecimal(text: string): BigRational | null {
  if (text.length > MAX_DIGITS) return null;
  const m = DECIMAL_RE.exec(text);
  if (!m) return null;
  const intPart = m[2] ?? '';
  const fracPart = m[3] ?? '';
  if (intPart.length === 0 && fracPart.length === 0) return null;
  const exp = m[4] === undefined ? 0 : Number(m[4]);
  if (!Number.isFinite(exp) || Math.abs(exp) > MAX_EXPONENT) return null;
  let n = BigInt(intPart + fracPart || '0');
  if (m[1] === '-') n = -n;
  const scale = fracPart.length - exp;
  if (scale <= 0) return { n: n * 10n ** BigInt(-scale), d: 1n };
  return makeBig(n, 10n ** BigInt(scale));
}

/** Writes the fast form of a BigInt fraction into reg; false if it does not fit. */
export function bigToFast(r: BigRational): boolean {
  const big = BigInt(SAFE);
  if (r.n >= big || r.n <= -big || r.d >= big) return false;
  reg.n = Number(r.n);
  reg.d = Number(r.d);
  return true;
}

/**
 * Converts a finite JS number to the exact fraction of its shortest decimal text (what String(x) prints)
 * into reg. Returns false when the number needs the BigInt path (see numberToBig).
 */
export function numberToFast(x: number): boolean {
  if (Number.isInteger(x)) {
    if (x >= SAFE || x <= -SAFE) return false;
    reg.n = x === 0 ? 0 : x;
    reg.d = 1;
    return true;
  }
  for (let k = 1; k <= 9; k++) {
    const p = POW10[k];
    const m = Math.round(x * p);
    // Below 2^50 the scaled double's spacing is under 1/4, so at most one k-digit decimal maps to x and
    // the smallest k that round-trips is exactly the shortest decimal text of x.
    if (m >= 2 ** 50 || m <= -(2 ** 50)) return false;
    if (m / p === x) {
      const g = gcdNum(m, p);
      reg.n = m / g;
      reg.d = p / g;
      return true;
    }
  }
  return false;
}

/** The exact fraction of a finite number's shortest decimal text. */
export function numberToBig(x: number): BigRational {
  return parseDecimal(String(x)) ?? { n: 0n, d: 1n };
}

/**
 * Rounds n/d to 2 decimals, half away from zero (1.005 -> 1.01, -1.005 -> -1.01), and returns the
 * nearest JS number to that 2-decimal value.
 */
export function roundFast2(n: number, d: number): number | null {
  const neg = n < 0;
  const a = neg ? -n : n;
  const t = a * 100;
  if (t >= SAFE) return null;
  let q = Math.floor(t / d);
  let r = t - q * d;
  if (r < 0) {
    q -= 1;
    r += d;
  } else if (r >= d) {
    q += 1;
    r -= d;
  }
  if (2 * r >= d) q += 1;
  if (q === 0) return 0;
  return (neg ? -q : q) / 100;
}

export function roundBig2(v: BigRational): number {
  const neg = v.n < 0n;
  const a = (neg ? -v.n : v.n) * 100n;
  let q = a / v.d;
  const r = a - q * v.d;
  if (2n * r >= v.d) q += 1n;
  if (q === 0n) return 0;
  const s = q.toString();
  const text = s.length > 2 ? `${s.slice(0, -2)}.${s.slice(-2)}` : `0.${s.padStart(2, '0')}`;
  return Number(neg ? `-${text}` : text);
}

export function addBig(a: BigRational, b: BigRational): BigRational {
  if (a.d === b.d) return makeBig(a.n + b.n, a.d);
  return makeBig(a.n * b.d + b.n * a.d, a.d * b.d);
}
export function subBig(a: BigRational, b: BigRational): BigRational {
  if (a.d === b.d) return makeBig(a.n - b.n, a.d);
  return makeBig(a.n * b.d - b.n * a.d, a.d * b.d);
}
export function mulBig(a: BigRational, b: BigRational): BigRational {
  return makeBig(a.n * b.n, a.d * b.d);
}
/** null on division by zero. */
export function divBig(a: BigRational, b: BigRational): BigRational | null {
  if (b.n === 0n) return null;
  return makeBig(a.n * b.d, a.d * b.n);
}

export const SAFE_LIMIT = SAFE;
