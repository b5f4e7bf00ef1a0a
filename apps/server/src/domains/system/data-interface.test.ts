import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: envelopes of many shapes
type Any = any;

describe(`data interfaces on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let emp: string;
  let srv: Server;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    emp = await t.login('zhangwei');
    srv = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      if (u.pathname === '/big') {
        res.end('x'.repeat(3 * 1024 * 1024));
        return;
      }
      if (u.pathname === '/slow') return; // never answers: the timeout ends it
      if (u.pathname === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          code: 200,
          data: [
            { id: '1', name: `张三-${u.searchParams.get('dept') ?? ''}`, path: u.pathname },
            { id: '2', name: '李四', path: u.pathname },
          ],
        }),
      );
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
    // deny by default (issue 34): this test's server is listed explicitly
    process.env.KP_DATA_INTERFACE_HOSTS = base.replace('http://', '');
  });
  afterAll(async () => {
    delete process.env.KP_DATA_INTERFACE_HOSTS;
    await t?.close();
    srv?.closeAllConnections();
    await new Promise((r) => srv?.close(r));
  });

  /** A flow template's form starts using the interface (as a popup field's interfaceId would). */
  const useInFlowForm = async (interfaceId: string) => {
    const tpl = await t.db.kysely
      .withTables<{ wf_template: { id: string } }>()
      .selectFrom('wf_template')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await sql`update wf_template set form_json = form_json || jsonb_build_object('kpTestInterfaceId', ${interfaceId}::text) where id = ${tpl.id}`.execute(
      t.db.kysely,
    );
  };

  const post = (payload: Record<string, unknown>) =>
    t.call<Any>(admin, { method: 'POST', url: '/api/system/DataInterface', payload });

  it('static source with a JSONata transform; preview, response, params, popup list and info; log', async () => {
    const c = await post({
      fullName: '静态人员',
      enCode: 'staticPeople',
      kind: 'static',
      staticData: JSON.stringify([
        { id: 'a', n: '王五', age: 30 },
        { id: 'b', n: '赵六', age: 40 },
      ]),
      transform: '$[age > 20].{"id": id, "fullName": n}',
      params: [{ field: 'x', defaultValue: '1' }],
    });
    expect(c.code).toBe(200);
    const pv = await t.call<Any>(admin, {
      method: 'POST',
      url: `/api/system/DataInterface/${c.data}/Actions/Preview`,
      payload: {},
    });
    expect(pv.data).toEqual([
      { id: 'a', fullName: '王五' },
      { id: 'b', fullName: '赵六' },
    ]);
    const resp = await t.call<Any>(admin, {
      method: 'GET',
      url: `/api/system/DataInterface/${c.data}/Actions/Response`,
    });
    expect(resp.data).toHaveLength(2);
    await useInFlowForm(c.data);
    const gp = await t.call<Any>(emp, { method: 'GET', url: `/api/system/DataInterface/GetParam/${c.data}` });
    expect(gp.data).toEqual([{ field: 'x', defaultValue: '1' }]);
    const pop = await t.call<Any>(emp, {
      method: 'POST',
      url: `/api/system/DataInterface/${c.data}/Actions/List`,
      payload: { keyword: '赵', currentPage: 1, pageSize: 10, relationField: 'fullName' },
    });
    expect(pop.data).toEqual({
      list: [{ id: 'b', fullName: '赵六' }],
      pagination: { currentPage: 1, pageSize: 10, total: 1 },
    });
    const one = await t.call<Any>(emp, {
      method: 'POST',
      url: `/api/system/DataInterface/${c.data}/Actions/Info`,
      payload: { id: 'a', propsValue: 'id' },
    });
    expect(one.data).toEqual({ id: 'a', fullName: '王五' });
    const log = await t.call<Any>(admin, { method: 'GET', url: `/api/system/DataInterfaceLog/${c.data}` });
    expect(log.data.pagination.total).toBe(4);
    expect(log.data.list[0]).toMatchObject({ invokId: c.data, invokType: 'ok' });
    const info = await t.call<Any>(admin, {
      method: 'GET',
      url: `/api/system/DataInterfaceLog/${log.data.list[0].id}/Action/Info`,
    });
    // the detail is the list's row: the interface's and the caller's names included
    expect(info.data).toEqual(log.data.list[0]);
    expect(info.data.fullName).toBeTruthy();
    expect(info.data.userName).toBeTruthy();
    expect(
      (await t.call(admin, { method: 'GET', url: '/api/system/DataInterfaceLog/nope/Action/Info' })).code,
    ).toBe(404);
    const l2 = await t.call<Any>(admin, {
      method: 'GET',
      url: `/api/system/DataInterfaceLog/${c.data}/Action/List?pageSize=1`,
    });
    expect(l2.data.list).toHaveLength(1);
    // the JNPF client's spelling (DataInterface/{id}/Action/List|Info) answers as the spec's, under the same right
    const aliasList = await t.call<Any>(admin, {
      method: 'GET',
      url: `/api/system/DataInterface/${c.data}/Action/List?pageSize=1`,
    });
    expect(aliasList.data).toEqual(l2.data);
    const aliasInfo = await t.call<Any>(admin, {
      method: 'GET',
      url: `/api/system/DataInterface/${log.data.list[0].id}/Action/Info`,
    });
    expect(aliasInfo.data).toEqual(info.data);
    const refused = { code: 403, msg: '暂无权限', data: null };
    for (const url of [
      `/api/system/DataInterface/${c.data}/Action/List`,
      `/api/system/DataInterface/${log.data.list[0].id}/Action/Info`,
      `/api/system/DataInterfaceLog/${c.data}/Action/List`,
      `/api/system/DataInterfaceLog/${log.data.list[0].id}/Action/Info`,
    ])
      expect(await t.call(emp, { method: 'GET', url }), url).toEqual(refused);
    const all = await t.call<Any>(admin, { method: 'GET', url: '/api/system/DataInterfaceLog/getList' });
    expect(all.data.pagination.total).toBeGreaterThanOrEqual(4);
    const list = await t.call<Any>(admin, { method: 'GET', url: '/api/system/DataInterface?keyword=static' });
    expect(list.data.list.map((x: Any) => x.id)).toEqual([c.data]);
    const sel = await t.call<Any>(emp, { method: 'GET', url: '/api/system/DataInterface/Selector' });
    expect(sel.data.list.map((x: Any) => x.enCode)).toContain('staticPeople');
    // a token in the URL is no longer taken (auth/download-codes.ts): a one-time download code is
    const code = (
      await t.call<Any>(admin, {
        method: 'POST',
        url: '/api/oauth/DownloadCode',
        payload: { kind: 'download', url: `/api/system/DataInterface/${c.data}/Action/Export` },
      })
    ).data.code;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/system/DataInterface/${c.data}/Action/Export?code=${code}`,
    });
    expect(res.json()).toMatchObject({ enCode: 'staticPeople', kind: 'static' });
    const st = await t.call<Any>(admin, {
      method: 'PUT',
      url: `/api/system/DataInterface/${c.data}/Actions/State`,
    });
    expect(st.data.enabledMark).toBe(0);
    const off = await t.call<Any>(emp, {
      method: 'POST',
      url: `/api/system/DataInterface/${c.data}/Actions/List`,
      payload: {},
    });
    expect(off).toMatchObject({ code: 400, msg: '接口已禁用' });
    const errLog = await t.call<Any>(admin, { method: 'GET', url: `/api/system/DataInterfaceLog/${c.data}` });
    expect(errLog.data.list[0]).toMatchObject({ invokType: 'error', error: '接口已禁用' });
  });

  it('HTTP source on 127.0.0.1 with parameters and transform; edits through both PUT paths', async () => {
    const c = await post({
      fullName: 'HTTP人员',
      enCode: 'httpPeople',
      kind: 'http',
      method: 'GET',
      url: `${base}/people/{kind}`,
      params: [
        { field: 'kind', defaultValue: 'all' },
        { field: 'dept', defaultValue: '总部' },
      ],
      transform: 'data',
    });
    expect(c.code).toBe(200);
    const pv = await t.call<Any>(admin, {
      method: 'POST',
      url: `/api/system/DataInterface/${c.data}/Actions/Preview`,
      payload: { paramList: { kind: 'a b/../c', dept: '工程部' } },
    });
    expect(pv.data[0]).toEqual({ id: '1', name: '张三-工程部', path: '/people/a%20b%2F..%2Fc' });
    const u1 = await t.call<Any>(admin, {
      method: 'PUT',
      url: '/api/system/DataInterface',
      payload: {
        id: c.data,
        fullName: 'HTTP人员',
        enCode: 'httpPeople',
        kind: 'http',
        url: `${base}/people/x`,
        transform: 'data.name',
      },
    });
    expect(u1.code).toBe(200);
    expect(
      (
        await t.call<Any>(admin, {
          method: 'GET',
          url: `/api/system/DataInterface/${c.data}/Actions/Response`,
        })
      ).data,
    ).toEqual(['张三-', '李四']);
    const u2 = await t.call<Any>(admin, {
      method: 'PUT',
      url: `/api/system/DataInterface/${c.data}`,
      payload: { fullName: 'HTTP人员', enCode: 'httpPeople', kind: 'http', url: `${base}/big` },
    });
    expect(u2.code).toBe(200);
    const big = await t.call<Any>(admin, {
      method: 'GET',
      url: `/api/system/DataInterface/${c.data}/Actions/Response`,
    });
    expect(big).toMatchObject({ code: 400, msg: '接口响应超过大小限制' });
    await t.call(admin, {
      method: 'PUT',
      url: `/api/system/DataInterface/${c.data}`,
      payload: { fullName: 'HTTP人员', enCode: 'httpPeople', kind: 'http', url: `${base}/redirect` },
    });
    const redir = await t.call<Any>(admin, {
      method: 'GET',
      url: `/api/system/DataInterface/${c.data}/Actions/Response`,
    });
    expect(redir).toMatchObject({ code: 400, msg: '接口返回状态 302' });
    expect((await t.call(admin, { method: 'DELETE', url: `/api/system/DataInterface/${c.data}` })).code).toBe(
      200,
    );
    expect((await t.call(admin, { method: 'GET', url: `/api/system/DataInterface/${c.data}` })).code).toBe(
      404,
    );
  });

  it('refuses URLs outside the allowlist, bad schemes, bad JSON, bad JSONata, bad codes; permissions', async () => {
    for (const [payload, re] of [
      [{ kind: 'http', url: 'http://169.254.169.254/latest/meta-data' }, /^url: 该地址不在允许的主机列表中/],
      [{ kind: 'http', url: 'http://example.com/' }, /^url: 该地址不在允许的主机列表中/],
      [{ kind: 'http', url: 'file:///etc/passwd' }, /^url: 只支持/],
      [{ kind: 'http', url: 'not a url' }, /^url: /],
      [{ kind: 'http' }, /^url: 请输入接口地址/],
      [{ kind: 'static', staticData: '{bad' }, /^staticData: /],
      [{ kind: 'static', staticData: '[]', transform: '$$$(' }, /^transform: /],
      [{ kind: 'static', staticData: '[]', enCode: '../x' }, /编码只能输入/],
      [{ kind: 'ftp' }, /^kind: /],
    ] as Array<[Record<string, unknown>, RegExp]>) {
      const r = await post({ fullName: '坏', enCode: 'bad', ...payload });
      expect(r.code, JSON.stringify(payload)).toBe(400);
      expect(r.msg).toMatch(re);
    }
    const deny = { code: 403, msg: '暂无权限', data: null };
    expect(
      await t.call(emp, {
        method: 'POST',
        url: '/api/system/DataInterface',
        payload: { fullName: 'x', enCode: 'x', kind: 'static' },
      }),
    ).toEqual(deny);
    expect(await t.call(emp, { method: 'GET', url: '/api/system/DataInterface' })).toEqual(deny);
    expect(await t.call(emp, { method: 'GET', url: '/api/system/DataInterfaceLog/getList' })).toEqual(deny);
  });

  it('an interface no form uses runs only for holders of its menu; others get 404 and nothing runs', async () => {
    const c = await post({
      fullName: '内部',
      enCode: 'internalOnly',
      kind: 'static',
      staticData: '[{"id":"s","v":"secret"}]',
    });
    expect(c.code, c.msg).toBe(200);
    const runs = async (token: string) =>
      Promise.all([
        t.call<Any>(token, { method: 'GET', url: `/api/system/DataInterface/GetParam/${c.data}` }),
        t.call<Any>(token, {
          method: 'POST',
          url: `/api/system/DataInterface/${c.data}/Actions/List`,
          payload: {},
        }),
        t.call<Any>(token, {
          method: 'POST',
          url: `/api/system/DataInterface/${c.data}/Actions/Info`,
          payload: { id: 's', propsValue: 'id' },
        }),
      ]);
    for (const r of await runs(emp))
      expect({ code: r.code, data: r.data }).toEqual({ code: 404, data: null });
    const sysadmin = await t.login('sysadmin'); // holds systemData.dataInterface
    for (const r of await runs(sysadmin)) expect(r.code, r.msg).toBe(200);
    // once a flow form uses it, every user filling that form may run it
    await useInFlowForm(c.data);
    for (const r of await runs(emp)) expect(r.code, r.msg).toBe(200);
  });

  it('a {placeholder} value of . or .. cannot move the request to another path', async () => {
    const seen: string[] = [];
    const spy = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end('[]');
    });
    await new Promise<void>((r) => spy.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`;
    process.env.KP_DATA_INTERFACE_HOSTS = `${base.replace('http://', '')},${origin.replace('http://', '')}`;
    try {
      const c = await post({
        fullName: '明细',
        enCode: 'itemDetail',
        kind: 'http',
        url: `${origin}/api/items/{id}/detail`,
        params: [{ field: 'id' }],
      });
      expect(c.code, c.msg).toBe(200);
      for (const id of ['..', '.', ' .. ']) {
        const r = await t.call<Any>(admin, {
          method: 'POST',
          url: `/api/system/DataInterface/${c.data}/Actions/Preview`,
          payload: { paramList: { id } },
        });
        expect({ id, code: r.code, msg: r.msg }).toEqual({ id, code: 400, msg: 'id: 参数值不能是 . 或 ..' });
      }
      const fine = await t.call<Any>(admin, {
        method: 'POST',
        url: `/api/system/DataInterface/${c.data}/Actions/Preview`,
        payload: { paramList: { id: '../admin' } },
      });
      expect(fine.code, fine.msg).toBe(200);
      expect(seen).toEqual(['/api/items/..%2Fadmin/detail']);
    } finally {
      spy.closeAllConnections();
      await new Promise((r) => spy.close(r));
    }
  });
});
