// Attribute of a popup-selected record (popupAttr): see attributeKind.
import { attributeKind, defineKind } from './kind';

export default defineKind({
  ...attributeKind,
  key: 'popupAttr',
  defaults: { field: { relationField: '', showField: '' } },
});
