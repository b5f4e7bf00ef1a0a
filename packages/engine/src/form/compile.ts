import {
  type FieldConfig,
  type FormConfig,
  type I18nText,
  type JnpfKey,
  type Language,
  textIn,
  walkFields,
} from '@kp/schema';
import { type CompiledFormula, compileFormula } from '../formula';
import { kindOf } from '../model/kinds';
import { safeRegexReady } from '../validators/re2';
import { compileUserRegex, splitUserRegex, type UserRegex } from '../validators/safeRegex';
import type {
  CompiledCalc,
  CompiledField,
  CompiledForm,
  CompiledTable,
  CompileIssue,
  CompileIssueCode,
  CompileOptions,
  FieldRule,
  SystemVariableUse,
} from './compiled';
import { buildCalcGraph, type CalcGraph } from './graph';
import { formMessages } from './messages';
import { recalculate } from './recalculate';
import { fitsShape, isArrayShape, shapeOf, type ValueShape, valueSchema } from './shape';
import { systemVariableUse } from './systemVariables';

export type {
  CompiledCalc,
  CompiledField,
  CompiledForm,
  CompiledTable,
  CompileIssue,
  CompileIssueCode,
  CompileOptions,
  FieldRule,
  SystemVariableUse,
};

/** Approver-type pickers: kinds where a person picks users (names from users, not read-only), 请选择<label>. */
const picksUsers = (key: unknown): boolean => {
  const kind = kindOf(key);
  return kind?.names === 'user' && !kind.readonly;
};

type Loose = Record<string, unknown> & { __config__: Record<string, unknown> & { jnpfKey: JnpfKey } };

/** Whether this field holds data (by its kind module: display kinds and unsaved attribute fields do not). */
export function holdsData(field: FieldConfig): boolean {
  const f = field as unknown as Loose;
  const kind = kindOf(f.__config__?.jnpfKey);
  if (!kind) return false;
  if (kind.holdsData) return kind.holdsData(field);
  return kind.role === 'data' && typeof f.__vModel__ === 'string' && f.__vModel__ !== '';
}

function defaultOf(f: Loose, shape: ValueShape): unknown {
  const d = f.__config__.defaultValue;
  if (d !== undefined && fitsShape(shape, d)) return structuredClone(d);
  const kind = kindOf(f.__config__.jnpfKey);
  const v = kind ? kind.defaultValue(f as unknown as FieldConfig, shape) : null;
  return v === null || v === undefined ? (isArrayShape(shape) ? [] : null) : v;
}

function labelOf(text: unknown, lang: Language): string {
  return textIn(text as I18nText | undefined, lang);
}

/**
 * Compiles a form config once into what the renderer and the server need: the data JSON Schema, defaults,
 * rules, the flattened field list and the calculation graph. Pure; never throws on a config that
 * validateFormConfig accepts (and reports, rather than throws, on most that it does not).
 */
