// Amount (金额): a calculate operand; shown with its Chinese uppercase words (form/display.ts amountWords).
import { base, defineKind } from './kind';

export default defineKind({ ...base.number, key: 'JNPFAmount', conditionType: 'number' });
