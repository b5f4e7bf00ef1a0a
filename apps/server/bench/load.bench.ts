// Load bench (issue 10): autocannon at fixed concurrency on POST /api/oauth/Login (real bcrypt cost 10)
// and GET /api/oauth/CurrentUser for 20 different users, on the real server (PGlite in memory, seeded),
// 127.0.0.1. Prints p50, p99, requests per second and errors; an answer whose envelope code is not 200
// counts as an error. Pass: no error at the bench's load.
// Login is measured with the native hasher the server uses (@node-rs/bcrypt, off the event loop) and,
// as its baseline in the same run, with the pure-JS bcryptjs it replaced (same hashes, same server).
// Run: node --import tsx apps/server/bench/load.bench.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { passwordHasher } from '../src/auth/password';
import { md5Hex } from '../src/auth/tokens';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { DEMO_PASSWORD, seedIfEmpty } from '../src/db/seed';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const BCRYPT = 10;

const dataDir = await mkdtemp(path.join(tmpdir(), 'kp-bench-load-'));
const db = await openDatabase({ kind: 'pglite' });
await migrateToLatest(db.kysely);
await seedIfEmpty(db.kysely, { bcryptCost: BCRYPT });
const app = await buildApp({ db, dataDir, logger: false, options: { bcryptCost: BCRYPT, hostDist: null } });
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const accounts = (
  await db.kysely
    .selectFrom('base_user')
    .select('account')
    .where('account', '!=', 'admin')
    .orderBy('account')
    .limit(20)
    .execute()
).map((r) => r.account);

async function login(account: string): Promise<string> {
  const res = await fetch(`${base}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account, password: md5Hex(DEMO_PASSWORD) }).toString(),
  }).then((r) => r.json());
  if (res.code !== 200) throw new Error(`login ${account}: ${res.code} ${res.msg}`);
  return res.data.token;
}

interface Figure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

async function run(opts: autocannon.Options): Promise<Figure> {
  let envelopeErrors = 0;
  const requests = (opts.requests ?? [{}]).map((r) => ({
    ...r,
    onResponse: (_status: number, body: string) => {
      try {
        if (JSON.parse(body).code !== 200) envelopeErrors++;
      } catch {
        envelopeErrors++;
      }
    },
  }));
  const r = await autocannon({ ...opts, requests, duration: DURATION });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx + envelopeErrors,
    requests: r.requests.total,
  };
}

const tokens = await Promise.all(accounts.map(login));
const loginCase = (i: number) => ({
  method: 'POST' as const,
  path: '/api/oauth/Login',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({
    account: accounts[i % accounts.length],
    password: md5Hex(DEMO_PASSWORD),
  }).toString(),
});
const figures: Array<[string, string, number, Figure]> = [];

// Login: bcrypt (cost 10) dominates; 4 connections. Native first, then bcryptjs as the baseline.
const loginRun = () => run({ url: base, connections: 4, requests: accounts.map((_, i) => loginCase(i)) });
const hasher = (await passwordHasher('native')).name;
const nativeLogin = await loginRun();
await passwordHasher('js');
const jsLogin = await loginRun();
await passwordHasher('native');
// CurrentUser: 20 users with their own tokens, 20 connections.
let next = 0;
figures.push([
  'server.load.current-user',
  'GET /api/oauth/CurrentUser, 20 users (one token each)',
  20,
  await run({
    url: `${base}/api/oauth/CurrentUser`,
    connections: 20,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          headers: { ...(req.headers ?? {}), authorization: `Bearer ${tokens[next++ % tokens.length]}` },
        }),
      },
    ],
  }),
]);
await app.close();
await db.close();
await rm(dataDir, { recursive: true, force: true });

console.log(
  `BENCH ${JSON.stringify({
    id: 'server.load.login',
    title: `POST /api/oauth/Login, 20 users in turn, bcrypt cost ${BCRYPT} (${hasher}), 4 connections, ${DURATION}s: p50 ${nativeLogin.p50} ms, p99 ${nativeLogin.p99} ms, ${nativeLogin.errors} errors of ${nativeLogin.requests}; bcryptjs p50 ${jsLogin.p50} ms, p99 ${jsLogin.p99} ms`,
    ours: { value: Math.round(nativeLogin.rps), unit: 'req/s' },
    baseline: {
      name: 'the same login with bcryptjs (pure JS, on the event loop)',
      value: Math.round(jsLogin.rps),
      unit: 'req/s',
    },
    p50: { value: nativeLogin.p50, unit: 'ms' },
    p99: { value: nativeLogin.p99, unit: 'ms' },
    errors: nativeLogin.errors,
    requests: nativeLogin.requests,
    ratio: Number((nativeLogin.rps / Math.max(jsLogin.rps, 0.1)).toFixed(2)),
    ratioMeaning: 'native / bcryptjs logins per second (higher is better)',
    target: '>= 1.5, 0 errors',
    pass:
      nativeLogin.errors === 0 &&
      jsLogin.errors === 0 &&
      nativeLogin.requests > 0 &&
      nativeLogin.rps >= 1.5 * jsLogin.rps,
  })}`,
);
for (const [id, title, connections, f] of figures)
  console.log(
    `BENCH ${JSON.stringify({
      id,
      title: `${title}, ${connections} connections, ${DURATION}s: p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.errors} errors of ${f.requests}`,
      ours: { value: Math.round(f.rps), unit: 'req/s' },
      p50: { value: f.p50, unit: 'ms' },
      p99: { value: f.p99, unit: 'ms' },
      errors: f.errors,
      requests: f.requests,
      ratio: f.errors,
      ratioMeaning: 'errors at this load (lower is better)',
      target: '0 errors',
      pass: f.errors === 0 && f.requests > 0,
    })}`,
  );
