import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: envelopes of many shapes
type Any = any;

// Issue 34: data interfaces could call any port on loopback by default and read the loopback-only /metrics.
describe(`data interfaces reach only the host:port pairs allowed, never this server (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: string;
  let self: number;
  let spy: Server;
  let spyPort: number;
  const saved = process.env.KP_DATA_INTERFACE_HOSTS;
  beforeAll(async () => {
    delete process.env.KP_DATA_INTERFACE_HOSTS;
    t = await createTestApp();
    admin = await t.login('admin');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    self = (t.app.server.address() as AddressInfo).port;
    spy = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('[{"id":"1"}]');
    });
    await new Promise<void>((r) => spy.listen(0, '127.0.0.1', r));
    spyPort = (spy.address() as AddressInfo).port;
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.KP_DATA_INTERFACE_HOSTS;
    else process.env.KP_DATA_INTERFACE_HOSTS = saved;
    await t?.close();
    spy?.closeAllConnections();
    await new Promise((r) => spy?.close(r));
  });

  const post = (url: string, enCode: string) =>
    t.call<Any>(admin, {
      method: 'POST',
      url: '/api/system/DataInterface',
      payload: { fullName: enCode, enCode, kind: 'http', url },
    });
  /** An interface stored directly (as an older version saved it), so the call-time check is what is tested. */
  const stored = async (url: string, enCode: string) => {
    const id = `di-${enCode}`;
    await t.db.kysely
      .insertInto('sys_data_interface')
      .values({
        id,
        full_name: enCode,
        en_code: enCode,
        kind: 'http',
        method: 'GET',
        url,
        params: '[]',
      } as Any)
      .execute();
    return id;
  };
  const preview = (id: string) =>
    t.call<Any>(admin, {
      method: 'POST',
      url: `/api/system/DataInterface/${id}/Actions/Preview`,
      payload: {},
    });

  it('denies every host by default: 127.0.0.1:<server port>/metrics is refused on save and on call', async () => {
    const c = await post(`http://127.0.0.1:${self}/metrics`, 'selfMetrics');
    expect(c.code).toBe(400);
    expect(c.msg).toMatch(/^url: (该地址不在允许的主机列表中|不能调用本服务自身)/);
    const id = await stored(`http://127.0.0.1:${self}/metrics`, 'storedMetrics');
    const r = await preview(id);
    expect(r.code).toBe(400);
    expect(JSON.stringify(r)).not.toContain('kp_http_request');
    const other = await preview(await stored(`http://127.0.0.1:${spyPort}/x`, 'storedSpy'));
    expect(other.code).toBe(400);
  });

  it('allows only the listed host:port pairs, and never this server even when listed or reached by name', async () => {
    process.env.KP_DATA_INTERFACE_HOSTS = `127.0.0.1:${spyPort}, 127.0.0.1:${self}, localhost:${self}`;
    const ok = await post(`http://127.0.0.1:${spyPort}/items`, 'spyItems');
    expect(ok.code, ok.msg).toBe(200);
    expect((await preview(ok.data)).data).toEqual([{ id: '1' }]);
    // another port of the same host is not listed
    expect((await post(`http://127.0.0.1:${spyPort + 1}/items`, 'spyNext')).code).toBe(400);
    for (const [url, code] of [
      [`http://127.0.0.1:${self}/metrics`, 'selfByIp'],
      [`http://localhost:${self}/metrics`, 'selfByName'],
    ]) {
      const c = await post(url!, code!);
      expect(c.code, url).toBe(400);
      expect(c.msg).toMatch(/^url: 不能调用本服务自身/);
      const r = await preview(await stored(url!, `${code}Stored`));
      expect(r.code, url).toBe(400);
      expect(r.msg).toMatch(/^url: 不能调用本服务自身/);
    }
  });
});
