import type { Language } from '@kp/schema';
import i18next, { type i18n as I18n } from 'i18next';
import { createContext, useContext } from 'react';
import { en, type RendererTexts, zh, zhtw } from './resources';

/** The renderer's namespace in its private i18next instance (never the host's global instance). */
export const NS = 'kpRenderer';

/** Creates an isolated i18next instance so an embedding host's own i18next is never touched. */
export function createRendererI18n(language: Language = 'zh'): I18n {
  const inst = i18next.createInstance();
  void inst.init({
    lng: language,
    fallbackLng: 'zh',
    ns: [NS],
    defaultNS: NS,
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: { zh: { [NS]: zh }, zhtw: { [NS]: zhtw }, en: { [NS]: en } },
  });
  return inst;
}

export type TextKey = keyof RendererTexts;
export type Translate = (key: TextKey, vars?: Record<string, unknown>) => string;

export interface LocaleValue {
  language: Language;
  t: Translate;
}

const fallback = createRendererI18n('zh');
export const LocaleContext = createContext<LocaleValue>({
  language: 'zh',
  t: (k, v) => fallback.t(k, v) as string,
});

export const useLocale = (): LocaleValue => useContext(LocaleContext);
