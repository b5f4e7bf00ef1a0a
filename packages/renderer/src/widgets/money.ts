// TEMPORARY until @kp/engine exports its money and format modules; then this file only re-exports them.
export function formatAmount(
  raw: string | number,
  o: { precision: number; symbol: string; thousands: boolean },
): string {
  const n = Number(raw);
  if (!Number.isFinite(n)) return '';
  const fixed = n.toFixed(o.precision);
  const [i, f] = fixed.split('.');
  const int = o.thousands ? i.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : i;
  return `${o.symbol}${int}${f ? `.${f}` : ''}`;
}
export function amountInWords(_raw: string | number): string {
  return '';
}
