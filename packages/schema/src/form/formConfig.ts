import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { ajv, makeValidator, type ValidationIssue } from '../validator';
import { forAjv, literalUnion } from './common';
import { FIELD_CONFIG_ID, FIELD_KIND_SCHEMAS, FieldConfig } from './fields';
import { allowedInTable, isJnpfKey, JNPF_KEYS } from './keys';

/** Form-level config (spec 3 §3 "Form config"). Only `fields` is required; the rest have the spec defaults. */
export const FormConfig = Type.Object(
  {
    formRef: Type.Optional(Type.String({ default: 'elForm', description: 'Form reference name' })),
    formModel: Type.Optional(Type.String({ default: 'dataForm', description: 'Data model name' })),
    size: Type.Optional(literalUnion(['large', 'default', 'medium', 'small', 'mini'], { default: 'small' })),
    labelPosition: Type.Optional(literalUnion(['left', 'right', 'top'], { default: 'right' })),
    labelWidth: Type.Optional(
      Type.Number({ minimum: 0, default: 100, description: 'Label width in px (100)' }),
    ),
    formRules: Type.Optional(Type.String({ default: 'rules', description: 'Rules object name' })),
    popupType: Type.Optional(
      literalUnion(['general', 'fullScreen', 'drawer'], {
        default: 'general',
        description: 'How the form opens: dialog (general), full screen, or drawer',
      }),
    ),
    generalWidth: Type.Optional(
      Type.String({ default: '600px', description: 'Dialog width: 600px, 800px, 1000px or 40%..80%' }),
    ),
    fullScreenWidth: Type.Optional(
      Type.String({ default: '100%', description: 'Full-screen width: 800px..100%' }),
    ),
    drawerWidth: Type.Optional(Type.String({ default: '600px', description: 'Drawer width' })),
    gutter: Type.Optional(Type.Number({ minimum: 0, default: 15, description: 'Grid gutter in px (15)' })),
    disabled: Type.Optional(Type.Boolean({ default: false, description: 'Whole form read-only' })),
    span: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 24, default: 24, description: 'Default span (24)' }),
    ),
    printId: Type.Optional(Type.String({ description: 'Print template id (required when hasPrintBtn)' })),
    formStyle: Type.Optional(Type.String({ description: 'Form CSS class' })),
    idGlobal: Type.Optional(
      Type.Integer({ minimum: 100, default: 100, description: 'Next designer formId (starts at 100)' }),
    ),
    hasPrintBtn: Type.Optional(Type.Boolean({ default: false, description: 'Shows a print button' })),
    printButtonText: Type.Optional(Type.String()),
    fields: Type.Array(FieldConfig, { description: 'The fields, in display order' }),
    funcs: Type.Optional(
      Type.Object(
        {
          onLoad: Type.Optional(Type.String({ description: 'Script run after the form loads' })),
          beforeSubmit: Type.Optional(Type.String({ description: 'Script run before validation on submit' })),
          afterSubmit: Type.Optional(Type.String({ description: 'Script run after the submit' })),
        },
        { additionalProperties: true, description: 'Event scripts (text; run by a sandbox, never eval)' },
      ),
    ),
  },
  { additionalProperties: true, $id: 'KpFormConfig' },
);
export type FormConfig = Static<typeof FormConfig>;

/** Defaults of the form config (spec 3 §9). */
export const FORM_DEFAULTS = {
  formRef: 'elForm',
  formModel: 'dataForm',
  size: 'small',
  labelPosition: 'right',
  labelWidth: 100,
  formRules: 'rules',
  popupType: 'general',
  generalWidth: '600px',
  fullScreenWidth: '100%',
  drawerWidth: '600px',
  gutter: 15,
  disabled: false,
  span: 24,
  idGlobal: 100,
  hasPrintBtn: false,
} as const;

/** A fresh empty form config with the spec defaults. */
export function emptyFormConfig(): FormConfig {
  return { ...FORM_DEFAULTS, fields: [] };
}

// ---------------------------------------------------------------------------------------------------------
// Validation. The TypeBox union (anyOf of ~60 kinds) is right for types but gives one error per kind; for
// readable errors the validator dispatches on jnpfKey with if/then, built from the same kind schemas.

const CHECK_ID = 'KpFieldConfigCheck';

const retarget = (schema: unknown) => forAjv(schema, { [FIELD_CONFIG_ID]: CHECK_ID });

const kindIf = (key: string) => ({
  required: ['__config__'],
  properties: { __config__: { required: ['jnpfKey'], properties: { jnpfKey: { const: key } } } },
});

