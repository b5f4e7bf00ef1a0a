export { type CompiledFormula, compileFormula, type FormulaRef } from './compile';
export { evaluateFormula, type FormulaRowScope, type FormulaScope } from './evaluate';
export {
  type CalcToken,
  isOperatorToken,
  isValidExpression,
  type TokenKind,
  tokenizeFormula,
  tokenKind,
} from './tokens';
