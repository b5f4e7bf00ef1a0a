// Issue 20: the renderer's texts are whole in zh, zhtw and en; zhtw is in traditional characters (opencc-js).
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { en, zh, zhtw } from './resources';

const convert = OpenCC.Converter({ from: 'cn', to: 'tw' });
/** Characters that are also correct traditional text (只能, 平台, 里程…), so their conversion is not a fault. */
const BOTH = new Set('只台干里范着后面系松斗谷丑才冲云准于余卷布占制征采向咸姜表');
/** The text with every character opencc would change, unless it is one of BOTH. */
const toTraditional = (v: string) =>
  [...v].map((c, i) => (BOTH.has(c) ? c : ([...convert(v)][i] ?? c))).join('');
type Tree = { [k: string]: string | Tree };
const flat = (t: Tree, p = '', out = new Map<string, string>()) => {
  for (const [k, v] of Object.entries(t)) {
    const key = p ? `${p}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else flat(v, key, out);
  }
  return out;
};

describe('renderer catalogue', () => {
  it('has every key in every language, none empty', () => {
    const z = flat(zh as unknown as Tree);
    for (const other of [flat(zhtw as unknown as Tree), flat(en as unknown as Tree)])
      expect([...z.keys()].filter((k) => !other.get(k))).toEqual([]);
  });
  it('writes zhtw in traditional characters and en without Chinese', () => {
    const tw = [...flat(zhtw as unknown as Tree)];
    expect(tw.filter(([, v]) => toTraditional(v) !== v).map(([k, v]) => `${k} ${v}`)).toEqual([]);
    const e = [...flat(en as unknown as Tree)];
    expect(e.filter(([, v]) => /[\u4e00-\u9fff]/.test(v)).map(([k, v]) => `${k} ${v}`)).toEqual([]);
  });
});
