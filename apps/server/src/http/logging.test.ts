import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, requestId, serverLogger } from '../app';
import { readConfig } from '../config';
import { createTestApp, md5, passwordOf, TEST_DB_KIND, type TestApp } from '../test/harness';

/** The app over the test database with the production logger at `level`, its JSON lines collected. */
async function loggedApp(t: TestApp, level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  const app = await buildApp({
    db: t.db,
    dataDir: t.dataDir,
    logger: { ...(serverLogger(level) as object), stream },
    options: { bcryptCost: 4 },
  });
  // what a route does when the database refuses its input: the error (pg's detail quotes the values)
  app.post('/api/test-log/refused', { config: { auth: 'public' } }, async () => {
    throw Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (account)=(secret-account-77) already exists.',
    });
  });
  // an unexpected failure; the route also logs the request's body and headers by mistake
  app.post('/api/test-log/boom', { config: { auth: 'public' } }, async (req) => {
    req.log.warn({ body: req.body, headers: req.headers, token: 'tok-secret-1' }, 'about to fail');
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>), raw: lines };
}

describe('request ids (pure)', () => {
  it('takes a sane X-Request-Id from the proxy, else makes a UUID', () => {
    expect(requestId({ headers: { 'x-request-id': 'haproxy-7f3a:12' } })).toBe('haproxy-7f3a:12');
    for (const bad of ['a\nb', 'x'.repeat(65), '', '{"level":60}', undefined])
      expect(requestId({ headers: { 'x-request-id': bad } })).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId({ headers: { 'x-request-id': ['a', 'b'] } })).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('LOG_LEVEL defaults to warn', () => {
    expect(readConfig({}).logLevel).toBe('warn');
    expect(readConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });
});

describe(`structured logs (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await t?.close();
  });

  const login = (app: FastifyInstance, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ account: 'admin', password: md5(passwordOf('admin')) }).toString(),
    });

  it('at warn: quiet requests leave no line; a warning and an error carry the request id, no secrets', async () => {
    const { app, lines, raw } = await loggedApp(t, 'warn');
    apps.push(app);
    const res = await login(app);
    const token = res.json().data.token as string;
    expect(token).toBeTruthy();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await app.inject({
      method: 'GET',
      url: '/api/oauth/CurrentUser',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(raw).toEqual([]); // the request lines are info: nothing at warn

    const refused = await app.inject({
      method: 'POST',
      url: '/api/test-log/refused',
      headers: { 'x-request-id': 'lb-42', authorization: `Bearer ${token}` },
    });
    expect(refused.json().code).toBe(409);
    expect(refused.headers['x-request-id']).toBe('lb-42');
    const boom = await app.inject({
      method: 'POST',
      url: '/api/test-log/boom',
      headers: { authorization: `Bearer ${token}`, cookie: `kp=${token}` },
      payload: { password: 'pw-secret-9', note: 'body-secret-5' },
    });
    expect(boom.json().code).toBe(500);
    const all = lines();
    const warn = all.find((l) => l.msg === 'input refused by the database');
    expect(warn).toMatchObject({ level: 40, reqId: 'lb-42' });
    expect((warn?.err as { detail?: string } | undefined)?.detail).toBe('[redacted]');
    const about = all.find((l) => l.msg === 'about to fail');
    const failed = all.find((l) => l.msg === 'request failed');
    expect(about?.reqId).toBe(boom.headers['x-request-id']);
    expect(failed).toMatchObject({ level: 50, reqId: boom.headers['x-request-id'] });
    expect((failed?.err as { message?: string } | undefined)?.message).toBe('boom');
    const text = raw.join('\n');
    for (const secret of [token, 'secret-account-77', 'pw-secret-9', 'body-secret-5', 'tok-secret-1'])
      expect(text).not.toContain(secret);
  });

  it('at info: every request line has its id, the URL without secrets, no headers or body', async () => {
    const { app, lines, raw } = await loggedApp(t, 'info');
    apps.push(app);
    const res = await login(app, { 'x-request-id': 'abc-1' });
    const token = res.json().data.token as string;
    await app.inject({
      method: 'GET',
      url: `/api/oauth/CurrentUser?token=${token}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const reqLines = lines().filter((l) => l.req || l.res);
    expect(reqLines.length).toBeGreaterThanOrEqual(4); // incoming + completed for each
    for (const l of reqLines) expect(typeof l.reqId).toBe('string');
    expect(reqLines.filter((l) => l.reqId === 'abc-1')).toHaveLength(2);
    const text = raw.join('\n');
    expect(text).toContain('/api/oauth/CurrentUser?token=[redacted]');
    expect(text).not.toContain(token);
    expect(text).not.toContain(md5(passwordOf('admin')));
    expect(text).not.toMatch(/authorization|cookie/i);
  });
});
