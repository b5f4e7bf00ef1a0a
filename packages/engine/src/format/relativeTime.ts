import { type DateInput, DEFAULT_DATE_FORMAT, formatDate, toDayjs } from './date';
import { fill, type Lang, pickLang } from './lang';

/**
 * The three relative-time readings the spec gives (spec 4 §9, spec 1 §9, spec 2 §9); callers pick one.
 * - 'short30s': under 30 s just now, minutes under 1 h, hours under 24 h, 1天前 under 48 h, then the date.
 * - 'weeks': under 1 minute just now, minutes, hours, days up to 6, weeks up to 3, months up to 3, then the date.
 * - 'tenMinutes': under 600 s just now, then minutes, hours, days up to 30, then the date.
 * - 'days' (spec 3 §9 "time ago"): under 1 minute just now, minutes under 1 h, hours under 1 day, else days
 *   (no date fallback).
 */
export type RelativeTimeReading = 'short30s' | 'weeks' | 'tenMinutes' | 'days';

type Unit = 'now' | 'minute' | 'hour' | 'day' | 'week' | 'month';

const TEXTS: Record<Lang, Record<Unit, string>> = {
  zh: {
    now: '刚刚',
    minute: '{n}分钟前',
    hour: '{n}小时前',
    day: '{n}天前',
    week: '{n}周前',
    month: '{n}个月前',
  },
  zhtw: {
    now: '剛剛',
    minute: '{n}分鐘前',
    hour: '{n}小時前',
    day: '{n}天前',
    week: '{n}週前',
    month: '{n}個月前',
  },
  en: {
    now: 'just now',
    minute: '{n} minute{s} ago',
    hour: '{n} hour{s} ago',
    day: '{n} day{s} ago',
    week: '{n} week{s} ago',
    month: '{n} month{s} ago',
  },
};

const S = 1000;
const MIN = 60 * S;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

function say(lang: Lang, unit: Unit, n = 0): string {
  return fill(TEXTS[lang][unit], { n, s: n === 1 ? '' : 's' });
}

/**
 * Relative time of `date` seen at `now`, in the chosen reading and language. A date in the future reads as
 * just now; past the reading's range it is the date in `dateFormat` (default YYYY-MM-DD HH:mm). An invalid
 * date gives ''.
 */
export function relativeTime(
  date: DateInput,
  now: DateInput,
  reading: RelativeTimeReading = 'short30s',
  lang: Lang = 'zh',
  dateFormat: string = DEFAULT_DATE_FORMAT,
): string {
  const d = toDayjs(date);
  const n = toDayjs(now);
  if (!d || !n) return '';
  const l = pickLang(lang);
  const diff = Math.max(0, n.valueOf() - d.valueOf());
  const minutes = Math.max(1, Math.floor(diff / MIN));
  const hours = Math.floor(diff / HOUR);
  const days = Math.floor(diff / DAY);
  if (reading === 'weeks') {
    if (diff < MIN) return say(l, 'now');
    if (diff < HOUR) return say(l, 'minute', minutes);
    if (diff < DAY) return say(l, 'hour', hours);
    if (days <= 6) return say(l, 'day', days);
    if (days < 28) return say(l, 'week', Math.floor(days / 7));
    const months = Math.max(1, n.diff(d, 'month'));
    if (months <= 3) return say(l, 'month', months);
    return formatDate(d.valueOf(), dateFormat);
  }
  if (reading === 'days') {
    if (diff < MIN) return say(l, 'now');
    if (diff < HOUR) return say(l, 'minute', minutes);
    if (diff < DAY) return say(l, 'hour', hours);
    return say(l, 'day', days);
  }
  if (reading === 'tenMinutes') {
    if (diff < 600 * S) return say(l, 'now');
    if (diff < HOUR) return say(l, 'minute', minutes);
    if (diff < DAY) return say(l, 'hour', hours);
    if (days <= 30) return say(l, 'day', days);
    return formatDate(d.valueOf(), dateFormat);
  }
  if (diff < 30 * S) return say(l, 'now');
  if (diff < HOUR) return say(l, 'minute', minutes);
  if (diff < DAY) return say(l, 'hour', hours);
  if (diff < 2 * DAY) return say(l, 'day', 1);
  return formatDate(d.valueOf(), dateFormat);
}
