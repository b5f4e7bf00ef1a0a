// The form model (issue 18): kinds, one walker, layers -> access, validate, project, a bounded cache.
export {
  type AccessContext,
  type AccessMap,
  accessOf,
  type FieldAccess,
  type FieldOperate,
  readablePaths,
  type ScriptOverride,
} from './access';
export { ModelCache } from './cache';
export {
  base as kindBase,
  cellText as kindCellText,
  defineKind,
  type KindDefinition,
  type KindRole,
  kindOf,
  type NameSource,
  registeredKinds,
  registerKind,
  staticOptions,
} from './kinds';
export { buildFormModel, type FormModel } from './model';
export { pickWritable, project as projectFormData } from './project';
export { validate as validateWithAccess, withAccess } from './validate';
export { MAX_WALK_DEPTH, type WalkedField, type WalkInfo, walkFields } from './walk';
