import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_TOO_LARGE, amountInWords } from './amountInWords';

const DIGIT = '零壹贰叁肆伍陆柒捌玖';
const UNIT: Record<string, bigint> = { 拾: 10n, 佰: 100n, 仟: 1000n };

/** Parses a section below 10^4 such as 壹仟零贰拾 (零 is only a separator). */
function parseSection(s: string): bigint {
  let total = 0n;
  let digit = -1n;
  for (const ch of s) {
    const d = DIGIT.indexOf(ch);
    if (ch === '零') continue;
    if (d > 0) {
      if (digit >= 0n) throw new Error(`two digits in a row in ${s}`);
      digit = BigInt(d);
    } else if (UNIT[ch]) {
      if (digit < 0n) throw new Error(`unit without digit in ${s}`);
      total += digit * UNIT[ch];
      digit = -1n;
    } else throw new Error(`unexpected ${ch} in ${s}`);
  }
  return digit >= 0n ? total + digit : total;
}

/** Parses amountInWords output back to cents. */
function parseWords(words: string): bigint {
  if (words === '零元整') return 0n;
  let s = words.endsWith('整') ? words.slice(0, -1) : words;
  let yuan = 0n;
  const y = s.indexOf('元');
  if (y >= 0) {
    let intText = s.slice(0, y);
    s = s.slice(y + 1);
    const yi = intText.indexOf('亿');
    if (yi >= 0) {
      yuan += parseSection(intText.slice(0, yi)) * 100000000n;
      intText = intText.slice(yi + 1);
    }
    const wan = intText.indexOf('万');
    if (wan >= 0) {
      yuan += parseSection(intText.slice(0, wan)) * 10000n;
      intText = intText.slice(wan + 1);
    }
    yuan += parseSection(intText);
  }
  let cents = yuan * 100n;
  const jiao = /([壹贰叁肆伍陆柒捌玖])角/.exec(s);
  const fen = /([壹贰叁肆伍陆柒捌玖])分/.exec(s);
  if (jiao) cents += BigInt(DIGIT.indexOf(jiao[1])) * 10n;
  if (fen) cents += BigInt(DIGIT.indexOf(fen[1]));
  return cents;
}

describe('amountInWords', () => {
  it('writes the spec examples', () => {
    expect(amountInWords(100100.05)).toBe('壹拾万零壹佰元零伍分');
    expect(amountInWords(1000000000.1)).toBe('壹拾亿元壹角');
    expect(amountInWords(0)).toBe('零元整');
    expect(amountInWords(1)).toBe('壹元整');
    expect(amountInWords(10)).toBe('壹拾元整');
    expect(amountInWords(100010000)).toBe('壹亿零壹万元整');
    expect(amountInWords(100001000)).toBe('壹亿零壹仟元整');
    expect(amountInWords(110000000)).toBe('壹亿壹仟万元整');
    expect(amountInWords(1005.5)).toBe('壹仟零伍元伍角');
    expect(amountInWords(0.05)).toBe('伍分');
    expect(amountInWords(0.5)).toBe('伍角');
    expect(amountInWords('12.345')).toBe('壹拾贰元叁角伍分');
    expect(amountInWords(1.005)).toBe('壹元零壹分');
    expect(amountInWords(999999999999.99)).toBe('玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分');
  });

  it('gives empty for NaN, junk and negative values, and the too-large text past 12 digits', () => {
    for (const bad of [Number.NaN, -1, -0.01, '', 'abc', '1,5', '-3', '0x10'] as (number | string)[])
      expect(amountInWords(bad)).toBe('');
    expect(amountInWords(1e12)).toBe(AMOUNT_TOO_LARGE);
    expect(amountInWords('1234567890123')).toBe(AMOUNT_TOO_LARGE);
    expect(amountInWords(999999999999.996)).toBe(AMOUNT_TOO_LARGE);
    expect(amountInWords(Infinity)).toBe(AMOUNT_TOO_LARGE);
    expect(amountInWords(1e-9)).toBe('零元整');
  });

  it('a parser of its output gives back every amount in [0, 10^12) with 2 decimals', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.bigInt({ min: 0n, max: 10n ** 14n - 1n }),
          fc.bigInt({ min: 0n, max: 10n ** 6n }),
          fc
            .tuple(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 9 }))
            .map(([p, d]) => BigInt(d) * 10n ** BigInt(p)),
        ),
        fc.boolean(),
        (cents, asString) => {
          const text = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
          const words = amountInWords(asString ? text : Number(text));
          expect(parseWords(words)).toBe(cents);
          expect(words.endsWith('整')).toBe(cents % 100n === 0n);
          if (cents > 0n) expect(words).not.toMatch(/零零|零$|零[元万亿整]|^零/);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
