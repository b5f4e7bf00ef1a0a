/** The operations of a compiled formula's stack program (shared by the compiler and both evaluators). */
export const OP_CONST = 0;
export const OP_REF = 1;
export const OP_ADD = 2;
export const OP_SUB = 3;
export const OP_MUL = 4;
export const OP_DIV = 5;
export const OP_NEG = 6;

/** A reference as the evaluators read it: a plain field, or a sub-table column. */
export interface FormulaRef {
  name: string;
  table?: string;
  column?: string;
}
