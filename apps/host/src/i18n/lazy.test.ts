// The first load of /kpSystem/login carries the zh catalogue only; zhtw and en load when first switched to.
// A switch waits for its catalogue, so the page never shows raw keys or zh texts in the new language, and an
// area's texts added to a language before its catalogue loaded (as kit/i18n.ts does on import) are kept.
import zhTW from 'antd/es/locale/zh_TW';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import en from './en';
import i18n, { antdLocaleOf, initialLanguage, languageReady, loadDayjsLocale, switchLanguage } from './index';
import zhtw from './zhtw';

describe('languages loaded on demand', () => {
  it('bundles zh and loads the first language before the first render, no other', async () => {
    // jsdom's navigator says en-US and nothing is stored: the first language is en
    expect(initialLanguage()).toBe('en');
    await languageReady;
    expect(i18n.language).toBe('en');
    expect(i18n.t('route.login')).toBe(en.route.login);
    expect(i18n.getResource('zh', 'translation', 'common.confirm')).toBe('确定');
    expect(i18n.getResource('zhtw', 'translation', 'common.confirm')).toBeUndefined();
  });

  it('switches zh → en → zhtw with each catalogue there at the switch', async () => {
    // dayjs follows the language once the signed-in app has loaded it (router/AppRoutes)
    await loadDayjsLocale();
    await switchLanguage('zh');
    i18n.addResourceBundle('zhtw', 'translation', { area: { x: 'area text' } }, true, false);
    const seen: string[] = [];
    const onChange = () => seen.push(i18n.t('common.confirm'));
    i18n.on('languageChanged', onChange);
    try {
      expect(await switchLanguage('en')).toBe(en.common.switchLanguageSuccess);
      expect(i18n.t('route.login')).toBe(en.route.login);
      expect(dayjs.locale()).toBe('en');

      expect(await switchLanguage('zhtw')).toBe(zhtw.common.switchLanguageSuccess);
      expect(i18n.t('route.login')).toBe(zhtw.route.login);
      expect(i18n.t('area.x')).toBe('area text');
      expect(antdLocaleOf('zhtw')).toBe(zhTW);
      expect(dayjs.locale()).toBe('zh-tw');
    } finally {
      i18n.off('languageChanged', onChange);
      await switchLanguage('zh');
    }
    // what every listener (react-i18next re-rendering the page) read at the moment of each switch
    expect(seen).toEqual([en.common.confirm, zhtw.common.confirm]);
  });
});
