import { ajv, type FieldConfig, type FormConfig, validateFormConfig } from '@kp/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formConfigArb, formDataArb } from '../testing/form';
import { compileForm } from './compile';
import { amountWords, tableSummary } from './display';
import { buildCalcGraph } from './graph';
import { recalculate } from './recalculate';
import { isEmptyValue } from './shape';
import { validateFormData } from './validate';

const f = (jnpfKey: string, vModel: string | undefined, config: Record<string, unknown> = {}, props = {}) =>
  ({
    __config__: { jnpfKey, ...config },
    ...(vModel === undefined ? {} : { __vModel__: vModel }),
    ...props,
  }) as unknown as FieldConfig;

const form: FormConfig = {
  fields: [
    f('comInput', 'title', { label: '标题', required: true }),
    f('comInput', 'phone', {
      label: '手机',
      required: true,
      regList: [{ pattern: '^1[3-9]\\d{9}$', message: '请正确输入您的手机号' }],
    }),
    f('comInput', 'code', { label: '编码', required: true }, { placeholder: '请输入编码' }),
    f('checkbox', 'tags', { label: '标签', required: true }, { placeholder: '请选择标签' }),
    f('uploadFz', 'files', { label: '附件', required: true }),
    f('numInput', 'amount', { label: '金额', required: true }),
    f('row', undefined, {
      children: [f('numInput', 'rate', { label: '税率', defaultValue: 0.1 })],
    }),
    f(
      'table',
      'tableField101',
      {
        label: '明细',
        children: [
          f('numInput', 'price', { label: '单价', required: true }),
          f('numInput', 'qty', { label: '数量' }),
          f('comInput', 'sku', {
            label: '货号',
            regList: [{ pattern: '^[A-Z]+$', message: '货号只能是大写字母' }],
          }),
          f('checkbox', 'marks', { label: '标记', required: true }),
          f(
            'calculate',
            'line',
            { label: '小计' },
            { expression: ['tableField101.price', '*', 'tableField101.qty'] },
          ),
        ],
      },
      { showSummary: true, summaryField: ['price', 'line'] },
    ),
    f('calculate', 'subtotal', { label: '合计' }, { expression: ['tableField101.line'] }),
    f('calculate', 'tax', { label: '税额' }, { expression: ['subtotal', '*', 'rate'] }),
    f('calculate', 'total', { label: '总计' }, { expression: ['subtotal', '+', 'tax'], showChinese: true }),
    f('calculate', 'other', { label: '其他' }, { expression: ['amount', '*', '2'] }),
    f('JNPFText', undefined, {}, { content: '说明' }),
  ],
};

