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

/**
 * A kind's entry in the renderer: its widget and the facts only drawing needs. What the kind is (read-only,
 * options, shape…) is asked of the engine's kind module (kindOf), never listed here.
 */
export interface WidgetEntry {
  widget: Widget;
  /** Drawn without a form-item label (text, link, button, alert, group title, divider). */
  noLabel?: boolean;
  /**
   * No typing and no blur of its own: a change is the user's finished input (a pick, a toggle, a dialog's
   * confirm, an upload), so rules with the blur trigger run on it.
   */
  commit?: boolean;
  /** The value is chosen (from a list, a calendar, a dialog): the placeholder says 请选择, not 请输入. */
  picks?: boolean;
  /** Drawn read-only although no engine kind says so (a host's own kind registered with readonly). */
  readonly?: boolean;
}

const typed = (widget: Widget): WidgetEntry => ({ widget });
/** Toggled, dragged, uploaded: a change commits. */
const committing = (widget: Widget): WidgetEntry => ({ widget, commit: true });
/** Chosen in a list, calendar or dialog: a change commits (a select with search types, so it does not). */
const picking = (widget: Widget, commit = true): WidgetEntry => ({ widget, picks: true, commit });
const unlabelled = (widget: Widget): WidgetEntry => ({ widget, noLabel: true });

/** Every field kind's entry (jnpfKey). Layout kinds (row, card, tab, collapse, table) are not here. */
export const WIDGET_ENTRIES: Record<string, WidgetEntry> = {
  comInput: typed(TextInput),
  textarea: typed(TextArea),
  numInput: typed(NumberInput),
  JNPFAmount: typed(AmountWidget),
  switch: committing(SwitchWidget),
  radio: committing(RadioWidget),
  checkbox: committing(CheckboxWidget),
  select: picking(SelectWidget, false),
  cascader: picking(lazyOf(trees, (m) => m.CascaderWidget)),
  date: picking(Date_),
  time: picking(lazyOf(pickers, (m) => m.TimeWidget)),
  dateRange: picking(lazyOf(pickers, (m) => m.DateRangeWidget)),
  timeRange: picking(lazyOf(pickers, (m) => m.TimeRangeWidget)),
  numberRange: committing(NumberRangeWidget),
  colorPicker: committing(lazyOf(extras, (m) => m.ColorWidget)),
  rate: committing(lazyOf(extras, (m) => m.RateWidget)),
  slider: committing(lazyOf(extras, (m) => m.SliderWidget)),
  editor: typed(
    lazyOf(
      () => import('./editor'),
      (m) => m.EditorWidget,
    ),
  ),
  uploadFz: committing(Uploader),
  uploadImg: committing(Uploader),
  JNPFText: unlabelled(TextDisplay),
  link: unlabelled(LinkDisplay),
  button: unlabelled(ButtonDisplay),
  alert: unlabelled(AlertDisplay),
  barcode: typed(lazyOf(codes, (m) => m.BarcodeWidget)),
  qrcode: typed(lazyOf(codes, (m) => m.QrcodeWidget)),
  comSelect: picking(OrgPicker),
  depSelect: picking(OrgPicker),
  posSelect: picking(OrgPicker),
  roleSelect: picking(RolePicker),
  groupSelect: picking(OrgPicker),
  userSelect: picking(UserPicker),
  usersSelect: picking(UserPicker),
  address: picking(
    lazyOf(
      () => import('./addressPicker'),
      (m) => m.AddressPickerWidget,
    ),
  ),
  treeSelect: picking(lazyOf(trees, (m) => m.TreeSelectWidget)),
  dicSelect: picking(SelectWidget, false),
  billRule: typed(ReadonlyText),
  relationForm: picking(PopupSelect),
  relationFormAttr: typed(Attr),
  popupSelect: picking(PopupSelect),
  popupTableSelect: picking(PopupSelect),
  popupAttr: typed(Attr),
  calculate: typed(CalculateWidget),
  createUser: typed(ReadonlyText),
  createTime: typed(ReadonlyText),
  modifyUser: typed(ReadonlyText),
  modifyTime: typed(ReadonlyText),
  currOrganize: typed(ReadonlyText),
  currDept: typed(ReadonlyText),
  currPosition: typed(ReadonlyText),
  groupTitle: unlabelled(GroupTitleDisplay),
  divider: unlabelled(DividerDisplay),
};

/** The widget of each field kind (WIDGET_ENTRIES' widgets; registerWidget keeps both in step). */
export const WIDGETS: Record<string, Widget> = Object.fromEntries(
  Object.entries(WIDGET_ENTRIES).map(([k, e]) => [k, e.widget]),
);

/** The renderer's entry of a kind (undefined for layout and unknown kinds). */
export const widgetEntry = (kind: string): WidgetEntry | undefined => WIDGET_ENTRIES[kind];

/**
 * Fetches the code of every lazily loaded widget (or of the given kinds) and, without kinds, the script
 * sandbox; resolves when all are in.
 */
export async function preloadWidgets(kinds?: readonly string[]): Promise<void> {
  if (!kinds) await Promise.all([loadSandbox(), preloadLayouts()]);
  const list = (kinds ?? Object.keys(WIDGETS)).map((k) => WIDGETS[k]);
  await Promise.all(list.map((w) => (w && 'preload' in w ? (w as LazyWidget).preload() : undefined)));
  // the user and role pickers' dialogs are a second step, fetched when a picker first opens
  if (!kinds || kinds.some((k) => WIDGETS[k] === UserPicker))
    await (await import('./userPicker')).UserPickerDialog.preload();
  if (!kinds || kinds.some((k) => WIDGETS[k] === RolePicker))
    await (await import('./rolePicker')).RolePickerDialog.preload();
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
  const before = WIDGET_ENTRIES[kind];
  const flag = (on: boolean | undefined, was: boolean | undefined) => (on === undefined ? was : on);
  const entry: WidgetEntry = {
    ...before,
    widget,
    noLabel: flag(r.noLabel, before?.noLabel),
    readonly: flag(r.readonly, before?.readonly),
    commit: flag(r.commitOnChange, before?.commit),
  };
  WIDGET_ENTRIES[kind] = entry;
  WIDGETS[kind] = widget;
  return () => {
    if (before) {
      WIDGET_ENTRIES[kind] = before;
      WIDGETS[kind] = before.widget;
    } else {
      delete WIDGET_ENTRIES[kind];
      delete WIDGETS[kind];
    }
  };
}
