// Layout container (row): holds fields, no data of its own.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.none,
  key: 'row',
  defaults: { field: { type: 'default', justify: 'start', align: 'top' } },
  role: 'layout',
});
