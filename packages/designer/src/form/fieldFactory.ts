import { kindOf } from '@kp/engine';
import { FORM_DEFAULTS, type FormConfig as KpFormConfig } from '@kp/schema';
import { labelText, t } from '../i18n';
import { KIND_LABELS } from './kindLabels';
import { hasOptions, isContainer, isDisplay } from './kinds';
import { type FieldConfig, type FormConfig, published } from './types';

export const ID_START = 100;
export const DEFAULT_SPAN = 24;

/** A fresh empty config, as the public FormConfig (@kp/schema's); the designer's own copy is emptyForm. */
export const emptyFormConfig = (): KpFormConfig => published(emptyForm());

/** A fresh, empty form config: the spec's defaults (labelWidth 100, gutter 15, span 24, idGlobal 100…). */
export function emptyForm(): FormConfig {
  return {
    ...FORM_DEFAULTS,
    span: DEFAULT_SPAN,
    idGlobal: ID_START,
    formStyle: '',
    printId: '',
    fields: [],
    funcs: { onLoad: '', beforeSubmit: '', afterSubmit: '' },
  };
}

function label(key: string) {
  const l = KIND_LABELS[key] ?? [key, key, key];
  return { zh: l[0], zhtw: l[1], en: l[2] };
}

/** Defaults of a new field that are texts in the designer's language (the rest is the kind's `defaults`). */
const TEXT_DEFAULTS: Record<string, (field: FieldConfig) => void> = {
  JNPFText: (f) => {
    f.content = t('default.text');
  },
  groupTitle: (f) => {
    f.content = labelText(label('groupTitle'));
  },
  button: (f) => {
    f.buttonText = t('default.button');
  },
};

/** A pane of a tab or collapse container. */
export function makePane(kind: 'tabItem' | 'collapseItem', formId: number, n: number): FieldConfig {
  const title = kind === 'tabItem' ? `Tab ${n}` : `Panel ${n}`;
  return {
    title,
    name: String(n),
    __config__: {
      jnpfKey: kind,
      formId,
      renderKey: formId,
      layout: 'rowFormItem',
      span: DEFAULT_SPAN,
      children: [],
    },
  };
}

/**
 * A new field of `jnpfKey` with its defaults. `formId` is the id the caller reserved (idGlobal + 1);
 * containers with panes use the following ids for their panes and return how many ids they used.
 */
export function makeField(
  jnpfKey: string,
  formId: number,
  opts: { autoVModel?: boolean } = {},
): { field: FieldConfig; used: number } {
  const container = isContainer(jnpfKey);
  const layout =
    container || jnpfKey === 'groupTitle' || jnpfKey === 'divider' ? 'rowFormItem' : 'colFormItem';
  const field: FieldConfig = {
    __config__: {
      jnpfKey,
      label: label(jnpfKey),
      showLabel: !container,
      tag: jnpfKey,
      required: false,
      layout,
      span: DEFAULT_SPAN,
      formId,
      renderKey: formId,
      regList: [],
      trigger: 'blur',
      visibility: ['pc', 'app'],
    },
  };
  let used = 1;
  if (!isDisplay(jnpfKey) && opts.autoVModel !== false) field.__vModel__ = `${jnpfKey}Field${formId}`;
  if (!isDisplay(jnpfKey) && opts.autoVModel === false) field.__vModel__ = '';
  if (!isDisplay(jnpfKey) && jnpfKey !== 'table') field.placeholder = '';
  if (container) field.__config__.children = [];
  // the kind's own defaults (engine kind module), copied so fields never share an array
  const defaults = kindOf(jnpfKey)?.defaults;
  if (defaults?.field) Object.assign(field, structuredClone(defaults.field));
  if (defaults?.config) Object.assign(field.__config__, structuredClone(defaults.config));
  if (jnpfKey === 'tab' || jnpfKey === 'collapse') {
    const kind = jnpfKey === 'tab' ? 'tabItem' : 'collapseItem';
    field.__config__.children = [makePane(kind, formId + 1, 1)];
    used = 2;
  }
  if (jnpfKey === 'table') {
    field.__vModel__ = `tableField${formId}`;
    field.actionText = t('default.addRow');
  }
  if (hasOptions(jnpfKey)) {
    field.__config__.dataType = 'static';
    field.__config__.dictionaryType = '';
    field.__config__.propsUrl = '';
    field.__slot__ = {
      options: [
        { id: '1', fullName: t('default.option1') },
        { id: '2', fullName: t('default.option2') },
      ],
    };
    field.props = { props: { label: 'fullName', value: 'id' } };
  }
  // texts in the designer's language
  TEXT_DEFAULTS[jnpfKey]?.(field);
  return { field, used };
}
