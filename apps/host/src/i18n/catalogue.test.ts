// Issue 20: every language whole. Every key of every namespace the host registers (the shell's catalogue
// and each area's) exists in zh, zhtw and en, and no zhtw text keeps a simplified character (checked with
// opencc-js, simplified → traditional, character by character).
import * as OpenCC from 'opencc-js';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadLanguage } from './index';
import '../views/oa/i18n';
import '../views/permission/i18n';
import '../views/workflow/i18n';
import '../views/onlineDev/texts';
import '../kit/i18n';

type Tree = { [k: string]: string | Tree };
function flatten(t: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(t)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else if (v && typeof v === 'object') flatten(v as Tree, key, out);
  }
  return out;
}
const convert = OpenCC.Converter({ from: 'cn', to: 'tw' });
/** Characters that are also correct traditional text (只能, 平台, 里程…), so their conversion is not a fault. */
const BOTH = new Set('只台干里范着后面系松斗谷丑才冲云准于余卷布占制征采向咸姜表');
/** The text with every character opencc would change, unless it is one of BOTH. */
const toTraditional = (v: string) =>
  [...v].map((c, i) => (BOTH.has(c) ? c : ([...convert(v)][i] ?? c))).join('');
/** Texts that name a language in its own script (the language switcher's 简体中文). */
const OWN_SCRIPT = new Set(['简体中文']);

// zhtw and en are loaded on demand (only zh is bundled with the first load).
beforeAll(() => Promise.all([loadLanguage('zhtw'), loadLanguage('en')]));

describe('host catalogues', () => {
  const data = i18n.store.data as Record<string, Record<string, Tree>>;
  const namespaces = Object.keys(data.zh ?? {});

  it('registers the shell and the area namespaces', () => {
    expect(namespaces.length).toBeGreaterThanOrEqual(2);
  });

  it.each(['zhtw', 'en'])('has every zh key in %s, and no key zh lacks', (lang) => {
    const missing: string[] = [];
    const extra: string[] = [];
    for (const ns of namespaces) {
      const zh = flatten(data.zh[ns] ?? {});
      const other = flatten(data[lang]?.[ns] ?? {});
      for (const k of zh.keys()) if (!other.has(k) || other.get(k) === '') missing.push(`${ns}:${k}`);
      for (const k of other.keys()) if (!zh.has(k)) extra.push(`${ns}:${k}`);
    }
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it('writes zhtw in traditional characters', () => {
    const simplified: string[] = [];
    for (const ns of namespaces)
      for (const [k, v] of flatten(data.zhtw?.[ns] ?? {}))
        if (!OWN_SCRIPT.has(v) && toTraditional(v) !== v)
          simplified.push(`${ns}:${k} ${v} → ${toTraditional(v)}`);
    expect(simplified).toEqual([]);
  });

  it('writes en without Chinese characters', () => {
    const chinese: string[] = [];
    for (const ns of namespaces)
      for (const [k, v] of flatten(data.en?.[ns] ?? {}))
        if (/[\u4e00-\u9fff]/.test(v) && !OWN_SCRIPT.has(v) && !/^[\u4e00-\u9fff]+中文$/.test(v))
          chinese.push(`${ns}:${k} ${v}`);
    expect(chinese).toEqual([]);
  });
});
