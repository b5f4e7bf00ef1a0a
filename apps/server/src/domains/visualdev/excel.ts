// Records of an online-developed item to and from Excel (exceljs). The main sheet holds one row per
// record (序号 + the main fields); each sub-table gets its own sheet whose 序号 column says which record
// a row belongs to, so an export re-imports into the same records and sub-table rows.
import { type CompiledField, type CompiledForm, kindOf } from '@kp/engine';
import { type I18nText, textIn } from '@kp/schema';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { readOwnUpload, storeGeneratedFile } from '../../files/generated';
import { badRequest } from '../../http/api-error';
import {
  type Lang,
  readUntrustedXlsx,
  UntrustedFileError,
  type UntrustedSheet,
  type UntrustedWorkbook,
} from '../../untrusted/xlsx';
import { labelsOf } from '../form/field-kinds';
import { cellText, mainFields, VMSG } from './common';

/** The workbook's own texts in each language: the main sheet, the record-number and the errors column. */
const SHEET_TEXT = {
  data: { zh: '数据', zhtw: '資料', en: 'Data' },
  no: { zh: '序号', zhtw: '序號', en: 'No.' },
  errors: { zh: '错误信息', zhtw: '錯誤資訊', en: 'Errors' },
  template: { zh: '{0}导入模板', zhtw: '{0}匯入模板', en: '{0} import template' },
  failed: { zh: '{0}导入失败数据', zhtw: '{0}匯入失敗資料', en: '{0} rows not imported' },
} as const;

/** The name of a generated workbook (`template`, `failed`) of the item `name`, in `lang`. */
export const workbookName = (kind: 'template' | 'failed', name: string, lang: Lang) =>
  SHEET_TEXT[kind][lang].replace('{0}', name);
/** A record-number column is recognised in any language (a workbook may come from another language). */
const isNoHeader = (h: string) => (Object.values(SHEET_TEXT.no) as string[]).includes(h);
const noColumn = (h: string[]) => h.findIndex((x) => x !== undefined && isNoHeader(x));

/** A field's column header in `lang`: its designed label in that language, else the compiled one. */
const headerOf = (f: CompiledField, lang: Lang) =>
  textIn((f.config as { __config__?: { label?: I18nText } }).__config__?.label, lang) || f.label || f.vModel;
/** Whether a header names the field: its vModel or its label in any language. */
const isHeaderOf = (f: CompiledField, h: string) =>
  f.label === h ||
  f.vModel === h ||
  labelsOf((f.config as { __config__?: { label?: unknown } }).__config__?.label).includes(h);
export const MAX_IMPORT_ROWS = 5000;

/** An export cell of a field: its kind module's conversion (option labels, lists joined, structured values as JSON). */
export function displayOf(f: CompiledField, v: unknown): string {
  return kindOf(f.key)?.exportCell(v, f.config) ?? cellText(v);
}

/** Reads a cell's text back into a value of the field's shape: its kind module's import conversion. */
export function valueFromCell(f: CompiledField, text: string): unknown {
  const kind = kindOf(f.key);
  return kind ? kind.importCell(text, f.config) : text.trim() || null;
}

const sheetName = (s: string, used: Set<string>) => {
  let base = s.replace(/[\\/?*[\]:]/g, ' ').slice(0, 28) || 'Sheet';
  while (used.has(base)) base = `${base.slice(0, 26)}_${used.size}`;
  used.add(base);
  return base;
};

