// Pure parts of the online-development screens: the fields a list can show, the default list
// configuration of a form, and which buttons a user sees.
import type { FormConfig, VisualDevColumnData } from '@kp/schema';

export interface FieldInfo {
  vModel: string;
  label: string;
  jnpfKey: string;
}

type Loose = {
  __config__?: { jnpfKey?: string; label?: unknown; children?: unknown[] };
  __vModel__?: string;
};

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

/** Main data fields of a form config (sub-table columns excluded), in display order. */
export function mainFieldsOf(config: FormConfig | null | undefined): FieldInfo[] {
  const out: FieldInfo[] = [];
  const walk = (list: unknown[] | undefined) => {
    for (const raw of list ?? []) {
      const f = raw as Loose;
      const key = f.__config__?.jnpfKey ?? '';
      if (key === 'table') continue;
      if (CONTAINERS.has(key) || (!f.__vModel__ && Array.isArray(f.__config__?.children))) {
        walk(f.__config__?.children);
        continue;
      }
      if (DISPLAY.has(key) || !f.__vModel__) continue;
      out.push({ vModel: f.__vModel__, label: labelOf(f.__config__?.label) || f.__vModel__, jnpfKey: key });
    }
  };
  walk((config as { fields?: unknown[] } | null | undefined)?.fields);
  return out;
}

/** Sub-tables of a form config (top level or inside containers). */
export function tablesOf(config: FormConfig | null | undefined): FieldInfo[] {
  const out: FieldInfo[] = [];
  const walk = (list: unknown[] | undefined) => {
    for (const raw of list ?? []) {
      const f = raw as Loose;
      if (f.__config__?.jnpfKey === 'table' && f.__vModel__) {
        out.push({
          vModel: f.__vModel__,
          label: labelOf(f.__config__.label) || f.__vModel__,
          jnpfKey: 'table',
        });
      } else if (Array.isArray(f.__config__?.children)) walk(f.__config__?.children);
    }
  };
  walk((config as { fields?: unknown[] } | null | undefined)?.fields);
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
