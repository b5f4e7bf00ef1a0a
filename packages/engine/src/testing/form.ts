/**
 * fast-check arbitraries for forms: random valid form configs, and form data that fits a compiled form
 * (passes validateFormData in submit mode). Hosts use them to property-test their own forms:
 *
 *   fc.assert(fc.property(formDataArb(compileForm(myConfig)), (data) => validateFormData(compiled, data).ok));
 */
import type { FieldConfig, FormConfig, JnpfKey } from '@kp/schema';
import fc from 'fast-check';
import type { CompiledField, CompiledForm } from '../form/compile';
import { recalculate } from '../form/recalculate';
import { kindOf, registeredKinds } from '../model/kinds';

// ---------------------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------------------

const idArb = fc.stringMatching(/^[a-z0-9]{1,12}$/);
const uniqueIds = (min: number, max: number) => fc.uniqueArray(idArb, { minLength: min, maxLength: max });
const DAY = 86_400_000;
const timestampArb = fc.integer({ min: 0, max: 36_500 }).map((d) => 946_684_800_000 + d * DAY);
const timeArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m, s]) => [h, m, s].map((x) => String(x).padStart(2, '0')).join(':'));
const textArb = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '');
const fileArb = fc.record({
  name: fc.stringMatching(/^[a-z0-9]{1,10}\.(pdf|png|docx)$/),
  fileId: idArb,
  fileVersionId: idArb,
  url: idArb.map((id) => `/api/file/Download/annex/${id}`),
  size: fc.integer({ min: 0, max: 5 * 1024 * 1024 }),
});

type Loose = Record<string, unknown> & { __config__: Record<string, unknown> };

function optionValues(config: FieldConfig): unknown[] {
  const f = config as unknown as Loose;
  const valueKey = (f.__config__.props as { value?: string } | undefined)?.value ?? 'id';
  const opts =
    (f.__slot__ as { options?: unknown[] } | undefined)?.options ?? (f.options as unknown[] | undefined);
  if (!Array.isArray(opts)) return [];
  const out: unknown[] = [];
  for (const o of opts) {
    const v =
      (o as Record<string, unknown> | null)?.[valueKey] ?? (o as Record<string, unknown> | null)?.value;
    if (typeof v === 'string' || typeof v === 'number') out.push(v);
  }
  return out;
}

/** Numbers with at most 2 decimals inside [min, max]. */
function numberArb(f: Loose): fc.Arbitrary<number> {
  const min = typeof f.min === 'number' ? f.min : -1_000_000;
  const max = typeof f.max === 'number' ? f.max : 1_000_000;
  const lo = Math.ceil(min * 100);
  const hi = Math.floor(max * 100);
  if (lo > hi) return fc.constant(min);
  return fc.integer({ min: lo, max: hi }).map((n) => n / 100);
}

/** A string that every pattern rule of the field accepts (fast-check's stringMatching, filtered). */
function patternedText(field: CompiledField): fc.Arbitrary<string> | null {
  const patterns = field.rules.flatMap((r) => (r.pattern ? [r.pattern] : []));
  if (!patterns.length) return null;
  const [first, ...rest] = patterns;
  // fast-check needs a RegExp: these are the arbitrary's own patterns (GENERATED_PATTERNS), not user input.
  return fc
    .stringMatching(new RegExp(first!.source, first!.flags))
    .filter((s) => s !== '' && rest.every((re) => re.test(s)));
}

