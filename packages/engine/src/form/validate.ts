import type { CompiledField, CompiledForm, FormDataError } from './compiled';
import { formMessages } from './messages';
import { fitsShape, isEmptyFor } from './shape';
import { holdsSystemVariable } from './systemVariables';

export type { FormDataError } from './compiled';

export interface FormDataResult {
  ok: boolean;
  errors: FormDataError[];
}

export interface ValidateFormDataOptions {
  /**
   * submit (default): every rule. save: only the sub-table data (spec 3 §4: 'save' skips form validation
   * and checks only the table data).
   */
  mode?: 'submit' | 'save';
  /** The client filling the form: fields whose visibility leaves it out are not checked. Default: all. */
  platform?: 'pc' | 'app';
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function checkValue(
  f: CompiledField,
  value: unknown,
  path: string,
  requiredMessage: string,
  invalid: string,
  errors: FormDataError[],
): void {
  // the token 当前用户 is a value of the pickers that offer it (hasSys), no id in the other id pickers
  if (!fitsShape(f.shape, value) || (f.systemVariables === 'refused' && holdsSystemVariable(value))) {
    errors.push({ path, field: f.path, message: invalid, rule: 'type' });
    return;
  }
  if (isEmptyFor(f.shape, value)) {
    if (f.required) errors.push({ path, field: f.path, message: requiredMessage, rule: 'required' });
    return;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return;
  const text = String(value);
  for (const rule of f.rules) {
    if (rule.pattern && !rule.pattern.test(text)) {
      errors.push({ path, field: f.path, message: rule.message, rule: 'pattern' });
    }
  }
}

/**
 * Checks form data against a compiled form with the spec's messages (spec 3 §5): a required field gets its
 * placeholder or `<label>不能为空` (array-valued: `请至少选择一个<label>`); regList rules their own message;
 * a required sub-table cell `不能为空`, a cell failing a column's pattern that pattern's message. Values of
 * the wrong type are reported too. Hidden (noShow) fields are not checked. Pure; never throws.
 */
export function validateFormData(
  compiled: CompiledForm,
  data: unknown,
  options: ValidateFormDataOptions = {},
): FormDataResult {
  const errors: FormDataError[] = [];
  const msg = formMessages(compiled.lang);
  try {
    const values = isRecord(data) ? data : {};
    if (!isRecord(data)) errors.push({ path: '(root)', field: '', message: msg.invalid(''), rule: 'type' });
    const save = options.mode === 'save';
    const platform = options.platform;
    const skip = (f: CompiledField) =>
      f.hidden || (platform !== undefined && !f.visibility.includes(platform));
    for (const f of compiled.fields) {
      if (f.table || skip(f)) continue;
      const value = values[f.vModel];
      if (f.key !== 'table') {
        if (!save) checkValue(f, value, f.vModel, f.requiredMessage, msg.invalid(f.label), errors);
        continue;
      }
      if (value === undefined || value === null) continue;
      if (!Array.isArray(value)) {
        errors.push({ path: f.vModel, field: f.path, message: msg.invalid(f.label), rule: 'type' });
        continue;
      }
      const table = compiled.tables.find((t) => t.vModel === f.vModel);
      value.forEach((row, i) => {
        const rowPath = `${f.vModel}[${i}]`;
        if (!isRecord(row)) {
          errors.push({ path: rowPath, field: f.path, message: msg.invalid(f.label), rule: 'type' });
          return;
        }
        for (const c of table?.columns ?? []) {
          if (skip(c)) continue;
          checkValue(
            c,
            row[c.vModel],
            `${rowPath}.${c.vModel}`,
            msg.cellRequired,
            msg.invalid(c.label),
            errors,
          );
        }
      });
    }
  } catch (e) {
    errors.push({ path: '(root)', field: '', message: String((e as Error)?.message ?? e), rule: 'type' });
  }
  return { ok: errors.length === 0, errors };
}
