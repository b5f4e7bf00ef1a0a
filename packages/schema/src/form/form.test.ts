import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PickerTreeNode } from './entities';
import { FIELD_KIND_SCHEMAS } from './fields';
import { emptyFormConfig, jsonDepth, validateFieldConfig, validateFormConfig } from './formConfig';
import {
  allowedInTable,
  BASIC_CONTROLS,
  BUSINESS_CONTROLS,
  CONTAINER_KEYS,
  JNPF_KEYS,
  type JnpfKey,
  LAYOUT_CONTROLS,
  TABLE_FORBIDDEN_KEYS,
} from './keys';

const cfg = (jnpfKey: string, extra: Record<string, unknown> = {}) => ({ jnpfKey, label: '字段', ...extra });
const data = (jnpfKey: string, vModel: string, props: Record<string, unknown> = {}, config = {}) => ({
  __config__: cfg(jnpfKey, config),
  __vModel__: vModel,
  ...props,
});
const show = (jnpfKey: string, props: Record<string, unknown> = {}, config = {}) => ({
  __config__: cfg(jnpfKey, config),
  ...props,
});
const input = data('comInput', 'inner');

/** One valid field of every kind, and one broken copy with the path of the error it must give. */
const CASES: Record<JnpfKey, { valid: object; invalid: object; path: string }> = {
  comInput: {
    valid: data('comInput', 'a', { maxlength: 10 }),
    invalid: data('comInput', 'a', { maxlength: -1 }),
    path: 'maxlength',
  },
  textarea: {
    valid: data('textarea', 'a', { autosize: { minRows: 2 } }),
    invalid: data('textarea', 'a', { autosize: { minRows: 0 } }),
    path: 'autosize.minRows',
  },
  numInput: {
    valid: data('numInput', 'a', { min: 0, precision: 2 }),
    invalid: data('numInput', 'a', { precision: 16 }),
    path: 'precision',
  },
  JNPFAmount: {
    valid: data('JNPFAmount', 'a', { precision: 2, currencySymbol: '¥' }),
    invalid: data('JNPFAmount', 'a', { precision: 'x' }),
    path: 'precision',
  },
  switch: {
    valid: data('switch', 'a', { activeValue: 1, inactiveValue: 0 }),
    invalid: data('switch', 'a', { activeValue: {} }),
    path: 'activeValue',
  },
  radio: {
    valid: data('radio', 'a', { optionType: 'button' }),
    invalid: data('radio', 'a', { optionType: 'x' }),
    path: 'optionType',
  },
  checkbox: {
    valid: data('checkbox', 'a', { min: 1 }),
    invalid: data('checkbox', 'a', { min: -1 }),
    path: 'min',
  },
  select: {
    valid: data('select', 'a', { multiple: true }),
    invalid: data('select', 'a', { multiple: 'yes' }),
    path: 'multiple',
  },
  cascader: {
    valid: data('cascader', 'a', { separator: '/' }),
    invalid: data('cascader', 'a', { showAllLevels: 1 }),
    path: 'showAllLevels',
  },
  date: {
    valid: data('date', 'a', { type: 'datetime' }),
    invalid: data('date', 'a', { type: 'decade' }),
    path: 'type',
  },
  time: {
    valid: data('time', 'a', { format: 'HH:mm' }),
    invalid: data('time', 'a', { format: 5 }),
    path: 'format',
  },
  dateRange: {
    valid: data('dateRange', 'a', { type: 'daterange' }),
    invalid: data('dateRange', 'a', { type: 'date' }),
    path: 'type',
  },
  timeRange: {
    valid: data('timeRange', 'a'),
    invalid: data('timeRange', 'a', { format: [] }),
    path: 'format',
  },
  numberRange: {
    valid: data('numberRange', 'a', { precision: 0 }),
    invalid: data('numberRange', 'a', { precision: 1.5 }),
    path: 'precision',
  },
  colorPicker: {
    valid: data('colorPicker', 'a', { colorFormat: 'hex' }),
    invalid: data('colorPicker', 'a', { colorFormat: 'cmyk' }),
    path: 'colorFormat',
  },
  rate: { valid: data('rate', 'a', { max: 5 }), invalid: data('rate', 'a', { max: 0 }), path: 'max' },
  slider: {
    valid: data('slider', 'a', { range: true }),
    invalid: data('slider', 'a', { step: 0 }),
    path: 'step',
  },
  editor: { valid: data('editor', 'a'), invalid: data('editor', 'a', { height: 10 }), path: 'height' },
  uploadFz: {
    valid: data('uploadFz', 'a', { limit: 3, fileSize: 5, sizeUnit: 'MB', accept: '.pdf' }),
    invalid: data('uploadFz', 'a', { sizeUnit: 'TB' }),
    path: 'sizeUnit',
  },
  uploadImg: {
    valid: data('uploadImg', 'a', { limit: 9 }),
    invalid: data('uploadImg', 'a', { fileSize: 0 }),
    path: 'fileSize',
  },
  JNPFText: {
    valid: show('JNPFText', { content: '文本', textStyle: { 'font-size': 12, 'line-height': 32 } }),
    invalid: show('JNPFText', { textStyle: { 'font-size': 11 } }),
    path: 'textStyle["font-size"]',
  },
  link: {
    valid: show('link', { href: 'https://x', target: '_blank' }),
    invalid: show('link', { target: 'top' }),
    path: 'target',
  },
  button: {
    valid: show('button', { buttonText: '按钮', align: 'center' }),
    invalid: show('button', { align: 'middle' }),
    path: 'align',
  },
  alert: {
    valid: show('alert', { title: '提示', type: 'warning' }),
    invalid: show('alert', { type: 'danger' }),
    path: 'type',
  },
  barcode: {
    valid: show('barcode', { format: 'ean13', width: 4, height: 40, dataType: 'static', staticText: '123' }),
    invalid: show('barcode', { width: 0 }),
    path: 'width',
  },
  qrcode: {
    valid: show('qrcode', { colorDark: '#000', colorLight: '#fff', size: 100 }),
    invalid: show('qrcode', { dataType: 'dynamic' }),
    path: 'dataType',
  },
  comSelect: {
    valid: data('comSelect', 'a', { multiple: true }),
    invalid: data('comSelect', 'a', { selectType: 'some' }),
    path: 'selectType',
  },
  depSelect: {
    valid: data('depSelect', 'a'),
    invalid: data('depSelect', 'a', { ableIds: [1] }),
    path: 'ableIds[0]',
  },
  posSelect: {
    valid: data('posSelect', 'a'),
    invalid: data('posSelect', 'a', { multiple: null }),
    path: 'multiple',
  },
  roleSelect: {
    valid: data('roleSelect', 'a'),
    invalid: data('roleSelect', 'a', { multiple: 0 }),
    path: 'multiple',
  },
  userSelect: {
    valid: data('userSelect', 'a', { selectType: 'all' }),
    invalid: data('userSelect', '1a'),
    path: '__vModel__',
  },
  usersSelect: {
    valid: data('usersSelect', 'a'),
    invalid: data('usersSelect', 'a', { multiple: 'x' }),
    path: 'multiple',
  },
  groupSelect: {
    valid: data('groupSelect', 'a'),
    invalid: data('groupSelect', 'a', {}, { span: 0 }),
    path: '__config__.span',
  },
  address: {
    valid: data('address', 'a', { level: 2, multiple: true }),
    invalid: data('address', 'a', { level: 4 }),
    path: 'level',
  },
  treeSelect: {
    valid: data('treeSelect', 'a', { options: [{ id: '1', fullName: 'a' }] }),
    invalid: data('treeSelect', 'a', { options: [1] }),
    path: 'options[0]',
  },
  dicSelect: {
    valid: data('dicSelect', 'a', {}, { dictionaryType: 'd1' }),
    invalid: data('dicSelect', 'a'),
    path: '__config__.dictionaryType',
  },
  billRule: {
    valid: data('billRule', 'a', {}, { rule: 'BXD' }),
    invalid: data('billRule', 'a', {}, { rule: '' }),
    path: '__config__.rule',
  },
  relationForm: {
    valid: data('relationForm', 'a', { modelId: 'm', relationField: 'f' }),
    invalid: data('relationForm', 'a', { relationField: 'f' }),
    path: 'modelId',
  },
  relationFormAttr: {
    valid: show('relationFormAttr', { relationField: 'a', showField: 'x' }),
    invalid: show('relationFormAttr', { relationField: 'a', showField: 'x', isStorage: 2 }),
    path: 'isStorage',
  },
  popupSelect: {
    valid: data('popupSelect', 'a', { interfaceId: 'i', propsValue: 'id', relationField: 'name' }),
    invalid: data('popupSelect', 'a', { interfaceId: 'i', propsValue: 'id' }),
    path: 'relationField',
  },
  popupTableSelect: {
    valid: data('popupTableSelect', 'a', {
      interfaceId: 'i',
      propsValue: 'id',
      relationField: 'n',
      pageSize: 20,
    }),
    invalid: data('popupTableSelect', 'a', {
      interfaceId: 'i',
      propsValue: 'id',
      relationField: 'n',
      pageSize: 0,
    }),
    path: 'pageSize',
  },
  popupAttr: {
    valid: show('popupAttr', { relationField: 'a', showField: 'x' }),
    invalid: show('popupAttr', { relationField: 'a' }),
    path: 'showField',
  },
  calculate: {
    valid: data('calculate', 'a', { expression: ['1', '+', '2'] }),
    invalid: data('calculate', 'a', { expression: ['1', 2] }),
    path: 'expression[1]',
  },
  createUser: {
    valid: data('createUser', 'a'),
    invalid: data('createUser', 'a', { showLevel: 'first' }),
    path: 'showLevel',
  },
  createTime: {
    valid: data('createTime', 'a'),
    invalid: data('createTime', 'a', {}, { required: 'yes' }),
    path: '__config__.required',
  },
  modifyUser: {
    valid: data('modifyUser', 'a'),
    invalid: data('modifyUser', 'a', {}, { visibility: ['web'] }),
    path: '__config__.visibility[0]',
  },
  modifyTime: {
    valid: data('modifyTime', 'a'),
    invalid: data('modifyTime', 'a', {}, { layout: 'grid' }),
    path: '__config__.layout',
  },
  currOrganize: {
    valid: data('currOrganize', 'a', { showLevel: 'all' }),
    invalid: { __config__: cfg('currOrganize') },
    path: '__vModel__',
  },
  currDept: {
    valid: data('currDept', 'a'),
    invalid: data('currDept', 'a', {}, { regList: [{ pattern: 1 }] }),
    path: '__config__.regList[0].pattern',
  },
  currPosition: {
    valid: data('currPosition', 'a'),
    invalid: data('currPosition', 'a', {}, { label: 5 }),
    path: '__config__.label',
  },
  groupTitle: {
    valid: show('groupTitle', { content: '标题', contentPosition: 'left' }),
    invalid: show('groupTitle', { contentPosition: 'top' }),
    path: 'contentPosition',
  },
  divider: {
    valid: show('divider', { content: '分割' }),
    invalid: show('divider', { contentPosition: 1 }),
    path: 'contentPosition',
  },
  collapse: {
    valid: show(
      'collapse',
      { accordion: true },
      { children: [{ title: '面板', name: '1', __config__: { children: [input] } }] },
    ),
    invalid: show('collapse', {}, { children: [{ name: '1', __config__: { children: [] } }] }),
    path: '__config__.children[0].title',
  },
  tab: {
    valid: show(
      'tab',
      { type: 'border-card', tabPosition: 'left' },
      { children: [{ title: '页', name: '1', __config__: { children: [input] } }] },
    ),
    invalid: show('tab', {}, { children: [] }),
    path: '__config__.children',
  },
  row: {
    valid: show('row', { justify: 'space-between' }, { children: [input] }),
    invalid: show('row', { justify: 'around' }, { children: [] }),
    path: 'justify',
  },
  card: {
    valid: show('card', { shadow: 'hover', header: '卡片' }, { children: [] }),
    invalid: show('card', { shadow: 'sometimes' }, { children: [] }),
    path: 'shadow',
  },
  table: {
    valid: data(
      'table',
      'tableField101',
      { showSummary: true, summaryField: ['inner'] },
      { children: [input] },
    ),
    invalid: data('table', 'tableField101', { showSummary: 'y' }, { children: [] }),
    path: 'showSummary',
  },
};

