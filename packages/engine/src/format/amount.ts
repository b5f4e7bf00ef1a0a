import Decimal from 'decimal.js';

export interface FormatAmountOptions {
  /** Decimal places, default 2 (spec 3 §9). */
  decimals?: number;
  /** Currency symbol, default ¥. */
  symbol?: string;
  /** Thousands separators, default true. */
  thousands?: boolean;
}

const NUMERIC_RE = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/**
 * The amount input's display text on blur (spec 3 §5): symbol, thousands separators and fixed decimals,
 * rounded half up on the decimal value (1.005 -> ¥1.01). Empty or not a number -> '' (clearing emits '').
 */
export function formatAmount(value: unknown, options: FormatAmountOptions = {}): string {
  const { decimals = 2, symbol = '¥', thousands = true } = options;
  let d: Decimal;
  if (typeof value === 'number' && Number.isFinite(value)) d = new Decimal(value);
  else if (typeof value === 'string' && value.length <= 400 && NUMERIC_RE.test(value))
    d = new Decimal(value.trim());
  else return '';
  const places = Math.max(0, Math.min(20, Math.floor(Number.isFinite(decimals) ? decimals : 2)));
  const fixed = d.abs().toFixed(places, Decimal.ROUND_HALF_UP);
  const [int, frac] = fixed.split('.');
  const grouped = thousands ? int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : int;
  const negative = d.isNegative() && !new Decimal(fixed).isZero();
  return `${negative ? '-' : ''}${symbol}${grouped}${frac ? `.${frac}` : ''}`;
}
