export const cfg = (jnpfKey: string, extra: Record<string, unknown> = {}) => ({
  jnpfKey,
  label: '字段',
  ...extra,
});
export const data = (jnpfKey: string, vModel: string, props: Record<string, unknown> = {}, config = {}) => ({
  __config__: cfg(jnpfKey, config),
  __vModel__: vModel,
  ...props,
});
export const show = (jnpfKey: string, props: Record<string, unknown> = {}, config = {}) => ({
  __config__: cfg(jnpfKey, config),
  ...props,
});
export const input = data('comInput', 'inner');
