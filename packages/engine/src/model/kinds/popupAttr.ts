// Attribute of a related record (popupAttr): holds data only when stored (isStorage 1) and named.
import { base, defineKind, looseOf } from './kind';

export default defineKind({
  ...base.text,
  key: 'popupAttr',
  shape: () => 'any',
  holdsData: (f) => looseOf(f).isStorage === 1 && typeof looseOf(f).__vModel__ === 'string',
});
