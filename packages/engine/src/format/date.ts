import dayjs from 'dayjs';

/** The spec's default date format (spec 4 §9), in dayjs tokens. */
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm';

/** The spec's per-screen date formats (spec 1 §9, spec 3 §9), in dayjs tokens. */
export const DATE_FORMATS = {
  /** MM-dd: news and notices. */
  news: 'MM-DD',
  notice: 'MM-DD',
  /** yyyy-MM-dd: messages and documents. */
  message: 'YYYY-MM-DD',
  document: 'YYYY-MM-DD',
  /** HH:mm: meetings. */
  meeting: 'HH:mm',
  default: DEFAULT_DATE_FORMAT,
} as const;

export type DateInput = Date | number | string | null | undefined;

/** Converts the spec's Java-style tokens (yyyy, yy, dd) to dayjs tokens; dayjs tokens pass unchanged. */
export function toDayjsFormat(format: string): string {
  return format.replace(/yyyy/g, 'YYYY').replace(/yy/g, 'YY').replace(/dd/g, 'DD');
}

/** Parses a timestamp (ms), an ISO-like string or a Date; null when it is not a valid date. */
export function toDayjs(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'number' && typeof value !== 'string' && !(value instanceof Date)) return null;
  const d = typeof value === 'string' && /^\d{10,13}$/.test(value) ? dayjs(Number(value)) : dayjs(value);
  return d.isValid() ? d : null;
}

/**
 * Formats a date in local time. `format` may use dayjs tokens (YYYY-MM-DD) or the spec's (yyyy-MM-dd);
 * the default is YYYY-MM-DD HH:mm. An empty or invalid date gives ''.
 */
export function formatDate(value: DateInput, format: string = DEFAULT_DATE_FORMAT): string {
  const d = toDayjs(value);
  return d ? d.format(toDayjsFormat(format)) : '';
}
