// Shared pieces of the server benches (not a bench itself: bench.mjs runs only *.bench.ts files).
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { type Db, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { md5Hex } from '../src/domains/auth/tokens';
import { DEMO_PASSWORD, seedIfEmpty } from '../src/seed/seed';
import { createPostgresDatabase } from '../src/test/harness';

export const PG_URL =
  process.env.KP_BENCH_PG ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Prints one figure in the bench contract of scripts/bench.mjs. */
export function bench(line: Record<string, unknown>): void {
  console.log(`BENCH ${JSON.stringify(line)}`);
}

/** A fresh PostgreSQL database for this run (dropped by `drop`), or null with the reason when none is reachable. */
export async function freshPostgres(): Promise<
  { url: string; drop: () => Promise<void> } | { url: null; reason: string }
> {
  try {
    const probe = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
    await probe.connect();
    await probe.end();
    return await createPostgresDatabase(PG_URL);
  } catch (e) {
    return { url: null, reason: `no PostgreSQL at ${PG_URL} (${(e as Error).message})` };
  }
}

/** A session token of `account` from the server at `base` (the form login the host uses). */
export async function loginAt(base: string, account: string, password = DEMO_PASSWORD): Promise<string> {
  const r = await fetch(`${base}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account, password: md5Hex(password) }).toString(),
  }).then((x) => x.json());
  if (r.code !== 200) throw new Error(`login ${account}: ${r.code} ${r.msg}`);
  return r.data.token as string;
}

/**
 * Runs the bench file `moduleUrl` (its import.meta.url) again in a worker thread with `job` as its
 * workerData, through tsx (a worker does not inherit the main thread's loader); the worker's one message.
 */
export function inWorker<R>(moduleUrl: string, job: unknown): Promise<R> {
  return new Promise((resolve, reject) => {
    const self = JSON.stringify(moduleUrl);
    const w = new Worker(`import('tsx/esm/api').then((tsx) => tsx.tsImport(${self}, ${self}));`, {
      eval: true,
      workerData: job,
    });
    w.once('message', resolve);
    w.once('error', reject);
    w.once('exit', (code) => code !== 0 && reject(new Error(`client worker exited ${code}`)));
  });
}

/**
 * One chat socket opened the way the host does ({method:'OnConnection', token, mobileDevice:false});
 * resolves at its initMessage (`label` names it when that does not come within `timeoutMs`); every
 * other push goes to `onPush` with the time it arrived.
 */
export function chatSocket(
  url: string,
  token: string,
  label: string,
  timeoutMs: number,
  onPush: (m: Record<string, unknown>, now: number) => void,
): Promise<WebSocket> {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error(`socket ${label}: no initMessage`)), timeoutMs);
    ws.on('open', () => ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false })));
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const now = performance.now();
      const m = JSON.parse(String(raw)) as Record<string, unknown>;
      if (m.method === 'initMessage') {
        clearTimeout(timer);
        resolve(ws);
      } else onPush(m, now);
    });
  });
}

/** p50, p99 and max of `latencies` (sorted in place; NaN when empty). */
export function latencyFigures(latencies: number[]) {
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { p50: q(0.5), p99: q(0.99), max: latencies[latencies.length - 1] ?? NaN };
}

/** The real server on 127.0.0.1 (random port) over `db`, with a login helper for the seeded users. */
export async function startServer(db: Db, bcryptCost = 4) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kp-bench-'));
  const app = await buildApp({ db, dataDir, logger: false, options: { bcryptCost, hostDist: null } });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = (account: string, password = DEMO_PASSWORD) => loginAt(base, account, password);
  return {
    app,
    base,
    login,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoadFigure {
  rps: number;
  p50: number;
  p99: number;
  /** transport errors + timeouts + non-2xx + answers whose envelope code is not 200 (or not JSON) */
  errors: number;
  requests: number;
}

/**
 * autocannon at fixed concurrency for `seconds`; every answer's envelope is read, and one whose `code`
 * is not 200 counts as an error (the platform answers refusals with HTTP 200 and a code).
 */
export async function runLoad(opts: autocannon.Options, seconds: number): Promise<LoadFigure> {
  let envelopeErrors = 0;
  const requests = (opts.requests ?? [{}]).map((r) => ({
    ...r,
    onResponse: (_status: number, body: string) => {
      // the envelope's code comes first ({"code":200,…}): a prefix check keeps the client's cost
      // per answer tiny (it runs in this process, beside the servers it measures)
      if (body.startsWith('{"code":200,')) return;
      try {
        if (JSON.parse(body).code !== 200) envelopeErrors++;
      } catch {
        envelopeErrors++;
      }
    },
  }));
  // sampled once per run up to a second (autocannon ends a run at its next sample: a shorter run
  // would last a whole second), and the rate is what completed over the time the run took
  const r = await autocannon({
    ...opts,
    requests,
    duration: seconds,
    sampleInt: Math.min(1000, Math.round(seconds * 1000)),
  });
  return {
    rps: r.requests.total / Math.max(1e-3, r.duration),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx + envelopeErrors,
    requests: r.requests.total,
  };
}

export interface Comparison {
  ours: LoadFigure;
  baseline: LoadFigure;
  /** median of the per-pair ratios ours.rps / baseline.rps */
  ratio: number;
  /** every pair's ratio, in run order */
  ratios: number[];
  /** The information baseline (compareLoad's `info`), run in the same rounds: ours against it. */
  info?: { baseline: LoadFigure; ratio: number; ratios: number[] };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * Ours against the baseline on a shared machine: after a warm-up of each, `pairs` short runs of each,
 * interleaved (which goes first rotates), so a burst of load from other processes hits both alike; the
 * ratio is the median of the pairs' ratios. Figures (req/s, p50, p99) are medians too; errors and requests
 * are sums. With `info`, a second baseline runs in the same rounds (information: ours against it too).
 *
 * Runs are short (a quarter of a second in the servers' benches): this machine's speed drifts by a
 * factor of two over seconds (a bare route alone measured 7,500–14,000 req/s in one process), and
 * only runs much shorter than the drift see the same machine; with one-second runs, pair ratios of one
 * run spread from 0.35 to 1.64 and medians from 0.69 to 0.88 for the same code.
 */
export async function compareLoad(
  ours: autocannon.Options,
  baseline: autocannon.Options,
  {
    pairs = 5,
    seconds = 2,
    warmup = 2,
    info,
  }: { pairs?: number; seconds?: number; warmup?: number; info?: autocannon.Options } = {},
): Promise<Comparison> {
  const targets = info ? [ours, baseline, info] : [ours, baseline];
  for (const t of targets) await runLoad(t, warmup);
  const figures: LoadFigure[][] = targets.map(() => []);
  for (let i = 0; i < pairs; i++) {
    for (let k = 0; k < targets.length; k++) {
      const j = (i + k) % targets.length;
      figures[j]!.push(await runLoad(targets[j]!, seconds));
    }
  }
  const merge = (xs: LoadFigure[]): LoadFigure => ({
    rps: median(xs.map((x) => x.rps)),
    p50: median(xs.map((x) => x.p50)),
    p99: median(xs.map((x) => x.p99)),
    errors: xs.reduce((n, x) => n + x.errors, 0),
    requests: xs.reduce((n, x) => n + x.requests, 0),
  });
  const [a, b, c] = figures as [LoadFigure[], LoadFigure[], LoadFigure[] | undefined];
  const against = (xs: LoadFigure[]) => a.map((x, i) => x.rps / Math.max(1e-9, xs[i]!.rps));
  const ratios = against(b);
  const infoRatios = c && against(c);
  return {
    ours: merge(a),
    baseline: merge(b),
    ratio: median(ratios),
    ratios,
    ...(c && infoRatios
      ? { info: { baseline: merge(c), ratio: median(infoRatios), ratios: infoRatios } }
      : {}),
  };
}

/** A migrated, seeded PGlite database in memory (bcrypt cost 4), with `extraUsers` more users. */
export async function seededPglite(extraUsers?: number): Promise<Db> {
  const db = await openDatabase({ kind: 'pglite' });
  await migrateToLatest(db.kysely);
  await seedIfEmpty(db.kysely, extraUsers ? { bcryptCost: 4, extraUsers } : { bcryptCost: 4 });
  return db;
}

/** Headers Node writes on every answer by itself (per connection and per body), not a route's. */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** An answer of ours as the client received it: its body and the headers the server chose to send. */
export interface Answer {
  bytes: string;
  headers: Record<string, string>;
}

/** GETs `url` once: the body and the headers of the answer (those Node adds by itself left out). */
export async function sampleAnswer(url: string, headers: Record<string, string>): Promise<Answer> {
  const res = await fetch(url, { headers });
  const out: Record<string, string> = {};
  for (const [k, v] of res.headers) if (!NODE_HEADERS.has(k)) out[k] = v;
  return { bytes: await res.text(), headers: out };
}

/**
 * A bare Fastify server on 127.0.0.1 whose one GET `route` answers the same bytes as ours: the body and
 * the headers of `answer` (the security headers and request id every answer of ours carries: the client
 * reads them too), or with `bodyOnly` the body alone as JSON. The baseline.
 */
export async function bareRoute(route: string, answer: Answer, { bodyOnly = false } = {}) {
  const bare = Fastify({ logger: false });
  const headers = bodyOnly ? {} : answer.headers;
  bare.get(route, (_req, reply) =>
    reply.headers(headers).type('application/json; charset=utf-8').send(answer.bytes),
  );
  return { base: await bare.listen({ host: '127.0.0.1', port: 0 }), close: () => bare.close() };
}

/**
 * Prints the figure of a compareLoad run against a bare route returning the same bytes (target: ratio
 * >= 0.8, 0 errors). `title` is the title up to its pair ratios (it leaves one parenthesis open).
 */
export function sameBytesFigure(
  id: string,
  title: string,
  cmp: Comparison,
  extra: Record<string, unknown> = {},
) {
  const { ours, baseline, ratio } = cmp;
  bench({
    id,
    title: `${title}; pair ratios ${cmp.ratios.map((r) => r.toFixed(2)).join(' ')}): p50 ${ours.p50} ms, p99 ${ours.p99} ms, ${ours.errors} errors of ${ours.requests}`,
    ours: { value: Math.round(ours.rps), unit: 'req/s' },
    baseline: {
      name: 'bare Fastify route returning the same bytes (body and headers)',
      value: Math.round(baseline.rps),
      unit: 'req/s',
    },
    ratio: Number(ratio.toFixed(3)),
    ratioMeaning: 'ours / baseline requests per second, median of interleaved pairs (higher is better)',
    target: '>= 0.8, 0 errors',
    ...extra,
    pass: ratio >= 0.8 && ours.errors === 0 && ours.requests > 0,
  });
  if (!cmp.info) return;
  bench({
    id: `${id}-body-only`,
    title: `the same runs against a bare route returning the body alone, without the headers every answer of ours carries (security headers, request id), in the same rounds (information, no target; pair ratios ${cmp.info.ratios.map((r) => r.toFixed(2)).join(' ')})`,
    ours: { value: Math.round(ours.rps), unit: 'req/s' },
    baseline: {
      name: 'bare Fastify route returning the same body only',
      value: Math.round(cmp.info.baseline.rps),
      unit: 'req/s',
    },
    ratio: Number(cmp.info.ratio.toFixed(3)),
    ratioMeaning: 'ours / baseline requests per second, median of interleaved pairs (higher is better)',
    pass: true,
  });
}

/**
 * With a file name (BENCH_PROFILE=audit.cpuprofile), a V8 CPU profile of this process from now until the
 * answered function is called, written there (open it in Chrome's DevTools); without one, nothing.
 */
export async function profileIf(file: string | undefined): Promise<() => Promise<void>> {
  if (!file) return async () => {};
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  };
}

/**
 * CPU ms used so far by the PostgreSQL processes on this machine (backends and helpers), read from /proc;
 * null where there is no /proc or no local PostgreSQL. A difference of two readings while the pool's
 * connections stay open is the database's share of the work in between.
 */
export function localPostgresCpuMs(): number | null {
  let ticks = 0;
  let seen = false;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (after the name: fields 14, 15)
      seen = true;
    } catch {
      // the process ended between the listing and the read
    }
  }
  return seen ? ticks * 10 : null; // USER_HZ is 100 on Linux
}

/**
 * A load client's POST of a JSON body, answered with the parsed JSON: node:http over a keep-alive agent,
 * the cheapest client Node ships (fetch spends several times its CPU per call on WHATWG streams and
 * headers). Used where the clients share the process, and so the CPU, with the server they measure.
 */
export function postJson(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ code: number; msg?: string; data?: unknown }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
      },
      jsonAnswer(resolve, reject),
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** A load client's GET answered with the parsed JSON (node:http over a keep-alive agent, as postJson). */
export function getJson(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
): Promise<{ code: number; msg?: string; data?: unknown }> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent, headers }, jsonAnswer(resolve, reject)).on('error', reject);
  });
}

/** An answer's body read to its end and parsed as JSON. */
const jsonAnswer =
  <T>(resolve: (v: T) => void, reject: (e: unknown) => void) =>
  (res: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (e) {
        reject(e);
      }
    });
    res.on('error', reject);
  };