export function compileForm(config: FormConfig, options: CompileOptions = {}): CompiledForm {
  const lang = options.lang ?? 'zh';
  const msg = formMessages(lang);
  const fields: CompiledField[] = [];
  const tables: CompiledTable[] = [];
  const tableByModel = new Map<string, CompiledTable>();
  const errors: CompileIssue[] = [];
  const amountWordFields: string[] = [];

  const malformed = (path: string, message: string) => errors.push({ code: 'malformed', path, message });
  /** The field an issue is about: its data path when it has one (else where it sits) and its label. */
  const about = (f: Loose, at: string, table?: string) => {
    const vModel = typeof f.__vModel__ === 'string' && f.__vModel__ ? f.__vModel__ : '';
    const path = vModel ? (table ? `${table}.${vModel}` : vModel) : at;
    return { path, label: labelOf(f.__config__.label, lang) };
  };
  if (!Array.isArray(config?.fields)) malformed('fields', 'is not a list of fields');
  walkFields(
    Array.isArray(config?.fields) ? config.fields : [],
    (raw, configPath, table, { container }) => {
      const f = raw as Loose;
      const key = f.__config__.jnpfKey;
      if (!kindOf(key)) {
        const name = typeof f.__vModel__ === 'string' && f.__vModel__ ? ` "${f.__vModel__}"` : '';
        errors.push({
          code: 'unknownKind',
          path: `${configPath}.__config__.jnpfKey`,
          message: `field${name}: unknown kind "${String(key)}"`,
          field: about(f, configPath, table ? String(table.__vModel__) : undefined),
          subject: String(key),
        });
        return false;
      }
      const field = f as unknown as FieldConfig;
      const kind = kindOf(key)!;
      const named = typeof f.__vModel__ === 'string' && f.__vModel__ !== '';
      if (!named && ((kind.role === 'data' && !kind.holdsData) || (key === 'table' && !table)))
        errors.push({
          code: 'noName',
          path: `${configPath}.__vModel__`,
          message: 'holds data but has no __vModel__',
          field: about(f, configPath),
        });
      if (key === 'table') {
        if (table || typeof f.__vModel__ !== 'string') return;
        const columns = f.__config__.children;
        if (!Array.isArray(columns) || columns.length === 0)
          errors.push({
            code: 'noColumns',
            path: `${configPath}.__config__.children`,
            message: 'sub-table has no columns',
            field: about(f, configPath),
          });
        const t: CompiledTable = {
          vModel: f.__vModel__,
          label: labelOf(f.__config__.label, lang),
          configPath,
          columns: [],
          showSummary: f.showSummary === true,
          summaryField: Array.isArray(f.summaryField) ? (f.summaryField as string[]) : [],
          decimalPlace: {},
        };
        tables.push(t);
        tableByModel.set(t.vModel, t);
        fields.push(makeField(f, field, configPath, container, undefined));
        return;
      }
      if (!holdsData(field)) return;
      const tv = table ? String(table.__vModel__) : undefined;
      const cf = makeField(f, field, configPath, container, tv);
      fields.push(cf);
      if (tv) {
        const t = tableByModel.get(tv);
        if (t) {
          t.columns.push(cf);
          const dp = f.__config__.decimalPlace;
          t.decimalPlace[cf.vModel] = typeof dp === 'number' && dp >= 0 ? dp : 2;
        }
      } else if (
        (key === 'JNPFAmount' && f.showChinese !== false) ||
        (key === 'calculate' && f.showChinese === true)
      ) {
        amountWordFields.push(cf.vModel);
      }
    },
    { onMalformed: malformed },
  );

  function makeField(
    f: Loose,
    field: FieldConfig,
    configPath: string,
    container: string,
    table: string | undefined,
  ): CompiledField {
    const vModel = String(f.__vModel__);
    const label = labelOf(f.__config__.label, lang);
    const shape = shapeOf(field);
    const key = f.__config__.jnpfKey;
    const trigger = (f.__config__.trigger as string | string[] | undefined) ?? 'blur';
    const placeholder = labelOf(f.placeholder, lang);
    // Approver-type pickers (user pickers): 请选择<label> ("please select {title}", spec 3 §5).
    // JNPF otherwise: an array-valued field always gets 请至少选择一个<label>; else the placeholder, else
    // <label>不能为空.
    const requiredMessage = picksUsers(key)
      ? msg.select(label)
      : isArrayShape(shape)
        ? msg.atLeastOne(label)
        : placeholder !== ''
          ? placeholder
          : msg.required(label);
    const readonly = kindOf(key)?.readonly === true;
    const required = f.__config__.required === true && !readonly;
    const rules: FieldRule[] = [];
    if (required)
      rules.push(
        isArrayShape(shape)
          ? { required: true, type: 'array', message: requiredMessage, trigger }
          : { required: true, message: requiredMessage, trigger },
      );
    const regList = Array.isArray(f.__config__.regList) ? f.__config__.regList : [];
    regList.forEach((r, i) => {
      const rule = (r ?? {}) as { pattern?: unknown; message?: unknown };
      if (typeof rule.pattern === 'string' && !safeRegexReady()) {
        // A browser before loadSafeRegex(): the pattern compiles on its first test (see deferredRegex).
        rules.push({ pattern: deferredRegex(rule.pattern), message: labelOf(rule.message, lang), trigger });
        return;
      }
      const re = typeof rule.pattern === 'string' ? compileUserRegex(rule.pattern) : null;
      if (!re?.ok) {
        errors.push({
          code: 'badPattern',
          path: `${configPath}.__config__.regList[${i}].pattern`,
          message: re
            ? `is not a valid regular expression (${re.error})`
            : 'is not a valid regular expression',
          field: { path: table ? `${table}.${vModel}` : vModel, label },
          subject: String(i + 1),
        });
        return;
      }
      rules.push({ pattern: re.regex, message: labelOf(rule.message, lang), trigger });
    });
    return {
      key,
      vModel,
      path: table ? `${table}.${vModel}` : vModel,
      table,
      configPath,
      container,
      label,
      shape,
      required,
      readonly,
      hidden: f.__config__.noShow === true,
      visibility: Array.isArray(f.__config__.visibility)
        ? (f.__config__.visibility as unknown[]).filter((v): v is 'pc' | 'app' => v === 'pc' || v === 'app')
        : ['pc', 'app'],
      rules,
      systemVariables: systemVariableUse(f),
      requiredMessage,
      defaultValue: defaultOf(f, shape),
      config: field,
    };
  }

  const byPath = new Map<string, CompiledField>();
  const issueOf = (
    f: CompiledField,
    code: CompileIssueCode,
    path: string,
    message: string,
    subject?: string,
  ): CompileIssue => ({
    code,
    path,
    message,
    field: { path: f.path, label: f.label },
    ...(subject === undefined ? {} : { subject }),
  });
  for (const f of fields) {
    if (byPath.has(f.path))
      errors.push(
        issueOf(f, 'duplicate', `${f.configPath}.__vModel__`, `duplicate field "${f.path}"`, f.path),
      );
    else byPath.set(f.path, f);
  }

  markScriptRelaxable(config, fields, byPath, errors);

  // Calculate fields and the dependency graph.
  const calcs: CompiledCalc[] = [];
  for (const f of fields) {
    if (f.key !== 'calculate') continue;
    const tokens = (f.config as unknown as { expression?: unknown }).expression;
    const formula = compileFormula(Array.isArray(tokens) ? (tokens as string[]) : []);
    const at = `${f.configPath}.expression`;
    if (!formula.ok) errors.push(issueOf(f, 'badFormula', at, formula.error ?? 'invalid formula'));
    for (const ref of formula.refs) {
      const target = byPath.get(ref);
      if (!target || target.key === 'table')
        errors.push(issueOf(f, 'unknownRef', at, `refers to unknown field "${ref}"`, ref));
      else if (target.table && f.table && target.table !== f.table)
        errors.push(issueOf(f, 'otherTableRef', at, `reads "${ref}" of another sub-table`, ref));
    }
    const dateReads = formula.refs.filter((ref) => byPath.get(ref)?.key === 'date');
    calcs.push({
      path: f.path,
      vModel: f.vModel,
      table: f.table,
      formula,
      reads: formula.refs.slice(),
      ...(dateReads.length ? { dateReads } : {}),
    });
  }
  const graph = buildCalcGraph(calcs);
  for (const cycle of graph.cycles) {
    const first = byPath.get(cycle[0]!)!;
    const labels = [...cycle, cycle[0]!].map((p) => byPath.get(p)?.label || p);
    errors.push(
      issueOf(
        first,
        'cycle',
        first.configPath,
        `calculate fields form a cycle: ${[...cycle, cycle[0]].join(' -> ')}`,
        labels.join(' → '),
      ),
    );
  }

  const rules: Record<string, FieldRule[]> = {};
  for (const f of fields) if (f.rules.length) rules[f.path] = f.rules;

  const compiled: CompiledForm = {
    config,
    schema: dataSchema(fields, tables),
    defaults: {},
    rules,
    fields,
    byPath,
    tables,
    calcs,
    graph,
    amountWordFields,
    errors,
    lang,
  };
  compiled.defaults = recalculate(compiled, initialData(compiled));
  return compiled;
}

