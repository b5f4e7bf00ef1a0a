// Bench: GET /api/oauth/CurrentUser (real server, PGlite in memory, seeded) against a bare Fastify route
// returning the same bytes, both measured with autocannon on 127.0.0.1 in the same run.
// Run: node --import tsx apps/server/bench/current-user.bench.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { md5Hex } from '../src/domains/auth/tokens';
import { seedIfEmpty } from '../src/seed/seed';

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);

async function measure(
  url: string,
  headers: Record<string, string>,
): Promise<{ rps: number; errors: number; non2xx: number }> {
  const r = await autocannon({ url, connections: 10, duration: DURATION, headers });
  return { rps: r.requests.average, errors: r.errors, non2xx: r.non2xx };
}

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

// warm-up, then the two measurements
await measure(`${base}/api/oauth/CurrentUser`, headers);
const ours = await measure(`${base}/api/oauth/CurrentUser`, headers);
const baseline = await measure(`${bareBase}/api/oauth/CurrentUser`, headers);
await app.close();
await bare.close();
await db.close();
await rm(dataDir, { recursive: true, force: true });

const ratio = ours.rps / baseline.rps;
console.log(
  `BENCH ${JSON.stringify({
    id: 'server.current-user',
    title: `GET /api/oauth/CurrentUser (admin, ${bytes.length} bytes, 10 connections, ${DURATION}s)`,
    ours: { value: Math.round(ours.rps), unit: 'req/s' },
    baseline: {
      name: 'bare Fastify route returning the same bytes',
      value: Math.round(baseline.rps),
      unit: 'req/s',
    },
    ratio: Number(ratio.toFixed(3)),
    ratioMeaning: 'ours / baseline requests per second (higher is better)',
    target: '>= 0.3',
    pass: ratio >= 0.3 && ours.errors === 0 && ours.non2xx === 0,
  })}`,
);
