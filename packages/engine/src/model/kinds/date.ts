// Date (日期选择): a timestamp (ms) or date text; the server formats it with the field's format.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.choice,
  key: 'date',
  conditionType: 'date',
  displayAs: 'date',
  display: base.text.display,
  exportCell: base.text.exportCell,
  importCell: base.number.importCell,
});
