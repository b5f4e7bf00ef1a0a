// The form model (issue 18): kinds, one walker, layers -> access, validate, project, a bounded cache.

// The one walker lives in @kp/schema (the engine depends on it, and the schema's config checks walk too).
export {
  MAX_WALK_DEPTH,
  WALK_STOP,
  type WalkedField,
  type WalkInfo,
  type WalkOptions,
  walkFields,
} from '@kp/schema';
export {
  type AccessContext,
  type AccessMap,
  accessOf,
  type FieldAccess,
  type FieldOperate,
  fieldAccessOf,
  operatesById,
  readablePaths,
  type ScriptOverride,
} from './access';
export { ModelCache } from './cache';
export {
  base as kindBase,
  cellText as kindCellText,
  conditionTypeOf,
  defineKind,
  isEditableKind,
  type KindDefinition,
  type KindRole,
  kindOf,
  type NameSource,
  type OptionKeys,
  optionKeys,
  registeredKinds,
  registerKind,
  staticOptions,
} from './kinds';
export { buildFormModel, type FormModel } from './model';
export { pickWritable, project as projectFormData } from './project';
export { acceptInput, validate as validateWithAccess, withAccess } from './validate';
