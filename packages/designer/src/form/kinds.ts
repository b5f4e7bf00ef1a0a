/**
 * Palette metadata: the three groups and each kind's default label. The group lists mirror @kp/schema's
 * BASIC_CONTROLS / BUSINESS_CONTROLS / LAYOUT_CONTROLS (kept here as plain data so the designer's logic
 * can run even while a host pins an older schema).
 */
export const BASIC = [
  'comInput',
  'textarea',
  'numInput',
  'JNPFAmount',
  'switch',
  'radio',
  'checkbox',
  'select',
  'cascader',
  'date',
  'time',
  'dateRange',
  'timeRange',
  'numberRange',
  'colorPicker',
  'rate',
  'slider',
  'editor',
  'uploadFz',
  'uploadImg',
  'JNPFText',
  'link',
  'button',
  'alert',
  'barcode',
  'qrcode',
] as const;

export const BUSINESS = [
  'comSelect',
  'depSelect',
  'posSelect',
  'roleSelect',
  'userSelect',
  'usersSelect',
  'groupSelect',
  'address',
  'treeSelect',
  'dicSelect',
  'billRule',
  'relationForm',
  'relationFormAttr',
  'popupSelect',
  'popupTableSelect',
  'popupAttr',
  'calculate',
  'createUser',
  'createTime',
  'modifyUser',
  'modifyTime',
  'currOrganize',
  'currDept',
  'currPosition',
] as const;

export const LAYOUT = ['groupTitle', 'divider', 'collapse', 'tab', 'row', 'card', 'table'] as const;

/** Kinds that hold other fields. tab / collapse hold panes (tabItem / collapseItem) that hold fields. */
const CONTAINERS = new Set<string>(['row', 'card', 'tab', 'collapse', 'table']);
const PANE_KINDS = new Set<string>(['tabItem', 'collapseItem']);
/** Display-only kinds: no __vModel__. */
const DISPLAY = new Set<string>([
  'JNPFText',
  'link',
  'button',
  'alert',
  'barcode',
  'qrcode',
  'groupTitle',
  'divider',
  'row',
  'card',
  'tab',
  'collapse',
]);
/** Spec 3 §2: layout and table containers cannot be nested inside tables (display kinds have no cell). */
const TABLE_FORBIDDEN = new Set<string>([
  'row',
  'card',
  'tab',
  'collapse',
  'table',
  'groupTitle',
  'divider',
  'JNPFText',
  'link',
  'button',
  'alert',
  'barcode',
  'qrcode',
]);
const SELECTS_WITH_OPTIONS = new Set<string>(['radio', 'checkbox', 'select', 'cascader', 'treeSelect']);

export const isContainer = (k: string) => CONTAINERS.has(k);
export const isPane = (k: string) => PANE_KINDS.has(k);
export const isDisplay = (k: string) => DISPLAY.has(k);
export const allowedInTable = (k: string) => !TABLE_FORBIDDEN.has(k) && !PANE_KINDS.has(k);
export const hasOptions = (k: string) => SELECTS_WITH_OPTIONS.has(k);
/** Whether a field of this kind holds a list of fields directly (row, card, table, panes). */
export const holdsFields = (k: string) => k === 'row' || k === 'card' || k === 'table' || PANE_KINDS.has(k);
