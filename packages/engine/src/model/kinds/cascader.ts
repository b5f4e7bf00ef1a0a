// Cascader (级联选择): a path of option values (a list of paths when `multiple`); labels joined with '/'.
import { base, defineKind, pathOrPaths, staticOptions } from './kind';

const label = (f: Parameters<typeof staticOptions>[0], v: unknown) =>
  staticOptions(f).find(([val]) => String(val) === String(v))?.[1] ?? String(v);

export default defineKind({
  ...base.structured,
  key: 'cascader',
  options: 'tree',
  conditionType: 'list',
  shape: pathOrPaths,
  display: (v, f) => {
    if (!Array.isArray(v)) return '';
    const path = (p: unknown[]) => p.map((x) => label(f, x)).join('/');
    return v.some(Array.isArray) ? v.map((p) => (Array.isArray(p) ? path(p) : '')).join(',') : path(v);
  },
});
