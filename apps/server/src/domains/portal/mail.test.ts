import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';
import { MemoryMailProvider, mailProviderFromEnv } from './mail';

const mails = new MemoryMailProvider([
  {
    owner: 'zhangwei',
    id: 'm1',
    subject: '周报',
    from: 'li@example.com',
    to: ['zhangwei@example.com'],
    time: Date.UTC(2026, 10, 20, 9),
    read: true,
    body: '<p>本周<b>完成</b></p><script>alert(1)</script><img src=x onerror="alert(2)">',
  },
  {
    owner: 'zhangwei',
    id: 'm2',
    subject: '会议通知',
    from: 'wang@example.com',
    to: ['zhangwei@example.com', 'li@example.com'],
    time: Date.UTC(2026, 10, 25, 9),
    read: false,
    body: '<a href="javascript:alert(3)">点此</a>',
  },
  {
    owner: 'admin',
    id: 'a1',
    subject: '管理员的邮件',
    from: 'x@example.com',
    to: ['admin@example.com'],
    time: Date.UTC(2026, 10, 24, 9),
    read: false,
    body: '<p>机密</p>',
  },
]);

describe('mailProviderFromEnv', () => {
  it('none by default; an unknown name stops the start', () => {
    expect(mailProviderFromEnv({})).toBeNull();
    expect(mailProviderFromEnv({ MAIL_PROVIDER: 'none' })).toBeNull();
    expect(() => mailProviderFromEnv({ MAIL_PROVIDER: 'imapp' })).toThrow(/unknown mail provider "imapp"/);
    expect(mailProviderFromEnv({ MAIL_PROVIDER: 'memory' }, { memory: () => mails })).toBe(mails);
  });
});

describe(`mail through a provider on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let zw: string;
  let admin: string;
  useTestApp(
    async (app) => {
      t = app;
      zw = await t.login('zhangwei');
      admin = await t.login('admin');
    },
    { mail: mails },
  );

  it('Dashboard/Email lists the caller’s latest mails, EmailCount counts them', async () => {
    const r = await t.call<any>(zw, { method: 'GET', url: '/api/visualdev/Dashboard/Email' });
    expect(r.code).toBe(200);
    expect(r.data.list.map((m: { id: string }) => m.id)).toEqual(['m2', 'm1']);
    expect(r.data.list[0]).toMatchObject({ fullName: '会议通知', from: 'wang@example.com', read: false });
    const c = await t.call<any>(zw, { method: 'GET', url: '/api/Bussiness/email/EmailCount' });
    expect(c.data).toEqual({ count: 2, unreadCount: 1 });
  });

  it('GET /api/Bussiness/email/{id} answers the mail with its body sanitised', async () => {
    const r = await t.call<any>(zw, { method: 'GET', url: '/api/Bussiness/email/m1' });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      id: 'm1',
      subject: '周报',
      from: 'li@example.com',
      to: ['zhangwei@example.com'],
    });
    expect(r.data.time).toBe(Date.UTC(2026, 10, 20, 9));
    expect(r.data.body).toContain('<b>完成</b>');
    expect(r.data.body).not.toMatch(/script|onerror|alert\(1\)/);
    const m2 = await t.call<any>(zw, { method: 'GET', url: '/api/Bussiness/email/m2' });
    expect(m2.data.body).not.toContain('javascript:');
  });

  it('refuses another user’s mail (localized), and needs a session', async () => {
    const r = await t.call<any>(zw, { method: 'GET', url: '/api/Bussiness/email/a1' });
    expect(r).toMatchObject({ code: 404, msg: '邮件不存在或无权查看', data: null });
    const en = await t.call<any>(zw, {
      method: 'GET',
      url: '/api/Bussiness/email/a1',
      headers: { 'accept-language': 'en' },
    });
    expect(en.msg).toBe('The mail does not exist or you may not view it');
    expect((await t.call<any>(admin, { method: 'GET', url: '/api/Bussiness/email/a1' })).data.subject).toBe(
      '管理员的邮件',
    );
    expect((await t.call<any>(null, { method: 'GET', url: '/api/Bussiness/email/m1' })).code).not.toBe(200);
  });
});

describe(`mail without a provider on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let zw: string;
  useTestApp(async (app) => {
    t = app;
    zw = await t.login('zhangwei');
  });

  it('empty list, zero counts, and one mail says no mail service is configured (not a 404)', async () => {
    expect((await t.call<any>(zw, { method: 'GET', url: '/api/visualdev/Dashboard/Email' })).data).toEqual({
      list: [],
    });
    expect((await t.call<any>(zw, { method: 'GET', url: '/api/Bussiness/email/EmailCount' })).data).toEqual({
      count: 0,
      unreadCount: 0,
    });
    const r = await t.call<any>(zw, { method: 'GET', url: '/api/Bussiness/email/m1' });
    expect(r).toMatchObject({ code: 400, msg: '未配置邮件服务' });
    const tw = await t.call<any>(zw, {
      method: 'GET',
      url: '/api/Bussiness/email/m1',
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(tw.msg).toBe('未配置郵件服務');
  });
});
