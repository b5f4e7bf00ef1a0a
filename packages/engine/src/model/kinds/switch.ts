// Switch (开关): activeValue / inactiveValue (default 1 / 0); shown as activeTxt / inactiveTxt.
import { base, cellText, defineKind, looseOf } from './kind';

const texts = (field: Parameters<typeof looseOf>[0]) => {
  const f = looseOf(field);
  return {
    on: f.activeValue ?? 1,
    off: f.inactiveValue ?? 0,
    onText: typeof f.activeTxt === 'string' ? f.activeTxt : '开',
    offText: typeof f.inactiveTxt === 'string' ? f.inactiveTxt : '关',
  };
};

export default defineKind({
  ...base.text,
  key: 'switch',
  displayAs: 'switch',
  shape: () => 'scalar',
  defaultValue: (f) => looseOf(f).inactiveValue ?? 0,
  display: (v, f) => {
    const t = texts(f);
    if (String(v) === String(t.on)) return t.onText;
    if (String(v) === String(t.off)) return t.offText;
    return cellText(v);
  },
  exportCell: (v) => cellText(v),
  importCell: (text, f) => {
    const s = text.trim();
    const t = texts(f);
    if (s === '') return null;
    if (s === t.onText) return t.on;
    if (s === t.offText) return t.off;
    if (s === 'true' || s === 'false') return s === 'true';
    return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
  },
});
