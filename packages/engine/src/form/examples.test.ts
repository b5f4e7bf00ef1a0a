// The seeded example forms' calculations (issue 16): 请假天数 is the days between start and end, and the
// expense sub-table's total row sums the amounts only (a total of unit prices or quantities means nothing).

import type { FormConfig } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import expenseForm from '../../../../examples/forms/expense-claim.json';
import leaveForm from '../../../../examples/forms/leave-request.json';
import { compileForm } from './compile';
import { tableSummary } from './display';
import { dateAsDays, recalculate } from './recalculate';

const DAY = 86_400_000;
const start = Date.UTC(2026, 10, 23, 1, 0); // 2026-11-23 09:00 in Shanghai

describe('leave form: 请假天数 from start and end', () => {
  const leave = compileForm(leaveForm as unknown as FormConfig);
  it('compiles with days as a calculate field reading the two dates', () => {
    expect(leave.errors).toEqual([]);
    expect(leave.calcs.find((c) => c.vModel === 'days')).toMatchObject({
      reads: ['endTime', 'startTime'],
      dateReads: ['endTime', 'startTime'],
    });
  });
  it('computes whole and half days; a typed value is replaced; an empty date gives 0', () => {
    expect(recalculate(leave, { startTime: start, endTime: start + 3 * DAY, days: 9 }).days).toBe(3);
    expect(recalculate(leave, { startTime: start, endTime: start + 1.5 * DAY }).days).toBe(1.5);
    expect(recalculate(leave, { startTime: start, endTime: start + 9 * 3_600_000 }, 'endTime').days).toBe(
      0.38,
    );
    expect(recalculate(leave, { startTime: start, endTime: null }).days).toBe(0);
  });
  it('reads dates given as text or digit strings', () => {
    expect(recalculate(leave, { startTime: '2026-11-23', endTime: '2026-11-25' }).days).toBe(2);
    expect(recalculate(leave, { startTime: String(start), endTime: String(start + 2 * DAY) }).days).toBe(2);
    expect(dateAsDays('not a date')).toBeUndefined();
    expect(dateAsDays({})).toBeUndefined();
  });
});

describe('a date column inside a sub-table row', () => {
  it('reads the same row’s dates as days', () => {
    const form = compileForm({
      fields: [
        {
          __config__: {
            jnpfKey: 'table',
            formId: 1,
            children: [
              { __config__: { jnpfKey: 'date', formId: 2 }, __vModel__: 'from' },
              { __config__: { jnpfKey: 'date', formId: 3 }, __vModel__: 'to' },
              {
                __config__: { jnpfKey: 'calculate', formId: 4 },
                __vModel__: 'n',
                expression: ['t.to', '-', 't.from'],
              },
            ],
          },
          __vModel__: 't',
        },
      ],
    } as unknown as FormConfig);
    expect(form.errors).toEqual([]);
    const out = recalculate(form, {
      t: [
        { from: start, to: start + 2 * DAY },
        { from: start, to: start + DAY / 2 },
      ],
    });
    expect((out.t as { n: number }[]).map((r) => r.n)).toEqual([2, 0.5]);
  });
});

describe('expense form: the total row', () => {
  const expense = compileForm(expenseForm as unknown as FormConfig);
  it('sums the amount column only', () => {
    expect(expense.errors).toEqual([]);
    const rows = [
      { price: 120.5, quantity: 2 },
      { price: 60, quantity: 3 },
    ];
    const data = recalculate(expense, { tableField106: rows });
    expect(tableSummary(expense, 'tableField106', data.tableField106)).toEqual({ amount: '421.00' });
    expect(data.totalAmount).toBe(421);
  });
});
