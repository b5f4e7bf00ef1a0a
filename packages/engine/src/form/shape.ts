import type { FieldConfig } from '@kp/schema';
import { kindOf } from '../model/kinds';
import type { ValueShape } from './value-shape';

export type { ValueShape } from './value-shape';

/** The data shape of a data field, from its kind module (model/kinds); 'any' for unknown and display kinds. */
export function shapeOf(field: FieldConfig): ValueShape {
  const key = (field as unknown as { __config__?: { jnpfKey?: unknown } })?.__config__?.jnpfKey;
  return kindOf(key)?.shape(field) ?? 'any';
}

/** Whether values of this shape are arrays (the required message is then 请至少选择一个<label>). */
export const isArrayShape = (shape: ValueShape): boolean =>
  shape === 'list' ||
  shape === 'path' ||
  shape === 'paths' ||
  shape === 'range' ||
  shape === 'numberRange' ||
  shape === 'files' ||
  shape === 'table';

/** Empty for the required rule: null, undefined, '', an empty array, or NaN. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

const ID = { type: ['string', 'number'] };
const FILE = {
  type: 'object',
  required: ['name', 'fileId', 'url'],
  properties: {
    name: { type: 'string' },
    fileId: { type: 'string' },
    fileVersionId: { type: 'string' },
    url: { type: 'string' },
    size: { type: 'number', minimum: 0 },
  },
};

/** JSON Schema (draft-07) of one value of this shape; null is always allowed (an unfilled field). */
export function valueSchema(shape: ValueShape): Record<string, unknown> {
  switch (shape) {
    case 'text':
      return { type: ['string', 'null'] };
    case 'number':
      return { anyOf: [{ type: ['number', 'null'] }, { type: 'string', maxLength: 0 }] };
    case 'choice':
      return { type: ['string', 'number', 'null'] };
    case 'scalar':
      return { type: ['string', 'number', 'boolean', 'null'] };
    case 'list':
    case 'path':
      return { type: ['array', 'null'], items: ID };
    case 'paths':
      return { type: ['array', 'null'], items: { type: 'array', items: ID } };
    case 'range':
      return { type: ['array', 'null'], maxItems: 2, items: { type: ['string', 'number', 'null'] } };
    case 'numberRange':
      return { type: ['array', 'null'], maxItems: 2, items: { type: ['number', 'null'] } };
    case 'files':
      return { type: ['array', 'null'], items: FILE };
    default:
      return {};
  }
}

const isId = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** Whether a non-empty value fits its shape (the same test as valueSchema, without ajv). */
export function fitsShape(shape: ValueShape, v: unknown): boolean {
  if (v === null || v === undefined) return true;
  switch (shape) {
    case 'text':
      return typeof v === 'string';
    case 'number':
      return (typeof v === 'number' && Number.isFinite(v)) || v === '';
    case 'choice':
      return isId(v);
    case 'scalar':
      return isId(v) || typeof v === 'boolean';
    case 'list':
    case 'path':
      return Array.isArray(v) && v.every(isId);
    case 'paths':
      return Array.isArray(v) && v.every((p) => Array.isArray(p) && p.every(isId));
    case 'range':
      return Array.isArray(v) && v.length <= 2 && v.every((x) => x === null || isId(x));
    case 'numberRange':
      return (
        Array.isArray(v) &&
        v.length <= 2 &&
        v.every((x) => x === null || (typeof x === 'number' && Number.isFinite(x)))
      );
    case 'files':
      return (
        Array.isArray(v) &&
        v.every(
          (x) =>
            x !== null &&
            typeof x === 'object' &&
            typeof (x as { name?: unknown }).name === 'string' &&
            typeof (x as { fileId?: unknown }).fileId === 'string' &&
            typeof (x as { url?: unknown }).url === 'string' &&
            ['string', 'undefined'].includes(typeof (x as { fileVersionId?: unknown }).fileVersionId) &&
            ((x as { size?: unknown }).size === undefined ||
              (typeof (x as { size?: unknown }).size === 'number' && (x as { size: number }).size >= 0)),
        )
      );
    case 'table':
      return Array.isArray(v) && v.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r));
    default:
      return true;
  }
}

/**
 * Empty for the required rule, by shape: isEmptyValue, and for ranges also a pair of empty bounds
 * (spec 3 §5: the number range gives an empty list when both bounds are empty).
 */
export function isEmptyFor(shape: ValueShape, value: unknown): boolean {
  if (isEmptyValue(value)) return true;
  if ((shape === 'range' || shape === 'numberRange') && Array.isArray(value))
    return value.every((x) => x === null || x === undefined || x === '');
  return false;
}
