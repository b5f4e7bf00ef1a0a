// Issue 20: dates and relative times in the user's language — dayjs follows the i18next language from the
// first render on (month and weekday names, the date pickers).
import dayjs from 'dayjs';
import { afterAll, describe, expect, it } from 'vitest';
import i18n, { loadDayjsLocale, switchLanguage } from './index';

// the signed-in app loads it before its first screen (router/AppRoutes)
await loadDayjsLocale();

describe('dayjs locale follows the language', () => {
  afterAll(async () => {
    await switchLanguage('zh');
  });
  it.each([
    ['en', 'en', 'Wednesday'],
    ['zhtw', 'zh-tw', '星期三'],
    ['zh', 'zh-cn', '星期三'],
  ] as const)('%s → dayjs %s', async (lang, locale, weekday) => {
    await switchLanguage(lang);
    expect(i18n.language).toBe(lang);
    expect(dayjs.locale()).toBe(locale);
    expect(dayjs('2026-11-25T12:00:00').format('dddd')).toBe(weekday);
  });
});
