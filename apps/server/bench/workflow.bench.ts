// Bench (issue 8): the workflow engine on the real server.
//  1. workflow.audit-pg: audits per second with 50 approvers acting at once, each on their own tasks
//     (POST /FlowBefore/Audit over HTTP, one row-locked transaction per audit) on PostgreSQL, against
//     the floor of the same database: a bare transaction per audit (lock the task row, bump its version,
//     insert one record) at the same concurrency, in the same run. Skipped with a line when no PG.
//  2. workflow.todo-list (PGlite) and workflow.todo-list-pg (PostgreSQL; a SKIPPED line without PG):
//     GET /FlowBefore/List/1 page 3 × 20, a user with hundreds pending among 100,000 tasks, vs bare Fastify.
// Run: node --import tsx apps/server/bench/workflow.bench.ts   (TEST_DATABASE_URL or KP_BENCH_PG for PG)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { md5Hex } from '../src/auth/tokens';
import { type Db, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { DEMO_PASSWORD, seedIfEmpty } from '../src/db/seed';
import type { Database } from '../src/db/types';
import { launchTask } from '../src/routes/workflow/engine';
import { wdb } from '../src/routes/workflow/tables';
import { createPostgresDatabase } from '../src/test/harness';

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const APPROVERS = 50;
const PER_APPROVER = Number(process.env.BENCH_AUDITS_EACH ?? 12);
const TASKS = 100_000;
const PG_URL =
  process.env.KP_BENCH_PG ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function bench(line: Record<string, unknown>) {
  console.log(`BENCH ${JSON.stringify(line)}`);
}

async function startServer(db: Db) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kp-bench-wf-'));
  const app = await buildApp({ db, dataDir, logger: false, options: { bcryptCost: 4, hostDist: null } });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = async (account: string, password = DEMO_PASSWORD) => {
    const r = await fetch(`${base}/api/oauth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account, password: md5Hex(password) }).toString(),
    }).then((x) => x.json());
    if (r.code !== 200) throw new Error(`login ${account}: ${r.msg}`);
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

/** A released template whose one approver is the form's `applicant` (so each task has its own approver). */
async function applicantTemplate(db: Kysely<Database>) {
  const w = wdb(db);
  const leave = await w
    .selectFrom('wf_template')
    .selectAll()
    .where('id', '=', 'wf-leave')
    .executeTakeFirstOrThrow();
  await w
    .insertInto('wf_template')
    .values({
      id: 'wf-bench',
      en_code: 'bench',
      full_name: '压测审批',
      form_json: JSON.stringify(leave.form_json),
      flow_json: JSON.stringify({
        nodeId: 'start',
        prevId: null,
        type: 'start',
        properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [] },
        childNode: {
          nodeId: 'a1',
          prevId: 'start',
          type: 'approver',
          properties: {
            title: '审批',
            assigneeType: 7,
            dynamicType: 'formField',
            formField: 'applicant',
            counterSign: 'or',
          },
        },
      }),
      properties_json: '{}',
      enabled_mark: 1,
      creator_user_id: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const leaveData = (applicant: string, dept: string | null) => ({
  applicant,
  department: dept,
  leaveType: 'sick',
  startTime: 1767225600000,
  endTime: 1767312000000,
  days: 1,
  reason: 'bench',
});

async function approvers(db: Kysely<Database>) {
  const users = await db
    .selectFrom('base_user')
    .select(['id', 'account', 'department_id'])
    .where('account', '!=', 'admin')
    .where('enabled_mark', '=', 1)
    .orderBy('account')
    .limit(APPROVERS)
    .execute();
  if (users.length < APPROVERS) throw new Error(`only ${users.length} users`);
  return users;
}

async function auditBench() {
  let created: { url: string; drop: () => Promise<void> };
  try {
    const probe = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
    await probe.connect();
    await probe.end();
    created = await createPostgresDatabase(PG_URL);
  } catch (e) {
    console.log(`workflow.audit-pg skipped: no PostgreSQL at ${PG_URL} (${(e as Error).message})`);
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
    const users = await approvers(db.kysely);
    const initiator = users[0]!;
    // each approver gets PER_APPROVER tasks, launched in-process, 10 at a time
    const jobs = users.flatMap((u) => Array.from({ length: PER_APPROVER }, () => u));
    for (let i = 0; i < jobs.length; i += 10)
      await Promise.all(
        jobs.slice(i, i + 10).map((u) =>
          launchTask(server.app.kp, {
            userId: initiator.id,
            templateId: 'wf-bench',
            formData: leaveData(u.id, u.department_id),
            status: 0,
          }),
        ),
      );
    const tokens = await Promise.all(users.map((u) => server.login(u.account)));
    const w = wdb(db.kysely);
    const todo = await Promise.all(
      users.map((u) =>
        w
          .selectFrom('wf_operator')
          .select('id')
          .where('user_id', '=', u.id)
          .where('status', '=', 0)
          .execute(),
      ),
    );
    // ours: 50 approvers at once, each auditing its own tasks one after another over HTTP
    let refused = 0;
    const t0 = performance.now();
    await Promise.all(
      users.map(async (_u, i) => {
        for (const op of todo[i]!) {
          const r = await fetch(`${server.base}${B}/FlowBefore/Audit/${op.id}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
            body: JSON.stringify({ handleOpinion: '同意' }),
          }).then((x) => x.json());
          if (r.code !== 200) refused++;
        }
      }),
    );
    const oursMs = performance.now() - t0;
    const audits = todo.reduce((n, l) => n + l.length, 0);
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
    // baseline: the bare database work of an audit (row lock, version bump, one record) at the same concurrency
    const rows = await w.selectFrom('wf_task').select('id').where('template_id', '=', 'wf-bench').execute();
    const t1 = performance.now();
    await Promise.all(
      users.map(async (_u, i) => {
        for (let k = 0; k < PER_APPROVER; k++) {
          const id = rows[i * PER_APPROVER + k]!.id;
          await db.kysely.transaction().execute(async (tx) => {
            const x = wdb(tx as never);
            await x
              .selectFrom('wf_task')
              .select(['version'])
              .where('id', '=', id)
              .forUpdate()
              .executeTakeFirst();
            await x
              .updateTable('wf_task')
              .set((eb) => ({ version: eb('version', '+', 1) }))
              .where('id', '=', id)
              .execute();
            await x
              .insertInto('wf_record')
              .values({
                id: `${id}:bench${k}`,
                task_id: id,
                node_id: 'a1',
                user_id: 'bench',
                handle_status: 1,
                handle_time: new Date(),
              })
              .execute();
          });
        }
      }),
    );
    const baseMs = performance.now() - t1;
    await server.close();
    const ours = (audits / oursMs) * 1000;
    const base = (rows.length / baseMs) * 1000;
    const ratio = ours / base;
    bench({
      id: 'workflow.audit-pg',
      title: `POST FlowBefore/Audit: ${APPROVERS} approvers at once, ${PER_APPROVER} distinct tasks each (${audits} audits), PostgreSQL, pool 10`,
      ours: { value: Math.round(ours), unit: 'audits/s' },
      baseline: {
        name: 'bare transaction per audit (SELECT … FOR UPDATE, version bump, one record insert), same concurrency',
        value: Math.round(base),
        unit: 'tx/s',
      },
      ratio: Number(ratio.toFixed(3)),
      ratioMeaning: 'ours / baseline per second (higher is better)',
      target: '>= 0.1, every audit answered 200, every task adopted',
      pass: ratio >= 0.1 && refused === 0 && adopted === audits,
      refused,
      adopted,
    });
  } finally {
    await db.close();
    await created.drop();
  }
}

