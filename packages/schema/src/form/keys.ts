/**
 * Component kinds (`__config__.jnpfKey`) of the form designer, in the JNPF naming style, and the designer's
 * three palette groups (spec 3 §2: basic controls, business components, layout controls).
 */

/** Palette group 1: basic controls. */
export const BASIC_CONTROLS = [
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

/** Palette group 2: business components (pickers, relations, generated and system fields). */
export const BUSINESS_CONTROLS = [
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

/** Palette group 3: layout controls. */
export const LAYOUT_CONTROLS = ['groupTitle', 'divider', 'collapse', 'tab', 'row', 'card', 'table'] as const;

/** Every component kind. */
export const JNPF_KEYS = [...BASIC_CONTROLS, ...BUSINESS_CONTROLS, ...LAYOUT_CONTROLS] as const;
export type JnpfKey = (typeof JNPF_KEYS)[number];

/** Kinds that hold other fields (tab and collapse hold panes, each pane holds fields; table holds columns). */
export const CONTAINER_KEYS = ['row', 'card', 'tab', 'collapse', 'table'] as const;
export type ContainerKey = (typeof CONTAINER_KEYS)[number];

/** Kinds that show something but produce no data (no `__vModel__`). */
export const DISPLAY_KEYS = [
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
] as const;

/**
 * Kinds that may not be a sub-table column (spec 3 §2: "layout and table containers cannot be nested inside
 * tables"; display-only kinds have no cell value either).
 */
export const TABLE_FORBIDDEN_KEYS = [
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
] as const;

/** System fields: filled by the server, read-only in the form. */
export const SYSTEM_KEYS = [
  'createUser',
  'createTime',
  'modifyUser',
  'modifyTime',
  'currOrganize',
  'currDept',
  'currPosition',
] as const;

/** Kinds whose value is computed or assigned, never typed by the user. */
export const READONLY_KEYS = ['calculate', 'billRule', ...SYSTEM_KEYS] as const;

const ALL = new Set<string>(JNPF_KEYS);
const CONTAINERS = new Set<string>(CONTAINER_KEYS);
const DISPLAY = new Set<string>(DISPLAY_KEYS);
const TABLE_FORBIDDEN = new Set<string>(TABLE_FORBIDDEN_KEYS);

export const isJnpfKey = (key: unknown): key is JnpfKey => typeof key === 'string' && ALL.has(key);
export const isContainerKey = (key: unknown): key is ContainerKey =>
  typeof key === 'string' && CONTAINERS.has(key);
export const isDisplayKey = (key: unknown): boolean => typeof key === 'string' && DISPLAY.has(key);
/** Whether a field of this kind may be dropped into a sub-table. */
export const allowedInTable = (key: unknown): boolean =>
  typeof key === 'string' && ALL.has(key) && !TABLE_FORBIDDEN.has(key);
