// Scale-out bench (issue 21): the to-do list through HAProxy with three server processes against the same
// HAProxy with one, on one PostgreSQL database, in one run. Three processes can only run three times as
// fast with the cores to run them (each instance is one Node event loop, PostgreSQL and HAProxy need cores
// too): the figure reports the cores used and judges the 2.5× target only with at least 8 of them.
// Run: node --conditions=kp-source --import tsx apps/server/bench/cluster.bench.ts  (TEST_DATABASE_URL or KP_BENCH_PG)
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../../../tests/api/server-process';
import { haproxyInstalled, startHaproxy } from '../../../tests/cluster/haproxy';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedIfEmpty } from '../src/seed/seed';
import { bench, freshPostgres, runLoad, startServer } from './kit';
import { applicantTemplate, seedTodoTasks } from './todo-seed';

const TASKS = Number(process.env.KP_BENCH_CLUSTER_TASKS ?? 20_000);
const CONNECTIONS = 30;
const DURATION = Number(process.env.KP_BENCH_SECONDS ?? 10);
const MIN_CORES = 8;
const ID = 'cluster.todo-list-3-vs-1';
const route = '/api/workflow/Engine/FlowBefore/List/1?currentPage=3&pageSize=20';

const fresh = await freshPostgres();
if (fresh.url === null || !haproxyInstalled()) {
  const reason = fresh.url === null ? fresh.reason : 'haproxy is not installed';
  console.log(`${ID} skipped: ${reason}`);
  bench({
    id: ID,
    title: `to-do list through HAProxy, 3 instances vs 1 — SKIPPED: ${reason}`,
    skipped: true,
    pass: true,
  });
} else {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kp-cluster-bench-'));
  const db = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 10 });
  await migrateToLatest(db.kysely);
  await seedIfEmpty(db.kysely, { bcryptCost: 4 });
  const seeder = await startServer(db);
  await applicantTemplate(db.kysely);
  const { me, tasks, myPending } = await seedTodoTasks(seeder.app.kp, TASKS);
  const token = await seeder.login(me.account);
  await seeder.close();
  await db.close();
  const servers = await Promise.all(
    [1, 2, 3].map((i) => startServerProcess({ DATABASE_URL: fresh.url, DATA_DIR: path.join(dir, `d${i}`) })),
  );
  await mkdir(path.join(dir, 'one'));
  await mkdir(path.join(dir, 'three'));
  const one = await startHaproxy(path.join(dir, 'one'), [servers[0].url]);
  const three = await startHaproxy(
    path.join(dir, 'three'),
    servers.map((s) => s.url),
  );
  const headers = { authorization: `Bearer ${token}` };
  const check = await (await fetch(`${three.url}${route}`, { headers })).json();
  if (check.code !== 200 || check.data.pagination.total !== myPending)
    throw new Error(`to-do list failed: ${JSON.stringify(check).slice(0, 300)}`);
  const measure = (base: string) =>
    runLoad({ url: `${base}${route}`, connections: CONNECTIONS, headers }, DURATION);
  await measure(three.url); // warm-up: every instance compiles its statements
  const single = await measure(one.url);
  const triple = await measure(three.url);
  await one.stop();
  await three.stop();
  for (const s of servers) await s.stop('SIGTERM');
  await fresh.drop();
  await rm(dir, { recursive: true, force: true });
  const cores = os.cpus().length;
  const ratio = triple.rps / single.rps;
  bench({
    id: ID,
    title: `GET FlowBefore/List/1 page 3 × 20 (${myPending} pending among ${tasks} tasks, PostgreSQL) through HAProxy at ${CONNECTIONS} connections, ${DURATION}s, on ${cores} cores: 3 instances ${Math.round(triple.rps)} req/s (p50 ${triple.p50} ms, p99 ${triple.p99} ms, ${triple.errors} errors) vs 1 instance ${Math.round(single.rps)} req/s (p50 ${single.p50} ms, p99 ${single.p99} ms, ${single.errors} errors)`,
    ours: { value: Math.round(triple.rps), unit: 'req/s' },
    baseline: { name: 'the same HAProxy with one instance', value: Math.round(single.rps), unit: 'req/s' },
    p99: { value: triple.p99, unit: 'ms' },
    errors: triple.errors + single.errors,
    cores,
    ratio: Number(ratio.toFixed(2)),
    ratioMeaning: '3 instances / 1 instance requests per second (higher is better)',
    target: `>= 2.5 with >= ${MIN_CORES} cores, 0 errors (fewer cores: reported, not judged)`,
    pass: triple.errors + single.errors === 0 && (cores < MIN_CORES || ratio >= 2.5),
  });
}
