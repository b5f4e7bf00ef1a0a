import type { Language } from '@kp/schema';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../store/storage';
import en from './en';
import zh from './zh';
import zhtw from './zhtw';

export const LANGS: readonly Language[] = ['zh', 'zhtw', 'en'];

/** Maps a browser language tag (zh-CN, zh-TW, zh-HK, en-US …) to one of ours; null if none fits. */
export function fromBrowserLanguage(tag: string | undefined): Language | null {
  if (!tag) return null;
  const t = tag.toLowerCase();
  if (t === 'zh-tw' || t === 'zh-hk' || t === 'zh-mo' || t.startsWith('zh-hant')) return 'zhtw';
  if (t.startsWith('zh')) return 'zh';
  if (t.startsWith('en')) return 'en';
  return null;
}

/** The stored language, else the browser language, else zh (spec 1 §1). */
export function initialLanguage(): Language {
  const stored = storage.get<string>('language', '');
  if ((LANGS as readonly string[]).includes(stored)) return stored as Language;
  const nav = globalThis.navigator;
  for (const tag of nav?.languages ?? [nav?.language]) {
    const l = fromBrowserLanguage(tag);
    if (l) return l;
  }
  return 'zh';
}

i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, zhtw: { translation: zhtw }, en: { translation: en } },
  lng: initialLanguage(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** dayjs's locale of each language (month and weekday names, the pickers' calendars). */
export const DAYJS_LOCALES: Record<Language, string> = { zh: 'zh-cn', zhtw: 'zh-tw', en: 'en' };
const applyDayjs = (l: string) => dayjs.locale(DAYJS_LOCALES[l as Language] ?? 'zh-cn');
// Set before the first render and on every switch (an effect after render would format once in the old one).
applyDayjs(i18n.language);
i18n.on('languageChanged', applyDayjs);

export function currentLanguage(): Language {
  const l = i18n.language;
  return (LANGS as readonly string[]).includes(l) ? (l as Language) : 'zh';
}

/** Switches and stores the language; returns the success text in the new language. */
export async function switchLanguage(lang: Language): Promise<string> {
  storage.set('language', lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'zhtw' ? 'zh-TW' : lang === 'en' ? 'en' : 'zh-CN';
  return i18n.t('common.switchLanguageSuccess');
}

export default i18n;
