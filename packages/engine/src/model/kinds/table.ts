// Sub-table (设计子表): rows of column values; its columns are fields of their own (walkFields visits them).
import { base, defineKind } from './kind';

export default defineKind({
  ...base.structured,
  key: 'table',
  defaults: { config: { tableName: '', showTitle: true }, field: { showSummary: false, summaryField: [] } },
  role: 'layout',
  shape: () => 'table',
  defaultValue: () => [],
  display: (v) => (Array.isArray(v) ? String(v.length) : ''),
});
