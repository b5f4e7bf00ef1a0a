import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILL_DATE_FORMATS, type BillRule, type BillState, nextBillNumber } from './nextBillNumber';

const at = (...p: [number, number, number, number?, number?, number?, number?]) =>
  new Date(p[0], p[1] - 1, p[2], p[3] ?? 0, p[4] ?? 0, p[5] ?? 0, p[6] ?? 0);

describe('nextBillNumber', () => {
  const rule: BillRule = {
    prefix: 'BX',
    dateFormat: 'yyyyMMdd',
    startNumber: 1,
    digits: 4,
    suffix: '-A',
    kind: 'sequence',
  };

  it('composes prefix, date part, padded running number and suffix', () => {
    const a = nextBillNumber(rule, null, at(2026, 11, 22, 9));
    expect(a).toEqual({ number: 'BX202611220001-A', state: { datePart: '20261122', sequence: 0 } });
    const b = nextBillNumber(rule, a.state, at(2026, 11, 22, 18));
    expect(b.number).toBe('BX202611220002-A');
    const c = nextBillNumber(rule, b.state, at(2026, 11, 23, 0, 0, 1));
    expect(c.number).toBe('BX202611230001-A');
    expect(
      nextBillNumber({ ...rule, digits: 2 }, { datePart: '20261122', sequence: 150 }, at(2026, 11, 22))
        .number,
    ).toBe('BX20261122152-A');
  });

  it('supports every date format', () => {
    const t = at(2026, 1, 2, 3, 4, 5, 6);
    const parts = BILL_DATE_FORMATS.map(
      (f) => nextBillNumber({ dateFormat: f, digits: 1 }, null, t).state.datePart,
    );
    expect(parts).toEqual([
      '',
      '2026',
      '202601',
      '20260102',
      '2026010203',
      '202601020304',
      '20260102030405',
      '20260102030405006',
    ]);
  });

  it('random and uuid kinds use the injected rng', () => {
    let i = 0;
    const rng = () => [0.1, 0.25, 0.999, 0.5][i++ % 4];
    expect(nextBillNumber({ prefix: 'R', kind: 'random', digits: 4 }, null, 0, rng).number).toBe('R1295');
    const u = nextBillNumber({ prefix: 'U', kind: 'uuid' }, null, 0, () => 0.5).number;
    expect(u).toMatch(/^U[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('property: runs of calls count up within a date part and reset when it changes', () => {
    fc.assert(
      fc.property(
        fc.record({
          prefix: fc.string({ maxLength: 4 }),
          suffix: fc.string({ maxLength: 4 }),
          dateFormat: fc.constantFrom(...BILL_DATE_FORMATS),
          startNumber: fc.integer({ min: 0, max: 1000 }),
          digits: fc.integer({ min: 1, max: 8 }),
        }),
        fc.array(fc.integer({ min: 0, max: 3 * 86400000 }), { minLength: 1, maxLength: 30 }),
        (r, offsets) => {
          const base = at(2026, 12, 31, 12).getTime();
          let state: BillState | null = null;
          let expected = 0;
          for (const t of [...offsets].sort((a, b) => a - b)) {
            const res = nextBillNumber({ ...r, kind: 'sequence' }, state, base + t);
            expected = state && state.datePart === res.state.datePart ? expected + 1 : 0;
            expect(res.state.sequence).toBe(expected);
            const running = String(r.startNumber + expected).padStart(r.digits, '0');
            expect(res.number).toBe(`${r.prefix}${res.state.datePart}${running}${r.suffix}`);
            state = res.state;
          }
        },
      ),
    );
  });

  it('never throws on odd rules', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (rule, state, now) => {
        const r = nextBillNumber(rule as BillRule, state as BillState, now as number);
        expect(typeof r.number).toBe('string');
      }),
    );
  });
});
