import { fill, type Lang, pickLang, type Texts } from './lang';

/** Badge maximum (spec 1 §9). */
export const BADGE_MAX = 99;
/** Recipients shown before the rest is counted (spec 1 §9, spec 2 §9). */
export const RECIPIENT_DISPLAY = 20;

/** A badge count: '' for 0 or less (or not a number), the number up to `max`, then '99+'. */
export function formatBadge(n: number, max: number = BADGE_MAX): string {
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return '';
  const whole = Math.floor(n);
  return whole > max ? `${max}+` : String(whole);
}

const MORE_RECIPIENTS: Texts = {
  zh: '还有{n}位接收人',
  zhtw: '還有{n}位接收人',
  en: 'and {n} more recipients',
};

/**
 * The first `shown` (20) recipients and the text counting the rest (还有N位接收人; '' when none is hidden).
 */
export function summariseRecipients<T>(
  recipients: readonly T[] | null | undefined,
  shown: number = RECIPIENT_DISPLAY,
  lang: Lang = 'zh',
): { visible: T[]; moreText: string } {
  const list = Array.isArray(recipients) ? recipients : [];
  const k = Math.max(0, Math.floor(shown));
  const rest = list.length - k;
  return {
    visible: list.slice(0, k),
    moreText: rest > 0 ? fill(MORE_RECIPIENTS[pickLang(lang)], { n: rest }) : '',
  };
}
