import Decimal from 'decimal.js';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿'];
const NUMERIC_RE = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** The text for an integer part over 12 digits (spec 3 §5). */
export const AMOUNT_TOO_LARGE = '金额过大无法计算';

/**
 * Chinese financial uppercase of an amount (spec 3 §5): 100100.05 -> 壹拾万零壹佰元零伍分,
 * 1000000000.1 -> 壹拾亿元壹角, 0 -> 零元整. The value is first rounded half up to 2 decimals. NaN, junk
 * or a negative value gives ''; an integer part of more than 12 digits gives 金额过大无法计算; a zero
 * fraction ends with 整. An amount under one yuan has no 元 part (0.05 -> 伍分), and a zero 角 before a
 * non-zero 分 reads 零 (1.05 -> 壹元零伍分).
 */
export function amountInWords(n: number | string): string {
  let value: Decimal;
  if (typeof n === 'number') {
    if (!Number.isFinite(n)) return Number.isNaN(n) || n < 0 ? '' : AMOUNT_TOO_LARGE;
    value = new Decimal(n);
  } else if (typeof n === 'string' && n.length <= 1000 && NUMERIC_RE.test(n)) {
    try {
      value = new Decimal(n.trim());
    } catch {
      return '';
    }
  } else return '';
  if (value.lt(0)) return '';
  if (value.e >= 12) return AMOUNT_TOO_LARGE; // 13 or more integer digits even before rounding
  const [intPart, frac] = value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2).split('.');
  if (intPart.length > 12) return AMOUNT_TOO_LARGE;

  let out = '';
  if (intPart !== '0') {
    let zeros = 0;
    for (let i = 0; i < intPart.length; i++) {
      const d = intPart.charCodeAt(i) - 48;
      const p = intPart.length - i - 1;
      if (d === 0) zeros++;
      else {
        if (zeros > 0) out += DIGITS[0];
        zeros = 0;
        out += DIGITS[d] + UNITS[p % 4];
      }
      // A group unit (万, 亿) follows unless its whole group of four was zero.
      if (p % 4 === 0 && zeros < 4) out += GROUPS[p / 4];
    }
    out += '元';
  }
  const jiao = frac.charCodeAt(0) - 48;
  const fen = frac.charCodeAt(1) - 48;
  if (jiao === 0 && fen === 0) return out === '' ? '零元整' : `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (out !== '') out += DIGITS[0];
  if (fen > 0) out += `${DIGITS[fen]}分`;
  return out;
}
