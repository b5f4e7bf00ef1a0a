import type { Language } from '@kp/schema';
import i18next, { type i18n as I18n } from 'i18next';
import { en, zh, zhtw } from './resources';

/** The renderer's namespace in its private i18next instance (never the host's global instance). */
export const NS = 'kpRenderer';

/**
 * An isolated i18next instance with the renderer's texts, for hosts that translate through i18next (an embedding
 * host's own i18next is never touched). The renderer itself translates with the smaller `createTranslate`.
 */
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
