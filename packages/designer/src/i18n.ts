import i18next, { type i18n as I18n } from 'i18next';
import { useSyncExternalStore } from 'react';

import { FLOW_TEXTS } from './texts/flow';
import { FORM_TEXTS } from './texts/form';
import { FORM_PROPS_TEXTS } from './texts/formProps';
import { PORTAL_TEXTS } from './texts/portal';
import { SIMULATOR_TEXTS } from './texts/simulator';
import type { Texts } from './texts/types';

/** [zh, zhtw, en] per key, one file per area under ./texts; zh texts are the spec's, verbatim. */
const TEXTS: Texts = {
  ...FORM_TEXTS,
  ...FORM_PROPS_TEXTS,
  ...PORTAL_TEXTS,
  ...FLOW_TEXTS,
  ...SIMULATOR_TEXTS,
};

const LANGS = ['zh', 'zhtw', 'en'] as const;
export type DesignerLanguage = (typeof LANGS)[number];

export const resources = Object.fromEntries(
  LANGS.map((lng, i) => [
    lng,
    { designer: Object.fromEntries(Object.entries(TEXTS).map(([k, v]) => [k, v[i]])) },
  ]),
) as Record<DesignerLanguage, { designer: Record<string, string> }>;

/** The designer's own i18next instance (never the host's global one). zh is the default language. */
export const i18n: I18n = i18next.createInstance();
void i18n.init({
  lng: 'zh',
  fallbackLng: 'zh',
  ns: ['designer'],
  defaultNS: 'designer',
  resources,
  initImmediate: false,
  interpolation: { escapeValue: false },
} as Parameters<I18n['init']>[0]);

export function setDesignerLanguage(lng: DesignerLanguage): void {
  void i18n.changeLanguage(lng);
}

export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options) as string;

function subscribe(cb: () => void): () => void {
  i18n.on('languageChanged', cb);
  return () => i18n.off('languageChanged', cb);
}

/** Re-renders the caller when the designer language changes; returns t and the language. */
export function useDesignerT(): { t: typeof t; lang: DesignerLanguage } {
  const lang = useSyncExternalStore(subscribe, () => i18n.language as DesignerLanguage);
  return { t, lang };
}

/** Text of an I18n label in the current language. */
export function labelText(label: unknown, lang: string = i18n.language): string {
  if (label == null) return '';
  if (typeof label === 'string') return label;
  const m = label as Record<string, string | undefined>;
  return m[lang] ?? m.zh ?? m.zhtw ?? m.en ?? '';
}
