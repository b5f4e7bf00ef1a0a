// Layout container (tab): holds fields, no data of its own.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.none,
  key: 'tab',
  defaults: { field: { type: '', tabPosition: 'top' } },
  role: 'layout',
});
