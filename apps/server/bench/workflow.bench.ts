// Bench (issue 8): the workflow engine on the real server.
//  1. workflow.audit-pg: audits per second with 50 approvers acting at once, each on their own tasks
//     (POST /FlowBefore/Audit over HTTP, one row-locked transaction per audit) on PostgreSQL, against a bare
//     transaction doing every write an audit does (lock reading the state, operator, record, notice and
//     receipt, task row with its state: bench/audit-bare.ts) at the same concurrency on the same pool, in the
//     same run. Skipped with a line when no PG. Target (issue 40): >= 0.9. Information: the same against the
//     lighter floor issue 21 judged (lock, version bump, one record); and `workflow.audit-pg-large-flow`, the
//     same audits on a flow whose template also holds a branch of 30 approvers they never take, against the
//     two-node flow (a flow's size should cost little). Also per audit and per bare transaction: process CPU
//     (server and the in-process clients), statements and round trips (Db.counts).
//  2. workflow.todo-list (PGlite) and workflow.todo-list-pg (PostgreSQL, a fresh database per run; a
//     SKIPPED line without PG): GET /FlowBefore/List/1 page 3 × 20, a user with hundreds pending among
//     100,000 tasks (bench/todo-seed.ts), autocannon at 10 connections: req/s, p50, p99 and errors (an
//     envelope code other than 200 counts; issue 10 wants none at this load), vs bare Fastify, in short
//     interleaved pairs (kit.compareLoad). Targets (issue 21): PGlite >= 0.1, PostgreSQL >= 0.3. Pages come
//     from the list cache (Db.lists, dropped on every write to the list tables, here or announced by another
//     process); `…-uncached` figures (information) run the page query on every request.
// Run: node --import tsx apps/server/bench/workflow.bench.ts   (TEST_DATABASE_URL or KP_BENCH_PG for PG;
// BENCH_ONLY=audit|todo|todo-pg for one part; BENCH_PROFILE=file.cpuprofile for a CPU profile of the audits)
import http from 'node:http';
import { sql } from 'kysely';
import { type Db, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { launchTask } from '../src/domains/workflow/engine';
import { seedIfEmpty } from '../src/seed/seed';
import { type BareKind, bareAudit } from './audit-bare';
import {
  bareRoute,
  bench,
  compareLoad,
  freshPostgres,
  localPostgresCpuMs,
  postJson,
  profileIf,
  runLoad,
  sampleAnswer,
  startServer,
} from './kit';
import { APPROVERS, applicantTemplate, approvers, leaveData, seedTodoTasks } from './todo-seed';

const DURATION = Number(process.env.BENCH_SECONDS ?? 2);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
/** Audits (and bare transactions) per approver before the measured ones: not measured. */
const WARM = 3;
/** Measured rounds (ours, then bare), each on PER_APPROVER / ROUNDS tasks of every approver. */
const ROUNDS = 5;
/** Measured audits per approver (BENCH_AUDITS_EACH, rounded to a multiple of ROUNDS). */
const PER_APPROVER = Math.max(1, Math.round(Number(process.env.BENCH_AUDITS_EACH ?? 25) / ROUNDS)) * ROUNDS;
const TASKS = 100_000;
/** Approvers on the branch the larger flow holds and its audits never take (workflow.audit-pg-large-flow). */
const LARGE_BRANCH = 30;
const CONNECTIONS = 10;

async function auditBench() {
  const created = await freshPostgres();
  if (created.url === null) {
    console.log(`workflow.audit-pg skipped: ${created.reason}`);
    bench({
      id: 'workflow.audit-pg',
      title:
        'audits/s with 50 concurrent approvers on distinct tasks, PostgreSQL — SKIPPED: no PostgreSQL reachable',
      skipped: true,
      pass: true,
    });
    return;
  }
  const db = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 10 });
  try {
    await migrateToLatest(db.kysely);
    await seedIfEmpty(db.kysely, { bcryptCost: 4 });
    const server = await startServer(db);
    await applicantTemplate(db.kysely);
    // information: the same flow with a branch of LARGE_BRANCH approvers it does not take (a larger template)
    await applicantTemplate(db.kysely, {
      id: 'wf-bench-large',
      fullName: '压测审批（大）',
      branchApprovers: LARGE_BRANCH,
    });
    const users = await approvers(db.kysely);
    const initiator = users[0]!;
    // each approver gets PER_APPROVER tasks of each flow, launched in-process, 10 at a time
    const jobs = users.flatMap((u) => Array.from({ length: WARM + PER_APPROVER }, () => u));
    for (const templateId of ['wf-bench', 'wf-bench-large'])
      for (let i = 0; i < jobs.length; i += 10)
        await Promise.all(
          jobs.slice(i, i + 10).map((u) =>
            launchTask(server.app.kp, {
              userId: initiator.id,
              templateId,
              formData: leaveData(u.id, u.department_id),
              status: 0,
            }),
          ),
        );
    // one after another: the login rate limit (auth/attempt-limits.ts) refuses a burst of 50 from one address
    const tokens: string[] = [];
    for (const u of users) tokens.push(await server.login(u.account));
    const w = db.kysely;
    /** Each approver's pending operator rows on tasks of `templateId`, in launch order. */
    const todoOf = (templateId: string) =>
      Promise.all(
        users.map((u) =>
          w
            .selectFrom('wf_operator as o')
            .innerJoin('wf_task as t', 't.id', 'o.task_id')
            .select('o.id')
            .where('o.user_id', '=', u.id)
            .where('o.status', '=', 0)
            .where('t.template_id', '=', templateId)
            .orderBy('o.creator_time')
            .orderBy('o.id')
            .execute(),
        ),
      );
    const todo = await todoOf('wf-bench');
    const todoLarge = await todoOf('wf-bench-large');
    // ours: 50 approvers at once, each auditing its own tasks one after another over HTTP (the clients run
    // in this process over node:http: the CPU figure includes theirs). The first WARM of each approver's
    // tasks warm the code up (JIT, pools, caches) and are not measured; the bare transactions get the same.
    let refused = 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: users.length });
    const auditAll = (from: number, to: number, ops = todo) =>
      Promise.all(
        users.map(async (_u, i) => {
          for (const op of ops[i]!.slice(from, to)) {
            const r = await postJson(
              agent,
              `${server.base}${B}/FlowBefore/Audit/${op.id}`,
              { authorization: `Bearer ${tokens[i]}` },
              { handleOpinion: '同意' },
            );
            if (r.code !== 200) refused++;
          }
        }),
      );
    // the baselines at the same concurrency, one transaction per audit (bench/audit-bare.ts)
    const rows = await w.selectFrom('wf_task').select('id').where('template_id', '=', 'wf-bench').execute();
    const bareAll = (from: number, to: number, kind: BareKind) =>
      Promise.all(
        users.map(async (_u, i) => {
          for (let k = from; k < to; k++)
            await bareAudit(db, kind, rows[i * (WARM + PER_APPROVER) + k]!.id, k, initiator.id);
        }),
      );
    // Warm up, then ROUNDS rounds, each ours then bare on the next PER_APPROVER / ROUNDS tasks of every
    // approver: the machine's drift falls on both; the ratio is the median of the rounds' ratios.
    await auditAll(0, WARM);
    await auditAll(0, WARM, todoLarge);
    await bareAll(0, WARM, 'same');
    await bareAll(0, WARM, 'floor');
    const perRound = PER_APPROVER / ROUNDS;
    const ours = new Tally();
    const bare = new Tally();
    const same = new Tally();
    const large = new Tally();
    const stopProfile = await profileIf(process.env.BENCH_PROFILE);
    for (let r = 0; r < ROUNDS; r++) {
      const from = WARM + r * perRound;
      // ours and its judged baseline back to back: the machine's drift falls on both alike
      await ours.measure(db, () => auditAll(from, from + perRound));
      await same.measure(db, () => bareAll(from, from + perRound, 'same'));
      await large.measure(db, () => auditAll(from, from + perRound, todoLarge));
      await bare.measure(db, () => bareAll(from, from + perRound, 'floor'));
    }
    await stopProfile();
    agent.destroy();
    await server.close();
    const adopted = Number(
      (
        await w
          .selectFrom('wf_task')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('template_id', '=', 'wf-bench')
          .where('status', '=', 2)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const audits = users.length * PER_APPROVER;
    const roundRatios = ours.ms.map((ms, r) => same.ms[r]! / ms);
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const ratio = median(roundRatios);
    const oursCost = ours.perItem(audits);
    const baseCost = same.perItem(audits);
    bench({
      id: 'workflow.audit-pg',
      title: `POST FlowBefore/Audit: ${APPROVERS} approvers at once, ${PER_APPROVER} distinct tasks each (${audits} audits, after ${WARM} each to warm up), PostgreSQL, pool 10, ${ROUNDS} rounds of ours then bare (round ratios ${roundRatios.map((x) => x.toFixed(2)).join(' ')}); per audit ${costText(oursCost)}; per bare transaction ${costText(baseCost)}`,
      ours: { value: Math.round(ours.perSecond(audits)), unit: 'audits/s' },
      baseline: {
        name: "bare transaction doing an audit's writes (row lock reading the state, operator, record, notice and its receipt, task row with its state), same concurrency, same pool",
        value: Math.round(same.perSecond(audits)),
        unit: 'tx/s',
      },
      ratio: Number(ratio.toFixed(3)),
      ratioMeaning: 'ours / baseline per second, median of the rounds (higher is better)',
      target: '>= 0.9, every audit answered 200, every task adopted',
      pass: ratio >= 0.9 && refused === 0 && adopted === rows.length,
      refused,
      adopted,
      perAudit: oursCost,
      perBareTransaction: baseCost,
    });
    // information: the same audits against the other baselines, round by round
    const against = (id: string, what: string, name: string, tally: Tally) => {
      const ratios = ours.ms.map((ms, r) => tally.ms[r]! / ms);
      bench({
        id,
        title: `the same audits against ${what} (information, no target; round ratios ${ratios.map((x) => x.toFixed(2)).join(' ')}); per bare transaction ${costText(tally.perItem(audits))}`,
        ours: { value: Math.round(ours.perSecond(audits)), unit: 'audits/s' },
        baseline: { name, value: Math.round(tally.perSecond(audits)), unit: 'tx/s' },
        ratio: Number(median(ratios).toFixed(3)),
        ratioMeaning: 'ours / baseline per second, median of the rounds (higher is better)',
        pass: true,
      });
    };
    against(
      'workflow.audit-pg-vs-floor',
      "the lighter floor issue 21 judged: a bare transaction with an audit's least database work (SELECT … FOR UPDATE, version bump, one record insert)",
      'bare lock + version bump + record',
      bare,
    );
    // the larger flow: its tasks all adopted, how big its template and a task's stored state are
    const sizes = await w
      .selectFrom('wf_task as t')
      .innerJoin('wf_flow_snapshot as s', 's.id', 't.template_snapshot')
      .select((eb) => [
        eb.fn.count('t.id').as('tasks'),
        eb.fn.sum(eb.case().when('t.status', '=', 2).then(1).else(0).end()).as('adopted'),
        eb.fn.max(sql<number>`octet_length(s.template_json::text)`).as('templateBytes'),
        eb.fn.max(sql<number>`octet_length(t.state_json::text)`).as('stateBytes'),
      ])
      .where('t.template_id', '=', 'wf-bench-large')
      .executeTakeFirstOrThrow();
    const largeRatios = ours.ms.map((ms, r) => ms / large.ms[r]!);
    bench({
      id: 'workflow.audit-pg-large-flow',
      title: `the same audits on a flow whose template also holds a branch of ${LARGE_BRANCH} approvers the audit does not take (template ${sizes.templateBytes} bytes, stored once; a task's state ${sizes.stateBytes} bytes) against the two-node flow (information, no target: near 1, a flow's size costs little; round ratios ${largeRatios.map((x) => x.toFixed(2)).join(' ')}); per audit ${costText(large.perItem(audits))}; ${sizes.adopted} of ${sizes.tasks} adopted`,
      ours: { value: Math.round(large.perSecond(audits)), unit: 'audits/s' },
      baseline: { name: 'the two-node flow', value: Math.round(ours.perSecond(audits)), unit: 'audits/s' },
      ratio: Number(median(largeRatios).toFixed(3)),
      ratioMeaning: 'larger flow / two-node flow audits per second, median of the rounds (higher is better)',
      pass: Number(sizes.adopted) === Number(sizes.tasks),
    });
  } finally {
    await db.close();
    await created.drop();
  }
}

