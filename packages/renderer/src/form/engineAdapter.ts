import {
  type AccessContext,
  accessOf,
  type CompiledForm,
  compileForm,
  recalculate,
  validateWithAccess,
} from '@kp/engine';
import type { FormConfig, Language } from '@kp/schema';
import type { Data, FormStore } from '../store/formStore';
import type { FormOperate } from './fieldUtil';

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

/**
 * The form model's layers as the renderer runs them: the platform, the node's formOperates, then the scripts'
 * overrides (setRequired, show / hide, setDisabled) of a field, or of a cell's column by its name.
 */
export function rendererLayers(
  platform: 'pc' | 'app',
  operates: readonly FormOperate[] | undefined,
  store: Pick<FormStore, 'getUi'>,
): AccessContext {
  return { platform, operates, scripts: (path) => store.getUi(path.slice(path.indexOf('.') + 1)) };
}

/**
 * All messages by store path (first per path) for 'submit' (every rule) or 'save' (tables only), as the form
 * model's layers leave the form: the platform, the node's formOperates and the scripts' overrides (the same
 * accessOf and validate the server runs, which knows no scripts). `only`: one main field (blur / change).
 */
export function validate(
  compiled: CompiledForm,
  data: Data,
  ctx: AccessContext,
  kind: 'submit' | 'save' = 'submit',
  only?: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  const access = accessOf(compiled, ctx, only);
  for (const e of validateWithAccess(compiled, access, data, { mode: kind, only }).errors) {
    const p = toStorePath(e.path);
    if (!(p in out)) out[p] = e.message;
  }
  return out;
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
