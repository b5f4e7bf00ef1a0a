import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';

// biome-ignore lint/suspicious/noExplicitAny: envelopes of many shapes
type Any = any;

describe(`areas on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let emp: string;
  useTestApp(async (app) => {
    t = app;
    admin = await t.login('admin');
    emp = await t.login('zhangwei');
  });

  it('seeds 34 provinces and their cities; lazy children; names by id paths', async () => {
    const root = await t.call<Any>(emp, { method: 'GET', url: '/api/system/Area/-1' });
    expect(root.code).toBe(200);
    expect(root.data.list).toHaveLength(34);
    const hebei = root.data.list.find((x: Any) => x.enCode === '130000');
    expect(hebei).toMatchObject({
      id: '130000',
      fullName: '河北省',
      hasChildren: true,
      isLeaf: false,
      type: 1,
    });
    const cities = await t.call<Any>(emp, { method: 'GET', url: '/api/system/Area/130000' });
    expect(cities.data.list.map((x: Any) => x.fullName)).toEqual(
      expect.arrayContaining(['石家庄市', '唐山市', '邯郸市']),
    );
    expect(cities.data.list[0]).toMatchObject({
      id: '130100',
      fullName: '石家庄市',
      hasChildren: false,
      type: 2,
    });
    const gd = await t.call<Any>(emp, { method: 'GET', url: '/api/system/Area/440000' });
    expect(gd.data.list.map((x: Any) => x.fullName)).toEqual(expect.arrayContaining(['广州市', '深圳市']));
    const n = await t.db.kysely
      .selectFrom('sys_area')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number((n as Any).n)).toBeGreaterThan(370);
    const kw = await t.call<Any>(emp, {
      method: 'GET',
      url: `/api/system/Area/440000?keyword=${encodeURIComponent('深')}`,
    });
    expect(kw.data.list.map((x: Any) => x.fullName)).toEqual(['深圳市']);
    const names = await t.call<Any>(emp, {
      method: 'POST',
      url: '/api/system/Area/GetAreaByIds',
      payload: { idsList: [['130000', '130100'], ['440000', '440300'], ['nope'], []] },
    });
    expect(names.data).toEqual([['河北省', '石家庄市'], ['广东省', '深圳市'], [''], []]);
    const bad = await t.call<Any>(emp, {
      method: 'POST',
      url: '/api/system/Area/GetAreaByIds',
      payload: { idsList: { a: 1 } },
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/^idsList/);
    const empty = await t.call<Any>(emp, {
      method: 'GET',
      url: `/api/system/Area/${encodeURIComponent("' or 1=1 --")}`,
    });
    expect(empty).toMatchObject({ code: 200, data: { list: [] } });
  });

  it('create, selector, info, edit, state, delete; refusals', async () => {
    const c = await t.call<Any>(admin, {
      method: 'POST',
      url: '/api/system/Area',
      payload: { parentId: '130100', fullName: '长安区<script>', enCode: '130102' },
    });
    expect(c).toMatchObject({ code: 200, msg: '新建成功' });
    const info = await t.call<Any>(emp, { method: 'GET', url: `/api/system/Area/${c.data}/Info` });
    expect(info.data).toMatchObject({
      parentId: '130100',
      fullName: '长安区<script>',
      type: 3,
      enabledMark: 1,
    });
    const parentNow = await t.call<Any>(emp, { method: 'GET', url: '/api/system/Area/130000' });
    expect(parentNow.data.list.find((x: Any) => x.id === '130100').hasChildren).toBe(true);
    const sel = await t.call<Any>(emp, { method: 'GET', url: `/api/system/Area/130100/Selector/${c.data}` });
    expect(sel.data.list).toEqual([]);
    const sel0 = await t.call<Any>(emp, { method: 'GET', url: '/api/system/Area/130100/Selector/0' });
    expect(sel0.data.list.map((x: Any) => x.id)).toEqual([c.data]);
    const off = await t.call<Any>(admin, { method: 'PUT', url: `/api/system/Area/${c.data}/Actions/State` });
    expect(off.data.enabledMark).toBe(0);
    expect(
      (await t.call<Any>(emp, { method: 'GET', url: '/api/system/Area/130100/Selector/0' })).data.list,
    ).toEqual([]);
    const on = await t.call<Any>(admin, {
      method: 'PUT',
      url: `/api/system/Area/${c.data}/Actions/State`,
      payload: { enabledMark: 1 },
    });
    expect(on.data.enabledMark).toBe(1);
    const u = await t.call<Any>(admin, {
      method: 'PUT',
      url: `/api/system/Area/${c.data}`,
      payload: { parentId: '130100', fullName: '长安区', enCode: '130102', sortCode: 2 },
    });
    expect(u.code).toBe(200);
    // refusals
    const loop = await t.call<Any>(admin, {
      method: 'PUT',
      url: '/api/system/Area/130100',
      payload: { parentId: c.data, fullName: '石家庄市', enCode: '130100' },
    });
    expect(loop.code).toBe(400);
    const dup = await t.call<Any>(admin, {
      method: 'POST',
      url: '/api/system/Area',
      payload: { fullName: 'x', enCode: '130000' },
    });
    expect(dup).toMatchObject({ code: 409, msg: '编码已存在' });
    const code = await t.call<Any>(admin, {
      method: 'POST',
      url: '/api/system/Area',
      payload: { fullName: 'x', enCode: '../1' },
    });
    expect(code).toMatchObject({ code: 400, msg: 'enCode: 编码只能输入数字' });
    const huge = await t.call<Any>(admin, {
      method: 'POST',
      url: '/api/system/Area',
      payload: { fullName: '区'.repeat(5000), enCode: '9' },
    });
    expect(huge.code).toBe(400);
    const noParent = await t.call<Any>(admin, {
      method: 'POST',
      url: '/api/system/Area',
      payload: { parentId: 'zz', fullName: 'x', enCode: '9' },
    });
    expect(noParent.code).toBe(400);
    expect((await t.call(admin, { method: 'DELETE', url: '/api/system/Area/130100' })).code).toBe(409);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/system/Area/${c.data}` })).code).toBe(200);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/system/Area/${c.data}` })).code).toBe(404);
    expect((await t.call(admin, { method: 'GET', url: `/api/system/Area/${c.data}/Info` })).code).toBe(404);
    expect((await t.call(admin, { method: 'PUT', url: '/api/system/Area/nope/Actions/State' })).code).toBe(
      404,
    );
  });

  it('an ordinary employee cannot change areas', async () => {
    const deny = { code: 403, msg: '暂无权限', data: null };
    expect(
      await t.call(emp, { method: 'POST', url: '/api/system/Area', payload: { fullName: 'x', enCode: '1' } }),
    ).toEqual(deny);
    expect(
      await t.call(emp, {
        method: 'PUT',
        url: '/api/system/Area/130100',
        payload: { fullName: 'x', enCode: '1' },
      }),
    ).toEqual(deny);
    expect(await t.call(emp, { method: 'DELETE', url: '/api/system/Area/130100' })).toEqual(deny);
    expect(await t.call(emp, { method: 'PUT', url: '/api/system/Area/130100/Actions/State' })).toEqual(deny);
  });
});
