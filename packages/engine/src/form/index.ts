export {
  type CompiledCalc,
  type CompiledField,
  type CompiledForm,
  type CompiledTable,
  type CompileIssue,
  type CompileIssueCode,
  type CompileOptions,
  compileForm,
  type FieldRule,
  holdsData,
  needsSafeRegex,
  newTableRow,
  type SystemVariableUse,
} from './compile';
export { amountWords, SUMMARY_LABEL, tableSummary } from './display';
export { affectedCalcs, buildCalcGraph, type CalcGraph } from './graph';
export { type FormMessages, formMessages } from './messages';
export { normalisePath, recalculate } from './recalculate';
export {
  fitsShape,
  isArrayShape,
  isEmptyFor,
  isEmptyValue,
  shapeOf,
  type ValueShape,
  valueSchema,
} from './shape';
export {
  CURRENT_USER,
  holdsSystemVariable,
  offersSystemVariables,
  type ResolvedData,
  resolveSystemVariables,
  type Submitter,
  SYSTEM_VARIABLE_KINDS,
  systemVariableUse,
} from './systemVariables';
export {
  type FormDataError,
  type FormDataResult,
  type ValidateFormDataOptions,
  validateFormData,
} from './validate';
