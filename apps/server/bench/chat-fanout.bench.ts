// Load bench (issue 10): 50-user chat fan-out over websockets on the real server.
// 50 seeded users log in over HTTP and open /websocket the way the host does (apps/host/src/services/
// socket.ts: {method:'OnConnection', token, mobileDevice:false}, then initMessage). The chat module has
// no group chat, so a fan-out is one user sending the same text to each of the other 49 (49 SendMessage
// frames: one stored im_content row, a receiveMessage push to the recipient and a sendMessage echo to
// the sender each, through the bus). Fixed concurrency: CONCURRENCY fan-outs in flight at once (5 by
// default: 245 messages), each lane starting the next fan-out when its previous one reached all 49; every
// one of the 50 users fans out once per round, for ROUNDS rounds after one warm-up round. Measured, from the send of a frame to its receipt at the
// recipient: p50 and p99 latency, messages delivered per second, and errors: lost or duplicated
// receipts, misrouted ones, an `error` answer, a missing sender echo, or a stored row count that is not
// the number sent. Pass (issue 40): no error at this load and at least 0.3 of the bare relay's messages
// per second, on each database. The server stores messages arriving close together by one insert and
// announces them by one NOTIFY (domains/chat/batch.ts); the bench prints how many inserts it took.
// Baseline, same run, same clients: a bare `ws` server that knows the same tokens and relays the same
// frames as the same receiveMessage/sendMessage payloads (no database, no bus, no validation).
// The 50 clients run in a worker thread, so the server and the clients do not share one event loop.
// Both PGlite (in memory) and PostgreSQL (a fresh database per run; a SKIPPED line without one).
// Run: node --import tsx apps/server/bench/chat-fanout.bench.ts   (BENCH_CHAT_ROUNDS 4, BENCH_CHAT_CONCURRENCY 5)
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type WebSocket from 'ws';
import { WebSocketServer } from 'ws';
import { type Db, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { chatBatcher } from '../src/domains/chat/batch';
import { seedIfEmpty } from '../src/seed/seed';
import { bench, chatSocket, freshPostgres, inWorker, latencyFigures, startServer } from './kit';

const USERS = 50;
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 4);
/** Fan-outs in flight at once (each 49 messages): the bench's fixed load. */
const CONCURRENCY = Number(process.env.BENCH_CHAT_CONCURRENCY ?? 5);
/** A fan-out whose 49 receipts are not all in after this long counts the missing ones as lost. */
const FANOUT_TIMEOUT_MS = 30_000;
/** The whole client run stops starting fan-outs after this long (the bench is bounded). */
const RUN_LIMIT_MS = 240_000;
/** After the last fan-out, late duplicates still have this long to show up. */
const DRAIN_MS = 500;
const PAD = '消息内容 chat fan-out payload '.repeat(3);
/** Target (issue 40): at least this share of the bare relay's messages per second, on both databases. */
const TARGET_RATIO = 0.3;

interface BenchUser {
  id: string;
  token: string;
  account: string;
  realName: string;
}

interface ClientJob {
  url: string;
  users: BenchUser[];
  rounds: number;
  /** fan-outs in flight at once */
  concurrency: number;
}

interface ClientResult {
  /** latencies (ms) of the measured rounds, sorted */
  p50: number;
  p99: number;
  max: number;
  sent: number;
  delivered: number;
  lost: number;
  duplicated: number;
  misrouted: number;
  serverErrors: number;
  echoesMissing: number;
  /** fan-outs never started because the run hit RUN_LIMIT_MS */
  unfinished: number;
  /** measured rounds only: first send to last receipt */
  elapsedMs: number;
  measuredDelivered: number;
}

// ---------------------------------------------------------------- the 50 clients (worker thread)

