// The fixed schemas the browser validates with, in the exact form ajv compiles them: the generator
// (scripts/gen-validators.ts) turns them into plain functions at build time (ajv standalone code), so no page
// compiles a schema with new Function. Only the generator and its staleness test import this module.
import { FlowNode } from '../flow/node';
import { FlowTemplateProperties } from '../flow/template';
import { forAjv } from '../form/common';
import { FIELD_CONFIG_ID, FIELD_KIND_SCHEMAS, FieldBase, FieldBaseConfig } from '../form/fields';
import { FormConfig } from '../form/formConfig';
import { JNPF_KEYS } from '../form/keys';
import { Portal, PortalLayout } from '../portal/portal';
import { kindExport } from './names';

/** What a field must at least be; containers' children are checked this far, then each on its own. */
export const LOOSE_FIELD = {
  type: 'object',
  required: ['__config__'],
  properties: {
    __config__: { type: 'object', required: ['jnpfKey'], properties: { jnpfKey: { enum: [...JNPF_KEYS] } } },
  },
};

export const BASE_CONFIG_ID = 'KpFieldBaseConfig';
export const BASE_FIELD_ID = 'KpFieldBase';
const BASE_CONFIG_KEYS = new Set(Object.keys(FieldBaseConfig.properties));
const BASE_FIELD_KEYS = new Set(Object.keys(FieldBase.properties));

const without = (props: Record<string, unknown>, keys: Set<string>) =>
  Object.fromEntries(Object.entries(props).filter(([k]) => !keys.has(k)));

/**
 * A kind's schema for ajv: the shared keys by `$ref` (compiled once, not once per kind), nested fields
 * (`$ref` FieldConfig) as LOOSE_FIELD. Same constraints as the TypeBox schema.
 */
export function kindSchemaForAjv(schema: unknown): Record<string, unknown> {
  const plain = JSON.parse(JSON.stringify(forAjv(schema)), (_key, value) =>
    value && typeof value === 'object' && value.$ref === FIELD_CONFIG_ID ? LOOSE_FIELD : value,
  ) as { properties: Record<string, unknown>; required?: string[] };
  const cfg = plain.properties.__config__ as { properties: Record<string, unknown>; required?: string[] };
  return {
    type: 'object',
    required: plain.required ?? [],
    allOf: [{ $ref: BASE_FIELD_ID }],
    properties: {
      ...without(plain.properties, BASE_FIELD_KEYS),
      __config__: {
        type: 'object',
        required: cfg.required ?? [],
        allOf: [{ $ref: BASE_CONFIG_ID }],
        properties: without(cfg.properties, BASE_CONFIG_KEYS),
      },
    },
  };
}

/** The form with each field checked only for `__config__.jnpfKey` (each field then gets its kind's check). */
export function formSkeletonSchema(): Record<string, unknown> {
  const form = forAjv(FormConfig) as { properties: Record<string, unknown> };
  return {
    ...form,
    $id: undefined,
    properties: { ...form.properties, fields: { type: 'array', items: LOOSE_FIELD } },
  };
}

/**
 * Every schema the generated module exports, by export name (in a fixed order: the generated names follow
 * it), and the shared schemas the kinds refer to by `$ref`.
 */
export function standaloneSchemas(): {
  shared: Record<string, Record<string, unknown>>;
  exports: Record<string, unknown>;
} {
  const plain = (s: unknown) => JSON.parse(JSON.stringify(s)) as Record<string, unknown>;
  return {
    shared: {
      [BASE_CONFIG_ID]: { ...forAjv(FieldBaseConfig), $id: BASE_CONFIG_ID },
      [BASE_FIELD_ID]: { ...forAjv(FieldBase), $id: BASE_FIELD_ID },
    },
    exports: {
      formSkeleton: formSkeletonSchema(),
      ...Object.fromEntries(JNPF_KEYS.map((k) => [kindExport(k), kindSchemaForAjv(FIELD_KIND_SCHEMAS[k])])),
      flowNode: plain(FlowNode),
      flowTemplateProperties: plain(FlowTemplateProperties),
      portalLayout: forAjv(PortalLayout),
      portal: forAjv(Portal),
    },
  };
}