/** Writes records (data objects) to a workbook; `keys` limits the main fields (default: all). */
export async function writeRecords(
  compiled: CompiledForm,
  rows: Array<Record<string, unknown>>,
  opts: { keys?: string[]; errors?: string[]; template?: boolean; lang?: Lang } = {},
): Promise<Buffer> {
  const lang = opts.lang ?? 'zh';
  const wb = new ExcelJS.Workbook();
  const used = new Set<string>();
  const main = mainFields(compiled).filter(
    (f) => (!opts.keys?.length || opts.keys.includes(f.vModel)) && !(opts.template && f.readonly),
  );
  const ws = wb.addWorksheet(sheetName(SHEET_TEXT.data[lang], used));
  ws.addRow([
    SHEET_TEXT.no[lang],
    ...main.map((f) => headerOf(f, lang)),
    ...(opts.errors ? [SHEET_TEXT.errors[lang]] : []),
  ]);
  ws.getRow(1).font = { bold: true };
  rows.forEach((r, i) => {
    ws.addRow([
      i + 1,
      ...main.map((f) => displayOf(f, r[f.vModel])),
      ...(opts.errors ? [opts.errors[i] ?? ''] : []),
    ]);
  });
  for (const t of compiled.tables) {
    if (opts.keys?.length && !opts.keys.includes(t.vModel)) continue;
    const cols = t.columns.filter((c) => !(opts.template && c.readonly));
    const ts = wb.addWorksheet(sheetName(t.label || t.vModel, used));
    ts.addRow([SHEET_TEXT.no[lang], ...cols.map((c) => headerOf(c, lang))]);
    ts.getRow(1).font = { bold: true };
    rows.forEach((r, i) => {
      const sub = Array.isArray(r[t.vModel]) ? (r[t.vModel] as Array<Record<string, unknown>>) : [];
      for (const s of sub) ts.addRow([i + 1, ...cols.map((c) => displayOf(c, s?.[c.vModel]))]);
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const textOf = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if (v instanceof Date) return v.toISOString();
    if ('richText' in v) return v.richText.map((x) => x.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return String(v.result ?? '');
  }
  return String(v);
};

/** Reads a workbook written by writeRecords (or filled from the template) into data objects. */
export async function readRecords(
  compiled: CompiledForm,
  bytes: Buffer,
  lang: Lang = 'zh',
): Promise<Array<Record<string, unknown>>> {
  let wb: UntrustedWorkbook;
  try {
    // Bounded (size, entries, ratio, rows, cells, time, memory) and parsed off the event loop.
    wb = await readUntrustedXlsx(bytes, lang);
  } catch (e) {
    if (e instanceof UntrustedFileError && e.refusal.kind !== 'bad') throw badRequest(e.message);
    throw badRequest(`fileId: ${VMSG.badFile}`);
  }
  const [first, ...rest] = wb.worksheets;
  if (!first) throw badRequest(`fileId: ${VMSG.importEmpty}`);
  const fieldByHeader = (fields: CompiledField[], h: string) => fields.find((f) => isHeaderOf(f, h));
  const header = (ws: UntrustedSheet) => {
    const row = ws.getRow(1);
    const out: string[] = [];
    row.eachCell({ includeEmpty: true }, (c, col) => {
      out[col] = textOf(c.value).trim();
    });
    return out;
  };
  const main = mainFields(compiled).filter((f) => !f.readonly);
  const h = header(first);
  const noCol = noColumn(h);
  const records = new Map<string, Record<string, unknown>>();
  const order: string[] = [];
  for (let r = 2; r <= first.rowCount; r++) {
    const row = first.getRow(r);
    if (!row.hasValues) continue;
    if (order.length >= MAX_IMPORT_ROWS) throw badRequest(VMSG.importTooMany);
    const no = noCol > 0 ? textOf(row.getCell(noCol).value).trim() || String(r - 1) : String(r - 1);
    const data: Record<string, unknown> = {};
    h.forEach((name, col) => {
      const f = name ? fieldByHeader(main, name) : undefined;
      if (f) data[f.vModel] = valueFromCell(f, textOf(row.getCell(col).value));
    });
    for (const t of compiled.tables) data[t.vModel] = [];
    records.set(no, data);
    order.push(no);
  }
  for (const ws of rest) {
    const t = compiled.tables.find(
      (x) => x.label === ws.name || x.vModel === ws.name || (x.label || x.vModel).startsWith(ws.name),
    );
    if (!t) continue;
    const th = header(ws);
    const tn = noColumn(th);
    if (tn < 1) continue;
    const cols = t.columns.filter((c) => !c.readonly);
    for (let r = 2; r <= ws.rowCount; r++) {
      const row = ws.getRow(r);
      if (!row.hasValues) continue;
      const owner = records.get(textOf(row.getCell(tn).value).trim());
      if (!owner) continue;
      const sub: Record<string, unknown> = {};
      th.forEach((name, col) => {
        const c = name ? fieldByHeader(cols, name) : undefined;
        if (c) sub[c.vModel] = valueFromCell(c, textOf(row.getCell(col).value));
      });
      (owner[t.vModel] as unknown[]).push(sub);
    }
  }
  if (!order.length) throw badRequest(`fileId: ${VMSG.importEmpty}`);
  return order.map((no) => records.get(no)!);
}

/** Stores a generated workbook for the caller and answers where to download it. */
export const storeWorkbook = (req: FastifyRequest, name: string, data: Buffer) =>
  storeGeneratedFile(req, name, 'xlsx', data);

/** The bytes of an xlsx the caller uploaded (only their own files). */
export async function uploadedWorkbook(req: FastifyRequest, fileRef: string): Promise<Buffer> {
  const got = await readOwnUpload(req, fileRef, ['xlsx']);
  if (got === 'missing') throw badRequest('fileId: 文件不存在');
  if (got === 'badType') throw badRequest(`fileId: ${VMSG.badFile}`);
  return got;
}
