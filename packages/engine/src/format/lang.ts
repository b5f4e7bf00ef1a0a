/**
 * The engine does not import i18next: texts it produces come from small per-language tables keyed by the
 * platform's languages. zh is the default and holds the spec's Chinese verbatim.
 */
export type Lang = 'zh' | 'zhtw' | 'en';

export type Texts = Readonly<Record<Lang, string>>;

export function pickLang(lang: unknown): Lang {
  return lang === 'en' || lang === 'zhtw' ? lang : 'zh';
}

/** Replaces {name} placeholders. */
export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in params ? String(params[key]) : m));
}
