// Checkbox group (多选框组): a list of options.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.list,
  key: 'checkbox',
  defaults: { config: { defaultValue: [] } },
  options: 'flat',
  conditionType: 'list',
});
