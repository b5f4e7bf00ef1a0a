// Bench: GET /api/permission/Users (paged user list, admin, page 100 of 20 rows) over 10,000 users on
// the real server (PGlite in memory, seeded), against a bare Fastify route returning the same bytes (body
// and headers), both measured with autocannon on 127.0.0.1 in the same run: short runs of each,
// interleaved, ratio = median of the pairs (kit.compareLoad); a bare route returning the body alone runs
// in the same rounds (information). Every answer's envelope code is checked.
// Run: node --import tsx apps/server/bench/user-list.bench.ts
import {
  bareRoute,
  compareLoad,
  runLoad,
  sameBytesFigure,
  sampleAnswer,
  seededPglite,
  startServer,
} from './kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 0.25);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 31);
const CONNECTIONS = 10;
const USERS = 10_000;

const db = await seededPglite(USERS);
// seedIfEmpty runs ANALYZE after its bulk load (PGlite has no autovacuum); nothing else is tuned here.
const count = Number(
  (
    await db.kysely
      .selectFrom('base_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
const server = await startServer(db);
const { base } = server;
const headers = { authorization: `Bearer ${await server.login('admin', 'admin123')}` };
const route = '/api/permission/Users?currentPage=100&pageSize=20';
const answer = await sampleAnswer(`${base}${route}`, headers);
const bytes = answer.bytes;
const parsed = JSON.parse(bytes);
if (parsed.code !== 200 || parsed.data.list.length !== 20)
  throw new Error(`user list failed: ${bytes.slice(0, 200)}`);

const bare = await bareRoute('/api/permission/Users', answer);
const bodyOnly = await bareRoute('/api/permission/Users', answer, { bodyOnly: true });

const cmp = await compareLoad(
  { url: `${base}${route}`, connections: CONNECTIONS, headers },
  { url: `${bare.base}${route}`, connections: CONNECTIONS, headers },
  {
    pairs: PAIRS,
    seconds: SECONDS,
    info: { url: `${bodyOnly.base}${route}`, connections: CONNECTIONS, headers },
  },
);
const { baseline } = cmp;
const cacheStats = { hits: db.cache.hits, misses: db.cache.misses };
// The same route with the read cache off (every request runs the page query and its count).
db.cache.enabled = false;
const uncached = await runLoad({ url: `${base}${route}`, connections: CONNECTIONS, headers }, 4);
db.cache.enabled = true;
await server.close();
await bare.close();
await bodyOnly.close();
await db.close();

sameBytesFigure(
  'server.user-list',
  `GET /api/permission/Users page 100 × 20 over ${count} users (admin, ${bytes.length} bytes, ${CONNECTIONS} connections, ${PAIRS} interleaved pairs of ${SECONDS}s`,
  cmp,
  { cache: cacheStats },
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
