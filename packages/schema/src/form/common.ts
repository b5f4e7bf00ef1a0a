import { type SchemaOptions, type Static, type TLiteral, type TUnion, Type } from '@sinclair/typebox';
import { I18nText } from '../common';

/** Text style of the JNPFText control (spec 3 §3; minimum font size and line height 12, defaults 12 and 32). */
export const TextStyle = Type.Object(
  {
    color: Type.Optional(Type.String({ description: 'CSS colour, e.g. #000000' })),
    'text-align': Type.Optional(
      Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')], {
        description: 'Alignment',
      }),
    ),
    'font-weight': Type.Optional(
      Type.Union([
        Type.Literal('normal'),
        Type.Literal('bold'),
        Type.Literal('bolder'),
        Type.Literal('lighter'),
      ]),
    ),
    'font-style': Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('italic')])),
    'text-decoration': Type.Optional(
      Type.Union([
        Type.Literal('none'),
        Type.Literal('underline'),
        Type.Literal('line-through'),
        Type.Literal('overline'),
      ]),
    ),
    'line-height': Type.Optional(
      Type.Number({ minimum: 12, default: 32, description: 'Line height in px, at least 12 (default 32)' }),
    ),
    'font-size': Type.Optional(
      Type.Number({ minimum: 12, default: 12, description: 'Font size in px, at least 12 (default 12)' }),
    ),
  },
  { additionalProperties: true, description: 'Text style of a text control' },
);
export type TextStyle = Static<typeof TextStyle>;

/**
 * A file as the uploaders emit it and upload fields store it (spec 3 §3 "Uploaded file"; the chunked
 * uploader emits name, fileId, fileVersionId, url, so size may be missing). The server's merge answer is
 * `UploadedFile` in http/file.ts.
 */
export const FormFileValue = Type.Object(
  {
    name: Type.String({ description: 'File name shown to users' }),
    fileId: Type.String({ description: 'Stored file id' }),
    fileVersionId: Type.Optional(Type.String({ description: 'Version id of the stored file' })),
    url: Type.String({ description: 'Download or preview address' }),
    size: Type.Optional(Type.Number({ minimum: 0, description: 'Size in bytes' })),
  },
  { additionalProperties: true },
);
export type FormFileValue = Static<typeof FormFileValue>;

/** One custom regular-expression rule of a field (spec 3 §5: each with its own message). */
export const RegRule = Type.Object(
  {
    pattern: Type.String({ description: 'Regular expression, either `^...$` or `/.../flags`' }),
    message: I18nText,
  },
  { additionalProperties: true },
);
export type RegRule = Static<typeof RegRule>;

/** An option of a select, radio, checkbox, cascader or tree; its keys are named by `__config__.props`. */
export const FieldOption = Type.Record(Type.String(), Type.Unknown(), {
  description: 'An option; which keys hold label and value is set by __config__.props (default fullName/id)',
});
export type FieldOption = Static<typeof FieldOption>;

/** Where field values come from (spec 3 §3): fixed options, a dictionary, or a data interface. */
export const DataSourceType = Type.Union(
  [Type.Literal('static'), Type.Literal('dictionary'), Type.Literal('dynamic')],
  { description: 'Option source: static list, dictionary (dictionaryType) or data interface (propsUrl)' },
);

export const VISIBILITY = ['pc', 'app'] as const;
export const Visibility = Type.Array(Type.Union([Type.Literal('pc'), Type.Literal('app')]), {
  uniqueItems: true,
  maxItems: 2,
  description: "Where the field shows: a subset of ['pc', 'app']",
});

export const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;
export const SizeUnit = Type.Union([Type.Literal('KB'), Type.Literal('MB'), Type.Literal('GB')], {
  default: 'MB',
  description: 'Unit of fileSize (1024-based)',
});

export const BARCODE_FORMATS = [
  'code128',
  'ean13',
  'ean8',
  'ean5',
  'ean2',
  'code39',
  'itf14',
  'msi10',
  'msi11',
  'pharmacode',
  'upc',
  'codabar',
] as const;

export const TAB_TYPES = ['', 'default', 'card', 'border-card'] as const;
export const TAB_POSITIONS = ['top', 'left', 'right', 'bottom'] as const;
export const ROW_JUSTIFY = ['start', 'end', 'center', 'space-around', 'space-between'] as const;

/** Field name in the data: an identifier, so that `table.column` paths are unambiguous. */
export const VModel = Type.String({
  pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
  maxLength: 128,
  description: 'Field name in the form data (identifier: letters, digits, _)',
});

/** A union of string literals, typed as the union of those strings. */
export function literalUnion<T extends string>(
  values: readonly T[],
  options: SchemaOptions = {},
): TUnion<TLiteral<T>[]> {
  return Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  );
}

/**
 * A plain JSON copy of a TypeBox schema for ajv, with unions of literals turned into `enum` (so errors read
 * "must be one of [...]" instead of one "must be equal to constant" per literal) and `$ref`s renamed by `refs`.
 */
export function forAjv(schema: unknown, refs: Record<string, string> = {}): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema), (key, value) => {
    if (key === '$ref' && typeof value === 'string' && value in refs) return refs[value];
    if (value && typeof value === 'object' && Array.isArray(value.anyOf) && value.anyOf.length > 0) {
      const all = value.anyOf as Array<Record<string, unknown>>;
      if (all.every((s) => 'const' in s && Object.keys(s).every((k) => k === 'const' || k === 'type'))) {
        const { anyOf: _drop, ...rest } = value;
        return { ...rest, enum: all.map((s) => s.const) };
      }
    }
    return value;
  });
}
