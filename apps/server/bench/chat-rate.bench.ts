// Bench (issue 21): chat delivery latency at a fixed send rate, 50 users, on one instance and across three.
// 50 seeded users log in and open /websocket the way the host does; each then sends a text to the next user
// in turn (never itself) at a fixed rate — RATE messages per second in all, the senders' clocks staggered
// so the sends spread evenly — for SECONDS after a one-second warm-up. Measured per message, from the send
// of the frame to its receipt at the recipient: p50 and p99 (targets: p99 <= 50 ms on one instance,
// <= 80 ms across three), and errors (a lost, duplicated or misrouted receipt, an `error` answer).
//  - chat.rate-1: one server in this process, PostgreSQL (PGlite when no PostgreSQL is reachable);
//  - chat.rate-3: three server processes on one PostgreSQL database behind HAProxy (round-robin: the
//    sockets, and so sender and recipient, spread over the instances; a receipt crosses instances through
//    LISTEN/NOTIFY); SKIPPED without PostgreSQL or haproxy.
// The clients run in a worker thread (their own event loop). Open loop: a slow server does not slow the
// senders down, so queueing shows in the latency.
// Run: node --conditions=kp-source --import tsx apps/server/bench/chat-rate.bench.ts
//      (BENCH_CHAT_RATE 25 messages/s, BENCH_CHAT_SECONDS 8)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { startServerProcess } from '../../../tests/api/server-process';
import { BEHIND_PROXY_ENV, haproxyInstalled, startHaproxy } from '../../../tests/cluster/haproxy';
import { type Db, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedIfEmpty } from '../src/seed/seed';
import { bench, chatSocket, freshPostgres, inWorker, latencyFigures, loginAt, startServer } from './kit';

const USERS = 50;
// one message every 2 s from each of the 50 users: a busy office chat (the fan-out bench measures saturation)
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 25);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 8);
const WARMUP_S = 1;
const PAD = '消息内容 chat rate payload';

interface User {
  id: string;
  token: string;
}
interface Job {
  url: string;
  users: User[];
  rate: number;
  seconds: number;
}
interface Result {
  p50: number;
  p99: number;
  max: number;
  sent: number;
  measured: number;
  lost: number;
  duplicated: number;
  misrouted: number;
  serverErrors: number;
}

// ---------------------------------------------------------------- the 50 clients (worker thread)

