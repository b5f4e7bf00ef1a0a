// Layout container (collapse): holds fields, no data of its own.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.none,
  key: 'collapse',
  defaults: { field: { accordion: false } },
  role: 'layout',
});
