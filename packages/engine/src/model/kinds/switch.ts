// Switch (开关): activeValue / inactiveValue (default 1 / 0); shown as activeTxt / inactiveTxt.
import { base, cellText, defineKind, looseOf } from './kind';

const ON = ['开', '開', 'On'];
const OFF = ['关', '關', 'Off'];
/** A designed text's strings in every language, or the defaults when none is designed. */
const textsIn = (v: unknown, fallback: string[]): string[] =>
  typeof v === 'string' && v
    ? [v]
    : v && typeof v === 'object'
      ? Object.values(v).filter((x): x is string => typeof x === 'string' && x !== '')
      : fallback;

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
    // The texts in any language: a designed {zh, zhtw, en} text, else the defaults (开/開/On, 关/關/Off).
    if (s === t.onText || textsIn(looseOf(f).activeTxt, ON).includes(s)) return t.on;
    if (s === t.offText || textsIn(looseOf(f).inactiveTxt, OFF).includes(s)) return t.off;
    if (s === 'true' || s === 'false') return s === 'true';
    return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
  },
});
