import { AddressPickerWidget } from './addressPicker';
import { AmountWidget } from './amount';
import {
  CascaderWidget,
  CheckboxWidget,
  ColorWidget,
  DateRangeWidget,
  DateWidget,
  NumberInput,
  RadioWidget,
  RateWidget,
  ReadonlyText,
  SelectWidget,
  SliderWidget,
  SwitchWidget,
  TextArea,
  TextInput,
  TimeRangeWidget,
  TimeWidget,
  TreeSelectWidget,
} from './basic';
import { BarcodeWidget, QrcodeWidget } from './codes';
import {
  AlertDisplay,
  ButtonDisplay,
  CalculateWidget,
  DividerDisplay,
  GroupTitleDisplay,
  LinkDisplay,
  NumberRangeWidget,
  TextDisplay,
} from './display';
import { EditorWidget } from './editor';
import { OrgPickerWidget } from './orgPicker';
import { AttrWidget, PopupSelectWidget } from './popupSelect';
import type { Widget } from './types';
import { UploaderWidget } from './uploader';
import { UserPickerWidget } from './userPicker';

/** The widget of each field kind (jnpfKey). Layout kinds (row, card, tab, collapse, table) are not here. */
export const WIDGETS: Record<string, Widget> = {
  comInput: TextInput,
  textarea: TextArea,
  numInput: NumberInput,
  JNPFAmount: AmountWidget,
  switch: SwitchWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  cascader: CascaderWidget,
  date: DateWidget,
  time: TimeWidget,
  dateRange: DateRangeWidget,
  timeRange: TimeRangeWidget,
  numberRange: NumberRangeWidget,
  colorPicker: ColorWidget,
  rate: RateWidget,
  slider: SliderWidget,
  editor: EditorWidget,
  uploadFz: UploaderWidget,
  uploadImg: UploaderWidget,
  JNPFText: TextDisplay,
  link: LinkDisplay,
  button: ButtonDisplay,
  alert: AlertDisplay,
  barcode: BarcodeWidget,
  qrcode: QrcodeWidget,
  comSelect: OrgPickerWidget,
  depSelect: OrgPickerWidget,
  posSelect: OrgPickerWidget,
  roleSelect: OrgPickerWidget,
  groupSelect: OrgPickerWidget,
  userSelect: UserPickerWidget,
  usersSelect: UserPickerWidget,
  address: AddressPickerWidget,
  treeSelect: TreeSelectWidget,
  dicSelect: SelectWidget,
  billRule: ReadonlyText,
  relationForm: PopupSelectWidget,
  relationFormAttr: AttrWidget,
  popupSelect: PopupSelectWidget,
  popupTableSelect: PopupSelectWidget,
  popupAttr: AttrWidget,
  calculate: CalculateWidget,
  createUser: ReadonlyText,
  createTime: ReadonlyText,
  modifyUser: ReadonlyText,
  modifyTime: ReadonlyText,
  currOrganize: ReadonlyText,
  currDept: ReadonlyText,
  currPosition: ReadonlyText,
  groupTitle: GroupTitleDisplay,
  divider: DividerDisplay,
};

/** Kinds shown without a form-item label. */
export const NO_LABEL_KINDS = new Set(['JNPFText', 'link', 'button', 'alert', 'groupTitle', 'divider']);
/** Kinds that never take user input. */
export const READONLY_KINDS = new Set([
  'calculate',
  'billRule',
  'relationFormAttr',
  'popupAttr',
  'createUser',
  'createTime',
  'modifyUser',
  'modifyTime',
  'currOrganize',
  'currDept',
  'currPosition',
]);

/**
 * Kinds without typing, whose widget has no blur of its own: a change is the user's finished input (a pick,
 * a toggle, a dialog's confirm, an upload), so rules with the blur trigger run on it.
 */
export const COMMIT_KINDS = new Set([
  'radio',
  'checkbox',
  'switch',
  'rate',
  'slider',
  'colorPicker',
  'cascader',
  'date',
  'time',
  'dateRange',
  'timeRange',
  'numberRange',
  'treeSelect',
  'uploadFz',
  'uploadImg',
  'comSelect',
  'depSelect',
  'posSelect',
  'roleSelect',
  'groupSelect',
  'userSelect',
  'usersSelect',
  'address',
  'relationForm',
  'popupSelect',
  'popupTableSelect',
]);
