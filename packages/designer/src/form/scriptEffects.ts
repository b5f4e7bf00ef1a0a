import { compileForm, holdsData, type WalkedField, walkFields } from '@kp/engine';
import type { FieldConfig as KpFieldConfig } from '@kp/schema';
import { labelText } from '../i18n';
import { type AnyFormConfig, draftOf, type FormConfig, published } from './types';

/**
 * The form's `scriptEffects` (@kp/engine "Scripts layer"): per script event, the fields that script may hide,
 * disable or make optional. The designer edits the list beside each script and checks it on save.
 */

/** The script events the designer edits (the form's funcs). */
export const SCRIPT_EVENTS = ['onLoad', 'beforeSubmit', 'afterSubmit'] as const;

export interface ScriptFieldOption {
  /** The name scriptEffects stores: a vModel, `table.column` for a sub-table's column. */
  value: string;
  /** The field's label in the language (a column as `table / column`), else its name. */
  label: string;
}

/**
 * The fields a script may be declared to relax, in display order, through the one walker: every field that
 * holds data, a sub-table itself (all its columns) and its columns as `table.column` — the names the engine's
 * compileForm knows.
 */
export function scriptFieldOptions(input: AnyFormConfig, lang?: string): ScriptFieldOption[] {
  const config = draftOf(input);
  const out: ScriptFieldOption[] = [];
  const text = (f: WalkedField) => labelText(f.__config__.label, lang) || String(f.__vModel__);
  walkFields(config.fields, (f, _path, table) => {
    const vModel = f.__vModel__;
    if (typeof vModel !== 'string' || vModel === '') return;
    if (f.__config__.jnpfKey === 'table') {
      if (!table) out.push({ value: vModel, label: text(f) });
      return;
    }
    if (!holdsData(f as unknown as KpFieldConfig)) return;
    if (!table) out.push({ value: vModel, label: text(f) });
    else if (typeof table.__vModel__ === 'string' && table.__vModel__)
      out.push({ value: `${table.__vModel__}.${vModel}`, label: `${text(table)} / ${text(f)}` });
  });
  return out;
}

/** Sets one event's list on a draft; an empty list is dropped, and so is an empty scriptEffects. */
export function setScriptEffects(d: FormConfig, event: string, names: readonly string[]): void {
  const next = { ...(d.scriptEffects ?? {}) };
  if (names.length) next[event] = [...new Set(names)];
  else delete next[event];
  if (Object.keys(next).length) d.scriptEffects = next;
  else delete d.scriptEffects;
}

export interface UnknownScriptName {
  event: string;
  name: string;
}

/** The declared names the form does not have: the engine's compile issue `unknownScriptField`, in order. */
export function unknownScriptNames(input: AnyFormConfig): UnknownScriptName[] {
  const config = draftOf(input);
  if (!config.scriptEffects || typeof config.scriptEffects !== 'object') return [];
  let errors: ReturnType<typeof compileForm>['errors'];
  try {
    errors = compileForm(published(config)).errors;
  } catch {
    return []; // a config compileForm cannot read: validateFormConfig, run on save after these checks, says why
  }
  return errors
    .filter((e) => e.code === 'unknownScriptField')
    .map((e) => ({
      event: /^scriptEffects\.(.*)\[\d+\]$/.exec(e.path)?.[1] ?? e.path,
      name: e.subject ?? '',
    }));
}
