import { conditionTypeOf, kindOf, staticOptions, walkFields } from '@kp/engine';
import type { FieldConfig } from '@kp/schema';
import { isContainer, isDisplay } from '../form/kinds';
import { type AnyFormConfig, draftOf } from '../form/types';
import { labelText } from '../i18n';
import type { FlowDesignerOptions } from './flowOptions';

/**
 * The flow designer's `options.formFields` from a form config: every top-level or container field that holds
 * a value (`__vModel__`), with its label and the value type the condition editor compares by. Sub-table
 * columns are left out (conditions and permissions work on the main form).
 */
export function formFieldsOf(
  input: Pick<AnyFormConfig, 'fields'>,
  lang?: string,
): NonNullable<FlowDesignerOptions['formFields']> {
  const config = draftOf(input as AnyFormConfig);
  const out: NonNullable<FlowDesignerOptions['formFields']> = [];
  walkFields(config.fields, (f, _path, table) => {
    const k = f.__config__.jnpfKey;
    if (table || isContainer(k) || isDisplay(k) || typeof f.__vModel__ !== 'string' || !f.__vModel__) return;
    // a flat option list (select, radio, checkbox): conditions pick the option, never type its code
    const options = kindOf(k)?.options === 'flat' ? fixedOptions(f) : undefined;
    out.push({
      ...(options?.length ? { options } : {}),
      value: f.__vModel__,
      label: labelText(f.__config__.label, lang) || f.__vModel__,
      valueType: conditionTypeOf(f),
    });
  });
  return out;
}

/** The fixed options of a select / radio / checkbox field (dataType static), as value and label. */
function fixedOptions(f: { __config__: Record<string, unknown> }): Array<{ value: string; label: string }> {
  const dataType = f.__config__.dataType;
  if (dataType && dataType !== 'static') return [];
  return staticOptions(f as unknown as FieldConfig).map(([value, label]) => ({
    value: String(value),
    label,
  }));
}
