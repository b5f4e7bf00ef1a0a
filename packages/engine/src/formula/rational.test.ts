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
