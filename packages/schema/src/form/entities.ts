import { type Static, Type } from '@sinclair/typebox';
import { I18nText } from '../common';

/**
 * Other field-level entities of spec 3 §3, used by the pickers and widgets of the renderer.
 */

/** A node of the organisation/position/role pickers' trees (enabledMark 0 means disabled). */
export const PickerTreeNode = Type.Recursive(
  (This) =>
    Type.Object(
      {
        id: Type.String(),
        fullName: I18nText,
        children: Type.Optional(Type.Array(This)),
        hasChildren: Type.Optional(Type.Boolean()),
        enabledMark: Type.Optional(
          Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0: disabled' }),
        ),
        type: Type.Optional(Type.String({ description: 'user, position, role, ...' })),
        icon: Type.Optional(Type.String()),
        onlyId: Type.Optional(Type.String()),
        isLeaf: Type.Optional(Type.Boolean()),
        ucName: Type.Optional(Type.String({ description: 'Personal-group node name' })),
      },
      { additionalProperties: true },
    ),
  { $id: 'KpPickerTreeNode' },
);
export type PickerTreeNode = Static<typeof PickerTreeNode>;

/** A user as the user tables of the pickers list them. */
export const PickerUserRow = Type.Object(
  { id: Type.String(), realName: Type.String(), position: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
export type PickerUserRow = Static<typeof PickerUserRow>;

/** A node of the region (address) tree, loaded level by level from parent id -1. */
export const RegionNode = Type.Recursive(
  (This) =>
    Type.Object(
      {
        id: Type.String(),
        fullName: Type.String(),
        isLeaf: Type.Optional(Type.Boolean()),
        icon: Type.Optional(Type.String()),
        children: Type.Optional(Type.Array(This)),
      },
      { additionalProperties: true },
    ),
  { $id: 'KpRegionNode' },
);
export type RegionNode = Static<typeof RegionNode>;

/** A dictionary option: value enCode, text fullName. */
export const DictionaryOption = Type.Object(
  { enCode: Type.String(), fullName: I18nText, id: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
export type DictionaryOption = Static<typeof DictionaryOption>;

/** One entry of a paginated table's column-settings drawer. */
export const ColumnSetting = Type.Object(
  { prop: Type.String(), label: I18nText, columnVisible: Type.Boolean() },
  { additionalProperties: true },
);
export type ColumnSetting = Static<typeof ColumnSetting>;

/** A tab pane or collapse panel: title and name (its fields sit in `__config__.children`). */
export const PaneHeader = Type.Object({ title: I18nText, name: Type.Union([Type.String(), Type.Number()]) });
export type PaneHeader = Static<typeof PaneHeader>;

/**
 * The payload of a dynamic QR code (spec 3 §3): t type, id record id, mid model id, mt model type, fid flow
 * id, pid process id, ftid flow task id, opt operation. All optional; unknown keys are kept.
 */
export const QrPayload = Type.Object(
  {
    t: Type.Optional(Type.String()),
    id: Type.Optional(Type.String()),
    mid: Type.Optional(Type.String()),
    mt: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    fid: Type.Optional(Type.String()),
    pid: Type.Optional(Type.String()),
    ftid: Type.Optional(Type.String()),
    opt: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  },
  { additionalProperties: true },
);
export type QrPayload = Static<typeof QrPayload>;

/** Calculate template: the expression list (one token per string). */
export const CalculateTemplate = Type.Object({ expression: Type.Array(Type.String({ minLength: 1 })) });
export type CalculateTemplate = Static<typeof CalculateTemplate>;

/** Barcode formats' default and the QR sizes (spec 3 §9). */
export const CODE_DEFAULTS = {
  barcode: { format: 'code128', width: 4, height: 40, lineColor: '#000000', background: '#ffffff' },
  qrcode: { designerSize: 100, size: 40, errorCorrectionLevel: 'L' },
} as const;

/** The address picker's selectable depth by default, and the dialog width (spec 3 §9). */
export const ADDRESS_DEFAULTS = { level: 2, dialogWidth: 800 } as const;
