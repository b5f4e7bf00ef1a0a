// Scan-to-log-in and DingTalk login (issue 20). DingTalk is outside this machine: a stand-in serving its
// two calls runs on 127.0.0.1 and the provider is pointed at it through the environment.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { CERTIFICATES_PER_IP } from './scan';

let t: TestApp;
let zhangwei: string;
let wangjianguo: string;
const pub = async (url: string, method: 'GET' | 'POST' = 'GET', payload?: unknown) =>
  (await t.call(null, { method, url, payload: payload as Record<string, unknown> })) as {
    code: number;
    msg: string;
    data: Record<string, unknown>;
  };
const certificate = async (ip = '127.0.0.1') =>
  (await t.app.inject({ method: 'GET', url: '/api/oauth/codeCertificate', remoteAddress: ip })).json()
    .data as {
    id: string;
    ticket: string;
    expiresIn: number;
  };
const status = (c: { id: string; ticket: string }) =>
  pub(`/api/oauth/codeCertificateStatus/${c.id}?ticket=${c.ticket}`);
const step = (token: string, id: string, s: string) =>
  t.call(token, { method: 'POST', url: `/api/oauth/codeCertificate/${id}/${s}` });

beforeAll(async () => {
  t = await createTestApp();
  zhangwei = await t.login('zhangwei');
  wangjianguo = await t.login('wangjianguo');
});
afterAll(async () => t?.close());

describe('scan to log in', () => {
  it('issues a session to the polling page once the signed-in phone scans and confirms', async () => {
    const c = await certificate();
    expect(c.expiresIn).toBe(120);
    expect((await status(c)).data).toEqual({ status: 0 });
    expect((await step(zhangwei, c.id, 'Scan')).data).toEqual({ status: 1 });
    expect((await status(c)).data).toEqual({ status: 1 });
    expect((await step(zhangwei, c.id, 'Confirm')).data).toEqual({ status: 2 });
    const done = await status(c);
    expect(done.data.status).toBe(2);
    const token = done.data.token as string;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const who = await t.call<{ userInfo: { userAccount?: string; userName: string } }>(token, {
      method: 'GET',
      url: '/api/oauth/CurrentUser',
    });
    expect(who.code).toBe(200);
    expect(who.data.userInfo.userName).toBe('张伟');
    // The session is handed out once: a second poll finds the certificate used.
    expect((await status(c)).data).toEqual({ status: 4 });
    expect((await step(zhangwei, c.id, 'Confirm')).code).toBe(400);
  });

  it('answers the status only to the holder of the ticket', async () => {
    const c = await certificate();
    const res = await status({ id: c.id, ticket: 'f'.repeat(64) });
    expect(res.code).toBe(404);
    expect(res.data).toBeNull();
  });

  it('refuses confirming before scanning, and another user after a scan; a cancel ends it', async () => {
    const c = await certificate();
    const early = await step(zhangwei, c.id, 'Confirm');
    expect(early).toMatchObject({ code: 400, msg: '请先扫描二维码' });
    await step(zhangwei, c.id, 'Scan');
    const other = await step(wangjianguo, c.id, 'Confirm');
    expect(other).toMatchObject({ code: 403, msg: '二维码已被其他用户扫描' });
    expect((await step(zhangwei, c.id, 'Cancel')).data).toEqual({ status: 3 });
    expect((await status(c)).data).toEqual({ status: 3 });
    expect((await step(zhangwei, c.id, 'Confirm')).code).toBe(400);
  });

  it('expires after two minutes, and scanning needs a session', async () => {
    const c = await certificate();
    expect(
      (await t.call(null, { method: 'POST', url: `/api/oauth/codeCertificate/${c.id}/Scan` })).code,
    ).toBe(602);
    await t.db.kysely
      .updateTable('base_login_certificate')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', c.id)
      .execute();
    expect((await status(c)).data).toEqual({ status: -1 });
    const late = await t.call(zhangwei, {
      method: 'POST',
      url: `/api/oauth/codeCertificate/${c.id}/Scan`,
      headers: { 'accept-language': 'en' },
    });
    expect(late).toMatchObject({ code: 400, msg: 'The QR code has expired; please refresh it' });
  });

  it('limits the live certificates of one address (the route is public)', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < CERTIFICATES_PER_IP; i++) expect((await certificate(ip)).id).toBeTruthy();
    const res = await t.app.inject({ method: 'GET', url: '/api/oauth/codeCertificate', remoteAddress: ip });
    expect(res.json()).toMatchObject({ code: 429, msg: '二维码请求过于频繁，请稍后再试' });
  });
});

