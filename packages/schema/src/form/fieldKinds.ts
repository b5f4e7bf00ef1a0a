import { Type } from '@sinclair/typebox';
import { I18nText } from '../common';
import { BARCODE_FORMATS, literalUnion, TextStyle } from './common';
import {
  attrProps,
  Bool,
  codeProps,
  dataKind,
  displayKind,
  Int,
  multiple,
  Num,
  opt,
  options,
  pickerProps,
  popupProps,
  Str,
  systemVariableProps,
  uploadProps,
} from './fieldKit';
import type { JnpfKey } from './keys';
// ---------------------------------------------------------------- basic controls
export const ComInputField = dataKind('comInput', 'Single-line text; value: string', {
  maxlength: opt(Int({ minimum: 0, description: 'Longest text' })),
  showWordLimit: Bool('Shows the character count'),
  showPassword: Bool('Masks the text'),
  prefixIcon: Str('Icon before the text'),
  suffixIcon: Str('Icon after the text'),
  useScan: Bool('Mobile: fill by scanning'),
});
export const TextareaField = dataKind('textarea', 'Multi-line text; value: string', {
  autosize: opt(
    Type.Object(
      { minRows: opt(Int({ minimum: 1 })), maxRows: opt(Int({ minimum: 1 })) },
      { additionalProperties: true, description: 'Auto height between minRows and maxRows' },
    ),
  ),
  maxlength: opt(Int({ minimum: 0, description: 'Longest text' })),
  showWordLimit: Bool('Shows the character count'),
});
export const NumInputField = dataKind('numInput', 'Number; value: number', {
  min: Num('Smallest value'),
  max: Num('Largest value'),
  step: Num('Step of the +/- buttons', { exclusiveMinimum: 0, default: 1 }),
  precision: opt(Int({ minimum: 0, maximum: 15, description: 'Decimal places' })),
  controls: Bool('Shows +/- buttons', true),
  controlsPosition: Str("'' or right"),
  thousands: Bool('Thousands separators'),
});
export const AmountField = dataKind(
  'JNPFAmount',
  'Amount; value: number. Formatted with currency symbol and decimals on blur',
  {
    precision: opt(Int({ minimum: 0, maximum: 6, default: 2, description: 'Decimal places (default 2)' })),
    currencySymbol: Str('Currency symbol, e.g. ¥', { default: '¥' }),
    min: Num('Smallest value'),
    max: Num('Largest value'),
    showChinese: Bool('Shows the amount in Chinese uppercase words (amount in words) under the input', true),
    thousands: Bool('Thousands separators', true),
  },
);
export const SwitchField = dataKind('switch', 'On/off; value: activeValue or inactiveValue', {
  activeTxt: opt(I18nText),
  inactiveTxt: opt(I18nText),
  activeValue: opt(Type.Union([Type.Number(), Type.String(), Type.Boolean()], { default: 1 })),
  inactiveValue: opt(Type.Union([Type.Number(), Type.String(), Type.Boolean()], { default: 0 })),
});
export const RadioField = dataKind('radio', 'One of the options; value: string or number', {
  options,
  optionType: opt(literalUnion(['default', 'button'], { description: 'Plain radios or buttons' })),
  direction: opt(literalUnion(['horizontal', 'vertical'])),
  border: Bool('Bordered radios'),
});
export const CheckboxField = dataKind('checkbox', 'Several of the options; value: array', {
  options,
  min: opt(Int({ minimum: 0, description: 'Fewest choices' })),
  max: opt(Int({ minimum: 0, description: 'Most choices' })),
  optionType: opt(literalUnion(['default', 'button'])),
  direction: opt(literalUnion(['horizontal', 'vertical'])),
});
export const SelectField = dataKind('select', 'Drop-down; value: string/number, or an array when multiple', {
  options,
  multiple,
  filterable: Bool('Can search'),
});
export const CascaderField = dataKind(
  'cascader',
  'Cascading choice; value: the id path (array), or an array of paths when multiple',
  {
    options,
    multiple,
    showAllLevels: Bool('Shows the whole path', true),
    separator: Str('Path separator', { default: '/' }),
    filterable: Bool('Can search'),
  },
);
export const DateField = dataKind('date', 'Date or date-time; value: timestamp (ms) or formatted text', {
  type: opt(literalUnion(['date', 'datetime', 'week', 'month', 'year'], { default: 'date' })),
  format: Str('Display format, e.g. yyyy-MM-dd', { default: 'yyyy-MM-dd' }),
  valueFormat: Str("'timestamp' (default) or a format"),
  startTime: opt(Type.Union([Type.Number(), Type.String(), Type.Null()], { description: 'Earliest date' })),
  endTime: opt(Type.Union([Type.Number(), Type.String(), Type.Null()], { description: 'Latest date' })),
});
export const TimeField = dataKind('time', 'Time of day; value: text such as 08:30:00', {
  format: Str('Format', { default: 'HH:mm:ss' }),
  startTime: Str('Earliest time'),
  endTime: Str('Latest time'),
});
export const DateRangeField = dataKind('dateRange', 'Date range; value: [start, end] (timestamps or texts)', {
  type: opt(literalUnion(['daterange', 'datetimerange', 'monthrange'], { default: 'daterange' })),
  format: Str('Display format', { default: 'yyyy-MM-dd' }),
  valueFormat: Str("'timestamp' (default) or a format"),
  startPlaceholder: opt(I18nText),
  endPlaceholder: opt(I18nText),
});
export const TimeRangeField = dataKind('timeRange', 'Time range; value: [start, end] texts', {
  format: Str('Format', { default: 'HH:mm:ss' }),
  startPlaceholder: opt(I18nText),
  endPlaceholder: opt(I18nText),
});
export const NumberRangeField = dataKind(
  'numberRange',
  'Number range; value: [min, max], an empty list when both bounds are empty',
  { precision: opt(Int({ minimum: 0, maximum: 15, description: 'Decimal places' })) },
);
export const ColorPickerField = dataKind('colorPicker', 'Colour; value: CSS colour text', {
  showAlpha: Bool('Alpha channel'),
  colorFormat: opt(literalUnion(['hex', 'rgb', 'hsl', 'hsv'])),
});
export const RateField = dataKind('rate', 'Star rating; value: number', {
  max: opt(Int({ minimum: 1, maximum: 20, default: 5, description: 'Number of stars (default 5)' })),
  allowHalf: Bool('Half stars'),
  showText: Bool('Shows texts'),
  showScore: Bool('Shows the score'),
});
export const SliderField = dataKind('slider', 'Slider; value: number, or [from, to] when range', {
  min: Num('Smallest value', { default: 0 }),
  max: Num('Largest value', { default: 100 }),
  step: Num('Step', { exclusiveMinimum: 0, default: 1 }),
  range: Bool('Two handles', false),
  showStops: Bool('Shows the steps'),
});
export const EditorField = dataKind('editor', 'Rich text; value: HTML text (sanitised before display)', {
  height: opt(Int({ minimum: 100, description: 'Editor height in px' })),
});
export const UploadFzField = dataKind(
  'uploadFz',
  'File upload; value: array of {name, fileId, fileVersionId, url, size}',
  uploadProps,
);
export const UploadImgField = dataKind(
  'uploadImg',
  'Image upload; value: array of {name, fileId, fileVersionId, url, size}',
  { ...uploadProps, listType: Str('picture-card (default) or text') },
);
export const JNPFTextField = displayKind('JNPFText', 'Static text (no data)', {
  content: opt(I18nText),
  textStyle: opt(TextStyle),
});
export const LinkField = displayKind('link', 'Link (no data)', {
  content: opt(I18nText),
  href: Str('Address'),
  target: opt(literalUnion(['_self', '_blank'], { default: '_blank' })),
  textStyle: opt(TextStyle),
});
export const ButtonField = displayKind('button', 'Button (no data)', {
  buttonText: opt(I18nText),
  align: opt(literalUnion(['left', 'center', 'right'], { default: 'left' })),
  type: opt(literalUnion(['primary', 'success', 'warning', 'danger', 'info', 'text', 'default', ''])),
});
export const AlertField = displayKind('alert', 'Notice box (no data)', {
  title: opt(I18nText),
  type: opt(literalUnion(['success', 'info', 'warning', 'error'], { default: 'success' })),
  description: opt(I18nText),
  closable: Bool('Can be closed', true),
  showIcon: Bool('Shows an icon'),
  closeText: opt(I18nText),
});
export const BarcodeField = displayKind('barcode', 'Barcode (no data); drawn only for letters and digits', {
  format: opt(literalUnion(BARCODE_FORMATS, { default: 'code128', description: 'Symbology' })),
  lineColor: Str('Bar colour', { default: '#000000' }),
  background: Str('Background colour', { default: '#ffffff' }),
  width: opt(Int({ minimum: 1, maximum: 10, default: 4, description: 'Bar width (default 4)' })),
  height: opt(Int({ minimum: 10, maximum: 500, default: 40, description: 'Bar height (default 40)' })),
  ...codeProps,
});
export const QrcodeField = displayKind('qrcode', 'QR code (no data); error correction low', {
  colorDark: Str('Dark colour', { default: '#000000' }),
  colorLight: Str('Light colour', { default: '#ffffff' }),
  size: opt(
    Int({ minimum: 20, maximum: 1000, default: 100, description: 'Size in px (designer default 100)' }),
  ),
  ...codeProps,
});

