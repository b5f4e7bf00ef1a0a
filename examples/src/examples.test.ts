import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { amountWords, compileForm, recalculate, tableSummary, validateFormData } from '@kp/engine';
import { formDataArb } from '@kp/engine/testing';
import { type FormConfig, validateFormConfig, validatePortal } from '@kp/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const load = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f, JSON.parse(readFileSync(join(root, dir, f), 'utf8'))] as const);

const forms = load('forms');
const portals = load('portals');
const form = (name: string) => forms.find(([f]) => f === name)![1] as FormConfig;

describe('example forms', () => {
  it('the leave request and the expense claim are there', () => {
    expect(forms.map(([f]) => f)).toEqual(
      expect.arrayContaining(['leave-request.json', 'expense-claim.json']),
    );
  });

  for (const [file, json] of forms) {
    it(`${file} validates, compiles cleanly, and its generated data passes`, () => {
      const v = validateFormConfig(json);
      expect(v.ok ? [] : v.errors).toEqual([]);
      const compiled = compileForm(json as FormConfig);
      expect(compiled.errors).toEqual([]);
      fc.assert(
        fc.property(formDataArb(compiled), (data) => {
          expect(validateFormData(compiled, data).errors).toEqual([]);
        }),
        { numRuns: 50 },
      );
    }, 60_000);
  }

  it('leave request: required messages in the spec wording', () => {
    const compiled = compileForm(form('leave-request.json'));
    // 请假天数 is computed from start and end: no rule of its own
    const r = validateFormData(compiled, { ...compiled.defaults, days: 1.3 });
    expect(r.errors.map((e) => [e.path, e.message])).toEqual([
      ['applicant', '请选择申请人'],
      ['department', '所属部门不能为空'],
      ['leaveType', '请假类型不能为空'],
      ['startTime', '开始时间不能为空'],
      ['endTime', '结束时间不能为空'],
      ['reason', '请假事由不能为空'],
    ]);
    // Attachments are optional; an empty list is fine. In English the labels and messages follow.
    const en = compileForm(form('leave-request.json'), { lang: 'en' });
    expect(validateFormData(en, {}).errors.find((e) => e.path === 'reason')?.message).toBe(
      'Reason is required',
    );
  });

  it('expense claim: line amounts, total, payable and amount in words on sample data', () => {
    const compiled = compileForm(form('expense-claim.json'));
    expect(compiled.graph.order).toEqual(['tableField106.amount', 'totalAmount', 'payable']);
    const data = recalculate(compiled, {
      ...compiled.defaults,
      billNo: 'BXD20260101001',
      claimDate: 1_767_225_600_000,
      claimant: 'u1',
      department: 'd1',
      advance: 1000,
      tableField106: [
        { expenseType: 'traffic', price: 12.5, quantity: 2 },
        { expenseType: 'hotel', price: 388, quantity: 3, note: '三晚' },
        { expenseType: 'meal', price: 0.1, quantity: 3 },
      ],
    });
    expect((data.tableField106 as Array<{ amount: number }>).map((r) => r.amount)).toEqual([25, 1164, 0.3]);
    expect(data.totalAmount).toBe(1189.3);
    expect(data.payable).toBe(189.3);
    expect(amountWords(compiled, data)).toEqual({
      totalAmount: '壹仟壹佰捌拾玖元叁角',
      advance: '壹仟元整',
      payable: '壹佰捌拾玖元叁角',
    });
    // the summary row sums the line amounts only (a sum of unit prices or of quantities means nothing)
    expect(tableSummary(compiled, 'tableField106', data.tableField106)).toEqual({ amount: '1189.30' });
    expect(validateFormData(compiled, data)).toEqual({ ok: true, errors: [] });
    // A price edit in one row recomputes that line, the total and the payable amount only.
    const rows = (data.tableField106 as Record<string, unknown>[]).slice();
    rows[1] = { ...rows[1], price: 400 };
    const edited = recalculate(compiled, { ...data, tableField106: rows }, 'tableField106[1].price');
    expect(edited).toMatchObject({ totalAmount: 1225.3, payable: 225.3 });
    // Table cells: required and pattern messages.
    const bad = validateFormData(compiled, {
      ...data,
      tableField106: [{ expenseType: null, price: 1, quantity: 1, note: 'x'.repeat(51) }],
    });
    expect(bad.errors.map((e) => [e.path, e.message])).toEqual([
      ['tableField106[0].expenseType', '不能为空'],
      ['tableField106[0].note', '说明不能超过50个字'],
    ]);
  });
});

describe('example portals', () => {
  it('home.json is there and uses most of the 12 widgets', () => {
    const home = portals.find(([f]) => f === 'home.json')?.[1] as {
      formData: { layout: { jnpfKey: string }[] };
    };
    expect(new Set(home.formData.layout.map((i) => i.jnpfKey)).size).toBeGreaterThanOrEqual(10);
  });

  for (const [file, json] of portals) {
    it(`${file} validates`, () => {
      const r = validatePortal(json);
      expect(r.ok ? [] : r.errors).toEqual([]);
    });
  }
});
