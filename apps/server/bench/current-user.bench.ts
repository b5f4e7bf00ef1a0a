// Bench: GET /api/oauth/CurrentUser (real server, PGlite in memory, seeded) against a bare Fastify route
// returning the same bytes, both measured with autocannon on 127.0.0.1 in the same run: short runs of
// each, interleaved, ratio = median of the pairs (kit.compareLoad), so load from other processes on a
// shared machine hits both alike. Every answer's envelope code is checked (a refusal counts as an error).
// Run: node --import tsx apps/server/bench/current-user.bench.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { md5Hex } from '../src/domains/auth/tokens';
import { seedIfEmpty } from '../src/seed/seed';

import { compareLoad } from './kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const CONNECTIONS = 10;

const dataDir = await mkdtemp(path.join(tmpdir(), 'kp-bench-'));
const db = await openDatabase({ kind: 'pglite' });
await migrateToLatest(db.kysely);
await seedIfEmpty(db.kysely, { bcryptCost: 4 });
const app = await buildApp({ db, dataDir, logger: false, options: { bcryptCost: 4, hostDist: null } });
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const login = await fetch(`${base}/api/oauth/Login`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ account: 'admin', password: md5Hex('admin123') }).toString(),
}).then((r) => r.json());
const token = login.data.token as string;
const headers = { authorization: `Bearer ${token}` };
const sample = await fetch(`${base}/api/oauth/CurrentUser`, { headers });
const bytes = await sample.text();
if (JSON.parse(bytes).code !== 200) throw new Error(`CurrentUser failed: ${bytes.slice(0, 200)}`);

const bare = Fastify({ logger: false });
bare.get('/api/oauth/CurrentUser', (_req, reply) =>
  reply.type('application/json; charset=utf-8').send(bytes),
);
const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 });

const cmp = await compareLoad(
  { url: `${base}/api/oauth/CurrentUser`, connections: CONNECTIONS, headers },
  { url: `${bareBase}/api/oauth/CurrentUser`, connections: CONNECTIONS, headers },
  { pairs: PAIRS, seconds: SECONDS },
);
const { ours, baseline, ratio } = cmp;
await app.close();
await bare.close();
await db.close();
await rm(dataDir, { recursive: true, force: true });

console.log(
  `BENCH ${JSON.stringify({
    id: 'server.current-user',
    title: `GET /api/oauth/CurrentUser (admin, ${bytes.length} bytes, ${CONNECTIONS} connections, ${PAIRS} interleaved pairs of ${SECONDS}s; pair ratios ${cmp.ratios.map((r) => r.toFixed(2)).join(' ')}): p50 ${ours.p50} ms, p99 ${ours.p99} ms, ${ours.errors} errors of ${ours.requests}`,
    ours: { value: Math.round(ours.rps), unit: 'req/s' },
    baseline: {
      name: 'bare Fastify route returning the same bytes',
      value: Math.round(baseline.rps),
      unit: 'req/s',
    },
    ratio: Number(ratio.toFixed(3)),
    ratioMeaning: 'ours / baseline requests per second, median of interleaved pairs (higher is better)',
    target: '>= 0.8, 0 errors',
    pass: ratio >= 0.8 && ours.errors === 0 && ours.requests > 0,
  })}`,
);
