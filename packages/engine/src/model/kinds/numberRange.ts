// Number range (数字范围): [min, max]; both bounds empty counts as empty.
import { base, defineKind } from './kind';

export default defineKind({
  ...base.structured,
  key: 'numberRange',
  shape: () => 'numberRange',
  display: (v) => (Array.isArray(v) ? v.map((x) => (x === null ? '' : String(x))).join('~') : ''),
});
