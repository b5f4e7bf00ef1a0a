import { type TLiteral, type TObject, type TProperties, Type } from '@sinclair/typebox';
import { I18nText } from '../common';
import { DataSourceType, FieldOption, literalUnion, RegRule, SizeUnit, Visibility, VModel } from './common';
import type { JnpfKey } from './keys';

export const opt = Type.Optional;
export const Int = (o: Record<string, unknown> = {}) => Type.Integer(o);
export const Bool = (description: string, dflt?: boolean) =>
  opt(Type.Boolean(dflt === undefined ? { description } : { description, default: dflt }));
export const Str = (description: string, o: Record<string, unknown> = {}) =>
  opt(Type.String({ description, ...o }));
export const Num = (description: string, o: Record<string, unknown> = {}) =>
  opt(Type.Number({ description, ...o }));

/** Keys of `__config__` every kind shares (spec 3 §3 "Field config"). */
const BaseConfig = {
  label: opt(I18nText),
  showLabel: Bool('Show the label', true),
  tag: Str('Renderer component tag'),
  tagIcon: Str('Palette icon'),
  defaultValue: opt(Type.Unknown({ description: 'Initial value of the field' })),
  required: Bool('A value is required on submit', false),
  layout: opt(literalUnion(['colFormItem', 'rowFormItem'], { description: 'Item layout' })),
  span: opt(Int({ minimum: 1, maximum: 24, default: 24, description: 'Grid columns, 1-24 (default 24)' })),
  visibility: opt(Visibility),
  dragDisabled: Bool('Cannot be dragged in the designer'),
  formId: opt(Type.Union([Type.Integer(), Type.String()], { description: 'Designer id (from idGlobal)' })),
  renderKey: opt(Type.Union([Type.Number(), Type.String()], { description: 'Re-render key' })),
  regList: opt(
    Type.Array(RegRule, { description: 'Custom regular-expression rules, each with its message' }),
  ),
  trigger: opt(
    Type.Union([Type.String(), Type.Array(Type.String())], {
      default: 'blur',
      description: 'When rules run: blur (default) or change',
    }),
  ),
  tableName: Str('Bound data table'),
  relationTable: Str('In a sub-table column: the table it belongs to'),
  isSubTable: Bool('Is a sub-table column'),
  rowType: Str('Row kind in the designer'),
  dataType: opt(DataSourceType),
  dictionaryType: Str('Dictionary type id (dataType dictionary)'),
  propsUrl: Str('Data interface id (dataType dynamic)'),
  columnWidth: opt(
    Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: 'Column width in a table' }),
  ),
  componentName: Str('Component name'),
  showTitle: Bool('Show the title'),
  noShow: Bool('Hidden'),
  props: opt(
    Type.Object(
      { label: Str('Option key holding the label'), value: Str('Option key holding the value') },
      { additionalProperties: true, description: 'Option keys (default fullName and id)' },
    ),
  ),
  decimalPlace: opt(
    Int({
      minimum: 0,
      maximum: 10,
      default: 2,
      description: 'Sub-table column: decimals of its summary (default 2)',
    }),
  ),
};

const Slot = Type.Object(
  {
    options: opt(Type.Array(FieldOption, { description: 'Static options' })),
    prepend: Str('Text before the input'),
    append: Str('Text after the input'),
  },
  { additionalProperties: true },
);

/** Top-level keys every kind shares. */
const BaseField = {
  __slot__: opt(Slot),
  placeholder: opt(I18nText),
  disabled: Bool('Cannot be edited'),
  readonly: Bool('Read-only'),
  clearable: Bool('Shows a clear button'),
  style: opt(Type.Record(Type.String(), Type.Unknown(), { description: 'Inline CSS' })),
};

/** The `__config__` keys every kind shares, as one schema (the validator checks them once per field). */
export const FieldBaseConfig = Type.Object(BaseConfig, { additionalProperties: true });
/** The top-level keys every kind shares. */
export const FieldBase = Type.Object(BaseField, { additionalProperties: true });

type KindConfig<K extends string, C extends TProperties> = TObject<
  { jnpfKey: TLiteral<K> } & typeof BaseConfig & C
>;