/**
 * The fields `config.scriptEffects` names (per event: a vModel, `table.column` or `table-column`; a sub-table
 * with all its columns) are marked scriptRelaxable; a name the form does not have is an issue.
 */
function markScriptRelaxable(
  config: FormConfig,
  fields: CompiledField[],
  byPath: ReadonlyMap<string, CompiledField>,
  errors: CompileIssue[],
): void {
  const effects = (config as { scriptEffects?: unknown } | null)?.scriptEffects;
  if (!effects || typeof effects !== 'object' || Array.isArray(effects)) return;
  for (const [event, names] of Object.entries(effects)) {
    if (!Array.isArray(names)) continue;
    names.forEach((name, i) => {
      const path = typeof name === 'string' ? name.replace('-', '.') : '';
      const f = byPath.get(path);
      if (!f) {
        errors.push({
          code: 'unknownScriptField',
          path: `scriptEffects.${event}[${i}]`,
          message: `names unknown field "${String(name)}"`,
          subject: String(name),
        });
        return;
      }
      f.scriptRelaxable = true;
      if (f.key === 'table') for (const c of fields) if (c.table === f.vModel) c.scriptRelaxable = true;
    });
  }
}

/**
 * A user pattern compiled on its first test, for forms compiled before the RE2 engine is in (a browser before
 * `loadSafeRegex()`): a pattern that still cannot run (engine not loaded, or RE2 refuses it) matches nothing,
 * so the rule fails closed with its message. The renderer loads the engine before it validates.
 */
