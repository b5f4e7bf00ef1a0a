// Issue 10, bad input: every registered API route gets bodies and queries generated from its JSON Schema
// with hostile leaves, plus hostile shapes (wrong root types, deep nesting, huge strings, SQL and script
// payloads, path traversal in ids and names, negative and huge paging). Every answer must be a non-200
// code with a msg or a correct result — never a 5xx, a stack trace or a hang — and a refused call must
// write nothing (a statement trigger on every table counts committed writes).
// Runs per route: HARDEN_RUNS (default 6 generated cases + the fixed hostile ones); seed HARDEN_SEED.

import { appendFileSync, writeFileSync } from 'node:fs';
import { DEFAULT_SETTINGS } from '@kp/server';
import { createTestApp, TEST_DB_KIND, type TestApp } from '@kp/server/testing';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arbOf,
  checkAnswer,
  deepArray,
  deepNest,
  fillUrl,
  fuzzable,
  HOSTILE_NUMBERS,
  HOSTILE_STRINGS,
  installWriteCounter,
  toQuery,
  writeMark,
  writesSince,
} from './fuzz';

const RUNS = Number(process.env.HARDEN_RUNS ?? 4);
const SEED = Number(process.env.HARDEN_SEED ?? 20261122);
const CALL_TIMEOUT_MS = 15_000;

/** Refusals that write by design: failed logins count toward the lockout (base_user.error_count). */
const REFUSAL_MAY_WRITE = new Set([
  'POST /api/oauth/Login',
  'POST /api/permission/Users/Current/Actions/ModifyPassword',
]);

