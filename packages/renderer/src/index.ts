// @kp/renderer: the runtime form renderer any React app can embed.

export type { FormConfig, Language } from '@kp/schema';

export { COPY_MESSAGE_SECONDS, type CopyMessenger, copyToClipboard } from './clipboard';

export type { FormMode } from './form/context';
// for @kp/designer's canvas, which draws each control with its real widget
export { RenderContext, type RenderContextValue } from './form/context';
export {
  FormRenderer,
  type FormRendererHandle,
  type FormRendererProps,
  type SubmitContext,
  type SubmitKind,
} from './form/FormRenderer';
export type { FormOperate } from './form/fieldUtil';
export { createTranslate, type Translate } from './i18n/i18n';
export { createRendererI18n } from './i18n/instance';
export { en as enTexts, zh as zhTexts, zhtw as zhtwTexts } from './i18n/resources';
export { createMemoryProviders, type MemoryData } from './providers/memory';
export { ROLE_TABS, type RoleTab, roleTabNodes } from './providers/roleTabs';
export type * from './providers/types';
export {
  type AsyncScriptApi,
  runScript,
  runScriptAsync,
  type ScriptApi,
  ScriptError,
  type ScriptLimits,
} from './sandbox/sandbox';
export { type FieldUiState, FormStore } from './store/formStore';
export { type UploadedFileValue, type UploadItem, UploadQueue, type UploadState } from './upload/uploadQueue';
export type { LazyWidget } from './widgets/lazy';
export {
  preloadWidgets,
  registerWidget,
  UnknownKindWidget,
  WIDGETS,
  type WidgetRegistration,
  widgetOf,
} from './widgets/registry';
export { isLocalImage, sanitizeRichHtml } from './widgets/richHtml';
export { RichTextEditor, type RichTextEditorProps } from './widgets/richText';
export type { Widget, WidgetProps } from './widgets/types';
