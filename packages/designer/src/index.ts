// @kp/designer: form designer, portal designer and flow designer (React components any host can embed).

// the role tabs live in @kp/renderer (its role picker uses them too); re-exported for the designer's users
export { ROLE_TABS, type RoleTab, roleTabNodes } from '@kp/renderer';
// One FormConfig for designer, renderer and server: @kp/schema's, re-exported.
export type { FieldConfig, FormConfig } from '@kp/schema';
export { CodeEditor, type CodeEditorProps } from './common/CodeEditor';
export { OrgPicker, type OrgPickKind, type OrgProvider, pickable } from './common/OrgPicker';
export { ConditionEditor } from './flow/ConditionEditor';
export {
  FLOW_HISTORY_LIMIT,
  FlowDesigner,
  type FlowDesignerProps,
  issuesByNode,
  nodeStatesOf,
  type TaskNodeState,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_START,
  ZOOM_STEP,
} from './flow/FlowDesigner';
export type { Choice, FlowDesignerOptions } from './flow/flowOptions';
export { formFieldsOf } from './flow/formFields';
export { nodeSummary } from './flow/summary';
export { checkFormForSave, type SaveCheckOptions, type SaveProblem } from './form/checkFormForSave';
export {
  type DesignerStorage,
  FormDesigner,
  type FormDesignerProps,
  LOCAL_SAVE_DEBOUNCE_MS,
  parseFormJson,
} from './form/FormDesigner';
export { emptyFormConfig as emptyForm, ID_START, makeField } from './form/fieldFactory';
export { HoverStore } from './form/hover';
export type { DataTable } from './form/PropertyPanel';
export { type DesignerState, type DropTarget, type EditResult, FormDesignerStore } from './form/store';
export { allFields, dropRefusal, locate } from './form/tree';
/** @deprecated the designer's configs are @kp/schema's FormConfig; use FormConfig. */
export type DesignerFormConfig = import('@kp/schema').FormConfig;
/** @deprecated use FieldConfig (@kp/schema's). */
export type DesignerFieldConfig = import('@kp/schema').FieldConfig;
export {
  type DesignerLanguage,
  i18n as designerI18n,
  resources as designerResources,
  setDesignerLanguage,
} from './i18n';
export {
  addAppItem,
  arrange as arrangePortalLayout,
  clampHeight,
  clampRowCount,
  clampWidth,
  compact as compactPortalLayout,
  newWidget,
  overlaps as portalItemsOverlap,
  pack as packPortalLayout,
  placeAt as placePortalWidget,
  removeAppItem,
  widgetLabel,
} from './portal/model';
export { PortalDesigner, type PortalDesignerProps } from './portal/PortalDesigner';
