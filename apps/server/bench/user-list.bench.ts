// Bench: GET /api/permission/Users (paged user list, admin, page 100 of 20 rows) over 10,000 users on
// the real server (PGlite in memory, seeded), against a bare Fastify route returning the same bytes,
// both measured with autocannon on 127.0.0.1 in the same run: short runs of each, interleaved, ratio =
// median of the pairs (kit.compareLoad). Every answer's envelope code is checked.
// Run: node --import tsx apps/server/bench/user-list.bench.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { md5Hex } from '../src/domains/auth/tokens';
import { seedIfEmpty } from '../src/seed/seed';

import { compareLoad, runLoad } from './kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const CONNECTIONS = 10;
const USERS = 10_000;

const dataDir = await mkdtemp(path.join(tmpdir(), 'kp-bench-users-'));
const db = await openDatabase({ kind: 'pglite' });
await migrateToLatest(db.kysely);
await seedIfEmpty(db.kysely, { bcryptCost: 4, extraUsers: USERS });
// seedIfEmpty runs ANALYZE after its bulk load (PGlite has no autovacuum); nothing else is tuned here.
const count = Number(
  (
    await db.kysely
      .selectFrom('base_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
const app = await buildApp({ db, dataDir, logger: false, options: { bcryptCost: 4, hostDist: null } });
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const login = await fetch(`${base}/api/oauth/Login`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ account: 'admin', password: md5Hex('admin123') }).toString(),
}).then((r) => r.json());
const headers = { authorization: `Bearer ${login.data.token as string}` };
const route = '/api/permission/Users?currentPage=100&pageSize=20';
const sample = await fetch(`${base}${route}`, { headers });
const bytes = await sample.text();
const parsed = JSON.parse(bytes);
if (parsed.code !== 200 || parsed.data.list.length !== 20)
  throw new Error(`user list failed: ${bytes.slice(0, 200)}`);

const bare = Fastify({ logger: false });
bare.get('/api/permission/Users', (_req, reply) => reply.type('application/json; charset=utf-8').send(bytes));
const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 });

const cmp = await compareLoad(
  { url: `${base}${route}`, connections: CONNECTIONS, headers },
  { url: `${bareBase}${route}`, connections: CONNECTIONS, headers },
  { pairs: PAIRS, seconds: SECONDS },
);
const { ours, baseline, ratio } = cmp;
const cacheStats = { hits: db.cache.hits, misses: db.cache.misses };
// The same route with the read cache off (every request runs the page query and its count).
db.cache.enabled = false;
const uncached = await runLoad({ url: `${base}${route}`, connections: CONNECTIONS, headers }, 4);
db.cache.enabled = true;
await app.close();
await bare.close();
await db.close();
await rm(dataDir, { recursive: true, force: true });

console.log(
  `BENCH ${JSON.stringify({
    id: 'server.user-list',
    title: `GET /api/permission/Users page 100 × 20 over ${count} users (admin, ${bytes.length} bytes, ${CONNECTIONS} connections, ${PAIRS} interleaved pairs of ${SECONDS}s; pair ratios ${cmp.ratios.map((r) => r.toFixed(2)).join(' ')}): p50 ${ours.p50} ms, p99 ${ours.p99} ms, ${ours.errors} errors of ${ours.requests}`,
    ours: { value: Math.round(ours.rps), unit: 'req/s' },
    baseline: {
      name: 'bare Fastify route returning the same bytes',
      value: Math.round(baseline.rps),
      unit: 'req/s',
    },
    ratio: Number(ratio.toFixed(3)),
    ratioMeaning: 'ours / baseline requests per second, median of interleaved pairs (higher is better)',
    target: '>= 0.8, 0 errors',
    cache: cacheStats,
    pass: ratio >= 0.8 && ours.errors === 0 && ours.requests > 0,
  })}`,
);
console.log(
  `BENCH ${JSON.stringify({
    id: 'server.user-list-uncached',
    title: `the same page with the read cache off (query + count on every request; information, no target)`,
    ours: { value: Math.round(uncached.rps), unit: 'req/s' },
    baseline: {
      name: 'bare Fastify route returning the same bytes',
      value: Math.round(baseline.rps),
      unit: 'req/s',
    },
    ratio: Number((uncached.rps / baseline.rps).toFixed(3)),
    ratioMeaning: 'ours / baseline requests per second (higher is better)',
    pass: uncached.errors === 0,
  })}`,
);