/** The dispatching schema for one field (ajv only; the type is FieldConfig). */
export const FieldConfigCheckSchema = {
  $id: CHECK_ID,
  type: 'object',
  required: ['__config__'],
  properties: {
    __config__: {
      type: 'object',
      required: ['jnpfKey'],
      properties: { jnpfKey: { enum: [...JNPF_KEYS] } },
    },
  },
  allOf: Object.entries(FIELD_KIND_SCHEMAS).map(([key, schema]) => {
    const s = retarget(schema) as Record<string, unknown>;
    delete s.title;
    delete s.description;
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema if/then
    return { if: kindIf(key), then: s };
  }),
} as const;

try {
  if (!ajv.getSchema(CHECK_ID)) ajv.addSchema(FieldConfigCheckSchema);
} catch {
  // Already registered by another copy of this module: the same schema.
}

const FormConfigCheck = Type.Unsafe<FormConfig>({
  ...(retarget(FormConfig) as Record<string, unknown>),
  $id: 'KpFormConfigCheck',
  properties: {
    ...((retarget(FormConfig) as { properties: Record<string, unknown> }).properties ?? {}),
    fields: { type: 'array', items: { $ref: CHECK_ID } },
  },
});
const FieldCheck = Type.Unsafe<FieldConfig>({ $ref: CHECK_ID });

/** Deepest nesting allowed in a form config (objects and arrays); deeper documents are refused, not walked. */
export const MAX_FORM_DEPTH = 64;

/** Depth of a JSON value, measured without recursion; stops counting past `limit`. */
export function jsonDepth(value: unknown, limit = MAX_FORM_DEPTH): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  let visited = 0;
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > max) max = d;
    if (max > limit || ++visited > 1_000_000) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, d + 1]);
    }
  }
  return max;
}

// Same token classes as the engine's formula tokenizer (schema cannot import the engine).
const OPERATORS = new Set(['+', '-', '*', '/', '(', ')', '×', '÷', '（', '）']);
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Whether a calculate token is a field reference (neither an operator nor a number). */
export const isFieldRefToken = (token: string): boolean => !OPERATORS.has(token) && !NUMBER.test(token);

/** A regList pattern as a RegExp (`/body/flags` or a bare body), or null when it does not compile. */
export function regExpOf(pattern: string): RegExp | null {
  try {
    const m = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
    return m ? new RegExp(m[1]!, m[2]!.replace(/[gy]/g, '')) : new RegExp(pattern);
  } catch {
    return null;
  }
}

type AnyField = Record<string, unknown> & { __config__: Record<string, unknown> & { jnpfKey: string } };

interface Scope {
  /** vModel -> kind */
  fields: Map<string, string>;
  tables: Map<string, Map<string, string>>;
}

/** Visits every field with its path; `table` is the enclosing sub-table's vModel. */
export function walkFields(
  fields: readonly unknown[],
  visit: (field: AnyField, path: string, table: AnyField | null) => void,
  base = 'fields',
  table: AnyField | null = null,
  depth = 0,
): void {
  if (depth > MAX_FORM_DEPTH) return;
  fields.forEach((raw, i) => {
    if (!raw || typeof raw !== 'object') return;
    const f = raw as AnyField;
    const path = `${base}[${i}]`;
    const cfg = f.__config__;
    if (!cfg || typeof cfg !== 'object') return;
    visit(f, path, table);
    const children = cfg.children;
    if (!Array.isArray(children)) return;
    if (cfg.jnpfKey === 'tab' || cfg.jnpfKey === 'collapse') {
      children.forEach((pane, j) => {
        const kids = (pane as { __config__?: { children?: unknown } } | null)?.__config__?.children;
        if (Array.isArray(kids))
          walkFields(kids, visit, `${path}.__config__.children[${j}].__config__.children`, table, depth + 2);
      });
    } else {
      walkFields(
        children,
        visit,
        `${path}.__config__.children`,
        cfg.jnpfKey === 'table' ? f : table,
        depth + 1,
      );
    }
  });
}

