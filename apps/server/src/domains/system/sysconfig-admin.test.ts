import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';

// biome-ignore lint/suspicious/noExplicitAny: envelopes of many shapes
type Any = any;

describe(`system configuration on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  useTestApp((app) => {
    t = app;
  });

  it('defaults 建管佳 V1.1.0; an administrator changes the login page; others are refused', async () => {
    const admin = await t.login('admin');
    const g = await t.call<Any>(admin, { method: 'GET', url: '/api/system/SysConfig' });
    expect(g.data).toMatchObject({ sysName: '建管佳', sysVersion: 'V1.1.0' });
    const p = await t.call<Any>(admin, {
      method: 'PUT',
      url: '/api/system/SysConfig',
      payload: {
        sysName: '建管佳平台',
        logoIcon: 'logo/a.png',
        loginBackground: 'https://example.com/bg.jpg',
        enableVerificationCode: 1,
      },
    });
    expect(p).toMatchObject({ code: 200, msg: '保存成功' });
    const pub = await t.call<Any>(null, { method: 'GET', url: '/api/system/sysconfig/sysLoginConfig' });
    expect(pub.data).toMatchObject({
      sysName: '建管佳平台',
      logoIcon: 'logo/a.png',
      enableVerificationCode: 1,
      sysVersion: 'V1.1.0',
    });
    for (const [payload, re] of [
      [{ logoIcon: 'javascript:alert(1)' }, /^logoIcon: /],
      [{ loginIcon: '../../etc/passwd' }, /^loginIcon: /],
      [{ sysName: 'x'.repeat(51) }, /^sysName: /],
      [{ sysName: '   ' }, /^sysName: /],
      [{ singleLogin: 3 }, /^singleLogin: /],
      [{ dbPassword: 'x' }, /dbPassword|additional/],
    ] as Array<[Record<string, unknown>, RegExp]>) {
      const r = await t.call<Any>(admin, { method: 'PUT', url: '/api/system/SysConfig', payload });
      expect(r.code, JSON.stringify(payload)).toBe(400);
      expect(r.msg).toMatch(re);
    }
    await t.call(admin, {
      method: 'PUT',
      url: '/api/system/SysConfig',
      payload: { enableVerificationCode: 0 },
    });
    const emp = await t.login('zhangwei');
    expect(
      await t.call(emp, { method: 'PUT', url: '/api/system/SysConfig', payload: { sysName: 'x' } }),
    ).toEqual({
      code: 403,
      msg: '暂无权限',
      data: null,
    });
    expect((await t.call(emp, { method: 'GET', url: '/api/system/SysConfig' })).code).toBe(403);
  });
});
