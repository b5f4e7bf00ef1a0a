import type { Row } from '../store/formStore';

/**
 * Total of a sub-table column for the summary row (spec 3 §5): non-numeric cells count as 0; the result is
 * fixed to `decimalPlace` decimals (default 2).
 */
export function columnTotal(rows: Row[], column: string, decimalPlace = 2): string {
  let cents = 0;
  const scale = 10 ** Math.min(10, Math.max(0, decimalPlace) + 4);
  for (const r of rows) {
    const n = Number(r[column]);
    // Summing scaled integers keeps binary rounding (0.1 + 0.2) out of the displayed total.
    if (r[column] !== '' && r[column] != null && Number.isFinite(n)) cents += Math.round(n * scale);
  }
  return (cents / scale).toFixed(decimalPlace);
}
