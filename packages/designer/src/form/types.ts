/**
 * Structural types of the form config as the designer edits it (JNPF shape). They mirror @kp/schema's
 * FormConfig/FieldConfig; the designer validates its output with validateFormConfig from @kp/schema.
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
  [key: string]: unknown;
}
