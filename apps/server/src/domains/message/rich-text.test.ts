// Rich text keeps only the editor's own classes and no remote image (issue 34): a notice could borrow a
// full-screen overlay class of the host (ant-modal-mask) and cover the page; a remote <img> is a tracking pixel.
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { userIds, useTestApp } from '../../test/suite';
import { isLocalImageSrc, sanitizeRich } from './rich-text';

describe('sanitizeRich: classes and images (pure)', () => {
  it('drops every class but the editor’s own (code block languages)', () => {
    const out = sanitizeRich(
      '<div class="ant-modal-mask"><p class="ant-modal-wrap kp-lock-screen">全屏</p></div>' +
        '<pre><code class="language-js ant-modal-mask">x</code></pre><span class="ql-size-large">y</span>',
    );
    expect(out).not.toMatch(/ant-|kp-lock|ql-/);
    expect(out).toContain('<p>全屏</p>');
    expect(out).toContain('<code class="language-js">x</code>');
  });

  it('drops remote images (any scheme, protocol-relative, backslash tricks); keeps the site’s and data: ones', () => {
    const out = sanitizeRich(
      '<p>a<img src="https://tracker.example/p.gif?u=1">' +
        '<img src="http://tracker.example/p.gif">' +
        '<img src="//tracker.example/p.gif">' +
        '<img src="/\\tracker.example/p.gif">' +
        '<img src=" HTTPS://tracker.example/p.gif">' +
        '<img>' +
        '<img src="/api/file/Image/annex/a.png" alt="ok1">' +
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="ok2">b</p>',
    );
    expect(out).not.toContain('tracker');
    expect(out.match(/<img/g)).toHaveLength(2);
    expect(out).toContain('<img src="/api/file/Image/annex/a.png" alt="ok1" />');
    expect(out).toContain('alt="ok2"');
    expect(out).toContain('a');
    expect(out).toContain('b</p>');
  });

  it('isLocalImageSrc', () => {
    for (const ok of ['/a.png', 'a.png', '/api/file/Image/x', 'data:image/png;base64,AA'])
      expect(isLocalImageSrc(ok), ok).toBe(true);
    for (const bad of [
      '',
      'https://x/a',
      '//x/a',
      '/\\x/a',
      '\\\\x/a',
      'data:text/html,x',
      'javascript:x',
      ' http://x',
    ])
      expect(isLocalImageSrc(bad), bad).toBe(false);
  });
});

describe(`a notice keeps no borrowed class and no remote image (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  useTestApp((app) => {
    t = app;
  });

  it('saved and read back without ant-modal-mask and without the tracking pixel', async () => {
    const ids = await userIds(t);
    const [admin, zw] = [await t.login('admin'), await t.login('zhangwei')];
    const N = '/api/Bussiness/CompanyNotice';
    const r = await t.call<string>(admin, {
      method: 'POST',
      url: N,
      payload: {
        title: '覆盖全屏',
        contents:
          '<div class="ant-modal-mask" style="color:red">点我</div><p class="ant-image-preview-wrap">x</p>' +
          '<img src="https://tracker.example/pixel.gif?reader=1"><img src="/api/file/Image/annex/ok.png">',
        acceptUsers: [ids.zhangwei],
        isDraft: 1,
      },
    });
    expect(r.code).toBe(200);
    expect((await t.call(admin, { method: 'POST', url: `${N}/sync/${r.data}` })).code).toBe(200);
    const d = await t.call<{ contents: string }>(zw, { method: 'GET', url: `${N}/${r.data}` });
    expect(d.code).toBe(200);
    expect(d.data.contents).not.toMatch(/class=|ant-modal|ant-image/);
    expect(d.data.contents).not.toContain('tracker.example');
    expect(d.data.contents).toContain('/api/file/Image/annex/ok.png');
    expect(d.data.contents).toContain('点我');
  });
});