/** Checks JSON Schema cannot say: unique names per scope, table columns, formulas, patterns, references. */
export function checkFormConfig(config: FormConfig): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const scope: Scope = { fields: new Map(), tables: new Map() };
  const seenMain = new Map<string, string>();
  const seenTable = new Map<string, Map<string, string>>();
  const all: Array<{ f: AnyField; path: string; table: AnyField | null }> = [];

  walkFields(config.fields, (f, path, table) => {
    all.push({ f, path, table });
    const key = f.__config__.jnpfKey;
    const vModel = typeof f.__vModel__ === 'string' ? f.__vModel__ : undefined;
    if (table) {
      const tv = String(table.__vModel__);
      if (!allowedInTable(key)) {
        issues.push({ path: `${path}.__config__.jnpfKey`, message: `"${key}" cannot be a sub-table column` });
      }
      if (vModel) {
        let seen = seenTable.get(tv);
        if (!seen) {
          seen = new Map();
          seenTable.set(tv, seen);
        }
        if (seen.has(vModel))
          issues.push({
            path: `${path}.__vModel__`,
            message: `duplicate __vModel__ "${vModel}" in table "${tv}"`,
          });
        else seen.set(vModel, path);
        let cols = scope.tables.get(tv);
        if (!cols) {
          cols = new Map();
          scope.tables.set(tv, cols);
        }
        cols.set(vModel, key);
      }
    } else if (vModel && (key === 'table' || !isDisplayOnly(f))) {
      if (seenMain.has(vModel))
        issues.push({ path: `${path}.__vModel__`, message: `duplicate __vModel__ "${vModel}"` });
      else seenMain.set(vModel, path);
      scope.fields.set(vModel, key);
      if (key === 'table' && !scope.tables.has(vModel)) scope.tables.set(vModel, new Map());
    }
    const regList = f.__config__.regList;
    if (Array.isArray(regList)) {
      regList.forEach((r, i) => {
        const pattern = (r as { pattern?: unknown })?.pattern;
        if (typeof pattern === 'string' && regExpOf(pattern) === null)
          issues.push({
            path: `${path}.__config__.regList[${i}].pattern`,
            message: 'is not a valid regular expression',
          });
      });
    }
  });

  for (const { f, path, table } of all) {
    const key = f.__config__.jnpfKey;
    const tv = table ? String(table.__vModel__) : null;
    if (key === 'calculate' && Array.isArray(f.expression)) {
      (f.expression as string[]).forEach((token, i) => {
        if (!isFieldRefToken(token)) return;
        const dot = token.indexOf('.');
        const ok =
          dot < 0
            ? scope.fields.has(token) && scope.fields.get(token) !== 'table'
            : (scope.tables.get(token.slice(0, dot))?.has(token.slice(dot + 1)) ?? false);
        if (!ok)
          issues.push({ path: `${path}.expression[${i}]`, message: `refers to unknown field "${token}"` });
      });
    }
    if (key === 'table' && Array.isArray(f.summaryField)) {
      const cols = scope.tables.get(String(f.__vModel__));
      (f.summaryField as string[]).forEach((s, i) => {
        if (!cols?.has(s))
          issues.push({ path: `${path}.summaryField[${i}]`, message: `is not a column of this table` });
      });
    }
    if ((key === 'barcode' || key === 'qrcode') && f.dataType === 'relation' && !f.relationField) {
      issues.push({ path: `${path}.relationField`, message: 'is required when dataType is relation' });
    }
    if (key === 'relationFormAttr' || key === 'popupAttr') {
      const want = key === 'relationFormAttr' ? ['relationForm'] : ['popupSelect', 'popupTableSelect'];
      const rel = String(f.relationField);
      const kind = tv ? (scope.tables.get(tv)?.get(rel) ?? scope.fields.get(rel)) : scope.fields.get(rel);
      if (!kind || !want.includes(kind))
        issues.push({ path: `${path}.relationField`, message: `must name a ${want.join(' or ')} field` });
    }
  }
  return issues;
}

function isDisplayOnly(f: AnyField): boolean {
  const key = f.__config__.jnpfKey;
  if (key === 'relationFormAttr' || key === 'popupAttr') return f.isStorage !== 1;
  return (
    !isJnpfKey(key) ||
    [
      'JNPFText',
      'link',
      'button',
      'alert',
      'barcode',
      'qrcode',
      'groupTitle',
      'divider',
      'row',
      'card',
      'tab',
      'collapse',
    ].includes(key)
  );
}

const tooDeep = (json: unknown) =>
  jsonDepth(json) > MAX_FORM_DEPTH
    ? [{ path: '(root)', message: `is nested deeper than ${MAX_FORM_DEPTH} levels` }]
    : null;

const formValidator = makeValidator(FormConfigCheck, checkFormConfig);
const fieldValidator = makeValidator(FieldCheck, (f) => checkFormConfig({ fields: [f] }));

/** Validates a form config: `{ ok: true, value }` or `{ ok: false, errors: [{ path, message }] }`; never throws. */
export function validateFormConfig(json: unknown) {
  const deep = tooDeep(json);
  return deep ? { ok: false as const, errors: deep } : formValidator(json);
}

/** Validates one field config (paths relative to the field, e.g. `__config__.span`); never throws. */
export function validateFieldConfig(json: unknown) {
  const deep = tooDeep(json);
  if (deep) return { ok: false as const, errors: deep };
  const r = fieldValidator(json);
  return r.ok
    ? r
    : {
        ok: false as const,
        errors: r.errors.map((e) => ({ ...e, path: e.path.replace(/^fields\[0\]\.?/, '') || '(root)' })),
      };
}

export type { TSchema };
