import Decimal from 'decimal.js';
import { amountInWords } from '../money';
import type { CompiledForm } from './compiled';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The amount-in-words texts of a form's amount displays (JNPFAmount with showChinese, calculate with
 * showChinese), by vModel: Chinese financial uppercase; '' for an empty, negative or non-numeric value.
 */
export function amountWords(compiled: CompiledForm, data: unknown): Record<string, string> {
  const values = isRecord(data) ? data : {};
  const out: Record<string, string> = {};
  for (const vModel of compiled.amountWordFields) {
    const v = values[vModel];
    out[vModel] = typeof v === 'number' || (typeof v === 'string' && v !== '') ? amountInWords(v) : '';
  }
  return out;
}

/** The label of a sub-table's summary row (spec 3 §5: 'total'). */
export const SUMMARY_LABEL = { zh: '合计', zhtw: '合計', en: 'total' } as const;

/**
 * A sub-table's summary row (spec 3 §5): for each summaryField column, the exact decimal sum of its numeric
 * cells, fixed to the column's decimalPlace (default 2, half up); non-numbers count as 0.
 */
export function tableSummary(compiled: CompiledForm, table: string, rows: unknown): Record<string, string> {
  const t = compiled.tables.find((x) => x.vModel === table);
  const out: Record<string, string> = {};
  if (!t) return out;
  const list = Array.isArray(rows) ? rows : [];
  for (const col of t.summaryField) {
    let sum = new Decimal(0);
    for (const row of list) {
      const v = isRecord(row) ? row[col] : undefined;
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
      if (Number.isFinite(n)) sum = sum.plus(new Decimal(n));
    }
    out[col] = sum.toFixed(t.decimalPlace[col] ?? 2, Decimal.ROUND_HALF_UP);
  }
  return out;
}
