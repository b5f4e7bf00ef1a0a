// Bench: GET /api/oauth/CurrentUser (real server, PGlite in memory, seeded) against a bare Fastify route
// returning the same bytes, both measured with autocannon on 127.0.0.1 in the same run: short runs of
// each, interleaved, ratio = median of the pairs (kit.compareLoad), so load from other processes on a
// shared machine hits both alike. Every answer's envelope code is checked (a refusal counts as an error).
// Run: node --import tsx apps/server/bench/current-user.bench.ts
import { bareRoute, compareLoad, sameBytesFigure, seededPglite, startServer } from './kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 11);
const CONNECTIONS = 10;

const db = await seededPglite();
const server = await startServer(db);
const { base } = server;
const token = await server.login('admin', 'admin123');
const headers = { authorization: `Bearer ${token}` };
const sample = await fetch(`${base}/api/oauth/CurrentUser`, { headers });
const bytes = await sample.text();
if (JSON.parse(bytes).code !== 200) throw new Error(`CurrentUser failed: ${bytes.slice(0, 200)}`);

const bare = await bareRoute('/api/oauth/CurrentUser', bytes);

const cmp = await compareLoad(
  { url: `${base}/api/oauth/CurrentUser`, connections: CONNECTIONS, headers },
  { url: `${bare.base}/api/oauth/CurrentUser`, connections: CONNECTIONS, headers },
  { pairs: PAIRS, seconds: SECONDS },
);
await server.close();
await bare.close();
await db.close();

sameBytesFigure(
  'server.current-user',
  `GET /api/oauth/CurrentUser (admin, ${bytes.length} bytes, ${CONNECTIONS} connections, ${PAIRS} interleaved pairs of ${SECONDS}s`,
  cmp,
);
