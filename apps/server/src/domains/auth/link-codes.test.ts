// Issue 34: external links never carry the session token. A user code is issued only for an address the
// server handed out (the administrator's allow-list, the user's own menu links), is bound to that link's
// app (origin) and is redeemed once by the app's server; it is not a session.
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';

describe(`user codes for external links (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: string;
  let zw: string;

  useTestApp(async (app) => {
    t = app;
    await t.ctx.settings.set({ externalLinkHosts: ['https://erp.example.com'] });
    admin = await t.login('admin');
    zw = await t.login('zhangwei');
  });

  const codeFor = (tok: string, url: string) =>
    t.call<{ code: string }>(tok, {
      method: 'GET',
      url: `/api/oauth/GetUserCode?url=${encodeURIComponent(url)}`,
    });
  const redeem = (code: string, app: string) =>
    t.call<{ userId: string; account: string; userName: string }>(null, {
      method: 'POST',
      url: '/api/oauth/UserCode/Redeem',
      payload: { code, app },
    });

  it('/external: a code only for an address the server handed out (finding 2)', async () => {
    // any page of the world: refused (was: a fresh code for whatever the URL named)
    const evil = await codeFor(zw, 'https://evil.example/steal');
    expect(evil.code).toBe(400);
    expect(evil.msg).toBe('url: 该链接地址不在允许的外部地址中');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '/kpSystem/home',
      'https://u:p@erp.example.com/',
    ])
      expect((await codeFor(zw, bad)).code).toBe(400);
    // no address at all: refused (a code is always bound to a link)
    expect((await t.call(zw, { method: 'GET', url: '/api/oauth/GetUserCode' })).code).toBe(400);
    const ok = await codeFor(zw, 'https://erp.example.com/task?id=7');
    expect(ok.code).toBe(200);
    expect(ok.data.code).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a code is redeemed once, by its own app, into the identity; it is no session (finding 2)', async () => {
    const { code } = (await codeFor(zw, 'https://erp.example.com/task?id=7')).data;
    // not a bearer token of this server
    expect((await t.call(code, { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(602);
    const first = await redeem(code, 'https://erp.example.com');
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ account: 'zhangwei' });
    expect(first.data.userName).toBeTruthy();
    const second = await redeem(code, 'https://erp.example.com');
    expect(second.code).toBe(400);
    expect(second.msg).toBe('代码无效、已过期或已使用');
    // another app may not redeem it (and the attempt spends it)
    const other = (await codeFor(zw, 'https://erp.example.com/x')).data.code;
    expect((await redeem(other, 'https://evil.example')).code).toBe(400);
    expect((await redeem(other, 'https://erp.example.com')).code).toBe(400);
    // two at once: one wins
    const twice = (await codeFor(zw, 'https://erp.example.com/y')).data.code;
    const both = await Promise.all([
      redeem(twice, 'https://erp.example.com/y'),
      redeem(twice, 'https://erp.example.com/z'),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual([200, 400]);
    // expired
    const old = (await codeFor(zw, 'https://erp.example.com/')).data.code;
    await t.db.kysely
      .updateTable('user_code')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await redeem(old, 'https://erp.example.com')).code).toBe(400);
  });

  it("menu links carry a code, never the token: a code for the user's own menu link (finding 3)", async () => {
    await t.db.kysely
      .insertInto('base_module')
      .values({
        id: 'link-34',
        parent_id: null,
        full_name: '外部系统',
        full_name_i18n: null,
        en_code: 'link.erp34',
        type: 7,
        url_address: 'https://crm.example.org/sso?t=${jnpfToken}',
        icon: null,
        category: 'Web',
        property_json: null,
        link_target: '_blank',
        description: null,
      })
      .execute();
    await t.ctx.authz.invalidate();
    const adm = await t.login('admin');
    const ok = await codeFor(adm, 'https://crm.example.org/sso?t=x');
    expect(ok.code).toBe(200);
    // a user whose menus do not hold that link gets none for it
    expect((await codeFor(zw, 'https://crm.example.org/sso')).code).toBe(400);
    expect((await redeem(ok.data.code, 'https://crm.example.org')).data).toMatchObject({ account: 'admin' });
  });

  it('the administrator keeps the allow-list in the system settings (origins only)', async () => {
    const put = (externalLinkHosts: string[]) =>
      t.call(admin, { method: 'PUT', url: '/api/system/SysConfig', payload: { externalLinkHosts } });
    for (const bad of ['javascript:alert(1)', 'https://a.example/path', 'https://u@a.example', 'a.example'])
      expect((await put([bad])).code).toBe(400);
    expect((await put(['https://erp.example.com', 'http://wiki.example.org:8080'])).code).toBe(200);
    expect((await codeFor(zw, 'http://wiki.example.org:8080/page')).code).toBe(200);
    // another port is another app
    expect((await codeFor(zw, 'http://wiki.example.org/page')).code).toBe(400);
    expect(
      (await t.call(zw, { method: 'PUT', url: '/api/system/SysConfig', payload: { externalLinkHosts: [] } }))
        .code,
    ).toBe(403);
  });

  it('no route of this server takes the session token in a URL', async () => {
    expect((await t.call(null, { method: 'GET', url: `/api/oauth/CurrentUser?token=${admin}` })).code).toBe(
      602,
    );
  });
});
