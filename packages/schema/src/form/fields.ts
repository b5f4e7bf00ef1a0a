import { type Static, type TSchema, type TThis, Type } from '@sinclair/typebox';
import { I18nText } from '../common';
import { literalUnion, ROW_JUSTIFY, TAB_POSITIONS, TAB_TYPES } from './common';
import {
  AddressField,
  AlertField,
  AmountField,
  BarcodeField,
  BillRuleField,
  ButtonField,
  CalculateField,
  CascaderField,
  CheckboxField,
  ColorPickerField,
  ComInputField,
  ComSelectField,
  CreateTimeField,
  CreateUserField,
  CurrDeptField,
  CurrOrganizeField,
  CurrPositionField,
  DateField,
  DateRangeField,
  DepSelectField,
  DicSelectField,
  DividerField,
  EditorField,
  GroupSelectField,
  GroupTitleField,
  JNPFTextField,
  LinkField,
  ModifyTimeField,
  ModifyUserField,
  NumberRangeField,
  NumInputField,
  PopupAttrField,
  PopupSelectField,
  PopupTableSelectField,
  PosSelectField,
  QrcodeField,
  RadioField,
  RateField,
  RelationFormAttrField,
  RelationFormField,
  RoleSelectField,
  SelectField,
  SliderField,
  SwitchField,
  TextareaField,
  TimeField,
  TimeRangeField,
  TreeSelectField,
  UploadFzField,
  UploadImgField,
  UserSelectField,
  UsersSelectField,
} from './fieldKinds';

import { Bool, dataKind, displayKind, Num, opt } from './fieldKit';
import type { JnpfKey } from './keys';

/**
 * Field configs in the JNPF shape: `{ __config__: {...}, __vModel__?, __slot__?, placeholder?, disabled?, ...props }`.
 * Every kind is its own object schema discriminated by `__config__.jnpfKey`. Unknown extra keys are allowed
 * (designers keep style and UI hints on fields); the keys listed here are typed and checked.
 */

export * from './fieldKinds';
export { FieldBase, FieldBaseConfig } from './fieldKit';

/** Schemas of the kinds that hold fields; built inside the recursive FieldConfig. */
function containerKinds(This: TThis) {
  const children = Type.Array(This, { description: 'Fields inside' });
  const pane = (what: string) =>
    Type.Object(
      {
        title: I18nText,
        name: Type.Union([Type.String(), Type.Number()], { description: `${what} key` }),
        __config__: Type.Object({ children }, { additionalProperties: true }),
      },
      { additionalProperties: true, description: what },
    );
  const RowField = displayKind(
    'row',
    'Grid row holding fields',
    {
      type: opt(literalUnion(['default', 'flex'])),
      justify: opt(literalUnion(ROW_JUSTIFY, { default: 'start' })),
      align: opt(literalUnion(['top', 'middle', 'bottom'], { default: 'top' })),
      gutter: Num('Space between columns', { minimum: 0 }),
    },
    { children },
  );
  const CardField = displayKind(
    'card',
    'Card holding fields',
    {
      header: opt(I18nText),
      shadow: opt(literalUnion(['always', 'hover', 'never'], { default: 'always' })),
    },
    { children },
  );
  const TabField = displayKind(
    'tab',
    'Tabs; each pane {title, name, __config__.children}; the last pane cannot be removed',
    {
      type: opt(literalUnion(TAB_TYPES, { description: "Style: '' or default, card, border-card" })),
      tabPosition: opt(literalUnion(TAB_POSITIONS, { default: 'top' })),
    },
    {
      active: opt(Type.Union([Type.String(), Type.Number()], { description: 'Open pane name' })),
      children: Type.Array(pane('Tab pane'), { minItems: 1 }),
    },
  );
  const CollapseField = displayKind(
    'collapse',
    'Collapse panels; each {title, name, __config__.children}',
    { accordion: Bool('Only one panel open at a time', false) },
    {
      active: opt(
        Type.Union([Type.String(), Type.Number(), Type.Array(Type.Union([Type.String(), Type.Number()]))]),
      ),
      children: Type.Array(pane('Collapse panel'), { minItems: 1 }),
    },
  );
  const TableField = dataKind(
    'table',
    'Sub-table; __vModel__ is the table key, columns are __config__.children; value: array of row objects',
    {
      showSummary: Bool('Shows a total row', false),
      summaryField: opt(Type.Array(Type.String(), { description: 'Column vModels summed in the total row' })),
      addable: Bool('Rows can be added', true),
      deletable: Bool('Rows can be deleted', true),
      actionText: opt(I18nText),
    },
    { children },
  );
  return [RowField, CardField, TabField, CollapseField, TableField] as const;
}

const leafKinds = [
  ComInputField,
  TextareaField,
  NumInputField,
  AmountField,
  SwitchField,
  RadioField,
  CheckboxField,
  SelectField,
  CascaderField,
  DateField,
  TimeField,
  DateRangeField,
  TimeRangeField,
  NumberRangeField,
  ColorPickerField,
  RateField,
  SliderField,
  EditorField,
  UploadFzField,
  UploadImgField,
  JNPFTextField,
  LinkField,
  ButtonField,
  AlertField,
  BarcodeField,
  QrcodeField,
  ComSelectField,
  DepSelectField,
  PosSelectField,
  RoleSelectField,
  UserSelectField,
  UsersSelectField,
  GroupSelectField,
  AddressField,
  TreeSelectField,
  DicSelectField,
  BillRuleField,
  RelationFormField,
  RelationFormAttrField,
  PopupSelectField,
  PopupTableSelectField,
  PopupAttrField,
  CalculateField,
  CreateUserField,
  CreateTimeField,
  ModifyUserField,
  ModifyTimeField,
  CurrOrganizeField,
  CurrDeptField,
  CurrPositionField,
  GroupTitleField,
  DividerField,
] as const;

export const FIELD_CONFIG_ID = 'KpFieldConfig';

/** Any field, discriminated by `__config__.jnpfKey` (a TypeBox recursive union: containers hold FieldConfigs). */
export const FieldConfig = Type.Recursive((This) => Type.Union([...leafKinds, ...containerKinds(This)]), {
  $id: FIELD_CONFIG_ID,
});
export type FieldConfig = Static<typeof FieldConfig>;

/** The field type of one kind. */
export type FieldOf<K extends JnpfKey> = Extract<FieldConfig, { __config__: { jnpfKey: K } }>;

/** Each kind's own schema, by jnpfKey (container kinds refer to FieldConfig by `$ref`). */
export const FIELD_KIND_SCHEMAS: Readonly<Record<JnpfKey, TSchema>> = Object.fromEntries(
  (FieldConfig as unknown as { anyOf: TSchema[] }).anyOf.map((s) => [
    (s.properties as { __config__: { properties: { jnpfKey: { const: string } } } }).__config__.properties
      .jnpfKey.const,
    s,
  ]),
) as Record<JnpfKey, TSchema>;

export type TabPane = Extract<FieldOf<'tab'>['__config__']['children'], unknown[]>[number];
