// Bench: GET /api/oauth/CurrentUser p99 on a real server process (PGlite in a temp folder) while the three
// hostile requests of issue 17 (tests/hardening/hostile.ts: ReDoS regList, xlsx bomb, exponential JSONata)
// are sent over and over, against the p99 of CurrentUser alone, both measured with autocannon in this run.
// Run: node --import tsx tests/bench/stall.bench.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServerProcess } from '../api/server-process';
import { login, prepareHostile } from '../hardening/hostile';

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const TARGET_MS = 1000;

const dataDir = await mkdtemp(path.join(tmpdir(), 'kp-bench-stall-'));
const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
try {
  const token = await login(server.url);
  const hostile = await prepareHostile(server.url, token, 'bench');
  const measure = async () => {
    const r = await autocannon({
      url: `${server.url}/api/oauth/CurrentUser`,
      connections: 2,
      duration: DURATION,
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      p99: r.latency.p99,
      max: r.latency.max,
      requests: r.requests.total,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
    };
  };

  await measure(); // warm-up
  const alone = await measure();

  // Each hostile request again as soon as the previous one of its kind answers, for the whole measurement.
  let attacking = true;
  const sent = { regex: 0, xlsx: 0, jsonata: 0 };
  const refused = { regex: 0, xlsx: 0, jsonata: 0 };
  const loop = async (kind: keyof typeof sent) => {
    while (attacking) {
      sent[kind]++;
      const a = await hostile[kind]().catch(() => ({ code: 0 }));
      if (a.code === 400) refused[kind]++;
    }
  };
  const loops = [loop('regex'), loop('xlsx'), loop('jsonata')];
  await new Promise((r) => setTimeout(r, 200));
  const attacked = await measure();
  attacking = false;
  await Promise.all(loops);

  console.log(`hostile requests sent ${JSON.stringify(sent)}, refused with 400 ${JSON.stringify(refused)}`);
  console.log(`alone ${JSON.stringify(alone)}; under attack ${JSON.stringify(attacked)}`);
  const everyRefused =
    refused.regex === sent.regex && refused.xlsx === sent.xlsx && refused.jsonata === sent.jsonata;
  console.log(
    `BENCH ${JSON.stringify({
      id: 'server.stall',
      title: `CurrentUser p99 while ReDoS, xlsx-bomb and exponential-JSONata requests run (2 connections, ${DURATION}s)`,
      // No answer at all in the window counts as the whole window.
      ours: { value: attacked.requests ? attacked.p99 : DURATION * 1000, unit: 'ms p99 under attack' },
      baseline: { name: 'CurrentUser alone, same server', value: alone.p99, unit: 'ms p99' },
      ratio: Number((attacked.p99 / Math.max(1, alone.p99)).toFixed(2)),
      ratioMeaning: 'p99 under attack / p99 alone (lower is better)',
      target: `p99 under attack < ${TARGET_MS} ms`,
      pass:
        attacked.requests > 0 &&
        attacked.p99 < TARGET_MS &&
        attacked.errors === 0 &&
        attacked.non2xx === 0 &&
        everyRefused,
    })}`,
  );
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
