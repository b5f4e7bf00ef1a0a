// Attribute of a related form's record (relationFormAttr): see attributeKind.
import { attributeKind, defineKind } from './kind';

export default defineKind({
  ...attributeKind,
  key: 'relationFormAttr',
  defaults: { field: { relationField: '', showField: '' } },
});