function deferredRegex(pattern: string): UserRegex {
  const { source, flags } = splitUserRegex(pattern);
  return {
    source,
    flags,
    test(text: string) {
      const r = compileUserRegex(pattern);
      return r.ok && r.regex.test(text);
    },
  };
}

/** True when a compiled form has user patterns that wait for the RE2 engine (call `loadSafeRegex()`). */
export function needsSafeRegex(compiled: Pick<CompiledForm, 'rules'>): boolean {
  if (safeRegexReady()) return false;
  return Object.values(compiled.rules).some((rs) => rs.some((r) => r.pattern !== undefined));
}

function fieldSchema(f: CompiledField): Record<string, unknown> {
  const s = valueSchema(f.shape);
  return { ...s, title: f.label };
}

function dataSchema(fields: CompiledField[], tables: CompiledTable[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.table) continue;
    if (f.key === 'table') {
      const t = tables.find((x) => x.vModel === f.vModel);
      const rowProps: Record<string, unknown> = {};
      for (const c of t?.columns ?? []) rowProps[c.vModel] = fieldSchema(c);
      properties[f.vModel] = {
        title: f.label,
        type: ['array', 'null'],
        items: { type: 'object', properties: rowProps },
      };
    } else properties[f.vModel] = fieldSchema(f);
  }
  return { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties };
}

/** A fresh copy of the initial data (reset restores it). */
function initialData(compiled: CompiledForm): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of compiled.fields) {
    if (f.table) continue;
    data[f.vModel] = structuredClone(f.defaultValue);
  }
  return data;
}

/** A new empty row of a sub-table, with the columns' defaults. */
export function newTableRow(compiled: CompiledForm, table: string): Record<string, unknown> {
  const t = compiled.tables.find((x) => x.vModel === table);
  const row: Record<string, unknown> = {};
  for (const c of t?.columns ?? []) row[c.vModel] = structuredClone(c.defaultValue);
  return row;
}