/** A non-empty value that fits the field (its shape, its options and its pattern rules). */
export function fieldValueArb(field: CompiledField): fc.Arbitrary<unknown> {
  const f = field.config as unknown as Loose;
  const key = field.key as JnpfKey;
  const patterned = patternedText(field);
  switch (field.shape) {
    case 'text':
      if (patterned) return patterned;
      if (key === 'time') return timeArb;
      if (key === 'colorPicker') return fc.stringMatching(/^#[0-9a-f]{6}$/);
      return textArb;
    case 'number': {
      if (key === 'rate') return fc.integer({ min: 1, max: typeof f.max === 'number' ? f.max : 5 });
      const base = numberArb(f);
      if (!patterned) return base;
      const res = field.rules.flatMap((r) => (r.pattern ? [r.pattern] : []));
      return fc
        .oneof(base, patterned.map(Number))
        .filter((n) => Number.isFinite(n) && res.every((re) => re.test(String(n))));
    }
    case 'choice': {
      if (key === 'date') return timestampArb;
      const opts = optionValues(field.config);
      if (opts.length) return fc.constantFrom(...opts);
      return patterned ?? idArb;
    }
    case 'scalar':
      return fc.constantFrom(f.activeValue ?? 1, f.inactiveValue ?? 0);
    case 'list': {
      const opts = optionValues(field.config);
      if (opts.length) return fc.subarray(opts, { minLength: 1 });
      return uniqueIds(1, 4);
    }
    case 'path':
      return uniqueIds(1, 3);
    case 'paths':
      return fc.array(uniqueIds(1, 3), { minLength: 1, maxLength: 3 });
    case 'range':
      if (key === 'timeRange') return fc.tuple(timeArb, timeArb).map(([a, b]) => (a <= b ? [a, b] : [b, a]));
      return fc.tuple(timestampArb, timestampArb).map(([a, b]) => (a <= b ? [a, b] : [b, a]));
    case 'numberRange':
      return fc.tuple(numberArb(f), numberArb(f)).map(([a, b]) => (a <= b ? [a, b] : [b, a]));
    case 'files': {
      const limit = typeof f.limit === 'number' && f.limit > 0 ? Math.min(f.limit, 4) : 4;
      return fc.array(fileArb, { minLength: 1, maxLength: limit });
    }
    default:
      return fc.constant(null);
  }
}

export interface FormDataArbOptions {
  /** Fill optional fields too (default: sometimes). */
  fillOptional?: boolean;
  /** Most rows per sub-table (default 4). */
  maxRows?: number;
}

function valueFor(field: CompiledField, fill: boolean | undefined): fc.Arbitrary<unknown> {
  if (field.key === 'calculate') return fc.constant(0);
  const value = fieldValueArb(field);
  if (field.required || fill === true) return value;
  if (fill === false) return fc.constant(field.defaultValue ?? null);
  return fc.option(value, { nil: null });
}

/**
 * Form data that passes `validateFormData(compiled, data)` in submit mode: every required field and cell
 * filled with a value of its shape, options and patterns; calculate fields computed by recalculate.
 */
export function formDataArb(
  compiled: CompiledForm,
  options: FormDataArbOptions = {},
): fc.Arbitrary<Record<string, unknown>> {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of compiled.fields) {
    if (field.table) continue;
    if (field.key === 'table') {
      const table = compiled.tables.find((t) => t.vModel === field.vModel);
      const row: Record<string, fc.Arbitrary<unknown>> = {};
      for (const c of table?.columns ?? []) row[c.vModel] = valueFor(c, options.fillOptional);
      record[field.vModel] = fc.array(fc.record(row), { maxLength: options.maxRows ?? 4 });
    } else record[field.vModel] = valueFor(field, options.fillOptional);
  }
  return fc.record(record).map((data) => recalculate(compiled, data));
}

// ---------------------------------------------------------------------------------------------------------
// Configs
// ---------------------------------------------------------------------------------------------------------

/**
 * Kinds the config arbitrary places as plain data fields, from the kind registry: every data kind whose config
 * needs nothing beyond a label and options. Left out: attributes of a related record (they need the related
 * field), calculate (the arbitrary adds formulas over earlier numbers itself) and table (it adds sub-tables).
 */
export const GENERATED_DATA_KINDS: readonly string[] = registeredKinds()
  .filter((k) => k.role === 'data' && !k.attribute && k.key !== 'calculate' && k.key !== 'table')
  .map((k) => k.key);

const DISPLAY_KINDS = ['JNPFText', 'groupTitle', 'divider', 'alert', 'button', 'link'] as const;

