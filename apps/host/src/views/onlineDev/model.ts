// Pure parts of the online-development screens: the fields a list can show, the default list
// configuration of a form, and which buttons a user sees.
import { walkFields } from '@kp/engine';
import type { FormConfig, VisualDevColumnData } from '@kp/schema';

export interface FieldInfo {
  vModel: string;
  label: string;
  jnpfKey: string;
}

/** Keys that show something but hold no data. */
const DISPLAY = new Set([
  'JNPFText',
  'link',
  'button',
  'alert',
  'barcode',
  'qrcode',
  'groupTitle',
  'divider',
]);
const CONTAINERS = new Set(['row', 'card', 'tab', 'collapse', 'collapseItem', 'tabItem']);

const labelOf = (l: unknown): string =>
  typeof l === 'string'
    ? l
    : l && typeof l === 'object'
      ? String((l as Record<string, unknown>).zh ?? '')
      : '';

/** Main data fields of a form config (sub-tables and their columns excluded), in display order. */
export function mainFieldsOf(config: FormConfig | null | undefined): FieldInfo[] {
  const out: FieldInfo[] = [];
  walkFields((config as { fields?: unknown } | null | undefined)?.fields, (f) => {
    const key = f.__config__.jnpfKey;
    if (key === 'table') return false;
    if (CONTAINERS.has(key) || DISPLAY.has(key)) return;
    const vModel = f.__vModel__;
    if (typeof vModel !== 'string' || !vModel) return;
    out.push({ vModel, label: labelOf(f.__config__.label) || vModel, jnpfKey: key });
    return false;
  });
  return out;
}

/** Sub-tables of a form config (top level or inside containers). */
export function tablesOf(config: FormConfig | null | undefined): FieldInfo[] {
  const out: FieldInfo[] = [];
  walkFields((config as { fields?: unknown } | null | undefined)?.fields, (f) => {
    if (f.__config__.jnpfKey !== 'table') return;
    const vModel = f.__vModel__;
    if (typeof vModel === 'string' && vModel)
      out.push({ vModel, label: labelOf(f.__config__.label) || vModel, jnpfKey: 'table' });
    return false;
  });
  return out;
}

const TEXT_KEYS = new Set(['comInput', 'textarea', 'billRule']);

/** The list a new design starts with: the first six fields, text fields searchable, every button. */
export function defaultColumnData(fields: FieldInfo[]): VisualDevColumnData {
  return {
    columnList: fields.slice(0, 6).map((f) => ({ prop: f.vModel, label: f.label })),
    searchList: fields
      .filter((f) => TEXT_KEYS.has(f.jnpfKey))
      .slice(0, 2)
      .map((f) => ({ prop: f.vModel, label: f.label })),
    btnsList: ['add', 'download', 'upload', 'batchRemove'],
    columnBtnsList: ['edit', 'detail', 'remove'],
    hasPage: true,
    pageSize: 20,
    sort: 'desc',
  };
}

/** Keeps a list config in step with the form: drops columns and search fields whose field is gone. */
export function syncColumnData(cols: VisualDevColumnData, fields: FieldInfo[]): VisualDevColumnData {
  const have = new Map(fields.map((f) => [f.vModel, f]));
  return {
    ...cols,
    columnList: cols.columnList.filter((c) => have.has(c.prop)),
    searchList: (cols.searchList ?? []).filter((c) => have.has(c.prop)),
  };
}

/** Toolbar and row button names of a list config mapped to the permission codes of the released menu. */
export const BUTTON_CODE: Record<string, string> = {
  add: 'btn_add',
  download: 'btn_download',
  upload: 'btn_upload',
  batchRemove: 'btn_batchRemove',
  edit: 'btn_edit',
  detail: 'btn_detail',
  remove: 'btn_remove',
};

/** Buttons of a list config the user holds (`granted` null: an administrator, every button). */
export function visibleButtons(
  list: readonly string[] | undefined,
  granted: readonly string[] | null,
): string[] {
  return (list ?? []).filter((b) => granted === null || granted.includes(BUTTON_CODE[b] ?? b));
}

/** The spec's Code rule (spec 4 §5). */
export const CODE_RE = /^[A-Za-z0-9]+(\.[A-Za-z0-9]+)*$/;

/** A cell of the runtime list: scalars as text, arrays joined, objects as JSON. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cellText).join(',');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
