// Issue 35 (items 4 and 11): application shortcuts sign in with a one-time user code, never the session token,
// and an embedded OA page's getToken message is answered (a code to another site, to its origin only).
// A real server (PGlite, seeded) serving the built host, driven in Chromium; the external sites are served by
// the browser context's routes, window.open is recorded instead of opening.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken } from './harness';
import { byTest, T, useSuite } from './suite';

const suite = useSuite('link-codes');
const OA = 'http://oa.example.test';
const EVIL = 'http://evil.example.test';
const HEX32 = /^[0-9a-f]{32}$/;
let admin = '';

/** The page an embedded OA site shows: asks its parent for the token and keeps what it is told. */
const OA_PAGE = (next: string) => `<!doctype html><html><head><title>OA</title></head><body>OA
<script>
  window.answers = [];
  window.addEventListener('message', (e) => window.answers.push({ origin: e.origin, data: e.data }));
  window.parent.postMessage('getToken', '*');
  window.goNext = () => { location.href = ${JSON.stringify(next)}; };
</script></body></html>`;

/** The external app's server redeeming a code (server to server, no session). */
async function redeem(code: string, app: string) {
  const r = await fetch(`${suite.kp.base}/api/oauth/UserCode/Redeem`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, app }),
  });
  return (await r.json()) as { code: number; data: { account: string } };
}

/** The session token this page signed in with (localStorage jnpf_token, JSON). */
const sessionToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('jnpf_token') ?? '""') as string);

beforeAll(async () => {
  admin = await apiToken(suite.kp.base, 'admin', 'admin123');
  await suite.must(admin, 'PUT', '/api/system/SysConfig', { externalLinkHosts: [OA, EVIL] });
  // the default portal's two outside shortcuts (m-help, m-screen) become menu entries of the user's menu:
  // a type 7 link with the ${jnpfToken} placeholder and a type 7 link without one
  const kp = suite.kp.app.kp;
  const row = {
    parent_id: null,
    full_name_i18n: null,
    icon: null,
    category: 'Web',
    property_json: null,
    link_target: '_blank',
    description: null,
    type: 7,
  };
  await kp.db
    .insertInto('base_module')
    .values([
      {
        ...row,
        id: 'm-help',
        full_name: '帮助中心',
        en_code: 'help',
        url_address: 'https://help.example.com/sso?t=${jnpfToken}&lang=zh',
      },
      {
        ...row,
        id: 'm-screen',
        full_name: '数据大屏',
        en_code: 'dataV',
        url_address: 'https://wiki.example.org/start',
      },
      {
        ...row,
        id: 'm-oa-self',
        full_name: '内嵌办公',
        en_code: 'oaSelf',
        url_address: '${dataV}/e2e-oa.html',
        link_target: '_self',
      },
    ])
    .execute();
  await kp.authz.invalidate();
}, 300_000);

