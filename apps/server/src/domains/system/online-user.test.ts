import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';

describe(`online users on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  useTestApp((app) => {
    t = app;
  });

  it('lists live sessions with paging; employees are refused', async () => {
    const admin = await t.login('admin');
    await t.login('zhangwei');
    await t.login('chenjing');
    const r = await t.call<any>(admin, {
      method: 'GET',
      url: '/api/system/onlineUser?currentPage=1&pageSize=2',
    });
    expect(r.code).toBe(200);
    expect(r.data.list).toHaveLength(2);
    expect(r.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 3 });
    expect(Object.keys(r.data.list[0]).sort()).toEqual(
      [
        'account',
        'device',
        'id',
        'lastActiveTime',
        'locked',
        'loginIPAddress',
        'loginTime',
        'userId',
        'userName',
      ].sort(),
    );
    const emp = await t.login('zhangwei');
    expect(await t.call(emp, { method: 'GET', url: '/api/system/onlineUser' })).toEqual({
      code: 403,
      msg: '暂无权限',
      data: null,
    });
    const bad = await t.call(admin, { method: 'GET', url: '/api/system/onlineUser?pageSize=abc' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/^pageSize: /);
  });

  it('batch force offline ends the sessions; unknown ids are 404; own session is kept', async () => {
    const admin = await t.login('admin');
    const v1 = await t.login('liuzhiqiang');
    const list = await t.call<any>(admin, {
      method: 'GET',
      url: '/api/system/onlineUser?keyword=liuzhiqiang',
    });
    const ids = list.data.list.map((r: any) => r.id);
    const r = await t.call<any>(admin, { method: 'DELETE', url: '/api/system/onlineUser', payload: { ids } });
    expect(r).toMatchObject({ code: 200, data: { count: ids.length } });
    expect((await t.call(v1, { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(601);
    expect((await t.call(admin, { method: 'DELETE', url: '/api/system/onlineUser/nope' })).code).toBe(404);
    expect(
      (await t.call(admin, { method: 'DELETE', url: '/api/system/onlineUser', payload: { ids: [] } })).code,
    ).toBe(400);
    const mine = await t.db.kysely
      .selectFrom('user_session')
      .select('id')
      .where('ended_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
    const own = await t.call(admin, { method: 'GET', url: '/api/oauth/CurrentUser' });
    expect(own.code).toBe(200);
    expect(mine.length).toBeGreaterThan(0);
  });
});