describe('key lists', () => {
  it('every jnpfKey has its own schema and a test case; groups partition the keys', () => {
    expect(Object.keys(FIELD_KIND_SCHEMAS).sort()).toEqual([...JNPF_KEYS].sort());
    expect(Object.keys(CASES).sort()).toEqual([...JNPF_KEYS].sort());
    expect([...BASIC_CONTROLS, ...BUSINESS_CONTROLS, ...LAYOUT_CONTROLS].length).toBe(
      new Set(JNPF_KEYS).size,
    );
    for (const k of CONTAINER_KEYS) expect(allowedInTable(k)).toBe(false);
    for (const k of TABLE_FORBIDDEN_KEYS) expect(allowedInTable(k)).toBe(false);
    expect(allowedInTable('numInput')).toBe(true);
    expect(allowedInTable('nope')).toBe(false);
  });

  it('every kind schema documents itself and its props', () => {
    for (const [key, schema] of Object.entries(FIELD_KIND_SCHEMAS)) {
      expect(schema.description, key).toBeTruthy();
    }
  });
});

describe('each kind', () => {
  for (const key of JNPF_KEYS) {
    it(`${key}: valid passes, invalid gives a readable path`, () => {
      const c = CASES[key];
      const ok = validateFieldConfig(c.valid);
      expect(ok.ok ? [] : ok.errors).toEqual([]);
      const bad = validateFieldConfig(c.invalid);
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(bad.errors.map((e) => e.path)).toContain(c.path);
    }, 30_000);
  }
});