async function runClients(job: ClientJob): Promise<ClientResult> {
  const n = job.users.length;
  const indexOf = new Map(job.users.map((u, i) => [u.id, i]));
  let duplicated = 0;
  let misrouted = 0;
  let serverErrors = 0;
  let echoes = 0;
  let sent = 0;
  let delivered = 0;
  const seen = new Set<string>();
  /** `${sender}.${round}` → send time and how many receipts are still missing, with its waiter */
  const fanouts = new Map<string, { at: number; missing: number; done: () => void; measured: boolean }>();
  const latencies: number[] = [];

  const sockets = await Promise.all(
    job.users.map((u, me) =>
      chatSocket(job.url, u.token, `${u.account}`, 15_000, (m, now) => {
        const method = m.method;
        if (method === 'receiveMessage') {
          const text = String(m.formMessage);
          const tag = text.slice(1, text.indexOf(' '));
          const key = `${me}|${tag}`;
          if (seen.has(key)) {
            duplicated++;
            return;
          }
          seen.add(key);
          const sender = Number(tag.split('.')[0]);
          if (indexOf.get(String(m.formUserId)) !== sender) misrouted++;
          const f = fanouts.get(tag);
          if (!f) {
            misrouted++;
            return;
          }
          delivered++;
          if (f.measured) latencies.push(now - f.at);
          if (--f.missing === 0) f.done();
        } else if (method === 'sendMessage') {
          echoes++;
        } else if (method === 'error' || method === 'logout' || method === 'closeSocket') {
          serverErrors++;
        }
      }),
    ),
  );

  let measuredFrom = 0;
  let lastReceipt = 0;
  const fanOut = (sender: number, round: number, measured: boolean) =>
    new Promise<void>((resolve) => {
      const tag = `${sender}.${round}`;
      const content = `#${tag} ${PAD}`;
      const timer = setTimeout(resolve, FANOUT_TIMEOUT_MS);
      fanouts.set(tag, {
        at: performance.now(),
        missing: n - 1,
        measured,
        done: () => {
          clearTimeout(timer);
          lastReceipt = performance.now();
          resolve();
        },
      });
      const ws = sockets[sender]!;
      const token = job.users[sender]!.token;
      for (let to = 0; to < n; to++) {
        if (to === sender) continue;
        ws.send(
          JSON.stringify({
            method: 'SendMessage',
            token,
            toUserId: job.users[to]!.id,
            messageType: 'text',
            messageContent: content,
          }),
        );
        sent++;
      }
    });

  // `concurrency` lanes take the next fan-out (round by round, sender by sender) as soon as their
  // previous one reached all its recipients
  // past RUN_LIMIT_MS no lane starts another fan-out; the ones left count as errors (unfinished)
  const stopAt = performance.now() + RUN_LIMIT_MS;
  let unfinished = 0;
  const lanes = async (rounds: number[], measured: boolean) => {
    const queue = rounds.flatMap((r) => job.users.map((_, i) => [i, r] as const));
    await Promise.all(
      Array.from({ length: job.concurrency }, async () => {
        for (let next = queue.shift(); next && performance.now() < stopAt; next = queue.shift())
          await fanOut(next[0], next[1], measured);
      }),
    );
    unfinished += queue.length;
  };
  // warm-up round (checked for errors, not timed), then the measured rounds
  await lanes([0], false);
  const warmDelivered = delivered;
  measuredFrom = performance.now();
  await lanes(
    Array.from({ length: job.rounds }, (_, r) => r + 1),
    true,
  );
  const elapsedMs = lastReceipt - measuredFrom;
  // the sender's echo is pushed after the receipt: wait for the echoes (bounded), then for late duplicates
  const echoDeadline = performance.now() + FANOUT_TIMEOUT_MS;
  while (echoes < sent && performance.now() < echoDeadline) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, DRAIN_MS));
  for (const ws of sockets) ws.close();
  return {
    ...latencyFigures(latencies),
    sent,
    delivered,
    lost: sent - delivered,
    duplicated,
    misrouted,
    serverErrors,
    echoesMissing: Math.max(0, sent - echoes),
    unfinished,
    elapsedMs,
    measuredDelivered: delivered - warmDelivered,
  };
}

