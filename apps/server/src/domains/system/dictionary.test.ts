import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';

describe(`dictionaries on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let emp: string;
  useTestApp(async (app) => {
    t = app;
    admin = await t.login('admin');
    emp = await t.login('zhangwei');
  });

  it('lists the seeded types and options; the meeting type dictionary has a fixed id', async () => {
    const types = await t.call<any>(emp, { method: 'GET', url: '/api/system/DictionaryType' });
    expect(types.code).toBe(200);
    const codes = types.data.list.map((x: any) => x.enCode);
    expect(codes).toEqual(
      expect.arrayContaining(['leaveType', 'expenseType', 'meetingType', 'documentType', 'urgency']),
    );
    const opts = await t.call<any>(emp, {
      method: 'GET',
      url: '/api/system/DictionaryData/dict-meeting-type/Data/Selector',
    });
    expect(opts.data.list.map((o: any) => o.fullName)).toContain('例会');
    expect(Object.keys(opts.data.list[0]).sort()).toEqual(['enCode', 'fullName', 'id']);
    const byCode = await t.call<any>(emp, { method: 'GET', url: '/api/system/DictionaryData/urgency' });
    expect(byCode.data.list.map((o: any) => o.fullName)).toEqual(['普通', '紧急', '特急']);
    const all = await t.call<any>(emp, { method: 'GET', url: '/api/system/DictionaryData/All' });
    expect(all.data.list.find((x: any) => x.enCode === 'leaveType').dictionaryList.length).toBe(7);
  });

  it('type CRUD with tree, selector exclusion, duplicate and bad-code refusals', async () => {
    const a = await t.call<any>(admin, {
      method: 'POST',
      url: '/api/system/DictionaryType',
      payload: { fullName: '项目分类', enCode: 'projectKind', isTree: 1 },
    });
    expect(a).toMatchObject({ code: 200, msg: '新建成功' });
    const b = await t.call<any>(admin, {
      method: 'POST',
      url: '/api/system/DictionaryType',
      payload: { parentId: a.data, fullName: '子分类', enCode: 'projectKind.sub' },
    });
    expect(b.code).toBe(200);
    const tree = await t.call<any>(admin, { method: 'GET', url: '/api/system/DictionaryType' });
    expect(tree.data.list.find((x: any) => x.id === a.data).children[0].id).toBe(b.data);
    const sel = await t.call<any>(admin, {
      method: 'GET',
      url: `/api/system/DictionaryType/Selector/${a.data}`,
    });
    expect(JSON.stringify(sel.data.list)).not.toContain(a.data);
    expect(JSON.stringify(sel.data.list)).not.toContain(b.data);
    const sel0 = await t.call<any>(admin, { method: 'GET', url: '/api/system/DictionaryType/Selector/0' });
    expect(JSON.stringify(sel0.data.list)).toContain(b.data);
    // own descendant as parent
    const loop = await t.call<any>(admin, {
      method: 'PUT',
      url: `/api/system/DictionaryType/${a.data}`,
      payload: { parentId: b.data, fullName: '项目分类', enCode: 'projectKind' },
    });
    expect(loop.code).toBe(400);
    const dup = await t.call<any>(admin, {
      method: 'POST',
      url: '/api/system/DictionaryType',
      payload: { fullName: '别名', enCode: 'leaveType' },
    });
    expect(dup).toMatchObject({ code: 409, msg: '编码已存在' });
    for (const enCode of [
      '.abc',
      'abc.',
      "x'; drop table sys_dictionary_type; --",
      '../../etc/passwd',
      '<script>',
    ]) {
      const bad = await t.call<any>(admin, {
        method: 'POST',
        url: '/api/system/DictionaryType',
        payload: { fullName: 'x', enCode },
      });
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('编码只能输入英文、数字和小数点且小数点不能放在首尾');
    }
    const huge = await t.call<any>(admin, {
      method: 'POST',
      url: '/api/system/DictionaryType',
      payload: { fullName: 'x'.repeat(100_000), enCode: 'huge' },
    });
    expect(huge.code).toBe(400);
    expect(huge.msg).toMatch(/^fullName: /);
    const missing = await t.call<any>(admin, {
      method: 'POST',
      url: '/api/system/DictionaryType',
      payload: { enCode: 'a' },
    });
    expect(missing.code).toBe(400);
    // delete refuses with children, then works bottom-up
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/system/DictionaryType/${a.data}` })).code,
    ).toBe(409);
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/system/DictionaryType/${b.data}` })).code,
    ).toBe(200);
    const info = await t.call<any>(admin, { method: 'GET', url: `/api/system/DictionaryType/${a.data}` });
    expect(info.data).toMatchObject({ fullName: '项目分类', enCode: 'projectKind', isTree: 1 });
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/system/DictionaryType/${a.data}` })).code,
    ).toBe(200);
    expect((await t.call(admin, { method: 'GET', url: `/api/system/DictionaryType/${a.data}` })).code).toBe(
      404,
    );
    expect((await t.call(admin, { method: 'DELETE', url: '/api/system/DictionaryType/nope' })).code).toBe(
      404,
    );
    expect(
      (await t.call(admin, { method: 'DELETE', url: '/api/system/DictionaryType/dict-urgency' })).code,
    ).toBe(409);
  });

  it('data CRUD, tree, keyword, state, info, export; hostile names stored verbatim', async () => {
    const ty = await t.call<any>(admin, {
      method: 'POST',
      url: '/api/system/DictionaryType',
      payload: { fullName: '地区分级', enCode: 'regionLevel', isTree: 1 },
    });
    const typeId = ty.data;
    const hostile = "Robert'); DROP TABLE sys_dictionary_data;-- <script>alert(1)</script>";
    const p = await t.call<any>(admin, {
      method: 'POST',
      url: '/api/system/DictionaryData',
      payload: { dictionaryTypeId: typeId, fullName: hostile, enCode: 'top' },
    });
    expect(p.code).toBe(200);
    const c = await t.call<any>(admin, {
      method: 'POST',
      url: '/api/system/DictionaryData',
      payload: { dictionaryTypeId: typeId, parentId: p.data, fullName: '下级', enCode: 'child' },
    });
    expect(c.code).toBe(200);
    const tree = await t.call<any>(emp, {
      method: 'GET',
      url: `/api/system/DictionaryData/${typeId}?isTree=1`,
    });
    expect(tree.data.list).toHaveLength(1);
    expect(tree.data.list[0].fullName).toBe(hostile);
    expect(tree.data.list[0].children[0].id).toBe(c.data);
    const flat = await t.call<any>(emp, {
      method: 'GET',
      url: `/api/system/DictionaryData/${typeId}?isTree=0`,
    });
    expect(flat.data.list).toHaveLength(2);
    const kw = await t.call<any>(emp, {
      method: 'GET',
      url: `/api/system/DictionaryData/${typeId}?keyword=${encodeURIComponent('下')}`,
    });
    expect(kw.data.list.map((x: any) => x.id)).toEqual([c.data]);
    const sel = await t.call<any>(emp, {
      method: 'GET',
      url: `/api/system/DictionaryData/${typeId}/Selector/${p.data}`,
    });
    expect(sel.data.list).toEqual([]);
    const sel0 = await t.call<any>(emp, {
      method: 'GET',
      url: `/api/system/DictionaryData/${typeId}/Selector/0`,
    });
    expect(sel0.data.list[0].children).toHaveLength(1);
    // state toggles and an explicit value; disabled items leave the selectors
    const st = await t.call<any>(admin, {
      method: 'PUT',
      url: `/api/system/DictionaryData/${c.data}/Actions/State`,
    });
    expect(st.data.enabledMark).toBe(0);
    const opts = await t.call<any>(emp, {
      method: 'GET',
      url: `/api/system/DictionaryData/${typeId}/Data/Selector`,
    });
    expect(opts.data.list.map((x: any) => x.id)).toEqual([p.data]);
    const st2 = await t.call<any>(admin, {
      method: 'PUT',
      url: `/api/system/DictionaryData/${c.data}/Actions/State`,
      payload: { enabledMark: 1 },
    });
    expect(st2.data.enabledMark).toBe(1);
    const upd = await t.call<any>(admin, {
      method: 'PUT',
      url: `/api/system/DictionaryData/${c.data}`,
      payload: {
        dictionaryTypeId: typeId,
        parentId: p.data,
        fullName: '下级二',
        enCode: 'child2',
        sortCode: 3,
      },
    });
    expect(upd.code).toBe(200);
    const info = await t.call<any>(emp, { method: 'GET', url: `/api/system/DictionaryData/${c.data}/Info` });
    expect(info.data).toMatchObject({ fullName: '下级二', enCode: 'child2', parentId: p.data, sortCode: 3 });
    // bad inputs
    const cyc = await t.call<any>(admin, {
      method: 'PUT',
      url: `/api/system/DictionaryData/${p.data}`,
      payload: { dictionaryTypeId: typeId, parentId: c.data, fullName: 'x', enCode: 'top' },
    });
    expect(cyc.code).toBe(400);
    const dup = await t.call<any>(admin, {
      method: 'POST',
      url: '/api/system/DictionaryData',
      payload: { dictionaryTypeId: typeId, fullName: '另一个', enCode: 'top' },
    });
    expect(dup).toMatchObject({ code: 409, msg: '编码已存在' });
    const noType = await t.call<any>(admin, {
      method: 'POST',
      url: '/api/system/DictionaryData',
      payload: { dictionaryTypeId: '../../etc/passwd', fullName: 'x', enCode: 'x' },
    });
    expect(noType.code).toBe(400);
    expect(noType.msg).toMatch(/^dictionaryTypeId/);
    expect((await t.call(emp, { method: 'GET', url: '/api/system/DictionaryData/base_user' })).code).toBe(
      404,
    );
    expect((await t.call(emp, { method: 'GET', url: '/api/system/DictionaryData/nope/Info' })).code).toBe(
      404,
    );
    // export: a JSON file with the type and its data
    // a link the browser opens carries a one-time code, never the token
    // (bound to this export's address: auth/download-codes.ts)
    const exportUrl = `/api/system/DictionaryData/${typeId}/Action/Export`;
    const issued = await t.call<{ code: string }>(admin, {
      method: 'POST',
      url: '/api/oauth/DownloadCode',
      payload: { kind: 'download', url: exportUrl },
    });
    const res = await t.app.inject({ method: 'GET', url: `${exportUrl}?code=${issued.data.code}` });
    expect(res.headers['content-disposition']).toContain('attachment');
    const file = res.json();
    expect(file.dictionaryType.enCode).toBe('regionLevel');
    expect(file.list).toHaveLength(2);
    // delete: parent with children refused
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/system/DictionaryData/${p.data}` })).code,
    ).toBe(409);
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/system/DictionaryData/${c.data}` })).code,
    ).toBe(200);
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/system/DictionaryData/${c.data}` })).code,
    ).toBe(404);
    const count = await t.db.kysely
      .selectFrom('base_user')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBeGreaterThan(10);
  });

  it('an ordinary employee cannot change dictionaries', async () => {
    const deny = { code: 403, msg: '暂无权限', data: null };
    expect(
      await t.call(emp, {
        method: 'POST',
        url: '/api/system/DictionaryType',
        payload: { fullName: 'x', enCode: 'x' },
      }),
    ).toEqual(deny);
    expect(
      await t.call(emp, {
        method: 'PUT',
        url: '/api/system/DictionaryType/dict-urgency',
        payload: { fullName: 'x', enCode: 'x' },
      }),
    ).toEqual(deny);
    expect(await t.call(emp, { method: 'DELETE', url: '/api/system/DictionaryType/dict-urgency' })).toEqual(
      deny,
    );
    expect(
      await t.call(emp, {
        method: 'POST',
        url: '/api/system/DictionaryData',
        payload: { dictionaryTypeId: 'dict-urgency', fullName: 'x', enCode: 'x' },
      }),
    ).toEqual(deny);
    expect(
      await t.call(emp, {
        method: 'PUT',
        url: '/api/system/DictionaryData/dict-urgency-normal/Actions/State',
      }),
    ).toEqual(deny);
    expect(
      await t.call(emp, { method: 'DELETE', url: '/api/system/DictionaryData/dict-urgency-normal' }),
    ).toEqual(deny);
    expect(
      await t.call(emp, { method: 'GET', url: '/api/system/DictionaryData/dict-urgency/Action/Export' }),
    ).toEqual(deny);
    expect(await t.call(null, { method: 'GET', url: '/api/system/DictionaryType' })).toMatchObject({
      code: 602,
    });
  });
});
