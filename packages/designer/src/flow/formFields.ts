import { walkFields } from '@kp/engine';
import { isContainer, isDisplay } from '../form/kinds';
import { type AnyFormConfig, draftOf } from '../form/types';
import { labelText } from '../i18n';
import type { FlowDesignerOptions } from './flowOptions';

const NUMBER_KINDS = new Set(['numInput', 'JNPFAmount', 'calculate', 'rate', 'slider']);
const DATE_KINDS = new Set(['date', 'createTime', 'modifyTime']);
/** Kinds whose value is one of fixed options (conditions then pick the option, never type its code). */
const OPTION_KINDS = new Set(['select', 'radio', 'checkbox']);
const LIST_KINDS = new Set([
  'checkbox',
  'cascader',
  'dateRange',
  'timeRange',
  'comSelect',
  'address',
  'usersSelect',
  'uploadFz',
  'uploadImg',
]);

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
    const multiple = (f as { multiple?: boolean }).multiple === true;
    const options = OPTION_KINDS.has(k) ? staticOptions(f) : undefined;
    out.push({
      ...(options?.length ? { options } : {}),
      value: f.__vModel__,
      label: labelText(f.__config__.label, lang) || f.__vModel__,
      valueType: NUMBER_KINDS.has(k)
        ? 'number'
        : DATE_KINDS.has(k)
          ? 'date'
          : LIST_KINDS.has(k) || multiple
            ? 'list'
            : 'text',
    });
  });
  return out;
}

/** The fixed options of a select / radio / checkbox field (dataType static), as value and label. */
function staticOptions(f: unknown): Array<{ value: string; label: string }> | undefined {
  const x = f as {
    __config__?: { dataType?: string; props?: { value?: string; label?: string } };
    __slot__?: { options?: Array<Record<string, unknown>> };
    options?: Array<Record<string, unknown>>;
  };
  if (x.__config__?.dataType && x.__config__.dataType !== 'static') return undefined;
  const vk = x.__config__?.props?.value || 'id';
  const lk = x.__config__?.props?.label || 'fullName';
  const list = x.__slot__?.options ?? x.options;
  if (!Array.isArray(list)) return undefined;
  return list
    .filter((o) => o && o[vk] != null)
    .map((o) => ({ value: String(o[vk]), label: String(o[lk] ?? o[vk]) }));
}
