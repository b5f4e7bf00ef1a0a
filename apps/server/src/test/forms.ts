// Form configs for tests: a field's __config__ and the form around fields, as the designer saves them.

/** A field's `__config__`: shown label, not required, full width, plus what the test adds. */
export const fieldConfig = (jnpfKey: string, label: string, extra: Record<string, unknown> = {}) => ({
  jnpfKey,
  label,
  showLabel: true,
  required: false,
  span: 24,
  ...extra,
});

/** A whole form config (the designer's defaults) around these fields. */
export const formConfig = (fields: unknown[], extra: Record<string, unknown> = {}) => ({
  formRef: 'elForm',
  formModel: 'dataForm',
  size: 'default',
  labelPosition: 'right',
  labelWidth: 100,
  formRules: 'rules',
  gutter: 15,
  disabled: false,
  span: 24,
  formBtns: false,
  idGlobal: 200,
  fields,
  ...extra,
});
