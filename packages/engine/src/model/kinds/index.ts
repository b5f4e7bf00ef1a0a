// The kind registry: one module per field kind (kinds/<jnpfKey>.ts). Adding a kind = its module here plus
// its renderer widget; kinds.conformance.test.ts runs every registered kind.

import addressKind from './address';
import alertKind from './alert';
import barcodeKind from './barcode';
import billRuleKind from './billRule';
import buttonKind from './button';
import calculateKind from './calculate';
import cardKind from './card';
import cascaderKind from './cascader';
import checkboxKind from './checkbox';
import collapseKind from './collapse';
import colorPickerKind from './colorPicker';
import comInputKind from './comInput';
import comSelectKind from './comSelect';
import createTimeKind from './createTime';
import createUserKind from './createUser';
import currDeptKind from './currDept';
import currOrganizeKind from './currOrganize';
import currPositionKind from './currPosition';
import dateKind from './date';
import dateRangeKind from './dateRange';
import depSelectKind from './depSelect';
import dicSelectKind from './dicSelect';
import dividerKind from './divider';
import editorKind from './editor';
import groupSelectKind from './groupSelect';
import groupTitleKind from './groupTitle';
import JNPFAmountKind from './JNPFAmount';
import JNPFTextKind from './JNPFText';
import type { KindDefinition } from './kind';
import linkKind from './link';
import modifyTimeKind from './modifyTime';
import modifyUserKind from './modifyUser';
import numberRangeKind from './numberRange';
import numInputKind from './numInput';
import popupAttrKind from './popupAttr';
import popupSelectKind from './popupSelect';
import popupTableSelectKind from './popupTableSelect';
import posSelectKind from './posSelect';
import qrcodeKind from './qrcode';
import radioKind from './radio';
import rateKind from './rate';
import relationFormKind from './relationForm';
import relationFormAttrKind from './relationFormAttr';
import roleSelectKind from './roleSelect';
import rowKind from './row';
import selectKind from './select';
import sliderKind from './slider';
import switchKind from './switch';
import tabKind from './tab';
import tableKind from './table';
import textareaKind from './textarea';
import timeKind from './time';
import timeRangeKind from './timeRange';
import treeSelectKind from './treeSelect';
import uploadFzKind from './uploadFz';
import uploadImgKind from './uploadImg';
import userSelectKind from './userSelect';
import usersSelectKind from './usersSelect';

export {
  base,
  cellText,
  defineKind,
  type KindDefinition,
  type KindRole,
  type NameSource,
  type OptionKeys,
  optionKeys,
  staticOptions,
} from './kind';

const registry = new Map<string, KindDefinition>();

/** Adds (or replaces) a kind; a host may register its own kinds next to the built-in ones. */
export function registerKind(def: KindDefinition): void {
  registry.set(def.key, def);
}

for (const def of [
  JNPFAmountKind,
  JNPFTextKind,
  addressKind,
  alertKind,
  barcodeKind,
  billRuleKind,
  buttonKind,
  calculateKind,
  cardKind,
  cascaderKind,
  checkboxKind,
  collapseKind,
  colorPickerKind,
  comInputKind,
  comSelectKind,
  createTimeKind,
  createUserKind,
  currDeptKind,
  currOrganizeKind,
  currPositionKind,
  dateKind,
  dateRangeKind,
  depSelectKind,
  dicSelectKind,
  dividerKind,
  editorKind,
  groupSelectKind,
  groupTitleKind,
  linkKind,
  modifyTimeKind,
  modifyUserKind,
  numInputKind,
  numberRangeKind,
  popupAttrKind,
  popupSelectKind,
  popupTableSelectKind,
  posSelectKind,
  qrcodeKind,
  radioKind,
  rateKind,
  relationFormKind,
  relationFormAttrKind,
  roleSelectKind,
  rowKind,
  selectKind,
  sliderKind,
  switchKind,
  tabKind,
  tableKind,
  textareaKind,
  timeKind,
  timeRangeKind,
  treeSelectKind,
  uploadFzKind,
  uploadImgKind,
  userSelectKind,
  usersSelectKind,
])
  registerKind(def);

/** The kind of a jnpfKey, or undefined when no module defines it (the model reports it as an error). */
export function kindOf(key: unknown): KindDefinition | undefined {
  return typeof key === 'string' ? registry.get(key) : undefined;
}

/** Whether a person gives a value of this kind in the form (see KindDefinition.editable); false for unknown kinds. */
export function isEditableKind(key: unknown): boolean {
  const kind = kindOf(key);
  return !!kind && !kind.readonly && kind.editable !== false;
}

/** How a flow condition compares a field's value: the kind's conditionType, else a list when `multiple`, else text. */
export function conditionTypeOf(field: {
  __config__?: { jnpfKey?: unknown };
  multiple?: unknown;
}): 'number' | 'date' | 'list' | 'text' {
  const declared = kindOf(field.__config__?.jnpfKey)?.conditionType;
  return declared ?? (field.multiple === true ? 'list' : 'text');
}

/** Every registered kind, in registration order. */
export function registeredKinds(): KindDefinition[] {
  return [...registry.values()];
}