function config<K extends JnpfKey, C extends TProperties>(key: K, extra: C): KindConfig<K, C> {
  return Type.Object(
    { jnpfKey: Type.Literal(key), ...BaseConfig, ...extra },
    { additionalProperties: true },
  ) as unknown as KindConfig<K, C>;
}

/** A kind that produces data: `__vModel__` is required. */
export function dataKind<K extends JnpfKey, P extends TProperties, C extends TProperties = {}>(
  key: K,
  description: string,
  props: P,
  extraConfig?: C,
) {
  return Type.Object(
    { __config__: config(key, extraConfig ?? ({} as C)), __vModel__: VModel, ...BaseField, ...props },
    { additionalProperties: true, title: key, description },
  );
}

/** A kind that shows something or holds other fields; it has no `__vModel__`. */
export function displayKind<K extends JnpfKey, P extends TProperties, C extends TProperties = {}>(
  key: K,
  description: string,
  props: P,
  extraConfig?: C,
) {
  return Type.Object(
    { __config__: config(key, extraConfig ?? ({} as C)), ...BaseField, ...props },
    { additionalProperties: true, title: key, description },
  );
}

export const multiple = Bool('Several values may be chosen', false);
export const options = opt(
  Type.Array(FieldOption, { description: 'Options (also accepted in __slot__.options)' }),
);
export const pickerProps = {
  multiple,
  selectType: opt(
    literalUnion(['all', 'custom'], { description: 'Choose from everything or a custom list' }),
  ),
  ableIds: opt(Type.Array(Type.String(), { description: 'Custom list of ids that may be chosen' })),
};
/**
 * Role and user pickers: `hasSys` offers the system variable 当前用户 (the value token '@currentUser', replaced
 * by the submitter's id or role ids when the server stores the form).
 */
export const systemVariableProps = {
  hasSys: Bool('Offers the system variable 当前用户 (current user): stored as the submitter', false),
};
export const popupProps = {
  interfaceId: Type.String({ minLength: 1, description: 'Data interface that lists the rows (required)' }),
  propsValue: Type.String({ minLength: 1, description: 'Row key stored as the value (required)' }),
  relationField: Type.String({ minLength: 1, description: 'Row key shown as the text (required)' }),
  columnOptions: opt(
    Type.Array(Type.Object({ value: Type.String(), label: I18nText }, { additionalProperties: true }), {
      description: 'Columns of the popup table',
    }),
  ),
  hasPage: Bool('Popup table is paged (else it loads 10000 rows)', false),
  pageSize: opt(Int({ minimum: 1, maximum: 10000, default: 20, description: 'Page size (default 20)' })),
  popupType: opt(literalUnion(['dialog', 'drawer', 'popover'], { description: 'How the picker opens' })),
  popupTitle: opt(I18nText),
  popupWidth: Str('Picker width, e.g. 800px'),
  multiple,
};
export const attrProps = {
  relationField: Type.String({
    minLength: 1,
    description: 'vModel of the relation/popup field whose record is shown (required)',
  }),
  showField: Type.String({ minLength: 1, description: 'Attribute of the related record to show (required)' }),
  isStorage: opt(
    Type.Union([Type.Literal(0), Type.Literal(1)], {
      default: 0,
      description: '0: display only, data is not saved (default); 1: the value is saved under __vModel__',
    }),
  ),
  __vModel__: opt(VModel),
};
export const uploadProps = {
  limit: opt(Int({ minimum: 0, description: 'At most this many files (0: no limit)' })),
  fileSize: Num('Largest file size in sizeUnit (default 5)', { exclusiveMinimum: 0, default: 5 }),
  sizeUnit: opt(SizeUnit),
  accept: Str('Accepted extensions or types, e.g. .pdf,.docx or image/*'),
  buttonText: opt(I18nText),
  showTip: Bool('Shows the limits under the button'),
  pathType: Str('Storage folder kind'),
};
export const codeProps = {
  dataType: opt(
    literalUnion(['static', 'relation'], {
      default: 'static',
      description: 'static: staticText is encoded; relation: the value of relationField is encoded',
    }),
  ),
  staticText: Str('Text to encode (dataType static)'),
  relationField: Str('vModel whose value is encoded (dataType relation)'),
};
