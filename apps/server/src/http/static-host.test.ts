import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

describe('static host at /kpSystem/', () => {
  let t: TestApp;
  let bare: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'kp-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>建管佳</title><div id="root"></div>',
    );
    await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ hostDist: dist });
    bare = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('redirects / to /kpSystem/', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/' });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/kpSystem/');
  });

  it('serves files and index.html for client routes', async () => {
    const idx = await t.app.inject({ method: 'GET', url: '/kpSystem/' });
    expect(idx.statusCode).toBe(200);
    expect(idx.body).toContain('建管佳');
    const js = await t.app.inject({ method: 'GET', url: '/kpSystem/assets/app.js' });
    expect(js.body).toBe('console.log(1)');
    const route = await t.app.inject({ method: 'GET', url: '/kpSystem/workFlow/flowTodo?x=1' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('id="root"');
    const missing = await t.app.inject({ method: 'GET', url: '/kpSystem/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    // a menu route whose enCode has a dot is a client route, not a missing file
    const dotted = await t.app.inject({ method: 'GET', url: '/kpSystem/portal/portal.group' });
    expect(dotted.statusCode).toBe(200);
    expect(dotted.body).toContain('id="root"');
    const traversal = await t.app.inject({ method: 'GET', url: '/kpSystem/..%2F..%2Fetc%2Fpasswd' });
    expect(traversal.body).not.toContain('root:');
  });

  it('pages and files carry the full security headers; a JSON answer its own short set', async () => {
    for (const url of ['/kpSystem/', '/kpSystem/workFlow/flowTodo', '/kpSystem/assets/app.js']) {
      const r = await t.app.inject({ method: 'GET', url });
      const csp = String(r.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(r.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      expect(r.headers['x-content-type-options'], url).toBe('nosniff');
      expect(r.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/oauth/getConfig/admin' });
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('without a built host says so instead of failing', async () => {
    const r = await bare.app.inject({ method: 'GET', url: '/kpSystem/home' });
    expect(r.body).toContain('not built');
  });
});