describe('DingTalk login', () => {
  let ding: Server;
  const calls: string[] = [];
  // The stand-in knows two codes: one for a DingTalk user whose mobile is zhangwei's, one for a stranger.
  let zhangweiMobile = '';
  beforeAll(async () => {
    zhangweiMobile = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('mobile_phone')
        .where('account', '=', 'zhangwei')
        .executeTakeFirstOrThrow()
    ).mobile_phone as string;
    ding = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        calls.push(`${req.method} ${req.url}`);
        res.setHeader('content-type', 'application/json');
        if (req.url === '/v1.0/oauth2/userAccessToken') {
          const b = JSON.parse(body);
          if (
            b.clientId !== 'kp-app' ||
            b.clientSecret !== 'kp-secret' ||
            !['good', 'stranger'].includes(b.code)
          ) {
            res.statusCode = 400;
            return res.end(JSON.stringify({ code: 'invalidCode', message: 'bad code' }));
          }
          return res.end(JSON.stringify({ accessToken: `at-${b.code}`, expireIn: 7200 }));
        }
        if (req.url === '/v1.0/contact/users/me') {
          const at = req.headers['x-acs-dingtalk-access-token'];
          if (at === 'at-good')
            return res.end(JSON.stringify({ unionId: 'union-zw', nick: '张伟', mobile: zhangweiMobile }));
          if (at === 'at-stranger')
            return res.end(JSON.stringify({ unionId: 'union-x', nick: '路人', mobile: '19900000000' }));
        }
        res.statusCode = 401;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => ding.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    await new Promise((r) => ding.close(r));
  });
  afterEach(() => {
    delete process.env.DINGTALK_CLIENT_ID;
    delete process.env.DINGTALK_CLIENT_SECRET;
    delete process.env.DINGTALK_API_BASE;
  });
  const configure = () => {
    process.env.DINGTALK_CLIENT_ID = 'kp-app';
    process.env.DINGTALK_CLIENT_SECRET = 'kp-secret';
    process.env.DINGTALK_API_BASE = `http://127.0.0.1:${(ding.address() as AddressInfo).port}`;
  };

  it('says plainly when no provider is configured', async () => {
    const res = await pub('/api/oauth/loginByDingCode', 'POST', { code: 'good' });
    expect(res).toMatchObject({ code: 400, msg: '未配置钉钉登录，请联系管理员' });
  });

  it('signs in the user with the same mobile and binds the DingTalk account', async () => {
    configure();
    const res = await pub('/api/oauth/loginByDingCode', 'POST', { code: 'good' });
    expect(res.code).toBe(200);
    const who = await t.call<{ userInfo: { userName: string } }>(res.data.token as string, {
      method: 'GET',
      url: '/api/oauth/CurrentUser',
    });
    expect(who.data.userInfo.userName).toBe('张伟');
    const bound = await t.db.kysely
      .selectFrom('base_user_social')
      .selectAll()
      .where('external_id', '=', 'union-zw')
      .execute();
    expect(bound).toHaveLength(1);
    expect(calls).toContain('POST /v1.0/oauth2/userAccessToken');
  });

  it('refuses an unknown code and a DingTalk user bound to nobody', async () => {
    configure();
    expect(await pub('/api/oauth/loginByDingCode', 'POST', { code: 'forged' })).toMatchObject({
      code: 401,
      msg: '钉钉登录失败，请重试',
    });
    expect(await pub('/api/oauth/loginByDingCode', 'POST', { code: 'stranger' })).toMatchObject({
      code: 401,
      msg: '该钉钉账号未绑定系统用户，请联系管理员',
    });
  });

  it('refuses a disabled account', async () => {
    configure();
    await t.db.kysely
      .updateTable('base_user')
      .set({ enabled_mark: 0 })
      .where('account', '=', 'zhangwei')
      .execute();
    try {
      const res = await pub('/api/oauth/loginByDingCode', 'POST', { code: 'good' });
      expect(res.code).toBe(403);
    } finally {
      await t.db.kysely
        .updateTable('base_user')
        .set({ enabled_mark: 1 })
        .where('account', '=', 'zhangwei')
        .execute();
    }
  });
});

describe('GET /api/common/encoded/get', () => {
  it('gives a signed-in user a one-time code that opens a download once, and nothing without a session', async () => {
    const res = await t.call<{ code: string; expiresIn: number }>(zhangwei, {
      method: 'GET',
      url: '/api/common/encoded/get?url=%2Fapi%2Ffile%2FDownload%2Fdocument%2Fx.txt',
    });
    expect(res.code).toBe(200);
    expect(res.data.code).toMatch(/^[0-9a-f]{48}$/);
    expect(res.data.expiresIn).toBe(60);
    const media = await t.call<{ expiresIn: number }>(zhangwei, {
      method: 'GET',
      url: '/api/common/encoded/get?kind=media',
    });
    expect(media.data.expiresIn).toBe(180);
    expect((await t.call(null, { method: 'GET', url: '/api/common/encoded/get' })).code).toBe(602);
  });
});
