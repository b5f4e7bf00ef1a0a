import type { FieldConfig } from '@kp/schema';
import type { ValueShape } from '../../form/value-shape';

/** Where the names of a kind's stored ids come from (the server resolves them; lists and prints show names). */
export type NameSource = 'user' | 'org' | 'position' | 'role' | 'group' | 'dict' | 'region' | null;

/** What a kind is: a data field, a layout container (holds fields) or a display-only element. */
export type KindRole = 'data' | 'layout' | 'display';

type Loose = Record<string, unknown> & { __config__: Record<string, unknown> };
export const looseOf = (field: FieldConfig): Loose => field as unknown as Loose;

/**
 * One field kind (`__config__.jnpfKey`): everything the platform knows about it outside its renderer
 * widget. Adding a kind is one module in kinds/ (default export of defineKind) plus its widget; the
 * conformance suite (kinds.conformance.test.ts) runs every registered kind.
 */
export interface KindDefinition {
  key: string;
  role: KindRole;
  /** The data shape of the field's value (see form/shape.ts). */
  shape(field: FieldConfig): ValueShape;
  /** The initial value when the config gives none that fits. */
  defaultValue(field: FieldConfig, shape: ValueShape): unknown;
  /**
   * Value computed or assigned by the server, never typed (calculate, bill number, system fields): the caller's
   * input is not taken (access: not writable) and an import template leaves it out.
   */
  readonly: boolean;
  /**
   * Whether a person gives the value in the form (types, picks, toggles); absent = `!readonly`. False for the
   * attribute of a related record (relationFormAttr, popupAttr): the browser fills it from the record picked in
   * another field, so it is drawn read-only, but it is not `readonly`: when stored (isStorage 1) the server keeps
   * what the browser sent. Ask isEditableKind(key), which reads both.
   */
  editable?: boolean;
  /** It shows an attribute of the record picked in another field (relationField, showField), even without a vModel. */
  attribute?: boolean;
  /** How a flow condition compares the value: as a number, a date or a list; absent = text (a list when `multiple`). */
  conditionType?: 'number' | 'date' | 'list';
  /**
   * What a new field of this kind carries beyond the common properties (the designer's makeField): its own
   * properties (`field`) and `__config__` entries (`config`). Texts in the designer's language (a button's
   * caption, default options) are the designer's.
   */
  defaults?: { field?: Readonly<Record<string, unknown>>; config?: Readonly<Record<string, unknown>> };
  /** Options designed on the field (static or from a dictionary/data interface): a flat list or a tree. */
  options?: 'flat' | 'tree';
  /** Whether a calculate formula may read it as an operand (numbers). */
  calculable: boolean;
  /** Where the names of stored ids come from; null when the value is shown as it is (or via options). */
  names: NameSource;
  /** The value as text without lookups (options as labels, lists joined with ','): lists, exports, prints. */
  display(value: unknown, field: FieldConfig): string;
  /** An export cell: same as display for plain kinds; JSON for structured values so import can read it back. */
  exportCell(value: unknown, field: FieldConfig): string;
  /** Reads an export cell (or what a person typed in the template) back into a value of the kind's shape. */
  importCell(text: string, field: FieldConfig): unknown;
  /** How the server shows a stored value beyond `display` (a date in the field's format, switch texts, file names). */
  displayAs?: 'date' | 'dateRange' | 'switch' | 'files';
  /** Whether a field of this kind holds data (default: a data kind with a non-empty __vModel__). */
  holdsData?(field: FieldConfig): boolean;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** A scalar, list or object as cell text: scalars as they are, objects as JSON. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

function parseJson(t: string): unknown {
  try {
    return JSON.parse(t);
  } catch {
    return t;
  }
}

const textOf = (v: unknown): string =>
  v && typeof v === 'object'
    ? String((v as Record<string, unknown>).zh ?? Object.values(v as object)[0] ?? '')
    : String(v ?? '');

/** Every language's text of a label ({zh, zhtw, en} or a string): an import accepts any of them. */
const textsOf = (v: unknown): string[] =>
  v && typeof v === 'object'
    ? Object.values(v as object).filter((x): x is string => typeof x === 'string' && x !== '')
    : [String(v ?? '')];

/** Static options of a choice field (nested ones flattened) as [value, label]. */
export function staticOptions(field: FieldConfig): Array<[unknown, string]> {
  return optionList(field).map(([v, l]) => [v, textOf(l) || String(v)]);
}

/** The keys an option list is read by: label, value and children of each option. */
export interface OptionKeys {
  label: string;
  value: string;
  children: string;
}

const keyIn = (x: unknown): string | undefined => (typeof x === 'string' && x !== '' ? x : undefined);

/**
 * The one rule for reading a field's options (static ones here, a dictionary's or a data interface's in the
 * renderer, the server's display and import): the keys the field's props name (`__config__.props`, or the
 * older `props.props`); a key left out or empty is fullName for the label, children for the children, and for
 * the value enCode when the options are a dictionary's (dicSelect, or dataType 'dictionary'), else id.
 */
export function optionKeys(field: unknown): OptionKeys {
  const f = (field ?? {}) as {
    __config__?: { jnpfKey?: unknown; dataType?: unknown; props?: Record<string, unknown> };
    props?: { props?: Record<string, unknown> };
  };
  const props = f.__config__?.props ?? f.props?.props ?? {};
  const dictionary = f.__config__?.jnpfKey === 'dicSelect' || f.__config__?.dataType === 'dictionary';
  return {
    label: keyIn(props.label) ?? 'fullName',
    value: keyIn(props.value) ?? (dictionary ? 'enCode' : 'id'),
    children: keyIn(props.children) ?? 'children',
  };
}

/** Static options (nested ones flattened) as [value, label as designed: a string or {zh, zhtw, en}]. */
function optionList(field: FieldConfig): Array<[unknown, unknown]> {
  const f = looseOf(field);
  const slot = f.__slot__ as { options?: unknown } | undefined;
  const list = Array.isArray(f.options) ? f.options : Array.isArray(slot?.options) ? slot.options : [];
  const { label: lk, value: vk, children: ck } = optionKeys(field);
  const out: Array<[unknown, unknown]> = [];
  const walk = (l: unknown[], depth: number) => {
    if (depth > 16) return;
    for (const o of l as Array<Record<string, unknown> | null>) {
      if (!o || typeof o !== 'object' || o[vk] === undefined) continue;
      out.push([o[vk], o[lk] ?? o[vk]]);
      if (Array.isArray(o[ck])) walk(o[ck] as unknown[], depth + 1);
    }
  };
  walk(list, 0);
  return out;
}

const labelOf = (field: FieldConfig, v: unknown): string => {
  const hit = staticOptions(field).find(([val]) => String(val) === String(v));
  return hit ? hit[1] : cellText(v);
};
const valueOfLabel = (field: FieldConfig, text: string): unknown => {
  const hit = optionList(field).find(([val, label]) => textsOf(label).includes(text) || String(val) === text);
  return hit ? hit[0] : text;
};
const NUMBER = /^-?\d+(\.\d+)?$/;

/** Base behaviours by value shape; a kind module spreads one and overrides what differs. */
export const base: Record<
  'text' | 'number' | 'choice' | 'list' | 'structured' | 'none',
  Omit<KindDefinition, 'key'>
> = {
  text: {
    role: 'data',
    shape: () => 'text',
    defaultValue: () => null,
    readonly: false,
    calculable: false,
    names: null,
    display: (v) => cellText(v),
    exportCell: (v) => cellText(v),
    importCell: (t) => (t.trim() === '' ? null : t.trim()),
  },
  number: {
    role: 'data',
    shape: () => 'number',
    defaultValue: () => null,
    readonly: false,
    calculable: true,
    names: null,
    display: (v) => cellText(v),
    exportCell: (v) => cellText(v),
    importCell: (t) => {
      const s = t.trim();
      if (s === '') return null;
      return NUMBER.test(s) ? Number(s) : s;
    },
  },
  /** One option or one picked id (string or number); static options show as their labels. */
  choice: {
    role: 'data',
    shape: () => 'choice',
    defaultValue: () => null,
    readonly: false,
    calculable: false,
    names: null,
    display: (v, f) => (isEmpty(v) ? '' : labelOf(f, v)),
    exportCell: (v, f) => (isEmpty(v) ? '' : labelOf(f, v)),
    importCell: (t, f) => (t.trim() === '' ? null : valueOfLabel(f, t.trim())),
  },
  /** A list of options or ids; labels joined with ','. */
  list: {
    role: 'data',
    shape: () => 'list',
    defaultValue: () => [],
    readonly: false,
    calculable: false,
    names: null,
    display: (v, f) =>
      Array.isArray(v) ? v.map((x) => labelOf(f, x)).join(',') : isEmpty(v) ? '' : labelOf(f, v),
    exportCell: (v, f) =>
      Array.isArray(v) ? v.map((x) => labelOf(f, x)).join(',') : isEmpty(v) ? '' : labelOf(f, v),
    importCell: (t, f) => {
      const s = t.trim();
      if (s === '') return [];
      if (s.startsWith('[')) return parseJson(s);
      return s.split(/[,，]/).map((x) => valueOfLabel(f, x.trim()));
    },
  },
  /** Structured values (paths, ranges, files): display joined, export as JSON so import reads them back. */
  structured: {
    role: 'data',
    shape: () => 'path',
    defaultValue: () => [],
    readonly: false,
    calculable: false,
    names: null,
    display: (v) =>
      Array.isArray(v) ? v.map((x) => (Array.isArray(x) ? x.join('/') : cellText(x))).join(',') : cellText(v),
    exportCell: (v) => (isEmpty(v) || (Array.isArray(v) && !v.length) ? '' : cellText(v)),
    importCell: (t) => {
      const s = t.trim();
      if (s === '') return [];
      return s.startsWith('[') || s.startsWith('{') ? parseJson(s) : s;
    },
  },
  /** Holds no data of its own (layout containers, display elements). */
  none: {
    role: 'display',
    shape: () => 'any',
    defaultValue: () => null,
    readonly: false,
    calculable: false,
    names: null,
    display: () => '',
    exportCell: () => '',
    importCell: () => null,
  },
};

/** A kind module's default export: the key and its behaviours (checked to be whole). */
export function defineKind(def: KindDefinition): KindDefinition {
  return Object.freeze({ ...def });
}

/** Multiple-aware shapes of pickers and selects: `multiple` makes a list. */
export const choiceOrList = (field: FieldConfig): ValueShape =>
  looseOf(field).multiple === true ? 'list' : 'choice';
/** Cascader-like kinds: a path of ids, or a list of paths when multiple. */
export const pathOrPaths = (field: FieldConfig): ValueShape =>
  looseOf(field).multiple === true ? 'paths' : 'path';
/** A choice or a list, displayed by the right base. */
export const choiceOrListKind = {
  shape: choiceOrList,
  defaultValue: (_f: FieldConfig, shape: ValueShape) => (shape === 'list' ? [] : null),
  display: (v: unknown, f: FieldConfig) =>
    Array.isArray(v) ? base.list.display(v, f) : base.choice.display(v, f),
  exportCell: (v: unknown, f: FieldConfig) =>
    Array.isArray(v) ? base.list.exportCell(v, f) : base.choice.exportCell(v, f),
  importCell: (t: string, f: FieldConfig) =>
    choiceOrList(f) === 'list' ? base.list.importCell(t, f) : base.choice.importCell(t, f),
};

const fileNames = (v: unknown) =>
  Array.isArray(v) ? v.map((x) => String((x as { name?: unknown } | null)?.name ?? '')).join(',') : '';
/** Uploads (attachments, images): a list of { name, fileId, url, size }, shown by file name, compared as a list. */
export const filesKind: Omit<KindDefinition, 'key'> = {
  ...base.structured,
  conditionType: 'list',
  displayAs: 'files',
  shape: () => 'files',
  display: fileNames,
};

/**
 * The attribute of a related record (relationFormAttr, popupAttr): it holds data only when stored (isStorage 1)
 * and named. Nobody types it (the browser fills it from the record picked in relationField), so it is not
 * editable; it is not readonly either: the server keeps the stored value the browser sent.
 */
export const attributeKind: Omit<KindDefinition, 'key'> = {
  ...base.text,
  editable: false,
  attribute: true,
  shape: () => 'any',
  holdsData: (f) => looseOf(f).isStorage === 1 && typeof looseOf(f).__vModel__ === 'string',
};
