// Time range (时间范围): ['HH:mm:ss', 'HH:mm:ss'].
import { base, defineKind } from './kind';

export default defineKind({
  ...base.structured,
  key: 'timeRange',
  conditionType: 'list',
  shape: () => 'range',
  display: (v) => (Array.isArray(v) ? v.join('~') : ''),
});
