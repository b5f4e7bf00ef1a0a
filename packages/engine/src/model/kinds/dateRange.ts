// Date range (日期范围): [from, to] timestamps.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.structured,
  key: 'dateRange',
  conditionType: 'list',
  displayAs: 'dateRange',
  shape: () => 'range',
});
