import { Alert } from 'antd';
import { createElement } from 'react';
import { useRender } from '../form/context';
import { labelOf } from '../form/fieldUtil';
import { preloadLayouts } from '../layout/lazyPanes';
import { loadSandbox } from '../sandbox/load';
import { AmountWidget } from './amount';
import {
  CheckboxWidget,
  NumberInput,
  RadioWidget,
  ReadonlyText,
  SelectWidget,
  SwitchWidget,
  TextArea,
  TextInput,
} from './basic';
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
import { type LazyWidget, lazyWidget } from './lazy';
import type { Widget, WidgetProps } from './types';

// Light widgets (inputs, numbers, selects, display kinds) are in the main chunk. Everything else is fetched
// the first time a form draws that kind: pickers, trees, the rich-text editor (tiptap), bar/QR codes,
// uploads, the user/organisation/address/popup pickers. A form without them never downloads their code.
const pickers = () => import('./pickers');
const trees = () => import('./trees');
const extras = () => import('./extras');
const codes = () => import('./codes');
const popups = () => import('./popupSelect');
const lazyOf = lazyWidget;
const Date_ = lazyOf(pickers, (m) => m.DateWidget);
const OrgPicker = lazyOf(
  () => import('./orgPicker'),
  (m) => m.OrgPickerWidget,
);
const UserPicker = lazyOf(
  () => import('./userPicker'),
  (m) => m.UserPickerWidget,
);
const RolePicker = lazyOf(
  () => import('./rolePicker'),
  (m) => m.RolePickerWidget,
);
const Uploader = lazyOf(
  () => import('./uploader'),
  (m) => m.UploaderWidget,
);
const PopupSelect = lazyOf(popups, (m) => m.PopupSelectWidget);
const Attr = lazyOf(popups, (m) => m.AttrWidget);

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
  cascader: lazyOf(trees, (m) => m.CascaderWidget),
  date: Date_,
  time: lazyOf(pickers, (m) => m.TimeWidget),
  dateRange: lazyOf(pickers, (m) => m.DateRangeWidget),
  timeRange: lazyOf(pickers, (m) => m.TimeRangeWidget),
  numberRange: NumberRangeWidget,
  colorPicker: lazyOf(extras, (m) => m.ColorWidget),
  rate: lazyOf(extras, (m) => m.RateWidget),
  slider: lazyOf(extras, (m) => m.SliderWidget),
  editor: lazyOf(
    () => import('./editor'),
    (m) => m.EditorWidget,
  ),
  uploadFz: Uploader,
  uploadImg: Uploader,
  JNPFText: TextDisplay,
  link: LinkDisplay,
  button: ButtonDisplay,
  alert: AlertDisplay,
  barcode: lazyOf(codes, (m) => m.BarcodeWidget),
  qrcode: lazyOf(codes, (m) => m.QrcodeWidget),
  comSelect: OrgPicker,
  depSelect: OrgPicker,
  posSelect: OrgPicker,
  roleSelect: RolePicker,
  groupSelect: OrgPicker,
  userSelect: UserPicker,
  usersSelect: UserPicker,
  address: lazyOf(
    () => import('./addressPicker'),
    (m) => m.AddressPickerWidget,
  ),
  treeSelect: lazyOf(trees, (m) => m.TreeSelectWidget),
  dicSelect: SelectWidget,
  billRule: ReadonlyText,
  relationForm: PopupSelect,
  relationFormAttr: Attr,
  popupSelect: PopupSelect,
  popupTableSelect: PopupSelect,
  popupAttr: Attr,
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

/**
 * Fetches the code of every lazily loaded widget (or of the given kinds) and, without kinds, the script
 * sandbox; resolves when all are in.
 */
export async function preloadWidgets(kinds?: readonly string[]): Promise<void> {
  if (!kinds) await Promise.all([loadSandbox(), preloadLayouts()]);
  const list = (kinds ?? Object.keys(WIDGETS)).map((k) => WIDGETS[k]);
  await Promise.all(list.map((w) => (w && 'preload' in w ? (w as LazyWidget).preload() : undefined)));
  // the user and role pickers' dialogs are a second step, fetched when a picker first opens
  if (!kinds || kinds.some((k) => k === 'userSelect' || k === 'usersSelect'))
    await (await import('./userPicker')).UserPickerDialog.preload();
  if (!kinds || kinds.includes('roleSelect')) await (await import('./rolePicker')).RolePickerDialog.preload();
}

/**
 * Drawn for a field whose kind has no widget (a config from a newer designer, a typo, a custom kind the host
 * did not register): a visible message naming the field and the kind, instead of a crash of the whole form.
 */
export function UnknownKindWidget(props: WidgetProps) {
  const { t, language } = useRender();
  const kind = String(props.field.__config__?.jnpfKey ?? '');
  const field = labelOf(props.field, language) || props.field.__vModel__ || kind;
  return createElement(Alert, {
    type: 'error',
    showIcon: true,
    role: 'alert',
    title: t('unknownKind', { field, kind }),
  });
}

/** The widget of a kind, or UnknownKindWidget. */
export const widgetOf = (kind: string): Widget => WIDGETS[kind] ?? UnknownKindWidget;

export interface WidgetRegistration {
  /** The component, or a loader for code splitting: `load: () => import('./MyWidget').then((m) => m.MyWidget)`. */
  widget?: Widget;
  load?: () => Promise<Widget>;
  /** Drawn without a form-item label (like divider). */
  noLabel?: boolean;
  /** Never takes input (like calculate): drawn disabled. */
  readonly?: boolean;
  /** A change is finished input (a pick, not typing): blur-triggered rules run on change. */
  commitOnChange?: boolean;
}

/**
 * Registers the widget of a field kind (a custom kind, or to replace a built-in one). Call it before the
 * first render of a form using the kind. Returns a function that restores the previous registration.
 *
 *   registerWidget('signature', { load: () => import('./Signature').then((m) => m.Signature), commitOnChange: true });
 */
export function registerWidget(kind: string, reg: Widget | WidgetRegistration): () => void {
  const r: WidgetRegistration = typeof reg === 'function' ? { widget: reg } : reg;
  const widget = r.widget ?? (r.load ? lazyWidget(r.load, (w) => w) : undefined);
  if (!kind || !widget) throw new Error('@kp/renderer: registerWidget needs a kind and a widget or load()');
  const before = {
    widget: WIDGETS[kind],
    noLabel: NO_LABEL_KINDS.has(kind),
    readonly: READONLY_KINDS.has(kind),
    commit: COMMIT_KINDS.has(kind),
  };
  const flag = (set: Set<string>, on: boolean | undefined) => {
    if (on === true) set.add(kind);
    else if (on === false) set.delete(kind);
  };
  WIDGETS[kind] = widget;
  flag(NO_LABEL_KINDS, r.noLabel);
  flag(READONLY_KINDS, r.readonly);
  flag(COMMIT_KINDS, r.commitOnChange);
  return () => {
    if (before.widget) WIDGETS[kind] = before.widget;
    else delete WIDGETS[kind];
    flag(NO_LABEL_KINDS, before.noLabel);
    flag(READONLY_KINDS, before.readonly);
    flag(COMMIT_KINDS, before.commit);
  };
}

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
