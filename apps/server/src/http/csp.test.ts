// The pages' CSP (issue 34): no 'unsafe-eval', images and frames from the site only (plus KP_FRAME_HOSTS),
// violations reported to a public, bounded, rate-limited endpoint that logs them.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, securityHeaders, serverLogger } from '../app';
import { CSP_REPORTS_PER_ADDRESS, ReportLimiter } from '../domains/ops/csp-report';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../test/harness';
import { cspDirectives, parseFrameHosts } from './csp';

/** The directive `name` of a policy, as its list of sources. */
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find((d) => d[0] === name)
    ?.slice(1) ?? null;

describe('the pages’ CSP (pure)', () => {
  const csp = securityHeaders()['content-security-policy']!;

  it("has no 'unsafe-eval' and no inline script", () => {
    expect(csp).not.toContain('unsafe-eval');
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
  });

  it('loads images only from the site, data: and blob:; frames only from the site and blob:', () => {
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directive(csp, 'frame-src')).toEqual(["'self'", 'blob:']);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'self'"]);
  });

  it('reports violations to /api/csp-report (report-uri)', () => {
    expect(directive(csp, 'report-uri')).toEqual(['/api/csp-report']);
  });

  it('KP_FRAME_HOSTS adds listed http(s) origins to frame-src, and nothing wider', () => {
    expect(parseFrameHosts(undefined)).toEqual([]);
    const hosts = parseFrameHosts(' https://erp.example.com, http://oa.intra:8080/ ');
    expect(hosts).toEqual(['https://erp.example.com', 'http://oa.intra:8080']);
    const framed = securityHeaders(cspDirectives(hosts))['content-security-policy']!;
    expect(directive(framed, 'frame-src')).toEqual([
      "'self'",
      'blob:',
      'https://erp.example.com',
      'http://oa.intra:8080',
    ]);
    for (const bad of ['*', 'https:', 'https://*.example.com', 'javascript:alert(1)', 'https://a.example/x'])
      expect(() => parseFrameHosts(bad), bad).toThrow(/KP_FRAME_HOSTS/);
  });

  it('the limiter allows a share per address and in all, per minute', () => {
    let now = 0;
    const l = new ReportLimiter(2, 3, () => now);
    expect([l.take('a'), l.take('a'), l.take('a')]).toEqual([true, true, false]);
    expect([l.take('b'), l.take('c')]).toEqual([true, false]);
    now = 60_000;
    expect(l.take('a')).toBe(true);
  });
});

describe(`POST /api/csp-report (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    app = await buildApp({
      db: t.db,
      dataDir: t.dataDir,
      logger: { ...(serverLogger('warn') as object), stream },
      options: { bcryptCost: 4 },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const report = (body: string, type = 'application/csp-report', remoteAddress = '198.51.100.7') =>
    app.inject({
      method: 'POST',
      url: '/api/csp-report',
      remoteAddress,
      headers: { 'content-type': type },
      payload: body,
    });

  it('takes a report-uri report without a session and logs it, the page address without its query', async () => {
    const res = await report(
      JSON.stringify({
        'csp-report': {
          'document-uri': 'http://kp.example/kpSystem/home?code=secret-code',
          'violated-directive': 'script-src',
          'effective-directive': 'script-src',
          'blocked-uri': 'eval',
          'line-number': 3,
        },
      }),
    );
    expect(res.statusCode).toBe(204);
    const log = lines.join('');
    expect(log).toContain('csp violation');
    expect(log).toContain('"directive":"script-src"');
    expect(log).toContain('"blocked":"eval"');
    expect(log).toContain('http://kp.example/kpSystem/home');
    expect(log).not.toContain('secret-code');
  });

  it('takes a report-to batch', async () => {
    const res = await report(
      JSON.stringify([
        {
          type: 'csp-violation',
          url: 'http://kp.example/kpSystem/x',
          body: {
            documentURL: 'http://kp.example/kpSystem/x',
            effectiveDirective: 'img-src',
            blockedURL: 'https://t.example/p.gif',
          },
        },
      ]),
      'application/reports+json',
      '198.51.100.8',
    );
    expect(res.statusCode).toBe(204);
    expect(lines.join('')).toContain('https://t.example/p.gif');
  });

  it('refuses what is not a report, and bodies over 16 KiB, logging nothing', async () => {
    const before = lines.length;
    const junk = await report('not json', 'application/csp-report', '198.51.100.9');
    expect(junk.json().code).toBe(400);
    const other = await report(JSON.stringify({ hello: 1 }), 'application/json', '198.51.100.9');
    expect(other.json().code).toBe(400);
    const big = await report(
      JSON.stringify({ 'csp-report': { 'blocked-uri': 'x'.repeat(20_000) } }),
      'application/csp-report',
      '198.51.100.9',
    );
    expect(big.json().code).toBe(413);
    expect(lines.length).toBe(before);
  });

  it("frame-src follows the administrator's allow-list (externalLinkHosts), keeping plain origins only", async () => {
    const frameSrc = async () =>
      directive(
        String((await t.app.inject({ method: 'GET', url: '/metrics' })).headers['content-security-policy']),
        'frame-src',
      );
    expect(await frameSrc()).toEqual(["'self'", 'blob:']);
    await t.ctx.settings.set({
      externalLinkHosts: [
        'https://erp.example.com/',
        'https://*',
        'https://a.example;script-src *',
        'ftp://x.example',
      ],
    });
    await expect.poll(frameSrc).toEqual(["'self'", 'blob:', 'https://erp.example.com']);
    await t.ctx.settings.set({ externalLinkHosts: [] });
    await expect.poll(frameSrc).toEqual(["'self'", 'blob:']);
  });

  it('one address gets its share per minute, then 429 and nothing more is logged', async () => {
    const body = JSON.stringify({
      'csp-report': { 'effective-directive': 'img-src', 'blocked-uri': 'https://x' },
    });
    const codes: number[] = [];
    for (let i = 0; i < CSP_REPORTS_PER_ADDRESS + 2; i++)
      codes.push((await report(body, 'application/csp-report', '203.0.113.5')).statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(CSP_REPORTS_PER_ADDRESS);
    const refused = await report(body, 'application/csp-report', '203.0.113.5');
    expect(refused.json().code).toBe(429);
    // another address is still heard
    expect((await report(body, 'application/csp-report', '203.0.113.6')).statusCode).toBe(204);
  });
});