// ---------------------------------------------------------------- business components
export const ComSelectField = dataKind(
  'comSelect',
  'Company/organisation picker; value: id path (array), an array of paths when multiple',
  pickerProps,
);
export const DepSelectField = dataKind('depSelect', 'Department picker; value: id, or ids when multiple', {
  ...pickerProps,
  auth: Bool('Only departments the user may see (SelectorByAuth)'),
});
export const PosSelectField = dataKind(
  'posSelect',
  'Position picker; value: id, or ids when multiple',
  pickerProps,
);
export const RoleSelectField = dataKind(
  'roleSelect',
  'Role picker (organisation and global tabs); value: id, or ids when multiple',
  { ...pickerProps, ...systemVariableProps },
);
export const UserSelectField = dataKind('userSelect', 'User picker; value: id, or ids when multiple', {
  ...pickerProps,
  ...systemVariableProps,
});
export const UsersSelectField = dataKind(
  'usersSelect',
  'User-by-department picker (users, departments, positions, roles, groups); value: ids (array)',
  { ...pickerProps, ...systemVariableProps, multiple: Bool('Several values may be chosen', true) },
);
export const GroupSelectField = dataKind(
  'groupSelect',
  'Group picker; value: id, or ids when multiple',
  pickerProps,
);
export const AddressField = dataKind(
  'address',
  'Region picker (lazy tree); value: id path (array), an array of paths when multiple',
  {
    level: opt(
      Int({
        minimum: 0,
        maximum: 3,
        default: 2,
        description: 'Depth that may be chosen: 0 province .. 3 street',
      }),
    ),
    multiple,
  },
);
export const TreeSelectField = dataKind('treeSelect', 'Tree select; value: id, or ids when multiple', {
  options,
  multiple,
  filterable: Bool('Can search'),
});
export const DicSelectField = dataKind(
  'dicSelect',
  'Dictionary select; value: id (enCode), or ids when multiple',
  { multiple, filterable: Bool('Can search') },
  { dictionaryType: Type.String({ minLength: 1, description: 'Dictionary type (required)' }) },
);
export const BillRuleField = dataKind(
  'billRule',
  'Bill number; value: text assigned by the server on save (read-only)',
  {},
  { rule: Type.String({ minLength: 1, description: 'Bill rule code (required)' }) },
);
export const RelationFormField = dataKind('relationForm', 'Record of another form; value: the record id', {
  modelId: Type.String({ minLength: 1, description: 'Linked form (function) id (required)' }),
  relationField: Type.String({ minLength: 1, description: 'Field of the record shown as text (required)' }),
  columnOptions: opt(
    Type.Array(Type.Object({ value: Type.String(), label: I18nText }, { additionalProperties: true })),
  ),
  hasPage: Bool('Paged list', false),
  pageSize: opt(Int({ minimum: 1, maximum: 10000, default: 20 })),
  popupType: opt(literalUnion(['dialog', 'drawer', 'popover'])),
  popupTitle: opt(I18nText),
  popupWidth: Str('Picker width'),
});
export const RelationFormAttrField = displayKind(
  'relationFormAttr',
  'Shows an attribute of the record a relationForm field chose (read-only)',
  attrProps,
);
export const PopupSelectField = dataKind(
  'popupSelect',
  'Data-interface popup select; value: the row key (propsValue), keys when multiple',
  popupProps,
);
export const PopupTableSelectField = dataKind(
  'popupTableSelect',
  'Data-interface popup table select; value: the row key (propsValue), keys when multiple',
  popupProps,
);
export const PopupAttrField = displayKind(
  'popupAttr',
  'Shows an attribute of the row a popupSelect field chose (read-only)',
  attrProps,
);
export const CalculateField = dataKind(
  'calculate',
  'Computed number (read-only); 2 decimals, NaN becomes 0, missing operands count as 0',
  {
    expression: Type.Array(Type.String({ minLength: 1 }), {
      description:
        "Formula tokens, one per string: numbers as decimal strings, '+','-','*','/','(',')', anything else a field reference 'vModel' or 'table.column'",
    }),
    precision: opt(
      Int({ minimum: 0, maximum: 10, default: 2, description: 'Decimals of the result (default 2)' }),
    ),
    thousands: Bool('Thousands separators'),
    showChinese: Bool('Shows the result in Chinese uppercase words (amount in words)', false),
  },
);
const sysKind = <K extends JnpfKey>(key: K, what: string) =>
  dataKind(key, `System field: ${what}; value: text assigned by the server (read-only)`, {
    showLevel: opt(literalUnion(['all', 'last'], { description: 'Whole path or last level' })),
  });
export const CreateUserField = sysKind('createUser', 'creator');
export const CreateTimeField = sysKind('createTime', 'creation time');
export const ModifyUserField = sysKind('modifyUser', 'last modifier');
export const ModifyTimeField = sysKind('modifyTime', 'last modification time');
export const CurrOrganizeField = sysKind('currOrganize', "creator's organisation");
export const CurrDeptField = sysKind('currDept', "creator's department");
export const CurrPositionField = sysKind('currPosition', "creator's position");

// ---------------------------------------------------------------- layout controls
export const GroupTitleField = displayKind('groupTitle', 'Group title (no data)', {
  content: opt(I18nText),
  contentPosition: opt(literalUnion(['left', 'center', 'right'], { default: 'left' })),
  helpMessage: opt(I18nText),
});
export const DividerField = displayKind('divider', 'Divider line (no data)', {
  content: opt(I18nText),
  contentPosition: opt(literalUnion(['left', 'center', 'right'], { default: 'center' })),
});
