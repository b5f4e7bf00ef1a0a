import type { CompiledField, CompiledForm } from '../form/compile';
import { type FormDataResult, validateFormData } from '../form/validate';
import type { AccessMap } from './access';

const views = new WeakMap<CompiledForm, WeakMap<AccessMap, CompiledForm>>();

/** The compiled form as the access map leaves it: required per layer, fields that are not visible skipped. */
export function withAccess(compiled: CompiledForm, access: AccessMap): CompiledForm {
  let byAccess = views.get(compiled);
  if (!byAccess) {
    byAccess = new WeakMap();
    views.set(compiled, byAccess);
  }
  const hit = byAccess.get(access);
  if (hit) return hit;
  const apply = (f: CompiledField): CompiledField => {
    const a = access.get(f.path);
    if (!a) return { ...f, hidden: true };
    return { ...f, required: a.required, hidden: !a.visible, visibility: ['pc', 'app'] };
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
 * server): visible fields only, required as the layers say, each message naming the field.
 */
export function validate(
  compiled: CompiledForm,
  access: AccessMap,
  data: unknown,
  options: { mode?: 'submit' | 'save' } = {},
): FormDataResult {
  return validateFormData(withAccess(compiled, access), data, { mode: options.mode });
}