describe('compileForm', () => {
  const c = compileForm(form);

  it('accepts the test form and compiles without errors', () => {
    expect(validateFormConfig(form).ok).toBe(true);
    expect(c.errors).toEqual([]);
  }, 60_000);

  it('flattens fields with paths and containers', () => {
    expect(c.fields.map((x) => x.path)).toEqual([
      'title',
      'phone',
      'code',
      'tags',
      'files',
      'amount',
      'rate',
      'tableField101',
      'tableField101.price',
      'tableField101.qty',
      'tableField101.sku',
      'tableField101.marks',
      'tableField101.line',
      'subtotal',
      'tax',
      'total',
      'other',
    ]);
    expect(c.byPath.get('rate')?.container).toBe('fields[6]');
    expect(c.byPath.get('tableField101.price')?.container).toBe('fields[7]');
    expect(c.byPath.get('title')?.container).toBe('');
  });

  it('builds a draft-07 data schema: numbers, arrays, sub-table rows', () => {
    const validate = ajv.compile(c.schema);
    expect(
      validate({
        amount: 1.5,
        tags: ['a'],
        files: [{ name: 'a', fileId: '1', url: '/x' }],
        tableField101: [{ price: 2 }],
      }),
    ).toBe(true);
    expect(validate({ amount: 'x' })).toBe(false);
    expect(validate({ tags: 'a' })).toBe(false);
    expect(validate({ tableField101: [{ price: 'x' }] })).toBe(false);
    expect(validate({ files: [{ name: 'a' }] })).toBe(false);
  });

  it('gives rules with the spec messages and the blur trigger', () => {
    expect(c.rules.title).toEqual([{ required: true, message: '标题不能为空', trigger: 'blur' }]);
    expect(c.rules.code?.[0]?.message).toBe('请输入编码');
    // Array-valued: 请至少选择一个<label> even with a placeholder (JNPF).
    expect(c.rules.tags?.[0]).toMatchObject({ required: true, type: 'array', message: '请至少选择一个标签' });
    expect(c.rules.phone?.[1]?.message).toBe('请正确输入您的手机号');
    expect(c.rules.phone?.[1]?.pattern?.test('13812345678')).toBe(true);
  });

  it('computes defaults, with calculate fields evaluated', () => {
    expect(c.defaults).toMatchObject({
      rate: 0.1,
      tags: [],
      files: [],
      tableField101: [],
      subtotal: 0,
      total: 0,
    });
  });

  it('builds the calculation graph in dependency order', () => {
    expect(c.graph.reads.tax).toEqual(['subtotal', 'rate']);
    expect(c.graph.dependents['tableField101.price']).toEqual(['tableField101.line']);
    const order = c.graph.order;
    expect(order.indexOf('tableField101.line')).toBeLessThan(order.indexOf('subtotal'));
    expect(order.indexOf('subtotal')).toBeLessThan(order.indexOf('tax'));
    expect(order.indexOf('tax')).toBeLessThan(order.indexOf('total'));
    expect(c.amountWordFields).toEqual(['total']);
  });

  it('reports cycles and unknown references as errors', () => {
    const cyc = compileForm({
      fields: [
        f('calculate', 'a', {}, { expression: ['b', '+', '1'] }),
        f('calculate', 'b', {}, { expression: ['a', '+', '1'] }),
        f('calculate', 'c', {}, { expression: ['c'] }),
        f('calculate', 'd', {}, { expression: ['nope'] }),
        f('calculate', 'e', {}, { expression: ['1', '+'] }),
      ],
    });
    const messages = cyc.errors.map((e) => e.message);
    expect(messages).toContain('calculate fields form a cycle: a -> b -> a');
    expect(messages).toContain('calculate fields form a cycle: c -> c');
    expect(messages).toContain('refers to unknown field "nope"');
    expect(cyc.errors.some((e) => e.path === 'fields[4].expression')).toBe(true);
    expect(cyc.graph.order).not.toContain('a');
  });

  it('says what each problem is and which field it is about (code, field, subject)', () => {
    const c = compileForm(
      {
        fields: [
          f('calculate', 'a', { label: { zh: '甲', en: 'A' } }, { expression: ['b', '+', '1'] }),
          f('calculate', 'b', { label: { zh: '乙', en: 'B' } }, { expression: ['a', '+', 'nope'] }),
          f('comInput', 'p', { label: { zh: '电话', en: 'Phone' }, regList: [{ pattern: '/(/' }] }),
          f('table', 'lines', { label: { zh: '明细', en: 'Lines' } }),
          f('table', 'empty', { label: '空表', children: [] }),
          f('hologram', 'h', { label: { zh: '全息', en: 'Holo' } }),
          f('comInput', 'p', { label: 'Again' }),
          'junk',
          f('numInput', undefined, { label: 'Nameless' }),
          f('tab', undefined, { children: [null] }),
        ],
      } as unknown as FormConfig,
      { lang: 'en' },
    );
    expect(c.errors.map(({ code, field, subject }) => ({ code, field, subject }))).toEqual([
      { code: 'badPattern', field: { path: 'p', label: 'Phone' }, subject: '1' },
      { code: 'noColumns', field: { path: 'lines', label: 'Lines' }, subject: undefined },
      { code: 'noColumns', field: { path: 'empty', label: '空表' }, subject: undefined },
      { code: 'unknownKind', field: { path: 'h', label: 'Holo' }, subject: 'hologram' },
      { code: 'malformed', field: undefined, subject: undefined },
      { code: 'noName', field: { path: 'fields[8]', label: 'Nameless' }, subject: undefined },
      { code: 'malformed', field: undefined, subject: undefined },
      { code: 'duplicate', field: { path: 'p', label: 'Again' }, subject: 'p' },
      { code: 'unknownRef', field: { path: 'b', label: 'B' }, subject: 'nope' },
      { code: 'cycle', field: { path: 'a', label: 'A' }, subject: 'A → B → A' },
    ]);
    expect(c.errors.find((e) => e.code === 'noColumns')?.path).toBe('fields[3].__config__.children');
    expect(c.errors.filter((e) => e.code === 'malformed').map((e) => e.path)).toEqual([
      'fields[7]',
      'fields[9].__config__.children[0]',
    ]);
  });
});

describe('buildCalcGraph', () => {
  it('orders any DAG so that every calc follows what it reads', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.nat(20)), { maxLength: 20 }), (deps) => {
        // Calc i reads only calcs j < i: always a DAG.
        const calcs = deps.map((d, i) => ({
          path: `c${i}`,
          reads: d.filter((j) => j < i).map((j) => `c${j}`),
        }));
        const g = buildCalcGraph(calcs);
        expect(g.cycles).toEqual([]);
        expect(new Set(g.order)).toEqual(new Set(calcs.map((x) => x.path)));
        for (const x of calcs)
          for (const r of x.reads) expect(g.order.indexOf(r)).toBeLessThan(g.order.indexOf(x.path));
      }),
    );
  });
});

