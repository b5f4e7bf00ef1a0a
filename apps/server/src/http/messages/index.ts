import { MESSAGES, type Message, type MessageCode } from './catalogue';

export { MESSAGES, type Message, type MessageCode };
export type Lang = 'zh' | 'zhtw' | 'en';

/**
 * Translates the server's messages (msg of an answer) from the zh text the sources write to zhtw or en,
 * through the catalogue. A message may carry a field path in front (`enCode: 编码只能输入数字`): the path
 * is kept and the rest translated. A catalogue text with {0}, {1}… matches the filled-in message; the
 * values are kept, or translated when they are catalogue texts themselves (`字段: 不能为空`). A text the
 * catalogue does not know is sent as written (the catalogue test keeps that list empty).
 */
const byZh = new Map<string, { code: MessageCode; m: Message }>();
const patterns: { re: RegExp; code: MessageCode; m: Message }[] = [];
for (const [code, m] of Object.entries(MESSAGES) as [MessageCode, Message][]) {
  if (!byZh.has(m.zh)) byZh.set(m.zh, { code, m });
  if (/\{\d+\}/.test(m.zh)) {
    const src = m.zh
      .split(/(\{\d+\})/)
      .map((part) => (/^\{\d+\}$/.test(part) ? '([\\s\\S]*?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    patterns.push({ re: new RegExp(`^${src}$`), code, m });
  }
}
// Longer literal text first, so `用户不存在：{0}` is tried before a looser pattern.
patterns.sort((a, b) => b.m.zh.replace(/\{\d+\}/g, '').length - a.m.zh.replace(/\{\d+\}/g, '').length);

/** The field path a message may start with (`columnData.searchList[3].prop: `). */
const FIELD = /^[A-Za-z_$][\w$-]*(?:\.[\w$-]+|\[\d+\])*: ?/;
const HAN = /[\u4e00-\u9fff]/;

/** The catalogue entry of a message (its code), or null when the catalogue does not know it. */
export function messageCode(text: string): MessageCode | null {
  const t = text.replace(FIELD, '');
  const exact = byZh.get(t);
  if (exact) return exact.code;
  for (const p of patterns) if (p.re.test(t)) return p.code;
  return null;
}

function value(v: string, lang: Exclude<Lang, 'zh'>): string {
  const m = /^(.*?)(: ?)?$/s.exec(v);
  const hit = m ? byZh.get(m[1] ?? '') : undefined;
  return hit ? `${hit.m[lang]}${m?.[2] ?? ''}` : v;
}

export function translateMessage(text: string, lang: Lang, depth = 0): string {
  if (lang === 'zh' || !text || !HAN.test(text) || depth > 2) return text;
  const prefix = FIELD.exec(text)?.[0] ?? '';
  const t = text.slice(prefix.length);
  const exact = byZh.get(t);
  if (exact) return prefix + exact.m[lang];
  for (const p of patterns) {
    const got = p.re.exec(t);
    if (!got) continue;
    const values = got.slice(1).map((v) => value(v, lang));
    // A value that is a field name keeps its ': ', so `{0} must…` would double the space.
    return (
      prefix +
      p.m[lang].replace(/\{(\d+)\}/g, (_, n: string) => values[Number(n)] ?? '').replace(/: {2}/g, ': ')
    );
  }
  return text;
}

/** The message of a code in a language (for code that raises by code rather than by text). */
export function text(code: MessageCode, lang: Lang = 'zh', ...values: (string | number)[]): string {
  return MESSAGES[code][lang].replace(/\{(\d+)\}/g, (_, n: string) => String(values[Number(n)] ?? ''));
}