/** Patterns the config arbitrary puts in regList of text fields (each with its message). */
export const GENERATED_PATTERNS = [
  { pattern: '^1[3-9]\\d{9}$', message: '请正确输入您的手机号' },
  { pattern: '^[A-Za-z0-9]+$', message: '只能输入数字英文' },
  { pattern: '/^\\d+$/', message: '编码只能输入数字' },
] as const;

const LABELS = ['名称', '金额', '数量', '日期', '部门', '备注', '类型', 'Title', '说明', '申请人'];

interface LeafPlan {
  key: string;
  label: string;
  required: boolean;
  placeholder: string | null;
  multiple: boolean;
  pattern: number | null;
}

const leafPlanArb: fc.Arbitrary<LeafPlan> = fc.record({
  key: fc.constantFrom(...GENERATED_DATA_KINDS),
  label: fc.oneof(fc.constantFrom(...LABELS), fc.stringMatching(/^[a-z]{1,8}$/)),
  required: fc.boolean(),
  placeholder: fc.option(fc.constantFrom('请输入', '请选择内容'), { nil: null }),
  multiple: fc.boolean(),
  pattern: fc.option(fc.integer({ min: 0, max: GENERATED_PATTERNS.length - 1 }), { nil: null }),
});

const WRAPS = ['none', 'none', 'row', 'card', 'tab', 'collapse'] as const;

const formPlanArb = fc.record({
  leaves: fc.array(fc.record({ leaf: leafPlanArb, wrap: fc.constantFrom(...WRAPS) }), { maxLength: 10 }),
  display: fc.array(fc.constantFrom(...DISPLAY_KINDS), { maxLength: 3 }),
  table: fc.option(
    fc.record({
      label: fc.constantFrom('明细', '费用明细', 'Lines'),
      columns: fc.array(leafPlanArb, { minLength: 1, maxLength: 4 }),
      priceQty: fc.boolean(),
    }),
    { nil: null },
  ),
  calcs: fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), { maxLength: 3 }),
});

function leafField(plan: LeafPlan, vModel: string, formId: number): FieldConfig {
  const config: Record<string, unknown> = {
    jnpfKey: plan.key,
    label: plan.label,
    required: plan.required,
    formId,
    span: 24,
    layout: 'colFormItem',
  };
  const f: Record<string, unknown> = { __config__: config, __vModel__: vModel };
  if (plan.placeholder) f.placeholder = plan.placeholder;
  if (['comInput', 'textarea'].includes(plan.key) && plan.pattern !== null) {
    config.regList = [{ ...GENERATED_PATTERNS[plan.pattern] }];
  }
  if (kindOf(plan.key)?.options) {
    config.props = { label: 'fullName', value: 'id' };
    f.__slot__ = {
      options: [
        { fullName: '选项一', id: '1' },
        { fullName: '选项二', id: '2' },
        { fullName: '选项三', id: '3' },
      ],
    };
  }
  if (
    [
      'select',
      'treeSelect',
      'depSelect',
      'posSelect',
      'userSelect',
      'roleSelect',
      'groupSelect',
      'address',
      'comSelect',
      'cascader',
      'dicSelect',
      'popupSelect',
      'popupTableSelect',
    ].includes(plan.key)
  )
    f.multiple = plan.multiple;
  if (plan.key === 'dicSelect') config.dictionaryType = 'dict-1';
  if (plan.key === 'billRule') config.rule = 'BILL001';
  if (plan.key === 'relationForm') Object.assign(f, { modelId: 'model-1', relationField: 'fullName' });
  if (plan.key === 'popupSelect' || plan.key === 'popupTableSelect')
    Object.assign(f, { interfaceId: 'if-1', propsValue: 'id', relationField: 'fullName' });
  if (plan.key === 'numInput') Object.assign(f, { min: 0, max: 100000 });
  return f as unknown as FieldConfig;
}

function wrapIn(kind: (typeof WRAPS)[number], field: FieldConfig, formId: number): FieldConfig {
  if (kind === 'none') return field;
  const config: Record<string, unknown> = { jnpfKey: kind, label: kind, formId, layout: 'rowFormItem' };
  if (kind === 'row' || kind === 'card') config.children = [field];
  else config.children = [{ title: '第一页', name: '1', __config__: { children: [field] } }];
  return { __config__: config } as unknown as FieldConfig;
}

