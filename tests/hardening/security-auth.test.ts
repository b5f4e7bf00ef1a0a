// Security wave 2 (issue 17), sessions and transport: prototype names in paths on every registered route.
import { createTestApp, TEST_DB_KIND, type TestApp } from '@kp/server/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbOf, fillUrl, fuzzable, toQuery } from './fuzz';

type Schema = Parameters<typeof arbOf>[0];

const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

describe(`prototype names in paths (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('no registered route answers 500 when a path parameter is a prototype name', async () => {
    const failures: string[] = [];
    const routes = t.ctx.routes.filter((r) => fuzzable(r) && r.url.includes(':'));
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes) {
      const schema = r.schema as { body?: Schema; querystring?: Schema } | undefined;
      // well-formed bodies and queries (no hostile leaves), so the handler itself runs
      const bodies = fc.sample(arbOf(schema?.body, 0), { numRuns: 2, seed: 17 });
      const queries = fc.sample(arbOf(schema?.querystring ?? { type: 'object' }, 0), {
        numRuns: 2,
        seed: 17,
      });
      for (const name of PROTO_NAMES) {
        for (let k = 0; k < 2; k++) {
          const url = fillUrl(r.url, () => name) + toQuery(queries[k]);
          const res = await t.app.inject({
            method: r.method as 'GET',
            url,
            headers: { authorization: `Bearer ${admin}` },
            ...(r.method === 'GET' || r.method === 'DELETE' || !schema?.body
              ? {}
              : { payload: bodies[k] as object }),
          });
          let code: number | undefined;
          try {
            code = (res.json() as { code?: number }).code;
          } catch {
            code = res.statusCode; // files, images: a non-JSON answer is fine unless it is a 5xx
          }
          if (res.statusCode >= 500 || code === 500)
            failures.push(`${r.method} ${url}: ${res.body.slice(0, 160)}`);
          if (
            r.method !== 'GET' &&
            (await t.call(admin, { method: 'GET', url: '/api/oauth/CurrentUser' })).code !== 200
          )
            admin = await t.login('admin'); // a call that ended or locked the session
        }
      }
    }
    expect(failures).toEqual([]);
  }, 900_000);
});
