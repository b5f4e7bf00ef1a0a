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
  /** Value computed or assigned by the server, never typed (calculate, bill number, system fields). */
  readonly: boolean;
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

/** Static options (nested ones flattened) as [value, label as designed: a string or {zh, zhtw, en}]. */
function optionList(field: FieldConfig): Array<[unknown, unknown]> {
  const f = looseOf(field);
  const slot = f.__slot__ as { options?: unknown } | undefined;
  const list = Array.isArray(f.options) ? f.options : Array.isArray(slot?.options) ? slot.options : [];
  const props = (f.__config__.props ?? (f.props as { props?: unknown } | undefined)?.props ?? {}) as {
    label?: string;
    value?: string;
    children?: string;
  };
  const lk = props.label ?? 'fullName';
  const vk = props.value ?? 'id';
  const ck = props.children ?? 'children';
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