if (!isMainThread) {
  parentPort!.postMessage(await runClients(workerData as ClientJob));
}

// ---------------------------------------------------------------- the servers (main thread)

function clients(job: ClientJob): Promise<ClientResult> {
  return inWorker(import.meta.url, job);
}

/** The floor: token → user, OnConnection → initMessage, SendMessage → the same two pushes, nothing else. */
async function bareServer(users: BenchUser[]) {
  const byToken = new Map(users.map((u) => [u.token, u]));
  const byId = new Map(users.map((u) => [u.id, u]));
  const socketsOf = new Map<string, Set<WebSocket>>();
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => wss.once('listening', r));
  let seq = 0;
  const push = (userId: string, msg: unknown) => {
    const text = JSON.stringify(msg);
    for (const s of socketsOf.get(userId) ?? []) if (s.readyState === 1) s.send(text);
  };
  wss.on('connection', (socket) => {
    let me: BenchUser | undefined;
    socket.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as Record<string, unknown>;
      if (m.method === 'OnConnection') {
        me = byToken.get(String(m.token));
        if (!me) return socket.close();
        const set = socketsOf.get(me.id) ?? new Set<WebSocket>();
        socketsOf.set(me.id, set);
        set.add(socket);
        socket.send(JSON.stringify({ method: 'initMessage', unreadNums: {} }));
      } else if (m.method === 'SendMessage' && me) {
        const to = byId.get(String(m.toUserId));
        if (!to) return;
        const id = String(++seq);
        const dateTime = Date.now();
        push(to.id, {
          method: 'receiveMessage',
          id,
          formUserId: me.id,
          formMessage: m.messageContent,
          messageType: m.messageType,
          dateTime,
          realName: me.realName,
          account: me.account,
          headIcon: null,
        });
        push(me.id, {
          method: 'sendMessage',
          id,
          UserId: me.id,
          toUserId: to.id,
          toMessage: m.messageContent,
          messageType: m.messageType,
          dateTime,
          realName: to.realName,
          account: to.account,
          headIcon: null,
        });
      }
    });
  });
  const port = (wss.address() as { port: number }).port;
  return {
    url: `ws://127.0.0.1:${port}/websocket`,
    close: () => new Promise<void>((r) => wss.close(() => r())),
  };
}

const errorsOf = (r: ClientResult, storedRows?: number) =>
  r.lost +
  r.duplicated +
  r.misrouted +
  r.serverErrors +
  r.echoesMissing +
  r.unfinished +
  (storedRows === undefined ? 0 : Math.abs(storedRows - r.sent));

const rate = (r: ClientResult) => (r.measuredDelivered / r.elapsedMs) * 1000;

