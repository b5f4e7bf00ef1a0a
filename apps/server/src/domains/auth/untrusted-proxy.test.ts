import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, serverLogger } from '../../app';
import { createTestApp, urlencoded as form, md5, TEST_DB_KIND, type TestApp } from '../../test/harness';

// Issue 34: behind HAProxy without TRUST_PROXY every client shared the proxy's address, so one client's
// failed logins locked everyone out. A request that carries X-Forwarded-For from a sender that is not a
// trusted proxy is refused with 503 naming TRUST_PROXY (logged once), never served as the proxy's address.
describe(`X-Forwarded-For without a trusted proxy is refused (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let proxied: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await proxied?.close();
    await t?.close();
  });
  const login = (app: FastifyInstance, remoteAddress: string, xff?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      remoteAddress,
      ...form({ account: 'zhangwei', password: md5('kp123456') }),
      headers: { ...form({}).headers, ...(xff ? { 'x-forwarded-for': xff } : {}) },
    });

  it('no TRUST_PROXY: a request with X-Forwarded-For gets 503 naming TRUST_PROXY, logged once', async () => {
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const app = await buildApp({
      db: t.db,
      dataDir: t.dataDir,
      logger: { ...(serverLogger('warn') as object), stream },
      options: { bcryptCost: 4 },
    });
    try {
      await app.ready();
      for (let i = 0; i < 3; i++) {
        const res = await login(app, '127.0.0.1', '203.0.113.77');
        expect(res.statusCode).toBe(503);
        expect(res.json().code).toBe(503);
        expect(res.json().msg).toContain('TRUST_PROXY');
      }
      expect(lines.filter((l) => l.includes('TRUST_PROXY'))).toHaveLength(1);
      // without the header the server serves as before (health checks, direct clients)
      expect((await login(app, '127.0.0.1')).json().code).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('TRUST_PROXY set: its X-Forwarded-For is believed; the header from any other sender is refused', async () => {
    proxied = await buildApp({
      db: t.db,
      dataDir: t.dataDir,
      trustProxy: ['127.0.0.1'],
      options: { bcryptCost: 4 },
    });
    await proxied.ready();
    const ok = await login(proxied, '127.0.0.1', '203.0.113.78');
    expect(ok.json().code).toBe(200);
    const row = await t.db.kysely
      .selectFrom('sys_log')
      .select('ip')
      .where('category', '=', 'login')
      .orderBy('creator_time', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.ip).toBe('203.0.113.78');
    const other = await login(proxied, '198.51.100.3', '203.0.113.79');
    expect(other.statusCode).toBe(503);
    expect(other.json().msg).toContain('TRUST_PROXY');
    expect((await login(proxied, '198.51.100.3')).json().code).toBe(200);
  });
});
