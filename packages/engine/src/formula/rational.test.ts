import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberToBig, numberToFast, parseDecimal, reg } from './rational';

describe('rational conversions', () => {
  it('the fast number conversion gives the fraction of String(x)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        if (!numberToFast(x)) return;
        const big = numberToBig(x);
        expect(BigInt(reg.n) * big.d).toBe(big.n * BigInt(reg.d));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 49), max: 2 ** 49 }), fc.integer({ min: 0, max: 9 }), (m, k) => {
        const x = m / 10 ** k;
        expect(numberToFast(x)).toBe(true);
        const big = numberToBig(x);
        expect(BigInt(reg.n) * big.d).toBe(big.n * BigInt(reg.d));
      }),
      { numRuns: 2000 },
    );
    expect(numberToFast(1.005) && [reg.n, reg.d]).toEqual([201, 200]);
  });

  it('parses decimal text exactly and refuses junk', () => {
    expect(parseDecimal('12.50')).toEqual({ n: 25n, d: 2n });
    expect(parseDecimal('-.5')).toEqual({ n: -1n, d: 2n });
    expect(parseDecimal('1e3')).toEqual({ n: 1000n, d: 1n });
    for (const bad of ['', '.', 'abc', '1e99999', '0x10', '1,5', 'Infinity'])
      expect(parseDecimal(bad)).toBeNull();
  });
});
