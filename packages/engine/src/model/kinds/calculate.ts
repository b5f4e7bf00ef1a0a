// Calculate (计算公式): recomputed by the server on every write (client totals are never trusted).
import { base, defineKind } from './kind';

export default defineKind({ ...base.number, key: 'calculate', readonly: true, defaultValue: () => 0 });