async function ours(db: Db, kind: string) {
  await migrateToLatest(db.kysely);
  await seedIfEmpty(db.kysely, { bcryptCost: 4 });
  const server = await startServer(db);
  const rows = await db.kysely
    .selectFrom('base_user')
    .select(['id', 'account', 'real_name'])
    .where('account', '!=', 'admin')
    .where('enabled_mark', '=', 1)
    .orderBy('account')
    .limit(USERS)
    .execute();
  if (rows.length < USERS) throw new Error(`only ${rows.length} users`);
  const users: BenchUser[] = [];
  for (const u of rows)
    users.push({ id: u.id, account: u.account, realName: u.real_name, token: await server.login(u.account) });
  const url = `${server.base.replace(/^http/, 'ws')}/websocket`;
  const result = await clients({ url, users, rounds: ROUNDS, concurrency: CONCURRENCY });
  const stored = Number(
    (
      await db.kysely
        .selectFrom('im_content')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const batches = { ...chatBatcher(server.app.kp).stats };
  await server.close();
  return { kind, users, result, stored, batches };
}

const line = (r: ClientResult) =>
  `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(0)} ms, ${r.delivered} of ${r.sent} delivered, ${r.lost} lost, ${r.duplicated} duplicated, ${r.misrouted} misrouted, ${r.serverErrors} error answers, ${r.echoesMissing} echoes missing, ${r.unfinished} fan-outs unfinished`;

if (isMainThread) {
  const runs: Array<Awaited<ReturnType<typeof ours>>> = [];
  {
    const db = await openDatabase({ kind: 'pglite' });
    try {
      runs.push(await ours(db, 'PGlite'));
    } finally {
      await db.close();
    }
  }
  const pgDb = await freshPostgres();
  if (pgDb.url === null) {
    console.log(`server.chat-fanout-pg skipped: ${pgDb.reason}`);
    bench({
      id: 'server.chat-fanout-pg',
      title: '50-user chat fan-out over websockets, PostgreSQL — SKIPPED: no PostgreSQL reachable',
      skipped: true,
      pass: true,
    });
  } else {
    const db = await openDatabase({ kind: 'postgres', url: pgDb.url, poolSize: 10 });
    try {
      runs.push(await ours(db, 'PostgreSQL'));
    } finally {
      await db.close();
      await pgDb.drop();
    }
  }
  // the floor, with the users (ids, tokens) of the first run
  const bare = await bareServer(runs[0]!.users);
  const floor = await clients({
    url: bare.url,
    users: runs[0]!.users,
    rounds: ROUNDS,
    concurrency: CONCURRENCY,
  });
  await bare.close();
  console.log(`bare ws relay: ${line(floor)}, ${rate(floor).toFixed(0)} messages/s`);
  for (const { kind, result: r, stored, batches } of runs) {
    const errors = errorsOf(r, stored);
    const perInsert = (batches.messages / Math.max(1, batches.batches)).toFixed(1);
    console.log(
      `${kind}: ${line(r)}, ${stored} rows stored by ${batches.batches} inserts (${perInsert} messages each), ${rate(r).toFixed(0)} messages/s, ${(rate(r) / rate(floor)).toFixed(3)} of the bare relay`,
    );
    bench({
      id: kind === 'PGlite' ? 'server.chat-fanout' : 'server.chat-fanout-pg',
      title: `chat fan-out over /websocket, ${kind}: ${USERS} users each sending one text to the other ${USERS - 1}, ${CONCURRENCY} fan-outs in flight, ${ROUNDS} rounds + 1 warm-up (${r.sent} messages): p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms send→receipt, ${errors} errors (lost ${r.lost}, duplicated ${r.duplicated}, misrouted ${r.misrouted}, error answers ${r.serverErrors}, echoes missing ${r.echoesMissing}, unfinished fan-outs ${r.unfinished}, rows ${stored}/${r.sent}), stored by ${batches.batches} inserts (${perInsert} messages each); bare ws p50 ${floor.p50.toFixed(1)} ms, p99 ${floor.p99.toFixed(1)} ms`,
      ours: { value: Math.round(rate(r)), unit: 'messages/s' },
      baseline: {
        name: 'bare ws server relaying the same frames as the same payloads (no database), same clients',
        value: Math.round(rate(floor)),
        unit: 'messages/s',
      },
      p50: { value: Number(r.p50.toFixed(2)), unit: 'ms' },
      p99: { value: Number(r.p99.toFixed(2)), unit: 'ms' },
      errors,
      messages: r.sent,
      ratio: Number((rate(r) / rate(floor)).toFixed(3)),
      ratioMeaning: 'ours / bare relay messages delivered per second (higher is better)',
      target: `>= ${TARGET_RATIO}, 0 errors`,
      pass: errors === 0 && errorsOf(floor) === 0 && r.delivered > 0 && rate(r) / rate(floor) >= TARGET_RATIO,
    });
  }
}
