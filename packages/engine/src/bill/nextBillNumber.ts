import dayjs from 'dayjs';
import { type DateInput, toDayjs } from '../format/date';

export const BILL_DATE_FORMATS = [
  '',
  'yyyy',
  'yyyyMM',
  'yyyyMMdd',
  'yyyyMMddHH',
  'yyyyMMddHHmm',
  'yyyyMMddHHmmss',
  'yyyyMMddHHmmssSSS',
] as const;
export type BillDateFormat = (typeof BILL_DATE_FORMATS)[number];

export interface BillRule {
  prefix?: string;
  dateFormat?: BillDateFormat;
  /** The value of the first number of each date period (sequence 0). */
  startNumber?: number | string;
  /** Zero-padded width of the running number (random kind: how many random digits). */
  digits?: number;
  suffix?: string;
  kind?: 'sequence' | 'random' | 'uuid';
}

/** What the caller stores between calls: the date part of the last number and its sequence (0-based). */
export interface BillState {
  datePart: string;
  sequence: number;
}

export interface BillNumberResult {
  number: string;
  state: BillState;
}

/** Returns a number in [0, 1); injectable so the function stays pure and testable. */
export type Rng = () => number;

const MAX_DIGITS = 30;

function dayjsFormat(f: string): string {
  return f.replace('yyyy', 'YYYY').replace('dd', 'DD');
}

function randomInt(rng: Rng, below: number): number {
  const r = Number(rng());
  const x = Number.isFinite(r) ? r - Math.floor(r) : 0;
  return Math.min(below - 1, Math.floor(x * below));
}

function uuidV4(rng: Rng): string {
  const hex = '0123456789abcdef';
  let s = '';
  for (let i = 0; i < 32; i++) {
    let v = randomInt(rng, 16);
    if (i === 12) v = 4;
    if (i === 16) v = (v & 0x3) | 0x8;
    s += hex[v];
    if (i === 7 || i === 11 || i === 15 || i === 19) s += '-';
  }
  return s;
}

/**
 * The next bill number of a rule: prefix + date part + running number + suffix (spec 4 Bill rules; the
 * composition itself is not shown in the spec, so this follows the issue). The running number is
 * startNumber + sequence, zero-padded to `digits` (never truncated when it grows longer); the sequence
 * starts at 0 and resets whenever the date part (now, local time, in dateFormat) differs from the last
 * state's. The 'random' kind puts `digits` random digits in place of the running number, the 'uuid' kind an
 * RFC 4122 v4 UUID; both still advance the state. Pure: the server stores the state atomically.
 */
export function nextBillNumber(
  rule: BillRule,
  lastState: BillState | null | undefined,
  now: DateInput,
  rng: Rng = Math.random,
): BillNumberResult {
  const r = rule && typeof rule === 'object' ? rule : ({} as BillRule);
  const prefix = typeof r.prefix === 'string' ? r.prefix : '';
  const suffix = typeof r.suffix === 'string' ? r.suffix : '';
  const fmt = (BILL_DATE_FORMATS as readonly string[]).includes(r.dateFormat ?? '')
    ? (r.dateFormat ?? '')
    : '';
  const at = toDayjs(now) ?? dayjs(0);
  const datePart = fmt ? at.format(dayjsFormat(fmt)) : '';
  const digits = Math.max(1, Math.min(MAX_DIGITS, Math.floor(Number(r.digits) || 1)));
  const start = Math.max(0, Math.floor(Number(r.startNumber) || 0));

  const sameDate =
    !!lastState &&
    typeof lastState === 'object' &&
    lastState.datePart === datePart &&
    Number.isSafeInteger(lastState.sequence);
  const sequence = sameDate ? (lastState as BillState).sequence + 1 : 0;

  let running: string;
  if (r.kind === 'uuid') running = uuidV4(rng);
  else if (r.kind === 'random') {
    running = '';
    for (let i = 0; i < digits; i++) running += String(randomInt(rng, 10));
  } else running = String(start + sequence).padStart(digits, '0');

  return { number: `${prefix}${datePart}${running}${suffix}`, state: { datePart, sequence } };
}
