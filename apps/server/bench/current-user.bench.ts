// Bench: GET /api/oauth/CurrentUser (real server, PGlite in memory, seeded) against a bare Fastify route
// returning the same bytes (body and headers), both measured with autocannon on 127.0.0.1 in the same run:
// short runs of each, interleaved, ratio = median of the pairs (kit.compareLoad), so load from other
// processes on a shared machine hits both alike; a bare route returning the body alone runs in the same
// rounds (information). Every answer's envelope code is checked (a refusal counts as an error).
// Run: node --import tsx apps/server/bench/current-user.bench.ts
import { bareRoute, compareLoad, sameBytesFigure, sampleAnswer, seededPglite, startServer } from './kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 0.25);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 31);
const CONNECTIONS = 10;

const db = await seededPglite();
const server = await startServer(db);
const { base } = server;
const token = await server.login('admin', 'admin123');
const headers = { authorization: `Bearer ${token}` };
const answer = await sampleAnswer(`${base}/api/oauth/CurrentUser`, headers);
const bytes = answer.bytes;
if (JSON.parse(bytes).code !== 200) throw new Error(`CurrentUser failed: ${bytes.slice(0, 200)}`);

const bare = await bareRoute('/api/oauth/CurrentUser', answer);
const bodyOnly = await bareRoute('/api/oauth/CurrentUser', answer, { bodyOnly: true });

const cmp = await compareLoad(
  { url: `${base}/api/oauth/CurrentUser`, connections: CONNECTIONS, headers },
  { url: `${bare.base}/api/oauth/CurrentUser`, connections: CONNECTIONS, headers },
  {
    pairs: PAIRS,
    seconds: SECONDS,
    info: { url: `${bodyOnly.base}/api/oauth/CurrentUser`, connections: CONNECTIONS, headers },
  },
);
await server.close();
await bare.close();
await bodyOnly.close();
await db.close();

sameBytesFigure(
  'server.current-user',
  `GET /api/oauth/CurrentUser (admin, ${bytes.length} bytes, ${CONNECTIONS} connections, ${PAIRS} interleaved pairs of ${SECONDS}s`,
  cmp,
);
