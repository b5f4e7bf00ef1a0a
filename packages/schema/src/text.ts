// Runtime helpers for user-facing texts, kept apart from the TypeBox schemas in ./common so that a browser
// bundle using only textIn (the renderer, the engine) does not carry TypeBox.

/** A text shown to users as textIn reads it: a string, or one text per language (the TypeBox I18nText in ./common). */
export type LocalText = string | { zh?: string; zhtw?: string; en?: string };

export const LANGUAGES = ['zh', 'zhtw', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Picks the text for `lang`, falling back to zh, then to any language given, then ''. */
export function textIn(text: LocalText | undefined | null, lang: Language = 'zh'): string {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  return text[lang] ?? text.zh ?? text.zhtw ?? text.en ?? '';
}
