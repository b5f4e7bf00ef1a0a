import { describe, expect, it } from 'vitest';
import { cfg, data, input, show } from '../test/formFixtures';
import { FIELD_KIND_SCHEMAS } from './fields';
import { validateFieldConfig } from './formConfig';
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
/** One valid field of every kind, and one broken copy with the path of the error it must give. */
export const CASES: Record<JnpfKey, { valid: object; invalid: object; path: string }> = {
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
    valid: data('roleSelect', 'a', { hasSys: true, multiple: true }),
    invalid: data('roleSelect', 'a', { hasSys: 'yes' }),
    path: 'hasSys',
  },
  userSelect: {
    valid: data('userSelect', 'a', { selectType: 'all', hasSys: true }),
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
