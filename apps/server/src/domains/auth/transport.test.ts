import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, redactUrl, securityHeaders, serverLogger } from '../../app';
import { parseTrustProxy } from '../../config';
import { createTestApp, urlencoded as form, md5, TEST_DB_KIND, type TestApp } from '../../test/harness';

describe('TRUST_PROXY and log redaction (pure)', () => {
  it('parses addresses and CIDRs; off by default; refuses "trust everyone"', () => {
    expect(parseTrustProxy(undefined)).toEqual([]);
    expect(parseTrustProxy('')).toEqual([]);
    expect(parseTrustProxy('false')).toEqual([]);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('*')).toThrow(/TRUST_PROXY/);
  });
  it('redacts token and code query values', () => {
    expect(redactUrl(`/api/file/Download/x?token=${'a'.repeat(64)}&name=b`)).toBe(
      '/api/file/Download/x?token=[redacted]&name=b',
    );
    expect(redactUrl('/x?a=1&code=abc')).toBe('/x?a=1&code=[redacted]');
  });
});

describe(`security headers, docs, client address (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let extra: FastifyInstance | null = null;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await extra?.close();
    await t?.close();
  });

  it('JSON answers carry a CSP that lets nothing load or frame them, nosniff and a referrer policy', async () => {
    // the pages' CSP (script and style sources) is asserted on the host's pages: static-host.test.ts
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/oauth/getConfig/admin' }),
      await t.app.inject({ method: 'GET', url: '/api/no/such/route' }),
      await t.app.inject({ method: 'GET', url: '/api/oauth/CurrentUser' }), // refused: 602
    ]) {
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it("the pages' CSP: scripts only from the site (no eval, no inline), framing by the site only", () => {
    const csp = securityHeaders()['content-security-policy']!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    // no inline scripts, no eval (the browser's validators are precompiled: http/csp.ts, csp.test.ts)
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it('/api/docs is for administrators only', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(anon.json().code).toBe(602);
    expect(anon.body).not.toContain('openapi');
    const emp = await t.call(await t.login('zhangwei'), { method: 'GET', url: '/api/docs' });
    expect(emp.code).toBe(403);
    const adm = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { authorization: `Bearer ${await t.login('admin')}` },
    });
    expect(adm.json().openapi).toMatch(/^3\./);
  });

  it('X-Forwarded-For is believed only from a configured proxy (refused otherwise)', async () => {
    const loginFrom = async (app: FastifyInstance, remoteAddress: string) => {
      await app.inject({
        method: 'POST',
        url: '/api/oauth/Login',
        remoteAddress,
        ...form({ account: 'zhangwei', password: md5('kp123456') }),
        headers: { ...form({}).headers, 'x-forwarded-for': '203.0.113.77' },
      });
      const row = await t.db.kysely
        .selectFrom('sys_log')
        .select('ip')
        .where('category', '=', 'login')
        .orderBy('creator_time', 'desc')
        .executeTakeFirstOrThrow();
      return row.ip;
    };
    // default: no proxy is trusted, and a request carrying X-Forwarded-For is refused (untrusted-proxy.ts)
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      ...form({ account: 'zhangwei', password: md5('kp123456') }),
      headers: { ...form({}).headers, 'x-forwarded-for': '203.0.113.77' },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().msg).toContain('TRUST_PROXY');
    // TRUST_PROXY=127.0.0.1: that proxy's X-Forwarded-For is believed, anyone else's is not
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    extra = await buildApp({
      db: t.db,
      dataDir: t.dataDir,
      trustProxy: ['127.0.0.1'],
      logger: { ...(serverLogger('info') as object), stream },
      options: { bcryptCost: 4 },
    });
    await extra.ready();
    expect(await loginFrom(extra, '127.0.0.1')).toBe('203.0.113.77');
    // the header from a sender that is not the trusted proxy: refused as well (untrusted-proxy.test.ts)
    // tokens do not reach the log: neither the header nor a ?token= / ?code= value
    const token = 'b'.repeat(64);
    await extra.inject({ method: 'GET', url: `/api/oauth/CurrentUser?token=${token}&code=secret1` });
    await extra.inject({
      method: 'GET',
      url: '/api/oauth/CurrentUser',
      headers: { authorization: `Bearer ${token}` },
    });
    const log = lines.join('');
    expect(log).toContain('/api/oauth/CurrentUser');
    expect(log).not.toContain(token);
    expect(log).not.toContain('secret1');
    expect(log).not.toContain(md5('kp123456'));
  });
});