interface Case {
  label: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

describe(`bad input on every route (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  const db = () => t.db.kysely as unknown as Kysely<never>;

  beforeAll(async () => {
    t = await createTestApp();
    await installWriteCounter(db());
    admin = await t.login('admin');
    adminId = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Puts the administrator back when a generated call changed the settings or ended its session. */
  async function ensureAdmin() {
    const cu = await t.call(admin, { method: 'GET', url: '/api/oauth/CurrentUser' });
    if (cu.code === 200) return;
    await t.ctx.settings.set(DEFAULT_SETTINGS);
    await t.db.kysely
      .updateTable('base_user')
      .set({ locked_at: null, error_count: 0, enabled_mark: 1, is_administrator: true })
      .where('id', '=', adminId)
      .execute();
    admin = await t.login('admin');
  }

  function casesFor(r: (typeof t.ctx.routes)[number], rnd: number): Case[] {
    const schema = r.schema ?? {};
    const params = (schema.params ?? {}) as Parameters<typeof arbOf>[0];
    const query = schema.querystring as Parameters<typeof arbOf>[0];
    const body = schema.body as Parameters<typeof arbOf>[0];
    const okId = () => 'x0000000000000000000000000000001';
    const cases: Case[] = [];
    const plainUrl = fillUrl(r.url, okId);
    const hasBody = r.method !== 'GET' && r.method !== 'DELETE';
    // Fixed hostile shapes.
    cases.push({ label: 'nothing', url: plainUrl });
    for (const [i, s] of HOSTILE_STRINGS.entries())
      if (r.url.includes(':') && i % 4 === rnd % 4)
        cases.push({ label: `param ${i}`, url: fillUrl(r.url, () => s.slice(0, 2000)) });
    if (r.url.includes(':')) cases.push({ label: 'param huge', url: fillUrl(r.url, () => 'z'.repeat(5000)) });
    const paging = r.method === 'GET' ? HOSTILE_NUMBERS.filter((_, i) => i % 5 === rnd % 5) : [];
    for (const v of paging)
      cases.push({
        label: `paging ${JSON.stringify(v)}`,
        url: `${plainUrl}${toQuery({ currentPage: v, pageSize: v, sort: 'desc; drop table x', sidx: '1;--', keyword: "%' or 1=1 --" })}`,
      });
    if (hasBody) {
      for (const payload of [
        [],
        'text',
        12,
        null,
        deepNest(200),
        deepArray(2000),
        { __proto__: { isAdministrator: true }, constructor: { prototype: { x: 1 } } },
      ])
        cases.push({ label: `body ${typeof payload}`, url: plainUrl, payload });
      cases.push({ label: 'body huge', url: plainUrl, payload: { a: 'x'.repeat(1_500_000) } });
      cases.push({
        label: 'form body',
        url: plainUrl,
        payload: 'a=1&a=2&b[c]=3&__proto__[x]=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      cases.push({
        label: 'bad json',
        url: plainUrl,
        payload: '{"a":',
        headers: { 'content-type': 'application/json' },
      });
    }
    // Generated from the schema with hostile leaves.
    const gen = fc.record({
      p: arbOf(params, 0.3),
      q: arbOf(query ?? { type: 'object', properties: {} }, 0.3),
      b: arbOf(body ?? { type: 'object', properties: {} }, 0.3),
    });
    const samples = fc.sample(gen, { numRuns: RUNS, seed: SEED + rnd });
    for (const [i, s] of samples.entries()) {
      const p = (s.p ?? {}) as Record<string, unknown>;
      const url = fillUrl(r.url, (name) => {
        const v = p[name];
        return v === undefined || v === null || v === ''
          ? okId()
          : String(typeof v === 'object' ? JSON.stringify(v) : v).slice(0, 3000);
      });
      cases.push({
        label: `generated ${i}`,
        url: `${url}${toQuery(s.q)}`,
        payload: hasBody ? s.b : undefined,
      });
    }
    return cases;
  }

  it('no 5xx, stack trace or hang on any route, and a refusal writes nothing', {
    timeout: 1_200_000,
  }, async () => {
    const routes = t.ctx.routes.filter(fuzzable);
    expect(routes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    let calls = 0;
    // The server logs the cause of a 500 (never sends it): keep it for the problem text.
    let lastError = '';
    const log = t.app.log as unknown as { error: (...a: unknown[]) => void };
    const originalError = log.error;
    log.error = (o: unknown) => {
      const err = (o as { err?: Error })?.err;
      lastError = err ? `${err.name}: ${err.message}`.slice(0, 300) : String(o).slice(0, 300);
    };
    for (const [ri, r] of routes.entries()) {
      const key = `${r.method} ${r.url}`;
      for (const c of casesFor(r, ri)) {
        const before = await writeMark(db());
        const headers: Record<string, string> = {
          authorization: `Bearer ${admin}`,
          ...(c.payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(c.headers ?? {}),
        };
        lastError = '';
        const started = Date.now();
        const res = await Promise.race([
          t.app.inject({
            method: r.method as 'GET',
            url: c.url,
            headers,
            ...(c.payload !== undefined
              ? { payload: typeof c.payload === 'string' ? c.payload : JSON.stringify(c.payload) }
              : {}),
          }),
          new Promise<null>((res) => setTimeout(() => res(null), CALL_TIMEOUT_MS)),
        ]);
        calls++;
        if (!res) {
          problems.push(`${key} [${c.label}] ${c.url.slice(0, 120)}: no answer in ${CALL_TIMEOUT_MS} ms`);
          continue;
        }
        const answer = {
          status: res.statusCode,
          contentType: String(res.headers['content-type'] ?? ''),
          body: res.body,
        };
        // /api/docs is the OpenAPI document itself, not an envelope.
        const bad =
          r.url === '/api/docs'
            ? answer.status === 200 && JSON.parse(answer.body).openapi
              ? null
              : `no OpenAPI document (${answer.status})`
            : checkAnswer(answer);
        if (bad)
          problems.push(
            `${key} [${c.label}] ${c.url.slice(0, 120)}: ${bad}${lastError ? ` <- ${lastError}` : ''}`,
          );
        if (answer.contentType.includes('json') && !REFUSAL_MAY_WRITE.has(key)) {
          let code = 0;
          try {
            code = JSON.parse(answer.body).code;
          } catch {}
          if (code !== 200) {
            const wrote = await writesSince(db(), before);
            if (wrote.length)
              problems.push(`${key} [${c.label}] refused (${code}) but wrote ${wrote.join(', ')}`);
          }
        }
        if (Date.now() - started > 5_000)
          problems.push(`${key} [${c.label}]: slow (${Date.now() - started} ms)`);
      }
      await ensureAdmin();
      if (process.env.HARDEN_PROGRESS)
        appendFileSync(
          process.env.HARDEN_PROGRESS,
          `${ri + 1}/${routes.length} ${key} calls=${calls} problems=${problems.length}\n`,
        );
    }
    log.error = originalError;
    console.log(`bad-input: ${routes.length} routes, ${calls} calls, ${problems.length} problems`);
    if (process.env.HARDEN_PROGRESS)
      writeFileSync(`${process.env.HARDEN_PROGRESS}.problems`, problems.join('\n'));
    expect(problems, problems.slice(0, 60).join('\n')).toEqual([]);
  });
});
