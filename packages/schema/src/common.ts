import { type Static, Type } from '@sinclair/typebox';

/** A text shown to users: a plain string, or one text per language (zh is the default). */
export const I18nText = Type.Union(
  [
    Type.String(),
    Type.Object(
      {
        zh: Type.Optional(Type.String()),
        zhtw: Type.Optional(Type.String()),
        en: Type.Optional(Type.String()),
      },
      { additionalProperties: false },
    ),
  ],
  { description: 'A plain string, or a per-language map {zh, zhtw, en}' },
);
export type I18nText = Static<typeof I18nText>;

export const LANGUAGES = ['zh', 'zhtw', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Picks the text for `lang`, falling back to zh, then to any language given, then ''. */
export function textIn(text: I18nText | undefined | null, lang: Language = 'zh'): string {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  return text[lang] ?? text.zh ?? text.zhtw ?? text.en ?? '';
}

/** An id as the API passes it: numeric-looking strings and numbers both occur. */
export const Id = Type.Union([Type.String(), Type.Number()]);
export type Id = Static<typeof Id>;
