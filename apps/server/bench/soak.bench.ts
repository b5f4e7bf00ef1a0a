// Soak bench (issue 40): the server's memory after a sustained mixed load, on PGlite and on PostgreSQL.
// The server runs in its own process (soak-server.ts) so its RSS is its own; this process is the load: 50
// signed-in approvers, 20 requests in flight, for BENCH_SOAK_SECONDS (default 120) on each database. Each
// request is, at random, 90 % reads (to-do list, done list, CurrentUser, site messages) and 10 % writes (launch
// a flow whose approver is another of the users, or approve the first item of one's own to-do list). Figures:
// the server's RSS after the soak (target PGlite <= 400 MB; PostgreSQL information), with its RSS before the
// load, its JS heap, requests, writes and errors (an answer that is no JSON or whose code is 5xx or 401/403;
// an approval refused because another request handled that item first counts as refused).
// Run: node --import tsx apps/server/bench/soak.bench.ts   (BENCH_SOAK_SECONDS=20 for a short one; BENCH_ONLY=
// pglite|postgres for one database)
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bench, freshPostgres, getJson, loginAt, postJson } from './kit';
import { leaveData } from './todo-seed';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 120);
const IN_FLIGHT = 20;
const PGLITE_TARGET_MB = 400;
const B = '/api/workflow/Engine';
const mb = (n: number) => Math.round(n / 2 ** 20);

type Usage = NodeJS.MemoryUsage;
interface Child {
  base: string;
  users: { id: string; account: string }[];
  before: Usage;
  memory(): Promise<Usage>;
  close(): Promise<void>;
}

/** soak-server.ts on `kind` at `where` (a PGlite data directory, a PostgreSQL url). */
const serverProcess = (kind: string, where: string, mode = 'serve') =>
  fork(new URL('./soak-server.ts', import.meta.url).pathname, [kind, where, mode], {
    execArgv: ['--conditions=kp-source', '--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production' },
  });

/** Starts soak-server.ts and waits for its address. */
function startChild(kind: string, where: string): Promise<Child> {
  const child = serverProcess(kind, where);
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const on = (m: { type: string } & T) => {
        if (m.type !== type) return;
        child.off('message', on);
        child.off('exit', onExit);
        resolve(m);
      };
      const onExit = (code: number) => reject(new Error(`soak server exited with ${code}`));
      child.on('message', on);
      child.once('exit', onExit);
    });
  return next<{ base: string; users: Child['users']; usage: Usage }>('ready').then((r) => ({
    base: r.base,
    users: r.users,
    before: r.usage,
    memory: async () => {
      const m = next<{ usage: Usage }>('memory');
      child.send({ type: 'memory' });
      return (await m).usage;
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      await exited;
    },
  }));
}

async function soak(kind: 'pglite' | 'postgres') {
  let drop = async () => {};
  let where = '';
  if (kind === 'pglite') {
    // PGlite on a data directory, as the server keeps it (config.ts), set up by a first start (initdb,
    // migrations, seed) in a process of its own: the measured server is one restarted on its data
    where = await mkdtemp(path.join(tmpdir(), 'kp-soak-'));
    drop = () => rm(where, { recursive: true, force: true });
    const first = serverProcess(kind, where, 'prepare');
    const code = await new Promise((resolve) => first.once('exit', resolve));
    if (code !== 0) throw new Error(`soak server set-up exited with ${code}`);
  } else {
    const created = await freshPostgres();
    if (created.url === null) {
      bench({
        id: 'soak.rss-pg',
        title: `soak, PostgreSQL — SKIPPED: ${created.reason}`,
        skipped: true,
        pass: true,
      });
      return;
    }
    where = created.url;
    drop = created.drop;
  }
  const server = await startChild(kind, where);
  try {
    // the users (todo-seed's approvers), signed in one after another (the login rate limit)
    const tokens: { id: string; token: string }[] = [];
    for (const a of server.users) tokens.push({ id: a.id, token: await loginAt(server.base, a.account) });
    const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    const tally = { requests: 0, writes: 0, errors: 0, refused: 0 };
    const bad = (code: number) => code >= 500 || code === 401 || code === 403;
    const until = performance.now() + SECONDS * 1000;
    const one = async () => {
      const me = tokens[Math.floor(Math.random() * tokens.length)]!;
      const headers = { authorization: `Bearer ${me.token}` };
      const r = Math.random();
      let code: number;
      if (r < 0.05) {
        const to = tokens[Math.floor(Math.random() * tokens.length)]!;
        code = (
          await postJson(agent, `${server.base}${B}/FlowTask`, headers, {
            flowId: 'wf-bench',
            formData: { ...leaveData(to.id, null), reason: 'soak' },
          })
        ).code;
        tally.writes++;
      } else if (r < 0.1) {
        const todo = await getJson(
          agent,
          `${server.base}${B}/FlowBefore/List/1?currentPage=1&pageSize=20`,
          headers,
        );
        const first = (todo.data as { list?: { id: string }[] } | undefined)?.list?.[0]?.id;
        code = todo.code;
        if (first) {
          const a = await postJson(
            agent,
            `${server.base}${B}/FlowBefore/Audit/${encodeURIComponent(first)}`,
            headers,
            {
              handleOpinion: '同意',
            },
          );
          if (a.code === 200) tally.writes++;
          else if (!bad(a.code)) tally.refused++;
          else code = a.code;
        }
      } else {
        const path = [
          `${B}/FlowBefore/List/1?currentPage=1&pageSize=20`,
          `${B}/FlowBefore/List/2?currentPage=1&pageSize=20`,
          '/api/oauth/CurrentUser',
          '/api/message?currentPage=1&pageSize=20',
        ][Math.floor(Math.random() * 4)]!;
        code = (await getJson(agent, `${server.base}${path}`, headers)).code;
      }
      tally.requests++;
      if (bad(code)) tally.errors++;
    };
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (performance.now() < until) await one().catch(() => tally.errors++);
      }),
    );
    agent.destroy();
    const after = await server.memory();
    const rss = mb(after.rss);
    const pglite = kind === 'pglite';
    bench({
      id: pglite ? 'soak.rss-pglite' : 'soak.rss-pg',
      title: `server RSS after a ${SECONDS}s soak on ${pglite ? 'PGlite (a data directory, the server restarted on it)' : 'PostgreSQL'}: ${tokens.length} users, ${IN_FLIGHT} requests in flight, 90 % reads (to-do, done, CurrentUser, messages) / 10 % writes (launch, approve): ${tally.requests} requests, ${tally.writes} writes, ${tally.refused} approvals refused (handled first), ${tally.errors} errors; RSS before the load ${mb(server.before.rss)} MB; after: JS heap ${mb(after.heapUsed)} MB used, external ${mb(after.external)} MB`,
      ours: { value: rss, unit: 'MB RSS' },
      ...(pglite ? { target: `<= ${PGLITE_TARGET_MB} MB, 0 errors` } : {}),
      pass: (pglite ? rss <= PGLITE_TARGET_MB : true) && tally.errors === 0 && tally.requests > 0,
      requests: tally.requests,
      errors: tally.errors,
      rssBeforeMb: mb(server.before.rss),
    });
  } finally {
    await server.close();
    await drop();
  }
}

const only = process.env.BENCH_ONLY;
if (!only || only === 'pglite') await soak('pglite');
if (!only || only === 'postgres') await soak('postgres');
