// Popup table select (下拉表格): ids of an interface's rows.
import { base, choiceOrListKind, defineKind } from './kind';

export default defineKind({
  ...base.choice,
  ...choiceOrListKind,
  key: 'popupTableSelect',
  defaults: { field: { interfaceId: '', propsValue: '', relationField: '', columnOptions: [] } },
});