describe('application shortcuts and embedded pages sign in with codes, never the session token', () => {
  it('a type 7 shortcut opens with a fresh one-time code: in place of ${jnpfToken}, else as code', async () => {
    const page = await suite.session('admin', {
      password: 'admin123',
      viewport: { width: 1440, height: 1000 },
    });
    await page.evaluate(() => {
      const w = window as unknown as { opened: string[] };
      w.opened = [];
      window.open = (u?: string | URL) => {
        w.opened.push(String(u));
        return null;
      };
    });
    const apps = byTest(page, 'widget-portalApplication').locator('[data-testid="app-link"]');
    const help = apps.filter({ hasText: '帮助中心' });
    await help.waitFor({ timeout: T });
    // nothing on the page holds the placeholder or the session token (a middle click opens what href says)
    const token = await sessionToken(page);
    expect(token.length).toBeGreaterThan(10);
    const hrefs = await apps.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    for (const h of hrefs) {
      expect(decodeURIComponent(h)).not.toContain('${');
      expect(h).not.toContain(token);
    }
    const opened = () => page.evaluate(() => (window as unknown as { opened: string[] }).opened);
    await help.click();
    await page.waitForFunction(() => (window as unknown as { opened: string[] }).opened.length === 1);
    await apps.filter({ hasText: '数据大屏' }).click();
    await page.waitForFunction(() => (window as unknown as { opened: string[] }).opened.length === 2);
    await help.click();
    await page.waitForFunction(() => (window as unknown as { opened: string[] }).opened.length === 3);
    const [first, wiki, second] = (await opened()).map((u) => new URL(u));
    expect(first.origin + first.pathname).toBe('https://help.example.com/sso');
    expect(first.searchParams.get('lang')).toBe('zh');
    const code = first.searchParams.get('t') ?? '';
    expect(code).toMatch(HEX32);
    expect(wiki.origin + wiki.pathname).toBe('https://wiki.example.org/start');
    expect(wiki.searchParams.get('code')).toMatch(HEX32);
    for (const u of [first, wiki, second]) {
      expect(u.href).not.toContain(token);
      expect(decodeURIComponent(u.href)).not.toContain('${');
    }
    // each click a fresh code; the app redeems it once into the user, a second time is refused
    expect(second.searchParams.get('t')).not.toBe(code);
    expect((await redeem(code, 'https://help.example.com')).data).toMatchObject({ account: 'admin' });
    expect((await redeem(code, 'https://help.example.com')).code).toBe(400);
    expect((await redeem(wiki.searchParams.get('code') ?? '', 'https://wiki.example.org')).code).toBe(200);
    // the code is no session of this server
    expect((await suite.api(code, 'GET', '/api/oauth/CurrentUser')).code).not.toBe(200);
  });

  it("an embedded OA page's getToken is answered with a code, to its own origin only", async () => {
    const page = await suite.session('admin', { password: 'admin123' });
    await page
      .context()
      .route(`${OA}/**`, (r) => r.fulfill({ contentType: 'text/html', body: OA_PAGE(`${EVIL}/page`) }));
    await page
      .context()
      .route(`${EVIL}/**`, (r) => r.fulfill({ contentType: 'text/html', body: OA_PAGE(`${OA}/again`) }));
    await suite.go(page, `external?url=${encodeURIComponent(`${OA}/page?x=1`)}`);
    await byTest(page, 'external-frame').waitFor({ timeout: T });
    const frameAt = (origin: string) => page.frames().find((f) => f.url().startsWith(origin));
    await expect.poll(() => frameAt(OA), { timeout: T }).toBeTruthy();
    const oa = frameAt(OA);
    if (!oa) throw new Error('no OA frame');
    await oa.waitForFunction(
      () => (window as unknown as { answers: unknown[] }).answers.length > 0,
      undefined,
      {
        timeout: T,
      },
    );
    const [answer] = await oa.evaluate(
      () =>
        (window as unknown as { answers: Array<{ origin: string; data: Record<string, string> }> }).answers,
    );
    const token = await sessionToken(page);
    expect(answer.data.type).toBe('getToken');
    expect(answer.data.code).toMatch(HEX32);
    expect(answer.data.token).toBeUndefined();
    expect(JSON.stringify(answer)).not.toContain(token);
    expect((await redeem(answer.data.code, OA)).data).toMatchObject({ account: 'admin' });
    expect((await redeem(answer.data.code, OA)).code).toBe(400);
    // the frame goes to another site (allowed to be framed, even to get codes): its ask gets no answer
    await oa.evaluate(() => (window as unknown as { goNext: () => void }).goNext());
    await expect.poll(() => frameAt(EVIL), { timeout: T }).toBeTruthy();
    const evil = frameAt(EVIL);
    if (!evil) throw new Error('no second frame');
    await evil.waitForFunction(() => Array.isArray((window as unknown as { answers?: unknown[] }).answers));
    await page.waitForTimeout(2_000);
    expect(await evil.evaluate(() => (window as unknown as { answers: unknown[] }).answers)).toEqual([]);
  });

  it("a page of this site embedded by a type 7 _self entry gets the session token, to this site's origin", async () => {
    const page = await suite.session('admin', { password: 'admin123' });
    await page
      .context()
      .route('**/e2e-oa.html', (r) =>
        r.fulfill({ contentType: 'text/html', body: OA_PAGE(`${suite.kp.base}/kpSystem/home`) }),
      );
    await suite.go(page, 'oaSelf');
    await expect
      .poll(() => page.frames().find((f) => f.url().endsWith('/e2e-oa.html')), { timeout: T })
      .toBeTruthy();
    const own = page.frames().find((f) => f.url().endsWith('/e2e-oa.html'));
    if (!own) throw new Error('no frame');
    await own.waitForFunction(
      () => (window as unknown as { answers: unknown[] }).answers.length > 0,
      undefined,
      {
        timeout: T,
      },
    );
    const [answer] = await own.evaluate(
      () =>
        (window as unknown as { answers: Array<{ origin: string; data: Record<string, string> }> }).answers,
    );
    expect(answer.origin).toBe(suite.kp.base);
    expect(answer.data).toEqual({ type: 'getToken', token: await sessionToken(page) });
  });
});
