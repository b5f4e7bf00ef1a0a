import type { FormConfig as KpFormConfig } from '@kp/schema';

/**
 * Structural types of the form config as the designer edits it internally (JNPF shape, loosely typed for
 * editing). They are not public: the designer's props, storage, parseFormJson and checkFormForSave take and
 * hand out @kp/schema's FormConfig, the one type the renderer and the server use too. The designer validates
 * its output with validateFormConfig from @kp/schema, which is what makes `published` honest.
 */
export type I18nLabel = string | { zh?: string; zhtw?: string; en?: string };

export interface RegRule {
  pattern: string;
  message: string;
}

export interface FieldMeta {
  jnpfKey: string;
  label?: I18nLabel;
  showLabel?: boolean;
  tag?: string;
  tagIcon?: string;
  defaultValue?: unknown;
  required?: boolean;
  layout?: 'colFormItem' | 'rowFormItem';
  span?: number;
  visibility?: Array<'pc' | 'app'>;
  dragDisabled?: boolean;
  formId: number;
  renderKey?: number;
  regList?: RegRule[];
  trigger?: string;
  children?: FieldConfig[];
  tableName?: string;
  relationTable?: string;
  isSubTable?: boolean;
  rowType?: string;
  dataType?: 'static' | 'dictionary' | 'dynamic';
  dictionaryType?: string;
  propsUrl?: string;
  columnWidth?: number;
  componentName?: string;
  showTitle?: boolean;
  noShow?: boolean;
  [key: string]: unknown;
}

export interface FieldConfig {
  __config__: FieldMeta;
  __vModel__?: string;
  __slot__?: {
    options?: Array<Record<string, unknown>>;
    prepend?: string;
    append?: string;
    [k: string]: unknown;
  };
  /** tab / collapse panes carry title and name */
  title?: string;
  name?: string;
  [key: string]: unknown;
}

export interface FormConfig {
  formRef?: string;
  formModel?: string;
  size?: 'large' | 'medium' | 'small' | 'mini' | string;
  labelPosition?: 'left' | 'right' | 'top';
  labelWidth?: number;
  formRules?: string;
  popupType?: 'general' | 'fullScreen' | 'drawer' | string;
  generalWidth?: string;
  fullScreenWidth?: string;
  drawerWidth?: string;
  gutter?: number;
  disabled?: boolean;
  span?: number;
  printId?: string;
  formStyle?: string;
  idGlobal: number;
  hasPrintBtn?: boolean;
  fields: FieldConfig[];
  funcs?: { onLoad?: string; beforeSubmit?: string; afterSubmit?: string };
  /** Per script event, the fields that script may hide, disable or make optional (@kp/engine "Scripts layer"). */
  scriptEffects?: Record<string, string[]>;
  [key: string]: unknown;
}

/** A config as the designer accepts it: the public FormConfig, or its own working copy. */
export type AnyFormConfig = FormConfig | KpFormConfig;

/** The working-copy view of a config (same object, looser type for editing). */
export const draftOf = (config: AnyFormConfig): FormConfig => config as unknown as FormConfig;

/** The public view of the working copy (same object): @kp/schema's FormConfig. */
export const published = (config: FormConfig): KpFormConfig => config as unknown as KpFormConfig;