async function todoBench(kind: 'pglite' | 'postgres') {
  let created: { url: string; drop: () => Promise<void> } | null = null;
  if (kind === 'postgres') {
    try {
      const probe = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
      await probe.connect();
      await probe.end();
      created = await createPostgresDatabase(PG_URL);
    } catch (e) {
      console.log(`workflow.todo-list-pg skipped: no PostgreSQL at ${PG_URL} (${(e as Error).message})`);
      bench({
        id: 'workflow.todo-list-pg',
        title: 'to-do list req/s with 100,000 tasks, PostgreSQL — SKIPPED: no PostgreSQL reachable',
        skipped: true,
        pass: true,
      });
      return;
    }
  }
  const db = await openDatabase(
    created ? { kind: 'postgres', url: created.url, poolSize: 10 } : { kind: 'pglite' },
  );
  await migrateToLatest(db.kysely);
  await seedIfEmpty(db.kysely, { bcryptCost: 4 });
  const server = await startServer(db);
  await applicantTemplate(db.kysely);
  const users = await approvers(db.kysely);
  const me = users[1]!;
  // one real launch gives the row shapes (state_json of a running task); 100,000 copies spread over
  // the 50 approvers (every 5th pending for the measured user's share, the rest handled)
  const first = await launchTask(server.app.kp, {
    userId: users[0]!.id,
    templateId: 'wf-bench',
    formData: leaveData(me.id, me.department_id),
    status: 0,
  });
  const t0 = performance.now();
  const step = 10_000;
  for (let from = 1; from <= TASKS - 1; from += step) {
    const to = Math.min(TASKS - 1, from + step - 1);
    await sql`insert into wf_task (id, template_id, template_version, flow_code, full_name, status, this_step,
        current_nodes, state_json, form_data, initiator_id, creator_time, start_time)
      select 'bt' || g, template_id, template_version, flow_code, full_name || ' #' || g, status, this_step,
        current_nodes, state_json, form_data, initiator_id, now() - (g || ' seconds')::interval, start_time
      from wf_task, generate_series(${from}::int, ${to}::int) g where id = ${first.id}`.execute(db.kysely);
    await sql`insert into wf_operator (id, task_id, flow_task_id, node_id, node_name, user_id, flow_user_id, status, creator_time)
      select 'bo' || g, 'bt' || g, 't2', 'a1', '审批', u.id, u.id, case when (g / ${APPROVERS}) % 5 = 0 then 0 else 1 end,
        now() - (g || ' seconds')::interval
      from generate_series(${from}::int, ${to}::int) g
      join (select id, row_number() over (order by account) - 1 as k from base_user where account != 'admin'
            and enabled_mark = 1 order by account limit ${APPROVERS}) u on u.k = g % ${APPROVERS}`.execute(
      db.kysely,
    );
  }
  await sql`vacuum analyze`.execute(db.kysely);
  const loadS = (performance.now() - t0) / 1000;
  const w = wdb(db.kysely);
  const count = async (table: 'wf_task' | 'wf_operator', mine = false) =>
    Number(
      (
        await (mine
          ? w.selectFrom('wf_operator').where('user_id', '=', me.id).where('status', '=', 0)
          : w.selectFrom(table)
        )
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const tasks = await count('wf_task');
  const myPending = await count('wf_operator', true);
  if (process.env.BENCH_EXPLAIN) {
    for (const q of [
      sql`explain analyze select count(*) from wf_operator where user_id = ${me.id} and status = 0`,
      sql`explain analyze select o.id, t.full_name from (select id, task_id, creator_time from wf_operator where user_id = ${me.id} and status = 0 order by creator_time desc, id limit 20 offset 40) o join wf_task t on t.id = o.task_id order by o.creator_time desc`,
    ]) {
      const r = await q.execute(db.kysely);
      console.log((r.rows as Array<Record<string, string>>).map((x) => Object.values(x)[0]).join('\n'));
    }
    const tk = await server.login(me.account);
    for (let i = 0; i < 3; i++) {
      const a = performance.now();
      await fetch(`${server.base}${B}/FlowBefore/List/1?currentPage=3&pageSize=20`, {
        headers: { authorization: `Bearer ${tk}` },
      });
      const b = performance.now();
      await fetch(`${server.base}/api/oauth/CurrentUser`, { headers: { authorization: `Bearer ${tk}` } });
      console.log('list ms', (b - a).toFixed(1), 'current-user ms', (performance.now() - b).toFixed(1));
    }
  }
  const token = await server.login(me.account);
  const headers = { authorization: `Bearer ${token}` };
  const route = `${B}/FlowBefore/List/1?currentPage=3&pageSize=20`;
  const bytes = await (await fetch(`${server.base}${route}`, { headers })).text();
  const parsed = JSON.parse(bytes);
  if (parsed.code !== 200 || parsed.data.list.length !== 20 || parsed.data.pagination.total !== myPending)
    throw new Error(`to-do list failed: ${bytes.slice(0, 300)}`);
  const bare = Fastify({ logger: false });
  bare.get(`${B}/FlowBefore/List/1`, (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(bytes),
  );
  const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 });
  const measure = async (url: string) => {
    const r = await autocannon({ url, connections: 10, duration: DURATION, headers });
    return { rps: r.requests.average, errors: r.errors, non2xx: r.non2xx };
  };
  await measure(`${server.base}${route}`); // warm-up
  const ours = await measure(`${server.base}${route}`);
  const baseline = await measure(`${bareBase}${route}`);
  await bare.close();
  await server.close();
  await db.close();
  await created?.drop();
  const ratio = ours.rps / baseline.rps;
  bench({
    id: kind === 'postgres' ? 'workflow.todo-list-pg' : 'workflow.todo-list',
    title: `GET FlowBefore/List/1 page 3 × 20 for a user with ${myPending} pending among ${tasks} tasks (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${bytes.length} bytes, 10 connections, ${DURATION}s; load ${loadS.toFixed(0)}s)`,
    ours: { value: Math.round(ours.rps), unit: 'req/s' },
    baseline: {
      name: 'bare Fastify route returning the same bytes',
      value: Math.round(baseline.rps),
      unit: 'req/s',
    },
    ratio: Number(ratio.toFixed(3)),
    ratioMeaning: 'ours / baseline requests per second (higher is better)',
    target: '>= 0.1',
    pass: ratio >= 0.1 && ours.errors === 0 && ours.non2xx === 0 && tasks >= TASKS,
  });
}

const B = '/api/workflow/Engine';
const only = process.env.BENCH_ONLY;
if (!only || only === 'audit') await auditBench();
if (!only || only === 'todo') await todoBench('pglite');
if (!only || only === 'todo-pg') await todoBench('postgres');
