import type { FieldConfig, FormConfig, JnpfKey, Language, ValidationIssue } from '@kp/schema';
import type { CompiledFormula } from '../formula';
import type { UserRegex } from '../validators/safeRegex';
import type { CalcGraph } from './graph';
import type { ValueShape } from './value-shape';

/* The compiled form's types, apart from the compiler so that modules it calls (recalculate, graph) can name them
   without an import circle. compile.ts re-exports them. */

/** One validation rule of a field, in the shape form libraries use (`required`, `pattern`, `trigger`). */
export interface FieldRule {
  required?: true;
  /** Set for array-valued fields (the required check wants a non-empty array). */
  type?: 'array';
  /** A regList pattern on RE2 (linear time): `pattern.test(text)` as with a RegExp. */
  pattern?: UserRegex;
  message: string;
  trigger: string | string[];
}

/** One problem of form data (validateFormData, resolveSystemVariables). */
export interface FormDataError {
  /** Where: 'amount', or 'tableField101[2].price' for a sub-table cell. */
  path: string;
  /** The field's path pattern: 'amount' or 'tableField101.price'. */
  field: string;
  message: string;
  /**
   * Which check failed, for callers that translate or style: required, pattern (regList), type, or system
   * (a system variable the submitter cannot fill: resolveSystemVariables).
   */
  rule: 'required' | 'pattern' | 'type' | 'system';
}

/** How a field takes the system variable 当前用户 (see CompiledField.systemVariables). */
export type SystemVariableUse = 'offered' | 'refused' | 'text';

/** A data field of the compiled form, flattened out of rows, cards, tabs and collapses. */
export interface CompiledField {
  key: JnpfKey;
  vModel: string;
  /** Data path pattern: 'amount', or 'tableField101.price' for a sub-table column. */
  path: string;
  /** The sub-table's vModel when this is a column. */
  table?: string;
  /** Where the config sits: 'fields[2].__config__.children[0]'. */
  configPath: string;
  /** configPath of the nearest enclosing container (row, card, tab, collapse, table), or '' at top level. */
  container: string;
  label: string;
  shape: ValueShape;
  required: boolean;
  /** Value computed or assigned, never typed (calculate, bill number, system fields). */
  readonly: boolean;
  /** Hidden (noShow): kept in the data, not validated. */
  hidden: boolean;
  /** Where it shows (`__config__.visibility`, default both). */
  visibility: Array<'pc' | 'app'>;
  rules: FieldRule[];
  /**
   * Named in the form's `scriptEffects`: a script may hide, disable or make it optional. Only such fields are
   * relaxed by a running script, and where no script runs (the server) they are not required.
   */
  scriptRelaxable?: boolean;
  /**
   * The system variable 当前用户 (systemVariables.ts): 'offered' by a role or user picker with `hasSys` (its
   * value may hold the token CURRENT_USER until the server resolves it), 'refused' by the other id pickers
   * (the token is no id), 'text' where the token is plain text like any other.
   */
  systemVariables: SystemVariableUse;
  /** Message of the required rule (spec 3 §5), also when not required (for callers that need it). */
  requiredMessage: string;
  defaultValue: unknown;
  config: FieldConfig;
}

export interface CompiledTable {
  vModel: string;
  label: string;
  configPath: string;
  columns: CompiledField[];
  showSummary: boolean;
  summaryField: string[];
  /** Decimals of each summed column (column __config__.decimalPlace, default 2). */
  decimalPlace: Record<string, number>;
}

export interface CompiledCalc {
  /** Data path pattern of the calculate field ('total' or 'tableField101.subtotal'). */
  path: string;
  vModel: string;
  table?: string;
  formula: CompiledFormula;
  /** Paths it reads, as written in the formula ('price', 'tableField101.price'). */
  reads: string[];
  /**
   * The reads that are date fields: a formula reads a date as a count of days (a timestamp / 86 400 000), so
   * `endTime - startTime` is the number of days between them (请假天数).
   */
  dateReads?: string[];
}

export interface CompiledForm {
  config: FormConfig;
  /** JSON Schema (draft-07) of the data the form produces. */
  schema: Record<string, unknown>;
  /** Initial data: configured defaults, [] for arrays and tables, null otherwise, calculate fields computed. */
  defaults: Record<string, unknown>;
  /** Rules by path ('amount', 'tableField101.price'). */
  rules: Record<string, FieldRule[]>;
  /** Every data field, main fields and sub-table columns, in display order. */
  fields: CompiledField[];
  byPath: ReadonlyMap<string, CompiledField>;
  tables: CompiledTable[];
  calcs: CompiledCalc[];
  graph: CalcGraph;
  /** Main fields shown in Chinese uppercase words: JNPFAmount (showChinese, default on), calculate (showChinese). */
  amountWordFields: string[];
  /** Problems found while compiling (bad formulas, cycles); the form still works without those parts. */
  errors: CompileIssue[];
  lang: Language;
}

/** What a compile problem is, so that a caller can say it in its own language (the `message` is English). */
export type CompileIssueCode =
  /** An entry that is not a field config (not an object, no `__config__`, not a list, nested too deep). */
  | 'malformed'
  /** A `__config__.jnpfKey` no kind is registered for; `subject` is the kind. */
  | 'unknownKind'
  /** Two fields of one scope (the main form, a sub-table) with the same `__vModel__`; `subject` is the path. */
  | 'duplicate'
  /** A data field (or a sub-table) without a `__vModel__`: what it holds has no place in the data. */
  | 'noName'
  /** A regList pattern that does not compile; `subject` is the rule's number (1-based). */
  | 'badPattern'
  /** A calculate expression that does not parse. */
  | 'badFormula'
  /** A calculate expression naming a field the form does not have; `subject` is the name. */
  | 'unknownRef'
  /** A sub-table column's expression reading a column of another sub-table; `subject` is the reference. */
  | 'otherTableRef'
  /** Calculate fields that read each other; `subject` lists the labels of the cycle ('A → B → A'). */
  | 'cycle'
  /** A sub-table without columns (`__config__.children` missing or empty). */
  | 'noColumns'
  /** `scriptEffects` naming a field the form does not have; `subject` is the name, `path` the event's list. */
  | 'unknownScriptField'
  /** buildFormModel: the config is not an object. */
  | 'notObject'
  /** buildFormModel: compiling threw; `subject` is the error's message. */
  | 'uncompilable';

/**
 * One problem of a form config found while compiling: `path` is where in the config ('fields[1].expression'),
 * `message` a developer's English text; `code`, `field` and `subject` let a user interface name the field and
 * say what is wrong in the user's language.
 */
export interface CompileIssue extends ValidationIssue {
  code: CompileIssueCode;
  /** The field it is about, when it has a place in the form: its data path (or config path) and label. */
  field?: { path: string; label: string };
  /** What the message names besides the field (see CompileIssueCode). */
  subject?: string;
}

export interface CompileOptions {
  /** Language of labels and messages (default zh, the spec's texts). */
  lang?: Language;
}