/** Process CPU (this process: server and clients), PostgreSQL's CPU and the database's statement counts so far. */
const usage = (db: Db) => ({ cpu: process.cpuUsage(), pgCpuMs: localPostgresCpuMs(), ...db.counts });

/** The time and costs of measured parts, summed over them. */
class Tally {
  readonly ms: number[] = [];
  private cpu = 0;
  private system = 0;
  private pg: number | null = 0;
  private statements = 0;
  private roundTrips = 0;

  async measure(db: Db, fn: () => Promise<unknown>): Promise<void> {
    const a = usage(db);
    const t = performance.now();
    await fn();
    this.ms.push(performance.now() - t);
    const b = usage(db);
    this.cpu += b.cpu.user + b.cpu.system - a.cpu.user - a.cpu.system;
    this.system += b.cpu.system - a.cpu.system;
    this.pg =
      this.pg === null || a.pgCpuMs === null || b.pgCpuMs === null ? null : this.pg + b.pgCpuMs - a.pgCpuMs;
    this.statements += b.statements - a.statements;
    this.roundTrips += b.roundTrips - a.roundTrips;
  }

  perSecond(n: number): number {
    return (n / this.ms.reduce((x, y) => x + y, 0)) * 1000;
  }

  /** CPU ms (this process; of it in the kernel; PostgreSQL's), statements and round trips per item. */
  perItem(n: number) {
    const r = (x: number) => Number((x / n).toFixed(2));
    return {
      cpuMs: r(this.cpu / 1000),
      systemCpuMs: r(this.system / 1000),
      postgresCpuMs: this.pg === null ? null : r(this.pg),
      statements: r(this.statements),
      roundTrips: r(this.roundTrips),
    };
  }
}
const costText = (c: ReturnType<Tally['perItem']>) =>
  `${c.cpuMs} ms CPU${c.postgresCpuMs === null ? '' : ` (PostgreSQL ${c.postgresCpuMs} ms)`}, ${c.statements} statements in ${c.roundTrips} round trips`;

