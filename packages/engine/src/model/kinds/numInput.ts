// Number (数字输入): a calculate operand.
import { base, defineKind } from './kind';

export default defineKind({ ...base.number, key: 'numInput', conditionType: 'number' });
