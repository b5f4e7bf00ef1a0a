import { type FormConfig, JNPF_KEYS, validateFormConfig } from '@kp/schema';

const json: unknown = JSON.parse(
  '{"fields":[{"__config__":{"jnpfKey":"comInput","label":"标题","required":true},"__vModel__":"title"}]}',
);
const result = validateFormConfig(json); // never throws
if (!result.ok) throw new Error(result.errors.map((e) => `${e.path} ${e.message}`).join('; '));
const config: FormConfig = result.value; // typed: designer, renderer and server share this type
console.log(config.fields.length, 'field;', JNPF_KEYS.length, 'kinds'); // 1 field; 57 kinds
