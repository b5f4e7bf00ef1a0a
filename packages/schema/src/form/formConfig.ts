import { type Static, Type } from '@sinclair/typebox';
import { RE2JS } from 're2js';
import * as generated from '../generated/validators';
import { kindExport } from '../standalone/names';
import {
  fromStandalone,
  fromValidateFn,
  type ValidateFn,
  type ValidationIssue,
  type ValidationResult,
} from '../validator';
import { literalUnion } from './common';
import { FieldConfig } from './fields';
import { allowedInTable, isJnpfKey, JNPF_KEYS, type JnpfKey } from './keys';
import { type WalkedField, walkFields } from './walk';

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
    scriptEffects: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String()), {
        description:
          'Per script event (onLoad, beforeSubmit, a field event …): the fields (vModel, `table.column` or ' +
          '`table-column`, a sub-table with its columns) that script may hide, disable or make optional. ' +
          'Only these are relaxed by a running script, and the server does not require them.',
      }),
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
// Validation. The TypeBox union (anyOf of ~60 kinds) is right for types, but one ajv schema for it is slow to
// compile and gives one error per kind. So validation goes in two steps from the same schemas: the form
// with each field checked only for `__config__.jnpfKey`, then every field (nested ones too, found by
// walkFields) with its own kind's schema. Both are precompiled at build time (src/standalone/schemas.ts →
// src/generated/validators.js, ajv standalone code): no schema is compiled in the browser (no new Function).

const kindValidators = new Map<string, (json: unknown) => ValidationResult<unknown>>();

/** The precompiled validator of a kind's schema, or one that says it is missing (a stale generated module). */
function standaloneKind(key: string): ValidateFn {
  const fn = (generated as Record<string, ValidateFn | undefined>)[kindExport(key)];
  if (fn) return fn;
  throw new Error(`no precompiled validator for ${key} (run npm run gen:validators -w packages/schema)`);
}

/** The validator of one kind (own keys only; nested fields need their own check). Never throws. */
export function fieldKindValidator(key: JnpfKey): (json: unknown) => ValidationResult<unknown> {
  let v = kindValidators.get(key);
  if (!v) {
    v = fromValidateFn<unknown>(() => standaloneKind(key));
    kindValidators.set(key, v);
  }
  return v;
}

const skeletonValidator = fromStandalone<FormConfig>(generated.formSkeleton);

const joinPath = (base: string, rel: string) =>
  rel === '(root)' || rel === '' ? base : rel.startsWith('[') ? `${base}${rel}` : `${base}.${rel}`;

/** Checks every field of `fields` (nested too) against its kind's schema; paths start at `base`. */
function checkKinds(fields: readonly unknown[], base: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  walkFields(
    fields,
    (f, path) => {
      const key = f.__config__.jnpfKey;
      if (!isJnpfKey(key)) {
        issues.push({
          path: `${path}.__config__.jnpfKey`,
          message: `must be one of ${JSON.stringify(JNPF_KEYS)}`,
        });
        return;
      }
      const r = fieldKindValidator(key)(f);
      if (!r.ok) for (const e of r.errors) issues.push({ path: joinPath(path, e.path), message: e.message });
    },
    { base },
  );
  return issues;
}

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

/**
 * Why a regList pattern (`/body/flags` or a bare body) cannot be used, or null when it can. Patterns run on
 * RE2 (linear time, see compileUserRegex in @kp/engine, which compiles the same way): backreferences and
 * lookaround are refused here, at save, so no pattern can stall the server.
 */
export function regexProblemOf(pattern: string): string | null {
  const m = /^\/([\s\S]*)\/([a-z]*)$/.exec(pattern);
  const [source, flags] = m ? [m[1]!, m[2]!] : [pattern, ''];
  if (source.length > 1000) return 'is longer than 1000 characters';
  const bits: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };
  if (/[^imsguyd]/.test(flags)) return 'is not a valid regular expression';
  let size: number;
  try {
    const re = RE2JS.compile(
      RE2JS.translateRegExp(source),
      [...flags].reduce((a, f) => a | (bits[f] ?? 0), 0),
    );
    size = Number((re.re2().prog as { numInst(): number }).numInst());
  } catch (e) {
    try {
      new RegExp(source, flags.replace(/[gyd]/g, ''));
    } catch {
      return 'is not a valid regular expression';
    }
    const why = String((e as { message?: unknown })?.message ?? e).replace(/^error parsing regexp: /, '');
    return `is not supported by the safe regex engine (no backreferences or lookaround): ${why.slice(0, 80)}`;
  }
  // Matching costs program size × text length: the same cap as MAX_USER_REGEX_PROGRAM in @kp/engine.
  return size <= 1000 ? null : `is too complex (${size} steps per character; at most 1000)`;
}

type AnyField = WalkedField;

interface Scope {
  /** vModel -> kind */
  fields: Map<string, string>;
  tables: Map<string, Map<string, string>>;
}

/** Checks JSON Schema cannot say: unique names per scope, table columns, formulas, patterns, references. */
export function checkFormConfig(
  config: FormConfig,
  options: { references?: boolean } = {},
): ValidationIssue[] {
  const references = options.references !== false;
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
        const problem = typeof pattern === 'string' ? regexProblemOf(pattern) : null;
        if (problem) issues.push({ path: `${path}.__config__.regList[${i}].pattern`, message: problem });
      });
    }
  });

  for (const { f, path, table } of all) {
    const key = f.__config__.jnpfKey;
    const tv = table ? String(table.__vModel__) : null;
    if (references && key === 'calculate' && Array.isArray(f.expression)) {
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
    if (references && (key === 'relationFormAttr' || key === 'popupAttr')) {
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

function mergeIssues(a: ValidationIssue[], b: ValidationIssue[]): ValidationIssue[] {
  const seen = new Set<string>();
  const out: ValidationIssue[] = [];
  for (const i of [...a, ...b]) {
    const k = `${i.path}\u0000${i.message}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(i);
    }
  }
  return out;
}

/** Validates a form config: `{ ok: true, value }` or `{ ok: false, errors: [{ path, message }] }`; never throws. */
export function validateFormConfig(json: unknown): ValidationResult<FormConfig> {
  return validateForm(json, true);
}

function validateForm(json: unknown, references: boolean): ValidationResult<FormConfig> {
  const deep = tooDeep(json);
  if (deep) return { ok: false, errors: deep };
  const r = skeletonValidator(json);
  try {
    const fields = (json as { fields?: unknown } | null)?.fields;
    const kinds = Array.isArray(fields) ? checkKinds(fields, 'fields') : [];
    if (!r.ok || kinds.length) return { ok: false, errors: mergeIssues(r.ok ? [] : r.errors, kinds) };
    const extra = checkFormConfig(r.value, { references });
    return extra.length ? { ok: false, errors: extra } : r;
  } catch (err) {
    return {
      ok: false,
      errors: [{ path: '(root)', message: `cannot be validated: ${(err as Error).message}` }],
    };
  }
}

/** Validates one field config (paths relative to the field, e.g. `__config__.span`); never throws. */
export function validateFieldConfig(json: unknown): ValidationResult<FieldConfig> {
  const deep = tooDeep(json);
  if (deep) return { ok: false, errors: deep };
  // One field alone: its own checks, not the references to other fields (formula operands, attribute links).
  const r = validateForm({ fields: [json] }, false);
  if (r.ok) return { ok: true, value: json as FieldConfig };
  return {
    ok: false,
    errors: r.errors.map((e) => ({ ...e, path: e.path.replace(/^fields\[0\]\.?/, '') || '(root)' })),
  };
}