async function todoBench(kind: 'pglite' | 'postgres') {
  let created: { url: string; drop: () => Promise<void> } | null = null;
  if (kind === 'postgres') {
    const fresh = await freshPostgres();
    if (fresh.url === null) {
      console.log(`workflow.todo-list-pg skipped: ${fresh.reason}`);
      bench({
        id: 'workflow.todo-list-pg',
        title: 'to-do list req/s with 100,000 tasks, PostgreSQL — SKIPPED: no PostgreSQL reachable',
        skipped: true,
        pass: true,
      });
      return;
    }
    created = fresh;
  }
  const db = await openDatabase(
    created ? { kind: 'postgres', url: created.url, poolSize: 10 } : { kind: 'pglite' },
  );
  await migrateToLatest(db.kysely);
  await seedIfEmpty(db.kysely, { bcryptCost: 4 });
  const server = await startServer(db);
  await applicantTemplate(db.kysely);
  const { me, tasks, myPending, loadS } = await seedTodoTasks(server.app.kp, TASKS);
  const token = await server.login(me.account);
  const headers = { authorization: `Bearer ${token}` };
  const route = `${B}/FlowBefore/List/1?currentPage=3&pageSize=20`;
  const answer = await sampleAnswer(`${server.base}${route}`, headers);
  const bytes = answer.bytes;
  const parsed = JSON.parse(bytes);
  if (parsed.code !== 200 || parsed.data.list.length !== 20 || parsed.data.pagination.total !== myPending)
    throw new Error(`to-do list failed: ${bytes.slice(0, 300)}`);
  const bare = await bareRoute(`${B}/FlowBefore/List/1`, answer);
  const bareBase = bare.base;
  // the bare route answers the same envelope bytes, so its answers are checked the same way; short runs of
  // each, interleaved, ratio = median of the pairs (kit.compareLoad)
  const cmp = await compareLoad(
    { url: `${server.base}${route}`, connections: CONNECTIONS, headers },
    { url: `${bareBase}${route}`, connections: CONNECTIONS, headers },
    { pairs: PAIRS, seconds: DURATION },
  );
  const { ours, baseline, ratio } = cmp;
  const cacheStats = { hits: db.lists.hits, misses: db.lists.misses };
  // The same page with the list cache off (the page query on every request): information, no target.
  db.lists.enabled = false;
  const uncached = await runLoad({ url: `${server.base}${route}`, connections: CONNECTIONS, headers }, 4);
  db.lists.enabled = true;
  await bare.close();
  await server.close();
  await db.close();
  await created?.drop();
  const target = kind === 'postgres' ? 0.3 : 0.1;
  bench({
    id: kind === 'postgres' ? 'workflow.todo-list-pg' : 'workflow.todo-list',
    title: `GET FlowBefore/List/1 page 3 × 20 for a user with ${myPending} pending among ${tasks} tasks (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${bytes.length} bytes, ${CONNECTIONS} connections, ${PAIRS} interleaved pairs of ${DURATION}s, pair ratios ${cmp.ratios.map((r) => r.toFixed(3)).join(' ')}; load ${loadS.toFixed(0)}s): p50 ${ours.p50} ms, p99 ${ours.p99} ms, ${ours.errors} errors of ${ours.requests}; bare p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`,
    ours: { value: Math.round(ours.rps), unit: 'req/s' },
    baseline: {
      name: 'bare Fastify route returning the same bytes (body and headers)',
      value: Math.round(baseline.rps),
      unit: 'req/s',
    },
    p50: { value: ours.p50, unit: 'ms' },
    p99: { value: ours.p99, unit: 'ms' },
    errors: ours.errors,
    requests: ours.requests,
    connections: CONNECTIONS,
    ratio: Number(ratio.toFixed(3)),
    ratioMeaning: 'ours / baseline requests per second, median of interleaved pairs (higher is better)',
    target: `>= ${target}, 0 errors`,
    pass: ratio >= target && ours.errors === 0 && ours.requests > 0 && tasks >= TASKS,
    cache: cacheStats,
  });
  bench({
    id: `${kind === 'postgres' ? 'workflow.todo-list-pg' : 'workflow.todo-list'}-uncached`,
    title: `the same page with the list cache off (the page query on every request; information, no target): p50 ${uncached.p50} ms, p99 ${uncached.p99} ms, ${uncached.errors} errors of ${uncached.requests}`,
    ours: { value: Math.round(uncached.rps), unit: 'req/s' },
    baseline: {
      name: 'bare Fastify route returning the same bytes (body and headers)',
      value: Math.round(baseline.rps),
      unit: 'req/s',
    },
    ratio: Number((uncached.rps / baseline.rps).toFixed(3)),
    ratioMeaning: 'ours / baseline requests per second (higher is better)',
    pass: uncached.errors === 0,
  });
}

const B = '/api/workflow/Engine';
const only = process.env.BENCH_ONLY;
if (!only || only === 'audit') await auditBench();
if (!only || only === 'todo') await todoBench('pglite');
if (!only || only === 'todo-pg') await todoBench('postgres');