async function runClients(job: Job): Promise<Result> {
  const n = job.users.length;
  const pending = new Map<string, { at: number; to: number; measured: boolean }>();
  const latencies: number[] = [];
  let duplicated = 0;
  let misrouted = 0;
  let serverErrors = 0;
  let sent = 0;
  let measuredSent = 0;
  const seen = new Set<string>();
  const sockets = await Promise.all(
    job.users.map((u, me) =>
      chatSocket(job.url, u.token, `${me}`, 30_000, (m, now) => {
        if (m.method === 'receiveMessage') {
          const text = String(m.formMessage);
          const tag = text.slice(1, text.indexOf(' '));
          if (seen.has(tag)) {
            duplicated++;
            return;
          }
          seen.add(tag);
          const p = pending.get(tag);
          if (!p || p.to !== me) {
            misrouted++;
            return;
          }
          pending.delete(tag);
          if (p.measured) latencies.push(now - p.at);
        } else if (m.method === 'error' || m.method === 'logout' || m.method === 'closeSocket') {
          serverErrors++;
        }
      }),
    ),
  );
  // each sender sends every n/rate seconds, its clock offset by its index: RATE messages/s in all
  const interval = (n / job.rate) * 1000;
  const start = performance.now() + 50;
  const measureFrom = start + WARMUP_S * 1000;
  const stopAt = measureFrom + job.seconds * 1000;
  await Promise.all(
    job.users.map(async (u, me) => {
      let k = 0;
      for (let at = start + (me * interval) / n; at < stopAt; at += interval) {
        const wait = at - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const to = (me + 1 + (k++ % (n - 1))) % n;
        const tag = `${me}.${k}`;
        const measured = at >= measureFrom;
        pending.set(tag, { at: performance.now(), to, measured });
        sockets[me]!.send(
          JSON.stringify({
            method: 'SendMessage',
            token: u.token,
            toUserId: job.users[to]!.id,
            messageType: 'text',
            messageContent: `#${tag} ${PAD}`,
          }),
        );
        sent++;
        if (measured) measuredSent++;
      }
    }),
  );
  // late receipts still count (their latency shows), up to 10 s
  const until = performance.now() + 10_000;
  while (pending.size && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
  for (const ws of sockets) ws.close();
  return {
    ...latencyFigures(latencies),
    sent,
    measured: measuredSent,
    lost: pending.size,
    duplicated,
    misrouted,
    serverErrors,
  };
}

if (!isMainThread) parentPort!.postMessage(await runClients(workerData as Job));

// ---------------------------------------------------------------- the servers (main thread)

function clients(job: Job): Promise<Result> {
  return inWorker(import.meta.url, job);
}

async function benchUsers(db: Db) {
  return db.kysely
    .selectFrom('base_user')
    .select(['id', 'account'])
    .where('account', '!=', 'admin')
    .where('enabled_mark', '=', 1)
    .orderBy('account')
    .limit(USERS)
    .execute();
}

const errorsOf = (r: Result) => r.lost + r.duplicated + r.misrouted + r.serverErrors;

function report(id: string, where: string, r: Result, targetMs: number) {
  const errors = errorsOf(r);
  bench({
    id,
    title: `chat at a fixed rate over /websocket, ${where}: ${USERS} users, ${RATE} messages/s in all for ${SECONDS}s after ${WARMUP_S}s warm-up (${r.measured} measured of ${r.sent} sent): p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(0)} ms send→receipt; ${errors} errors (lost ${r.lost}, duplicated ${r.duplicated}, misrouted ${r.misrouted}, error answers ${r.serverErrors})`,
    ours: { value: Number(r.p99.toFixed(1)), unit: 'ms p99 send→receipt' },
    baseline: { name: 'target', value: targetMs, unit: 'ms' },
    p50: { value: Number(r.p50.toFixed(2)), unit: 'ms' },
    p99: { value: Number(r.p99.toFixed(2)), unit: 'ms' },
    errors,
    cores: os.cpus().length,
    ratio: Number((r.p99 / targetMs).toFixed(3)),
    ratioMeaning: 'p99 / target (lower is better; <= 1 meets it)',
    target: `p99 <= ${targetMs} ms, 0 errors`,
    pass: errors === 0 && r.measured > 0 && r.p99 <= targetMs,
  });
}

if (isMainThread) {
  const fresh = await freshPostgres();
  // one instance, in this process
  {
    const db =
      fresh.url === null
        ? await openDatabase({ kind: 'pglite' })
        : await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 10 });
    await migrateToLatest(db.kysely);
    await seedIfEmpty(db.kysely, { bcryptCost: 4 });
    const server = await startServer(db);
    const users: User[] = [];
    for (const u of await benchUsers(db)) users.push({ id: u.id, token: await server.login(u.account) });
    const r = await clients({
      url: `${server.base.replace(/^http/, 'ws')}/websocket`,
      users,
      rate: RATE,
      seconds: SECONDS,
    });
    await server.close();
    await db.close();
    report('chat.rate-1', `one instance (${fresh.url === null ? 'PGlite' : 'PostgreSQL'})`, r, 50);
  }
  // three instances behind HAProxy
  if (fresh.url === null || !haproxyInstalled()) {
    const reason = fresh.url === null ? fresh.reason : 'haproxy is not installed';
    console.log(`chat.rate-3 skipped: ${reason}`);
    bench({
      id: 'chat.rate-3',
      title: `chat at a fixed rate across 3 instances behind HAProxy — SKIPPED: ${reason}`,
      skipped: true,
      pass: true,
    });
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kp-chat-rate-'));
    const servers = await Promise.all(
      [1, 2, 3].map((i) =>
        // behind the proxy each instance must trust its X-Forwarded-For (else 503: docs/deploy.md)
        startServerProcess({
          DATABASE_URL: fresh.url,
          DATA_DIR: path.join(dir, `d${i}`),
          LOG_LEVEL: 'info',
          ...BEHIND_PROXY_ENV,
        }),
      ),
    );
    const proxy = await startHaproxy(
      dir,
      servers.map((s) => s.url),
    );
    try {
      const db = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 2 });
      const rows = await benchUsers(db);
      await db.close();
      const users: User[] = [];
      for (const u of rows) users.push({ id: u.id, token: await loginAt(proxy.url, u.account) });
      const r = await clients({
        url: `${proxy.url.replace(/^http/, 'ws')}/websocket`,
        users,
        rate: RATE,
        seconds: SECONDS,
      });
      report('chat.rate-3', '3 instances behind HAProxy (PostgreSQL)', r, 80);
    } finally {
      await proxy.stop();
      for (const s of servers) await s.stop('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    }
  }
  if (fresh.url !== null) await fresh.drop();
}