describe('validateFormData', () => {
  const c = compileForm(form);
  const good = {
    title: 't',
    phone: '13812345678',
    code: 'x',
    tags: ['a'],
    files: [{ name: 'a.pdf', fileId: '1', url: '/f/1' }],
    amount: 0,
    tableField101: [{ price: 2, qty: 3, sku: 'AB', marks: ['m'] }],
  };

  it('passes good data', () => {
    expect(validateFormData(c, good)).toEqual({ ok: true, errors: [] });
  });

  it('gives the exact Chinese messages', () => {
    const r = validateFormData(c, {
      title: '',
      phone: '12345',
      code: null,
      tags: [],
      files: [],
      tableField101: [
        { price: null, sku: 'ab', marks: [] },
        { price: 1, sku: 'AB', marks: ['x'] },
        { price: '', marks: null },
      ],
    });
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => [e.path, e.message])).toEqual([
      ['title', '标题不能为空'],
      ['phone', '请正确输入您的手机号'],
      ['code', '请输入编码'],
      ['tags', '请至少选择一个标签'],
      ['files', '请至少选择一个附件'],
      ['amount', '金额不能为空'],
      ['tableField101[0].price', '不能为空'],
      ['tableField101[0].sku', '货号只能是大写字母'],
      ['tableField101[0].marks', '不能为空'],
      ['tableField101[2].price', '不能为空'],
      ['tableField101[2].marks', '不能为空'],
    ]);
    expect(r.errors[6]).toMatchObject({ field: 'tableField101.price', rule: 'required' });
  });

  it("'save' mode checks only the table data", () => {
    const r = validateFormData(c, { tableField101: [{ price: null, marks: ['a'] }] }, { mode: 'save' });
    expect(r.errors.map((e) => e.path)).toEqual(['tableField101[0].price']);
    expect(validateFormData(c, {}, { mode: 'save' }).ok).toBe(true);
  });

  it('a range with both bounds empty counts as empty', () => {
    const c2 = compileForm({
      fields: [
        f('numberRange', 'n', { label: '区间', required: true }),
        f('dateRange', 'd', { label: '日期', required: true }),
      ],
    });
    expect(validateFormData(c2, { n: [null, null], d: ['', ''] }).errors.map((e) => e.message)).toEqual([
      '请至少选择一个区间',
      '请至少选择一个日期',
    ]);
    expect(validateFormData(c2, { n: [1, null], d: [1, 2] }).ok).toBe(true);
  });

  it('approver-type pickers left empty give 请选择{title} / please select {title} (spec 3 §5, spec 4 §6)', () => {
    const form = {
      fields: [
        f(
          'userSelect',
          'approver',
          { label: { zh: '审批人', zhtw: '審批人', en: 'approver' }, required: true },
          { placeholder: '请选择' },
        ),
        f(
          'usersSelect',
          'cc',
          { label: { zh: '抄送人', zhtw: '抄送人', en: 'copy to' }, required: true },
          { multiple: true },
        ),
        f('depSelect', 'dept', { label: { zh: '部门', zhtw: '部門', en: 'department' }, required: true }),
      ],
    } as unknown as FormConfig;
    const messages = (lang: 'zh' | 'zhtw' | 'en') =>
      validateFormData(compileForm(form, { lang }), {}).errors.map((e) => e.message);
    expect(messages('zh')).toEqual(['请选择审批人', '请选择抄送人', '部门不能为空']);
    expect(messages('zhtw')).toEqual(['請選擇審批人', '請選擇抄送人', '部門不能為空']);
    expect(messages('en')).toEqual([
      'please select approver',
      'please select copy to',
      'department is required',
    ]);
  });

  it('skips fields not shown on the given platform', () => {
    const c2 = compileForm({
      fields: [
        f('comInput', 'pcOnly', { label: 'P', required: true, visibility: ['pc'] }),
        f('comInput', 'any', { label: 'A', required: true }),
      ],
    });
    expect(validateFormData(c2, {}, { platform: 'app' }).errors.map((e) => e.path)).toEqual(['any']);
    expect(validateFormData(c2, {}, { platform: 'pc' }).errors.map((e) => e.path)).toEqual(['pcOnly', 'any']);
    expect(validateFormData(c2, {}).errors.map((e) => e.path)).toEqual(['pcOnly', 'any']);
  });

  it('reports values of the wrong type', () => {
    const r = validateFormData(c, { ...good, amount: 'lots', tags: 'a', tableField101: [7] });
    expect(r.errors.map((e) => [e.path, e.rule])).toEqual([
      ['tags', 'type'],
      ['amount', 'type'],
      ['tableField101[0]', 'type'],
    ]);
    expect(r.errors[1]?.message).toBe('金额格式不正确');
  });

  it('never throws on random data', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (data) => {
        const r = validateFormData(c, data);
        expect(typeof r.ok).toBe('boolean');
      }),
    );
  });

  it('speaks zhtw and en when compiled for them', () => {
    expect(
      validateFormData(compileForm(form, { lang: 'en' }), { ...good, title: '' }).errors[0]?.message,
    ).toBe('标题 is required');
    expect(
      validateFormData(compileForm(form, { lang: 'zhtw' }), { ...good, tags: [] }).errors[0]?.message,
    ).toBe('請至少選擇一個标签');
  });
});

