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

export { LANGUAGES, type Language, textIn } from './text';

/** An id as the API passes it: numeric-looking strings and numbers both occur. */
export const Id = Type.Union([Type.String(), Type.Number()]);
export type Id = Static<typeof Id>;
