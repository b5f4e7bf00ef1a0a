// Bill number (单据组件): taken by the server from the bill rule on the first submit; never typed.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.text,
  key: 'billRule',
  defaults: { config: { rule: '' } },
  readonly: true,
});
