// Slider (滑块): a number, or [from, to] when `range`; default min (or [min, max]).
import { base, defineKind, looseOf } from './kind';

export default defineKind({
  ...base.number,
  key: 'slider',
  conditionType: 'number',
  shape: (f) => (looseOf(f).range === true ? 'numberRange' : 'number'),
  defaultValue: (field) => {
    const f = looseOf(field);
    const min = typeof f.min === 'number' ? f.min : 0;
    return f.range === true ? [min, typeof f.max === 'number' ? f.max : 100] : min;
  },
  display: (v, f) => (Array.isArray(v) ? v.join('~') : base.number.display(v, f)),
  exportCell: (v, f) => (Array.isArray(v) ? JSON.stringify(v) : base.number.exportCell(v, f)),
  importCell: (t, f) =>
    looseOf(f).range === true ? base.structured.importCell(t, f) : base.number.importCell(t, f),
});
