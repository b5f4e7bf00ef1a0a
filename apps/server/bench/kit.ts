// Shared pieces of the server benches (not a bench itself: bench.mjs runs only *.bench.ts files).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/database';
import { md5Hex } from '../src/domains/auth/tokens';
import { DEMO_PASSWORD } from '../src/seed/seed';
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

/** The real server on 127.0.0.1 (random port) over `db`, with a login helper for the seeded users. */
export async function startServer(db: Db, bcryptCost = 4) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kp-bench-'));
  const app = await buildApp({ db, dataDir, logger: false, options: { bcryptCost, hostDist: null } });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = async (account: string, password = DEMO_PASSWORD) => {
    const r = await fetch(`${base}/api/oauth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account, password: md5Hex(password) }).toString(),
    }).then((x) => x.json());
    if (r.code !== 200) throw new Error(`login ${account}: ${r.code} ${r.msg}`);
    return r.data.token as string;
  };
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
  const r = await autocannon({ ...opts, requests, duration: seconds });
  return {
    rps: r.requests.average,
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
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * Ours against the baseline on a shared machine: after a warm-up of each, `pairs` short runs of each,
 * interleaved (which goes first alternates), so a burst of load from other processes hits both alike;
 * the ratio is the median of the pairs' ratios. Figures (req/s, p50, p99) are medians too; errors and
 * requests are sums.
 */
export async function compareLoad(
  ours: autocannon.Options,
  baseline: autocannon.Options,
  { pairs = 5, seconds = 2, warmup = 2 } = {},
): Promise<Comparison> {
  await runLoad(ours, warmup);
  await runLoad(baseline, warmup);
  const a: LoadFigure[] = [];
  const b: LoadFigure[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2) {
      b.push(await runLoad(baseline, seconds));
      a.push(await runLoad(ours, seconds));
    } else {
      a.push(await runLoad(ours, seconds));
      b.push(await runLoad(baseline, seconds));
    }
  }
  const merge = (xs: LoadFigure[]): LoadFigure => ({
    rps: median(xs.map((x) => x.rps)),
    p50: median(xs.map((x) => x.p50)),
    p99: median(xs.map((x) => x.p99)),
    errors: xs.reduce((n, x) => n + x.errors, 0),
    requests: xs.reduce((n, x) => n + x.requests, 0),
  });
  const ratios = a.map((x, i) => x.rps / Math.max(1e-9, b[i]!.rps));
  return { ours: merge(a), baseline: merge(b), ratio: median(ratios), ratios };
}
