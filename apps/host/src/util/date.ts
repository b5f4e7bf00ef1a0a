import dayjs from 'dayjs';

/** The spec's default date format (spec 4 §9: YYYY-MM-DD HH:mm). */
export const DATE_TIME = 'YYYY-MM-DD HH:mm';
export const DATE = 'YYYY-MM-DD';

/**
 * A server time (milliseconds, milliseconds as text, or date text) in local time with a dayjs `format`
 * (YYYY-MM-DD HH:mm by default); empty for no value, the text itself when it is not a date.
 */
export function formatTime(v: string | number | Date | null | undefined, format = DATE_TIME): string {
  if (v === null || v === undefined || v === '') return '';
  const d = dayjs(typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
  return d.isValid() ? d.format(format) : String(v);
}
