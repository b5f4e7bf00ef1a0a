// User export, import template, import parsing and the export of rows that failed import (exceljs).
// Pure with respect to the database: the service feeds rows in and gets workbooks or parsed rows out.
import ExcelJS from 'exceljs';
import { readUntrustedXlsx, UntrustedFileError, type UntrustedWorkbook } from '../../untrusted/xlsx';
import { type Lang, msg } from '../permission/messages';
import { checkRule } from './rules';

/** The most rows one import may carry. */
export const MAX_IMPORT_ROWS = 5000;

export interface UserSheetColumn {
  key: UserImportKey;
  header: Record<Lang, string>;
  width: number;
  required?: boolean;
}

export type UserImportKey =
  | 'account'
  | 'realName'
  | 'gender'
  | 'mobilePhone'
  | 'email'
  | 'organize'
  | 'positions'
  | 'roles'
  | 'certificatesNumber'
  | 'entryDate'
  | 'description';

/** Columns of the export, the template and the import, in order. Headers are matched in any language. */
export const USER_COLUMNS: readonly UserSheetColumn[] = [
  { key: 'account', header: { zh: '账户', zhtw: '帳戶', en: 'Account' }, width: 16, required: true },
  { key: 'realName', header: { zh: '姓名', zhtw: '姓名', en: 'Name' }, width: 14, required: true },
  { key: 'gender', header: { zh: '性别', zhtw: '性別', en: 'Gender' }, width: 8 },
  { key: 'mobilePhone', header: { zh: '手机', zhtw: '手機', en: 'Mobile' }, width: 16 },
  { key: 'email', header: { zh: '邮箱', zhtw: '信箱', en: 'E-mail' }, width: 24 },
  {
    key: 'organize',
    header: { zh: '所属组织', zhtw: '所屬組織', en: 'Organisation' },
    width: 24,
    required: true,
  },
  { key: 'positions', header: { zh: '岗位', zhtw: '崗位', en: 'Positions' }, width: 20 },
  { key: 'roles', header: { zh: '角色', zhtw: '角色', en: 'Roles' }, width: 20 },
  { key: 'certificatesNumber', header: { zh: '身份证号', zhtw: '身份證號', en: 'ID card' }, width: 22 },
  { key: 'entryDate', header: { zh: '入职日期', zhtw: '入職日期', en: 'Entry date' }, width: 14 },
  { key: 'description', header: { zh: '说明', zhtw: '說明', en: 'Description' }, width: 24 },
];

/** One row of an import, every cell as text. errorsInfo is set when the row cannot be imported. */
export type UserImportRow = Partial<Record<UserImportKey, string>> & { errorsInfo?: string };

/** A user as exported: names instead of ids. */
export type UserExportRow = Partial<Record<UserImportKey, string | null>>;

/** Text of a cell whatever exceljs gives back (rich text, hyperlink, formula result, date, number). */
export function cellText(v: ExcelJS.CellValue): string {
  if (v == null) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v)
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('hyperlink' in v) return String(v.text ?? '').trim();
    if ('result' in v) return cellText((v.result ?? null) as ExcelJS.CellValue);
    if ('error' in v) return '';
  }
  return '';
}

function sheetWith(
  wb: ExcelJS.Workbook,
  name: string,
  lang: Lang,
  extra?: { header: string; width: number },
) {
  const ws = wb.addWorksheet(name);
  ws.columns = [
    ...USER_COLUMNS.map((c) => ({ header: c.header[lang], key: c.key, width: c.width })),
    ...(extra ? [{ header: extra.header, key: 'errorsInfo', width: extra.width }] : []),
  ];
  const head = ws.getRow(1);
  head.font = { bold: true };
  head.eachCell((cell, col) => {
    if (USER_COLUMNS[col - 1]?.required || (extra && col === USER_COLUMNS.length + 1)) {
      cell.font = { bold: true, color: { argb: 'FFC00000' } };
    }
  });
  // Every data cell is text, so an account like 00123 or a long ID number survives Excel.
  for (let i = 1; i <= USER_COLUMNS.length; i++) ws.getColumn(i).numFmt = '@';
  return ws;
}

async function toBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** ExportExcel: the users given, one row each. */
export async function writeUsersWorkbook(rows: readonly UserExportRow[], lang: Lang = 'zh'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = sheetWith(wb, msg('userSheet', lang), lang);
  for (const r of rows) ws.addRow(Object.fromEntries(USER_COLUMNS.map((c) => [c.key, r[c.key] ?? ''])));
  return toBuffer(wb);
}

/** TemplateDownload: the header row and one example row. */
export async function writeTemplateWorkbook(lang: Lang = 'zh'): Promise<Buffer> {
  return writeUsersWorkbook(
    [
      {
        account: 'zhangsan',
        realName: '张三',
        gender: '男',
        mobilePhone: '13800000000',
        email: 'zhangsan@example.com',
        organize: '',
        positions: '',
        roles: '',
        certificatesNumber: '',
        entryDate: '2024-01-01',
        description: '',
      },
    ],
    lang,
  );
}

