import type { Language } from '@kp/schema';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../store/storage';
import zh from './zh';

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

// zh (the default and the fallback) is bundled; zhtw and en load when first used (loadLanguage), so the
// login page's first load carries one catalogue, not three.
i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh } },
  lng: initialLanguage(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * dayjs and its locale follow the language from i18n/dayjsLocale, which loads with the signed-in app (the
 * login page shows no date): loadDayjsLocale resolves once dayjs speaks the current language.
 */
export const loadDayjsLocale = (): Promise<void> => import('./dayjsLocale').then(() => {});

/** antd's locale of each loaded language (en_US is antd's own default, so it costs nothing to bundle). */
const ANTD_LOCALES: Partial<Record<Language, Locale>> = { zh: zhCN, en: enUS };
export const antdLocaleOf = (l: string): Locale => ANTD_LOCALES[l as Language] ?? zhCN;

/** The catalogue, antd locale and dayjs locale of a language that is not bundled. */
const LOADERS: Record<Exclude<Language, 'zh'>, () => Promise<{ texts: object; antd: Locale }>> = {
  en: () => import('./en').then((m) => ({ texts: m.default, antd: enUS })),
  zhtw: () =>
    Promise.all([import('./zhtw'), import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]).then(
      ([m, a]) => ({ texts: m.default, antd: a.default }),
    ),
};
const loading = new Map<Language, Promise<void>>();

/**
 * Loads a language's catalogue (and its antd and dayjs locales) once; resolves when t() has its texts.
 * Area catalogues added before (addResourceBundle of kit, adm …) are kept: the shell's is merged in.
 */
export function loadLanguage(lang: Language): Promise<void> {
  if (lang === 'zh') return Promise.resolve();
  let p = loading.get(lang);
  if (!p) {
    p = LOADERS[lang]().then(({ texts, antd }) => {
      i18n.addResourceBundle(lang, 'translation', texts, true, false);
      ANTD_LOCALES[lang] = antd;
    });
    p.catch(() => loading.delete(lang));
    loading.set(lang, p);
  }
  return p;
}

/** Resolves once the first language's catalogue is there (main renders after it; never rejects). */
export const languageReady: Promise<void> = loadLanguage(currentLanguage()).catch(() => {});

export function currentLanguage(): Language {
  const l = i18n.language;
  return (LANGS as readonly string[]).includes(l) ? (l as Language) : 'zh';
}

/** Switches and stores the language; returns the success text in the new language. */
export async function switchLanguage(lang: Language): Promise<string> {
  // The catalogue first: switching before it is there would render raw keys (or zh) for a moment.
  await loadLanguage(lang);
  storage.set('language', lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'zhtw' ? 'zh-TW' : lang === 'en' ? 'en' : 'zh-CN';
  return i18n.t('common.switchLanguageSuccess');
}

export default i18n;
