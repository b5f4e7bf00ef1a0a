// Relation form (关联表单): the id of a record of another item.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.choice,
  key: 'relationForm',
  defaults: { field: { modelId: '', relationField: '', columnOptions: [] } },
});
