// Calculate (计算公式): recomputed by the server on every write (client totals are never trusted).
import { base, defineKind } from './kind';

export default defineKind({
  ...base.number,
  key: 'calculate',
  defaults: { field: { expression: [], precision: 2 } },
  conditionType: 'number',
  readonly: true,
  defaultValue: () => 0,
});
