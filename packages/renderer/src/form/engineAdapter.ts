import {
  type CompiledField,
  type CompiledForm,
  compileForm,
  recalculate,
  validateFormData,
} from '@kp/engine';
import type { FormConfig, Language } from '@kp/schema';
import type { Data } from '../store/formStore';

/**
 * The single place where the renderer calls the engine's form functions. Never throws: a config that is not
 * an object, or one the compiler cannot read, gives an empty form whose `errors` say so (the renderer shows
 * them); the compiler's own problems (bad formulas, patterns, cycles, sub-tables without columns) are in
 * `errors` too, each naming its field.
 */
export function compile(config: FormConfig, language: Language): CompiledForm {
  const usable = config !== null && typeof config === 'object' && !Array.isArray(config);
  const empty = { fields: [] } as unknown as FormConfig;
  let compiled: CompiledForm;
  try {
    compiled = compileForm(usable ? config : empty, { lang: language });
  } catch (e) {
    const subject = String((e as Error)?.message ?? e);
    compiled = compileForm(empty, { lang: language });
    compiled.errors.push({
      code: 'uncompilable',
      path: '',
      message: `cannot be compiled: ${subject}`,
      subject,
    });
  }
  if (!usable) compiled.errors.unshift({ code: 'notObject', path: '', message: 'is not an object' });
  return compiled;
}

/** Engine path 'tbl[2].price' -> store path 'tbl.2.price'. */
export const toStorePath = (path: string): string => path.replace(/\[(\d+)\]/g, '.$1');

/** All messages by store path (first per path) for 'submit' (every rule) or 'save' (tables only); fields not shown on `platform` are skipped. */
export function validate(
  compiled: CompiledForm,
  data: Data,
  platform: 'pc' | 'app',
  kind: 'submit' | 'save' = 'submit',
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of validateFormData(compiled, data, { mode: kind, platform }).errors) {
    const p = toStorePath(e.path);
    if (!(p in out)) out[p] = e.message;
  }
  return out;
}

/** What the form's runtime state changes about a field's rules (scripts, formOperates). */
export interface RuleOverride {
  required?: boolean;
  /** true: not shown, so not validated; false: shown by a script (even if noShow or not on this platform). */
  hidden?: boolean;
}

/**
 * The compiled form with the runtime overrides applied, so the engine checks what the user sees: a field a
 * script or formOperates made required gets its required message (placeholder, `<label>不能为空` or
 * `请至少选择一个<label>`), one made optional loses it, hidden ones are skipped. `only` keeps one top-level
 * field (validation on blur/change of that field).
 */
export function withOverrides(
  compiled: CompiledForm,
  override: (path: string) => RuleOverride | undefined,
  only?: string,
): CompiledForm {
  const apply = (f: CompiledField): CompiledField => {
    const o = override(f.path);
    if (!o) return f;
    return {
      ...f,
      required: o.required ?? f.required,
      hidden: o.hidden ?? f.hidden,
      visibility: o.hidden === false ? ['pc', 'app'] : f.visibility,
    };
  };
  const fields = (only === undefined ? compiled.fields : compiled.fields.filter((f) => f.path === only)).map(
    apply,
  );
  const keep = new Set(fields.map((f) => f.vModel));
  const tables = compiled.tables
    .filter((t) => only === undefined || keep.has(t.vModel))
    .map((t) => ({ ...t, columns: t.columns.map(apply) }));
  return { ...compiled, fields, tables };
}

/** Splits messages into sub-table cell messages and the rest. */
export function splitErrors(
  errors: Record<string, string>,
  tables: string[],
): { table: Record<string, string>; form: Record<string, string> } {
  const t = new Set(tables);
  const table: Record<string, string> = {};
  const form: Record<string, string> = {};
  for (const [p, m] of Object.entries(errors)) {
    if (t.has(p.split('.')[0])) table[p] = m;
    else form[p] = m;
  }
  return { table, form };
}

/** Recomputes only the calculate fields depending on `changed`; returns the changed top-level values or null. */
export function recalc(compiled: CompiledForm, data: Data, changed: string[]): Data | null {
  const next = recalculate(compiled, data, changed);
  if (next === data) return null;
  const patch: Data = {};
  for (const k of Object.keys(next)) if (!Object.is(next[k], data[k])) patch[k] = next[k];
  return Object.keys(patch).length ? patch : null;
}
