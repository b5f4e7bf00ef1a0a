import type { CompiledField, CompiledForm } from '../form/compile';
import { type FormDataResult, validateFormData } from '../form/validate';
import type { AccessMap } from './access';
import { pickWritable } from './project';

const views = new WeakMap<CompiledForm, WeakMap<AccessMap, CompiledForm>>();

/** The compiled form as the access map leaves it: required per layer, fields not visible or not writable skipped. */
export function withAccess(compiled: CompiledForm, access: AccessMap): CompiledForm {
  let byAccess = views.get(compiled);
  if (!byAccess) {
    byAccess = new WeakMap();
    views.set(compiled, byAccess);
  }
  const hit = byAccess.get(access);
  if (hit) return hit;
  // A field the caller cannot write is not checked: its value is not theirs (the server keeps the stored one),
  // and a message they cannot act on would only block them.
  const apply = (f: CompiledField): CompiledField => {
    const a = access.get(f.path);
    if (!a) return { ...f, hidden: true };
    return { ...f, required: a.required, hidden: !(a.visible && a.writable), visibility: ['pc', 'app'] };
  };
  const view: CompiledForm = {
    ...compiled,
    fields: compiled.fields.map(apply),
    tables: compiled.tables.map((t) => ({ ...t, columns: t.columns.map(apply) })),
  };
  byAccess.set(access, view);
  return view;
}

/**
 * Checks form data as the caller's layers leave the form (the same function in the browser and the
 * server): visible fields the caller writes only, required as the layers say, each message naming the field. `only`: one main
 * field (a sub-table with its cells), as the renderer checks a field on blur or change.
 */
export function validate(
  compiled: CompiledForm,
  access: AccessMap,
  data: unknown,
  options: { mode?: 'submit' | 'save'; only?: string } = {},
): FormDataResult {
  const form = options.only === undefined ? compiled : narrowed(compiled, options.only);
  return validateFormData(withAccess(form, access), data, { mode: options.mode });
}

/** The form with one main field (a sub-table with its columns) only: a field's check on blur or change. */
function narrowed(compiled: CompiledForm, only: string): CompiledForm {
  return {
    ...compiled,
    fields: compiled.fields.filter((f) => f.path === only || f.table === only),
    tables: compiled.tables.filter((t) => t.vModel === only),
  };
}

/**
 * How the server takes a caller's input (its pipeline's first steps, the same function the renderer's
 * property test compares with the browser): only what the layers let the caller write is taken, the rest kept
 * from `previous` (`merge`: keys the input leaves out keep their stored value), then checked as the layers
 * leave the form.
 */
export function acceptInput(
  compiled: CompiledForm,
  access: AccessMap,
  raw: Record<string, unknown>,
  previous: Record<string, unknown> | null,
  options: { mode?: 'submit' | 'save'; merge?: boolean } = {},
): { data: Record<string, unknown>; result: FormDataResult } {
  const data = pickWritable(compiled, access, options.merge ? { ...previous, ...raw } : raw, previous);
  return { data, result: validate(compiled, access, data, { mode: options.mode }) };
}