describe('recalculate', () => {
  const c = compileForm(form);
  const data = {
    rate: 0.1,
    amount: 1.005,
    tableField101: [
      { price: 0.1, qty: 3 },
      { price: 0.2, qty: 1 },
    ],
  };

  it('computes rows, sums, chains (decimal-correct) and leaves input unchanged', () => {
    const frozen = structuredClone(data);
    const out = recalculate(c, data);
    expect(data).toEqual(frozen);
    expect(out.tableField101).toEqual([
      { price: 0.1, qty: 3, line: 0.3 },
      { price: 0.2, qty: 1, line: 0.2 },
    ]);
    expect(out).toMatchObject({ subtotal: 0.5, tax: 0.05, total: 0.55, other: 2.01 });
    expect(amountWords(c, out)).toEqual({ total: '伍角伍分' });
  });

  it('recomputes only what depends on the change', () => {
    const full = recalculate(c, data);
    const changed = { ...full, rate: 0.2, other: 99 };
    const out = recalculate(c, changed, 'rate');
    expect(out).toMatchObject({ tax: 0.1, total: 0.6, other: 99 });
    expect(out.tableField101).toBe(full.tableField101);
    // Unrelated change: same object back.
    expect(recalculate(c, full, 'title')).toBe(full);
    // A cell path with an index, and a table's rows changing.
    const rows = [{ price: 1, qty: 1, line: 0.3 }];
    const byCell = recalculate(c, { ...full, tableField101: rows }, 'tableField101[0].qty');
    expect(byCell).toMatchObject({ subtotal: 1, total: 1.1 });
    expect(recalculate(c, { ...full, tableField101: [] }, 'tableField101')).toMatchObject({
      subtotal: 0,
      total: 0,
    });
  });

  it('incremental recalculation agrees with a full one (property)', () => {
    fc.assert(
      fc.property(formConfigArb(), fc.nat(), fc.nat(), (config, seed, pick) => {
        const compiled = compileForm(config);
        const [data] = fc.sample(formDataArb(compiled), { seed, numRuns: 1 });
        const paths = compiled.fields.filter((x) => x.key !== 'calculate').map((x) => x.path);
        if (!paths.length || !data) return;
        const field = compiled.byPath.get(paths[pick % paths.length]!)!;
        let changed: Record<string, unknown>;
        let path: string;
        if (field.table) {
          const rows = (data[field.table] as Record<string, unknown>[]) ?? [];
          if (!rows.length) return;
          changed = { ...data, [field.table]: [{ ...rows[0], [field.vModel]: pick % 7 }, ...rows.slice(1)] };
          path = `${field.table}[0].${field.vModel}`;
        } else {
          changed = { ...data, [field.vModel]: field.key === 'table' ? [] : pick % 7 };
          path = field.vModel;
        }
        expect(recalculate(compiled, changed, path)).toEqual(recalculate(compiled, changed));
        expect(recalculate(compiled, data)).toEqual(data);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('tableSummary', () => {
  it('sums exactly and fixes to decimalPlace (default 2, half up)', () => {
    const c = compileForm(form);
    expect(
      tableSummary(c, 'tableField101', [{ price: 0.1, line: 1.005 }, { price: 0.2 }, { price: 'x' }]),
    ).toEqual({
      price: '0.30',
      line: '1.01',
    });
    expect(tableSummary(c, 'missing', [])).toEqual({});
  });
});

describe('isEmptyValue', () => {
  it('null, undefined, empty string, empty array and NaN are empty; 0 and false are not', () => {
    for (const v of [null, undefined, '', [], Number.NaN]) expect(isEmptyValue(v)).toBe(true);
    for (const v of [0, false, ' ', [0], {}]) expect(isEmptyValue(v)).toBe(false);
  });
});