describe('validateFormConfig', () => {
  it('accepts an empty form with the spec defaults', () => {
    const empty = emptyFormConfig();
    expect(empty).toMatchObject({ labelWidth: 100, gutter: 15, span: 24, idGlobal: 100 });
    expect(validateFormConfig(empty).ok).toBe(true);
  });

  it('paths read like fields[3].__config__.span, nested ones too', () => {
    const r = validateFormConfig({
      fields: [
        data('comInput', 'a'),
        data('comInput', 'b'),
        data('comInput', 'c'),
        data('comInput', 'd', {}, { span: 25 }),
        show('row', {}, { children: [data('numInput', 'e', { step: -1 })] }),
        show(
          'tab',
          {},
          {
            children: [
              {
                title: 't',
                name: '1',
                __config__: { children: [show('card', { shadow: 1 }, { children: [] })] },
              },
            ],
          },
        ),
      ],
      labelWidth: 'wide',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const paths = r.errors.map((e) => e.path);
    expect(paths).toContain('fields[3].__config__.span');
    expect(paths).toContain('fields[4].__config__.children[0].step');
    expect(paths).toContain('fields[5].__config__.children[0].__config__.children[0].shadow');
    expect(paths).toContain('labelWidth');
    expect(r.errors.find((e) => e.path === 'fields[3].__config__.span')?.message).toBe('must be <= 24');
  });

  it('names unknown kinds and missing parts', () => {
    const r = validateFormConfig({ fields: [{ __config__: { jnpfKey: 'spinner' } }, { __vModel__: 'x' }] });
    expect(r.ok ? [] : r.errors.map((e) => e.path)).toEqual(
      expect.arrayContaining(['fields[0].__config__.jnpfKey', 'fields[1].__config__']),
    );
    expect(validateFormConfig({}).ok).toBe(false);
  });

  it('checks what JSON Schema cannot: unique __vModel__ per scope', () => {
    const r = validateFormConfig({
      fields: [
        data('comInput', 'a'),
        show('card', {}, { children: [data('numInput', 'a')] }),
        data(
          'table',
          't',
          {},
          { children: [data('numInput', 'a'), data('numInput', 'x'), data('numInput', 'x')] },
        ),
      ],
    });
    expect(r.ok ? [] : r.errors).toEqual([
      { path: 'fields[1].__config__.children[0].__vModel__', message: 'duplicate __vModel__ "a"' },
      {
        path: 'fields[2].__config__.children[2].__vModel__',
        message: 'duplicate __vModel__ "x" in table "t"',
      },
    ]);
  });

  it('refuses containers, tables and display kinds as table columns', () => {
    for (const key of ['row', 'card', 'table', 'tab', 'collapse', 'groupTitle', 'JNPFText']) {
      const inner =
        key === 'table'
          ? data('table', 'inner', {}, { children: [] })
          : (CASES[key as JnpfKey].valid as object);
      const r = validateFormConfig({ fields: [data('table', 't', {}, { children: [inner] })] });
      expect(r.ok ? [] : r.errors, key).toEqual([
        {
          path: 'fields[0].__config__.children[0].__config__.jnpfKey',
          message: `"${key}" cannot be a sub-table column`,
        },
      ]);
    }
  });

  it('checks formulas, summary fields, patterns and attribute links', () => {
    const r = validateFormConfig({
      fields: [
        data('numInput', 'n'),
        data('table', 't', { summaryField: ['p', 'zz'] }, { children: [data('numInput', 'p')] }),
        data('calculate', 'c', { expression: ['n', '+', 't.p', '*', 't.q', '-', '1.5', '+', 'ghost'] }),
        data('comInput', 's', {}, { regList: [{ pattern: '([a-z', message: 'bad' }] }),
        show('relationFormAttr', { relationField: 'n', showField: 'x' }),
        show('qrcode', { dataType: 'relation' }),
      ],
    });
    expect(r.ok ? [] : r.errors).toEqual([
      { path: 'fields[3].__config__.regList[0].pattern', message: 'is not a valid regular expression' },
      { path: 'fields[1].summaryField[1]', message: 'is not a column of this table' },
      { path: 'fields[2].expression[4]', message: 'refers to unknown field "t.q"' },
      { path: 'fields[2].expression[8]', message: 'refers to unknown field "ghost"' },
      { path: 'fields[4].relationField', message: 'must name a relationForm field' },
      { path: 'fields[5].relationField', message: 'is required when dataType is relation' },
    ]);
  });

  it('labels may be plain strings or {zh, zhtw, en}', () => {
    expect(
      validateFormConfig({
        fields: [data('comInput', 'a', {}, { label: { zh: '名称', zhtw: '名稱', en: 'Name' } })],
      }).ok,
    ).toBe(true);
    expect(validateFormConfig({ fields: [data('comInput', 'a', {}, { label: { fr: 'Nom' } })] }).ok).toBe(
      false,
    );
  });

  it('never throws on random JSON, random fields, deep nesting or cycles', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        expect(typeof validateFormConfig(json).ok).toBe('boolean');
        expect(typeof validateFormConfig({ fields: [json] }).ok).toBe('boolean');
        expect(typeof validateFieldConfig(json).ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            key: fc.constantFrom(...JNPF_KEYS),
            extra: fc.dictionary(fc.string(), fc.jsonValue()),
          }),
        ),
        (items) => {
          const fields = items.map(({ key, extra }) => ({
            __config__: { jnpfKey: key, ...extra },
            ...extra,
          }));
          expect(typeof validateFormConfig({ fields }).ok).toBe('boolean');
        },
      ),
      { numRuns: 200 },
    );
    let deep: unknown = input;
    for (let i = 0; i < 20_000; i++) deep = show('row', {}, { children: [deep] });
    const r = validateFormConfig({ fields: [deep] });
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.errors[0]?.message).toMatch(/nested deeper/);
    const cyclic: Record<string, unknown> = { fields: [] };
    (cyclic.fields as unknown[]).push(cyclic);
    expect(validateFormConfig(cyclic).ok).toBe(false);
  }, 60_000);

  it('jsonDepth counts without recursion', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({ a: [1] })).toBe(2);
  });
});

describe('field-level entities', () => {
  it('picker tree nodes nest; a dictionary option needs enCode and fullName', async () => {
    const { ajv } = await import('../validator');
    const { DictionaryOption, PickerTreeNode, QrPayload, RegionNode } = await import('./entities');
    const node: PickerTreeNode = {
      id: '1',
      fullName: '总部',
      children: [{ id: '2', fullName: '研发', enabledMark: 0 }],
    };
    expect(ajv.validate(PickerTreeNode, node)).toBe(true);
    expect(ajv.validate(PickerTreeNode, { id: '1', fullName: 'x', children: [{ id: 2 }] })).toBe(false);
    expect(
      ajv.validate(RegionNode, {
        id: '11',
        fullName: '北京',
        children: [{ id: '1101', fullName: '东城', isLeaf: true }],
      }),
    ).toBe(true);
    expect(ajv.validate(DictionaryOption, { enCode: 'a' })).toBe(false);
    expect(ajv.validate(QrPayload, { t: 'flow', id: '1', mid: 'm', ftid: 'x', opt: 1 })).toBe(true);
  });
});