/**
 * Random form configs that validateFormConfig accepts and compileForm compiles without errors: data fields
 * of most kinds (with options, patterns, required flags), containers, display fields, an optional sub-table
 * (optionally with price × quantity), and calculate fields reading earlier numeric fields (never a cycle).
 */
export function formConfigArb(): fc.Arbitrary<FormConfig> {
  return formPlanArb.map((plan) => {
    let id = 100;
    const fields: FieldConfig[] = [];
    const numeric: string[] = [];
    plan.leaves.forEach(({ leaf, wrap }) => {
      const formId = ++id;
      const vModel = `${leaf.key}Field${formId}`;
      // a calculate operand (a slider may hold a range, so formulas leave it out)
      if (kindOf(leaf.key)?.calculable && leaf.key !== 'slider') numeric.push(vModel);
      fields.push(wrapIn(wrap, leafField(leaf, vModel, formId), ++id));
    });
    for (const key of plan.display) {
      const formId = ++id;
      fields.push({
        __config__: { jnpfKey: key, label: key, formId },
        content: key,
      } as unknown as FieldConfig);
    }
    if (plan.table) {
      const formId = ++id;
      const tv = `tableField${formId}`;
      // bill numbers are not table columns; a table left with none gets a text column (a table with no
      // column is a design error, compile's noColumns)
      const kept = plan.table.columns.filter((c) => c.key !== 'billRule');
      const planned: LeafPlan[] = kept.length
        ? kept
        : [
            {
              key: 'comInput',
              label: '名称',
              required: false,
              placeholder: null,
              multiple: false,
              pattern: null,
            },
          ];
      const columns: FieldConfig[] = planned.map((c) => {
        const cid = ++id;
        return leafField(c, `${c.key}Field${cid}`, cid);
      });
      const summary: string[] = [];
      if (plan.table.priceQty) {
        const priceId = ++id;
        const qtyId = ++id;
        const amountId = ++id;
        columns.push(
          leafField(
            {
              key: 'numInput',
              label: '单价',
              required: true,
              placeholder: null,
              multiple: false,
              pattern: null,
            },
            `price${priceId}`,
            priceId,
          ),
          leafField(
            {
              key: 'numInput',
              label: '数量',
              required: false,
              placeholder: null,
              multiple: false,
              pattern: null,
            },
            `qty${qtyId}`,
            qtyId,
          ),
          {
            __config__: { jnpfKey: 'calculate', label: '金额', formId: amountId },
            __vModel__: `amount${amountId}`,
            expression: [`${tv}.price${priceId}`, '*', `${tv}.qty${qtyId}`],
          } as unknown as FieldConfig,
        );
        summary.push(`price${priceId}`, `amount${amountId}`);
        numeric.push(`${tv}.amount${amountId}`);
      }
      fields.push({
        __config__: {
          jnpfKey: 'table',
          label: plan.table.label,
          formId,
          layout: 'rowFormItem',
          children: columns,
        },
        __vModel__: tv,
        showSummary: summary.length > 0,
        summaryField: summary,
      } as unknown as FieldConfig);
    }
    for (const picks of plan.calcs) {
      if (!numeric.length) break;
      const formId = ++id;
      const expression: string[] = [];
      picks.forEach((p, i) => {
        if (i) expression.push(['+', '-', '*'][p % 3]!);
        expression.push(p % 4 === 3 ? String(p % 10) : numeric[p % numeric.length]!);
      });
      const vModel = `calculateField${formId}`;
      fields.push({
        __config__: { jnpfKey: 'calculate', label: '合计', formId },
        __vModel__: vModel,
        expression,
      } as unknown as FieldConfig);
      numeric.push(vModel);
    }
    return {
      formRef: 'elForm',
      formModel: 'dataForm',
      labelWidth: 100,
      gutter: 15,
      span: 24,
      idGlobal: id + 1,
      fields,
    };
  });
}
