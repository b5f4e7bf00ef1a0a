// The validator handed to rjsf. The renderer never lets rjsf validate data (the engine's validateFormData does,
// with the spec's messages), so rjsf only asks `isValid` while it resolves a schema (anyOf/oneOf branches,
// if/then/else, dependencies). The data schemas compileForm produces use a small JSON Schema subset (type,
// properties, items, required, enum, const, anyOf/oneOf/allOf/not), checked here structurally; this replaces
// @rjsf/validator-ajv8, which would add AJV (about 40 kB gzipped) to every page for no message the user sees.
import type { RJSFSchema, ValidationData, ValidatorType } from '@rjsf/utils';

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function typeMatches(type: string, v: unknown): boolean {
  switch (type) {
    case 'null':
      return v === null;
    case 'boolean':
      return typeof v === 'boolean';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'string':
      return typeof v === 'string';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isObject(v);
    default:
      return true;
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Schema)[k], (b as Schema)[k]));
}

/** Whether `data` satisfies `schema` for the keywords above (unknown keywords pass). `root` resolves `#/…` refs. */
export function matchesSchema(schema: unknown, data: unknown, root: unknown = schema, depth = 0): boolean {
  if (schema === true || schema === undefined) return true;
  if (schema === false) return false;
  if (!isObject(schema) || depth > 64) return true;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) {
    let target: unknown = root;
    for (const part of schema.$ref.slice(2).split('/'))
      target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    if (!matchesSchema(target, data, root, depth + 1)) return false;
  }
  const type = schema.type;
  if (typeof type === 'string' && !typeMatches(type, data)) return false;
  if (Array.isArray(type) && !type.some((t) => typeMatches(String(t), data))) return false;
  if ('const' in schema && !deepEqual(schema.const, data)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => deepEqual(e, data))) return false;
  if (isObject(data)) {
    if (Array.isArray(schema.required) && !schema.required.every((k) => Object.hasOwn(data, String(k))))
      return false;
    if (isObject(schema.properties))
      for (const [k, sub] of Object.entries(schema.properties))
        if (Object.hasOwn(data, k) && !matchesSchema(sub, data[k], root, depth + 1)) return false;
  }
  if (Array.isArray(data) && isObject(schema.items))
    if (!data.every((item) => matchesSchema(schema.items, item, root, depth + 1))) return false;
  if (Array.isArray(schema.allOf) && !schema.allOf.every((s) => matchesSchema(s, data, root, depth + 1)))
    return false;
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((s) => matchesSchema(s, data, root, depth + 1)))
    return false;
  if (
    Array.isArray(schema.oneOf) &&
    schema.oneOf.filter((s) => matchesSchema(s, data, root, depth + 1)).length !== 1
  )
    return false;
  if ('not' in schema && matchesSchema(schema.not, data, root, depth + 1)) return false;
  return true;
}

/** rjsf's validator: schema resolution only; data validation belongs to the engine (never reports errors). */
export const rjsfValidator: ValidatorType<unknown, RJSFSchema> = {
  validateFormData: (): ValidationData<unknown> => ({ errors: [], errorSchema: {} }),
  isValid: (schema, formData, rootSchema) => matchesSchema(schema, formData, rootSchema),
  rawValidation<Result>(schema: RJSFSchema, formData?: unknown): { errors?: Result[] } {
    return matchesSchema(schema, formData)
      ? {}
      : { errors: [{ message: 'does not match the schema' } as Result] };
  },
};
