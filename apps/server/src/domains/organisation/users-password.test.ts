// Issue 34: no known default password. New, imported and reset users got `0000` and could sign in with
// it (one address sprayed 0000 over every account). Now each gets a random password, answered once to the
// administrator, and 0000 never signs in.
import { describe, expect, it } from 'vitest';
import { md5, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { hashPasswordMd5 } from '../auth/password';
import { useAdminFixture } from './admin-fixture';

describe(`no default password on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let hr: string;
  const { ids, units, roles } = useAdminFixture(['admin', 'chenjing'], (f) => {
    t = f.t;
    [admin, hr] = f.tokens;
  });
  const loginCode = async (account: string, password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/oauth/Login',
        payload: new URLSearchParams({ account, password: md5(password), grant_type: 'password' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    ).json().code as number;
  const signsInOnlyWith = async (account: string, password: string) => {
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{12}$/);
    expect(await loginCode(account, '0000')).not.toBe(200);
    const tok = await t.login(account, password);
    const cu = await t.call<{ userInfo: { invalidPassword?: boolean } }>(tok, {
      method: 'GET',
      url: '/api/oauth/CurrentUser',
    });
    expect(cu.data.userInfo.invalidPassword).toBe(true);
  };

  it('a created user gets a random password, answered once; 0000 does not sign in', async () => {
    const r = await t.call<{ id: string; password: string }>(hr, {
      method: 'POST',
      url: '/api/permission/Users',
      payload: {
        account: 'fresh01',
        realName: '新人甲',
        organizeId: units.hrDept,
        roleIds: [roles.employee],
      },
    });
    expect(r.code).toBe(200);
    expect(typeof r.data.password).toBe('string');
    await signsInOnlyWith('fresh01', r.data.password);
    const detail = await t.call<Record<string, unknown>>(hr, {
      method: 'GET',
      url: `/api/permission/Users/${r.data.id}`,
    });
    expect(JSON.stringify(detail.data)).not.toContain(r.data.password);
  });

  it('the reset answer carries the one-time password; 0000 may not be chosen', async () => {
    const r = await t.call<{ password: string }>(admin, {
      method: 'POST',
      url: `/api/permission/Users/${ids.zhangwei}/Actions/ResetPassword`,
    });
    expect(r.code).toBe(200);
    await signsInOnlyWith('zhangwei', r.data.password);
    const chosen = await t.call(admin, {
      method: 'POST',
      url: `/api/permission/Users/${ids.zhangwei}/Actions/ResetPassword`,
      payload: { userPassword: md5('0000'), validatePassword: md5('0000') },
    });
    expect(chosen.code).toBe(400);
    const created = await t.call(admin, {
      method: 'POST',
      url: '/api/permission/Users',
      payload: { account: 'fresh02', realName: '新人乙', organizeId: units.hrDept, password: md5('0000') },
    });
    expect(created.code).toBe(400);
  });

  it('imported users each get their own random password, answered once', async () => {
    const r = await t.call<{ snum: number; passwords: Array<{ account: string; password: string }> }>(hr, {
      method: 'POST',
      url: '/api/permission/Users/ImportData',
      payload: {
        list: [
          { account: 'imp01', realName: '导入甲', organize: 'JGJT-HQ', roles: '普通员工' },
          { account: 'imp02', realName: '导入乙', organize: 'JGJT-HQ', roles: '普通员工' },
        ],
      },
    });
    expect(r.data.snum).toBe(2);
    expect(r.data.passwords.map((p) => p.account)).toEqual(['imp01', 'imp02']);
    expect(r.data.passwords[0].password).not.toBe(r.data.passwords[1].password);
    for (const p of r.data.passwords) await signsInOnlyWith(p.account, p.password);
  });

  it('an account still holding 0000 from before cannot sign in with it; the seeded passwords work', async () => {
    await t.db.kysely
      .updateTable('base_user')
      .set({ password_hash: await hashPasswordMd5(md5('0000'), 4) })
      .where('account', '=', 'wangjianguo')
      .execute();
    expect(await loginCode('wangjianguo', '0000')).not.toBe(200);
    expect(await loginCode('admin', 'admin123')).toBe(200);
    expect(await loginCode('liuzhiqiang', 'kp123456')).toBe(200);
  });
});