/** ExportExceptionData: the rows that failed import, each with its reasons in a last column. */
export async function writeExceptionWorkbook(
  rows: readonly UserImportRow[],
  lang: Lang = 'zh',
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = sheetWith(wb, msg('exceptionSheet', lang), lang, {
    header: msg('errorColumn', lang),
    width: 40,
  });
  for (const r of rows) {
    ws.addRow({
      ...Object.fromEntries(USER_COLUMNS.map((c) => [c.key, r[c.key] ?? ''])),
      errorsInfo: r.errorsInfo ?? '',
    });
  }
  return toBuffer(wb);
}

export type ReadResult = { ok: true; rows: UserImportRow[] } | { ok: false; msg: string };

const HEADER_TO_KEY = new Map<string, UserImportKey>();
for (const c of USER_COLUMNS) {
  for (const h of Object.values(c.header)) HEADER_TO_KEY.set(h.toLowerCase(), c.key);
  HEADER_TO_KEY.set(c.key.toLowerCase(), c.key);
}
const ERROR_HEADERS = new Set(['异常原因', '異常原因', 'reason', 'errorsinfo']);

/**
 * Reads the first sheet of an uploaded workbook. The header row is matched by text in zh, zhtw or en (or
 * the field key), so columns may come in any order; the required columns must be present. Empty rows are
 * skipped. Never throws: a broken file answers `{ ok: false, msg }`.
 */
export async function readUserWorkbook(data: Buffer | Uint8Array, lang: Lang = 'zh'): Promise<ReadResult> {
  let wb: UntrustedWorkbook;
  try {
    // Bounded (size, entries, ratio, rows, cells, time, memory) and parsed off the event loop.
    wb = await readUntrustedXlsx(data, lang);
  } catch (e) {
    const limit = e instanceof UntrustedFileError && e.refusal.kind !== 'bad';
    return { ok: false, msg: limit ? e.message : msg('badFile', lang) };
  }
  const ws = wb.worksheets[0];
  if (!ws) return { ok: false, msg: msg('badTemplate', lang) };
  const colKey = new Map<number, UserImportKey | 'errorsInfo'>();
  ws.getRow(1).eachCell((cell, col) => {
    const h = cellText(cell.value).replace(/\*$/, '').toLowerCase();
    const key = HEADER_TO_KEY.get(h);
    if (key) colKey.set(col, key);
    else if (ERROR_HEADERS.has(h)) colKey.set(col, 'errorsInfo');
  });
  const present = new Set(colKey.values());
  if (USER_COLUMNS.some((c) => c.required && !present.has(c.key)))
    return { ok: false, msg: msg('badTemplate', lang) };
  const rows: UserImportRow[] = [];
  let tooMany = false;
  ws.eachRow((row, n) => {
    if (n === 1 || tooMany) return;
    const r: UserImportRow = {};
    let any = false;
    for (const [col, key] of colKey) {
      if (key === 'errorsInfo') continue; // a re-imported exception sheet: old reasons are dropped
      const t = cellText(row.getCell(col).value);
      if (t) any = true;
      r[key] = t;
    }
    if (!any) return;
    if (rows.length >= MAX_IMPORT_ROWS) tooMany = true;
    else rows.push(r);
  });
  if (tooMany) return { ok: false, msg: msg('tooManyRows', lang, { max: MAX_IMPORT_ROWS }) };
  return { ok: true, rows };
}

/** Checks of one row that need no database: required cells, field rules, gender. Reasons joined by '；'. */
export function rowProblems(r: UserImportRow, lang: Lang = 'zh'): string[] {
  const out: string[] = [];
  for (const c of USER_COLUMNS) {
    if (c.required && !r[c.key]) out.push(`${c.header[lang]}${msg('required', lang)}`);
  }
  const rules: Array<[UserImportKey, Parameters<typeof checkRule>[0]]> = [
    ['account', 'account'],
    ['mobilePhone', 'phone'],
    ['email', 'email'],
    ['certificatesNumber', 'idCard'],
  ];
  for (const [key, rule] of rules) {
    const m = checkRule(rule, r[key], lang);
    if (m) out.push(m);
  }
  if (r.gender && !GENDERS[r.gender]) out.push(msg('unknownGender', lang));
  if (r.entryDate && Number.isNaN(Date.parse(r.entryDate)))
    out.push(`${USER_COLUMNS[9].header[lang]}: ${r.entryDate}`);
  return out;
}

/** Gender texts accepted on import, to the stored code (1 male, 2 female). */
// No prototype: an imported cell such as 'constructor' is an unknown gender, not a match.
export const GENDERS: Record<string, number> = Object.assign(Object.create(null), {
  男: 1,
  女: 2,
  male: 1,
  female: 2,
  M: 1,
  F: 2,
  '1': 1,
  '2': 2,
});
export const GENDER_TEXT: Record<number, string> = { 1: '男', 2: '女' };

/** Splits a multi-value cell (岗位, 角色): comma, full-width comma, semicolon or 、. */
export function splitNames(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[,，;；、]/)
    .map((s) => s.trim())
    .filter(Boolean);
}
