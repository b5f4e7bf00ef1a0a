// Popup select (弹窗选择): ids of an interface's rows.
import { base, choiceOrListKind, defineKind } from './kind';

export default defineKind({
  ...base.choice,
  ...choiceOrListKind,
  key: 'popupSelect',
  defaults: { field: { interfaceId: '', propsValue: '', relationField: '', columnOptions: [] } },
});
