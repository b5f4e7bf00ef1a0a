// Money display for the amount and calculate widgets: the engine's implementations, in the widgets' option shape.
import { amountInWords, formatAmount as engineFormatAmount } from '@kp/engine';

export { amountInWords };

export function formatAmount(
  raw: string | number,
  o: { precision: number; symbol: string; thousands: boolean },
): string {
  return engineFormatAmount(raw, { decimals: o.precision, symbol: o.symbol, thousands: o.thousands });
}
