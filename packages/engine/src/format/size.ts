/** 1024-based size units (spec 3 §9, spec 4 §9). */
export const SIZE_UNITS = { B: 1, KB: 1024, MB: 1048576, GB: 1073741824, TB: 1099511627776 } as const;

/**
 * A file size in 1024 units: under 1 KB in bytes ('512 B'), otherwise 2 decimals and the largest unit that
 * keeps the value at or above 1 ('1.50 KB', '5.00 MB', up to TB). Not a finite non-negative number -> ''.
 */
export function formatFileSize(bytes: number | string | null | undefined): string {
  const n = typeof bytes === 'string' && bytes.trim() !== '' ? Number(bytes) : bytes;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return '';
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'] as const;
  let i = 0;
  while (i < units.length - 1 && n >= SIZE_UNITS[units[i + 1]]) i++;
  return `${(n / SIZE_UNITS[units[i]]).toFixed(2)} ${units[i]}`;
}

const SI = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/**
 * Abbreviates a number with k, M, G, T, P, E (1000-based): 1234 -> '1.2k', 1500000 -> '1.5M', 999 -> '999',
 * trailing zeros dropped (2000 -> '2k'). `digits` is the number of decimals kept (default 1). A value that
 * rounds up to the next step moves to it (999950 -> '1M'). Not a finite number -> ''.
 */
export function abbreviateNumber(n: number, digits = 1): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  const sign = n < 0 ? '-' : '';
  const a = Math.abs(n);
  const d = Math.max(0, Math.min(10, Math.floor(digits)));
  for (let i = 0; i < SI.length; i++) {
    const { value, symbol } = SI[i];
    if (a >= value) {
      let v = Number((a / value).toFixed(d));
      let s = symbol;
      if (v >= 1000 && i > 0) {
        v = Number((a / SI[i - 1].value).toFixed(d));
        s = SI[i - 1].symbol;
      }
      return sign + String(v) + s;
    }
  }
  const v = Number(a.toFixed(d));
  if (v >= 1000) return `${sign}1k`;
  return sign + String(v);
}
