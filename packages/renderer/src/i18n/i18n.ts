import type { Language } from '@kp/schema';
import { createContext, useContext } from 'react';
import { en, type RendererTexts, zh, zhtw } from './resources';

export { createRendererI18n, NS } from './instance';

export type TextKey = keyof RendererTexts;
export type Translate = (key: TextKey, vars?: Record<string, unknown>) => string;

export interface LocaleValue {
  language: Language;
  t: Translate;
}

const TEXTS: Record<Language, RendererTexts> = { zh, zhtw, en };

/**
 * The renderer's translate function: the text of `key` in `language` (else zh, else the key), with `{{name}}`
 * replaced by `vars.name` (a missing one is left as is), as the i18next instance of createRendererI18n answers, without
 * carrying i18next into every page.
 */
export function createTranslate(language: Language = 'zh'): Translate {
  const texts = TEXTS[language] ?? zh;
  return (key, vars) => {
    const text: string = texts[key] ?? zh[key] ?? key;
    if (!vars) return text;
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
      const v = vars[name];
      return v === undefined ? whole : String(v);
    });
  };
}

export const LocaleContext = createContext<LocaleValue>({ language: 'zh', t: createTranslate('zh') });

export const useLocale = (): LocaleValue => useContext(LocaleContext);
