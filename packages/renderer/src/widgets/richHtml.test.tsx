// Issue 34: rich text keeps no borrowed class (a full-screen overlay) and no remote image (a tracking pixel).
import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './editor';
import { isLocalImage, sanitizeRichHtml } from './richHtml';

describe('sanitizeRichHtml', () => {
  it('drops every class but a code block’s language', () => {
    const out = sanitizeRichHtml(
      '<div class="ant-modal-mask"><p class="ant-modal-wrap">全屏</p></div><pre><code class="language-js ant-modal-mask">x</code></pre>',
    );
    expect(out).not.toContain('ant-');
    expect(out).toContain('<p>全屏</p>');
    expect(out).toContain('<code class="language-js">x</code>');
  });

  it('drops remote images; keeps same-origin, data: and blob: ones', () => {
    const here = globalThis.location.origin;
    const out = sanitizeRichHtml(
      '<p>a<img src="https://tracker.example/p.gif"><img src="//tracker.example/x.gif"><img src="/\\tracker.example/y.gif">' +
        `<img src="/api/file/Image/annex/a.png" alt="ok1"><img src="${here}/b.png" alt="ok2">` +
        '<img src="data:image/png;base64,AA==" alt="ok3">b</p>',
    );
    expect(out).not.toContain('tracker');
    expect(out.match(/<img/g)).toHaveLength(3);
    expect(out).toContain('a');
    expect(out).toContain('b</p>');
  });

  it('the editor widget shows and emits through it; the global DOMPurify is untouched', () => {
    expect(sanitizeHtml('<p class="ant-modal-mask">x<img src="https://t.example/p.gif"></p>')).toBe(
      '<p>x</p>',
    );
    expect(DOMPurify.sanitize('<p class="keep">x</p>')).toBe('<p class="keep">x</p>');
  });

  it('isLocalImage', () => {
    const base = 'https://kp.example/kpSystem/home';
    for (const ok of ['/a.png', 'a.png', 'https://kp.example/x.png', 'data:image/png;base64,AA'])
      expect(isLocalImage(ok, base), ok).toBe(true);
    for (const bad of [
      '',
      'https://x.example/a',
      '//x.example/a',
      '/\\x.example/a',
      'data:text/html,x',
      'javascript:x',
    ])
      expect(isLocalImage(bad, base), bad).toBe(false);
  });
});
