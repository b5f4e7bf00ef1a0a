// Issue 34: no session token in any address the host opens. Admin-configured links (menu, portal, mail) and
// type-5 site messages get a one-time code bound to that link (GET /api/oauth/GetUserCode?url=…), opened
// without opener or Referer; media codes are derived per path (HMAC-SHA256 of the path under the media key).
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, restoreFetch } from '../router/fixedPageHarness';
import { sessionStore } from '../store/session';
import { codePath, mediaCodeFor } from './downloadCodes';
import { hmacSha256Hex } from './hmacSha256';
import { fillHost, linkTarget, openLink, wantsCode, withUserCode } from './linkCodes';

const SESSION = 'f'.repeat(64);
const realOpen = window.open;
let opened: unknown[][] = [];
let calls: string[] = [];

beforeEach(() => {
  sessionStore.set((s) => ({ ...s, token: SESSION }));
  opened = [];
  window.open = ((...a: unknown[]) => {
    opened.push(a);
    return null;
  }) as typeof window.open;
  calls = fakeApi({ '/api/oauth/GetUserCode': () => ({ data: { code: 'c0de' } }) });
});
afterEach(() => {
  restoreFetch();
  window.open = realOpen;
});

const askedFor = (i = 0) => new URL(calls[i], 'http://h').searchParams.get('url');

describe('external links carry a one-time code bound to the link, never the session token', () => {
  it('a menu/portal link with a token placeholder gets the code in its place', async () => {
    for (const mark of ['${jnpfToken}', '${token}', '{{token}}']) {
      calls.length = 0;
      opened = [];
      expect(await openLink(`https://erp.example.com/sso?t=${mark}&x=1`)).toBe(true);
      expect(opened).toEqual([['https://erp.example.com/sso?t=c0de&x=1', '_blank', 'noopener,noreferrer']]);
      // the code is asked for that very link (placeholder left out)
      expect(askedFor()).toBe('https://erp.example.com/sso?t=&x=1');
    }
    expect(JSON.stringify([calls, opened])).not.toContain(SESSION);
  });

  it('a type-5 message / mailbox / type-6 view gets the code as `code`; a plain link opens as written', async () => {
    expect(await openLink('https://mail.example.com/inbox?a=1', { withCode: true })).toBe(true);
    expect(opened[0]).toEqual([
      'https://mail.example.com/inbox?a=1&code=c0de',
      '_blank',
      'noopener,noreferrer',
    ]);
    calls.length = 0;
    expect(await linkTarget('https://docs.example.com/help')).toBe('https://docs.example.com/help');
    expect(calls).toEqual([]);
    expect(fillHost('${dataV}/view/1', 'https://kp.example')).toBe('https://kp.example/view/1');
    expect(wantsCode('https://a.b/?t={{token}}')).toBe(true);
    expect(withUserCode('https://a.b/?code=old', 'new')).toBe('https://a.b/?code=new');
  });

  it('a link the server refuses does not open', async () => {
    calls = fakeApi({
      '/api/oauth/GetUserCode': () => ({ code: 400, msg: 'url: 该链接地址不在允许的外部地址中' }),
    });
    expect(await openLink('https://evil.example/x', { withCode: true })).toBe(false);
    expect(opened).toEqual([]);
  });
});

describe('media codes are bound to one path (finding 4)', () => {
  it('HMAC-SHA256 computed here matches the server (node:crypto)', () => {
    for (const [k, m] of [
      ['', ''],
      ['key', 'The quick brown fox jumps over the lazy dog'],
      ['a'.repeat(64), '/api/file/Download/document/报告 v2.pdf'],
      ['k'.repeat(200), 'x'.repeat(1000)],
    ])
      expect(hmacSha256Hex(k, m)).toBe(createHmac('sha256', k).update(m, 'utf8').digest('hex'));
  });

  it('each address gets its own code: the path, percent-decoded, without query', () => {
    const key = 'b'.repeat(64);
    const a = mediaCodeFor('c'.repeat(48), key, '/api/file/Download/annexpic/%E5%9B%BE.png?x=1');
    expect(codePath('/api/file/Download/annexpic/%E5%9B%BE.png?x=1')).toBe(
      '/api/file/Download/annexpic/图.png',
    );
    expect(a).toBe(
      `${'c'.repeat(48)}.${createHmac('sha256', key).update('/api/file/Download/annexpic/图.png').digest('hex')}`,
    );
    expect(mediaCodeFor('c'.repeat(48), key, '/api/file/Download/annexpic/other.png')).not.toBe(a);
  });
});
