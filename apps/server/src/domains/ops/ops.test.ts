// Health, readiness and metrics (issue 21).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('operations endpoints', () => {
  it('answers liveness and readiness without a session', async () => {
    const h = await t.app.inject({ method: 'GET', url: '/health' });
    expect(h.statusCode).toBe(200);
    expect(h.json().status).toBe('ok');
    const r = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ready' });
  });

  it('serves Prometheus metrics to this machine, with request latency by route template', async () => {
    const token = await t.login('zhangwei');
    await t.call(token, { method: 'GET', url: '/api/oauth/CurrentUser' });
    await t.call(token, { method: 'GET', url: '/api/workflow/Engine/FlowBefore/no-such-task' });
    const m = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(m.statusCode).toBe(200);
    expect(m.headers['content-type']).toContain('text/plain');
    const text = m.body;
    expect(text).toMatch(
      /kp_http_request_duration_seconds_count\{method="GET",route="\/api\/oauth\/CurrentUser",status="200"\} 1/,
    );
    // a histogram in Prometheus' form: cumulative buckets up to +Inf (= the count), a sum
    const series = 'method="GET",route="/api/oauth/CurrentUser",status="200"';
    const buckets = [
      ...text.matchAll(/kp_http_request_duration_seconds_bucket\{le="([^"]+)",([^}]*)\} (\d+)/g),
    ]
      .filter((m) => m[2] === series)
      .map((m) => [m[1], Number(m[3])] as const);
    expect(buckets.map(([le]) => le)).toEqual([
      ...['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10'],
      '+Inf',
    ]);
    expect(buckets.every(([, n], i) => i === 0 || n >= buckets[i - 1]![1])).toBe(true);
    expect(buckets[buckets.length - 1]![1]).toBe(1);
    expect(
      Number(text.match(new RegExp(`kp_http_request_duration_seconds_sum\\{${series}\\} (\\S+)`))?.[1]),
    ).toBeGreaterThan(0);
    expect(text).toContain('route="/api/workflow/Engine/FlowBefore/:id"');
    expect(text).not.toContain('no-such-task');
    expect(text).toMatch(/kp_websocket_connections \d+/);
    expect(text).toMatch(/kp_workflow_deadlines\{state="pending"\} \d+/);
    expect(text).toContain('kp_process_cpu_user_seconds_total');
  });

  it('counts the workflow list reads by result: a first read is cold, the second a hit', async () => {
    const token = await t.login('zhangwei');
    const reads = async () => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
      const n = (result: string) =>
        Number(
          text.match(new RegExp(`kp_list_cache_reads\\{result="${result}"\\} (\\d+)`))?.[1] ?? Number.NaN,
        );
      return { hit: n('hit'), cold: n('cold') };
    };
    // a write (the sign-in's) holds the list cache off for a moment: its reads then count as "other"
    for (let i = 0; t.db.lists.servingGeneration() === null; i++) {
      if (i > 100) throw new Error('the list cache stays held');
      await new Promise((r) => setTimeout(r, 50));
    }
    const before = await reads();
    for (let i = 0; i < 2; i++)
      await t.call(token, {
        method: 'GET',
        url: '/api/workflow/Engine/FlowBefore/List/1?currentPage=1&pageSize=17',
      });
    const after = await reads();
    expect(after.cold - before.cold).toBe(1);
    expect(after.hit - before.hit).toBe(1);
  });

  it('refuses metrics from elsewhere, and needs the token when one is set', async () => {
    const far = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '198.51.100.4' });
    expect(far.json()).toMatchObject({ code: 403, msg: '仅限监控系统访问' });
    process.env.METRICS_TOKEN = 'scrape-secret';
    try {
      const none = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(none.json().code).toBe(403);
      const ok = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '198.51.100.4',
        headers: { authorization: 'Bearer scrape-secret' },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });

  it('on close finishes a request already under way, turns new ones away, then closes', async () => {
    let release: () => void = () => {};
    let started: () => void = () => {};
    const inFlight = new Promise<void>((r) => {
      started = r;
    });
    const other = await createTestApp({
      seed: false,
      extraRoutes: (app) => {
        app.get('/api/test/slow', { config: { auth: 'public' } }, async () => {
          started();
          await new Promise<void>((r) => {
            release = r;
          });
          return { done: true };
        });
      },
    });
    const address = await other.app.listen({ host: '127.0.0.1', port: 0 });
    const slow = fetch(`${address}/api/test/slow`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await inFlight;
    const closing = other.close(); // app.close(), then the database
    await new Promise((r) => setTimeout(r, 50));
    // a new request while closing: refused (the listener is closed) or answered 503, never served
    const late = await fetch(`${address}/health`, { headers: { connection: 'close' } }).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    release();
    expect(await slow).toEqual({ status: 200, body: { done: true } });
    // and close() ends promptly: the answer's keep-alive connection is not left open (72 s) behind it
    const ended = await Promise.race([
      closing.then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('still open after 5 s'), 5_000)),
    ]);
    expect(ended).toBe('closed');
  }, 120_000);
});
