// Issue 20: every route the specification names is served. Each is called without a session and with
// placeholder parameters: a served route answers its guard's or its schema's refusal; a missing one
// answers the not-found handler (HTTP 404, 接口不存在). Without a session nothing is changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../apps/server/src/test/harness';
import { SPEC_ROUTES } from './spec-routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

describe('spec routes', () => {
  it('lists the spec routes once each', () => {
    const keys = SPEC_ROUTES.map(([m, p]) => `${m} ${p}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(300);
  });

  it('serves every route the spec names, as the spec spells it', async () => {
    const missing: string[] = [];
    for (const [method, path] of SPEC_ROUTES) {
      const url = path.replaceAll('{x}', 'x1');
      const res = await t.app.inject({ method, url });
      const body = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
      if (res.statusCode === 404 || body?.msg === '接口不存在') missing.push(`${method} ${path}`);
    }
    expect(missing).toEqual([]);
  });

  it('answers an unknown route with HTTP 404 and the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, msg: '接口不存在' });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/no/such/route',
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().msg).toBe('No such API');
  });

  it('matches paths case-insensitively, keeping parameter case', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/API/OAUTH/CURRENTUSER' });
    expect(a.statusCode).not.toBe(404);
    expect(a.json().code).toBe(602);
  });
});
