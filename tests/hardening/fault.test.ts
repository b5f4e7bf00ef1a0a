// Issue 10, faults: a real server process takes 200 concurrent operations — workflow approvals (some
// twice at once), rejections with an opinion, flow launches (FlowTask and the Leave system form),
// resubmits of flows rejected earlier in the run, chunked uploads with merge and user creations — is killed
// with SIGKILL midway, and is started again on the same data. Checked after the restart:
// - every acknowledged approval/rejection is recorded exactly once, a double-sent one is applied once;
// - every flow task's state agrees with its rows (status, current nodes, operator rows, records,
//   deadlines: wf-consistency.ts), so nothing cut by the kill is half-applied;
// - every acknowledged launch or resubmit exists with its form data; every acknowledged user has its
//   unit relation; every acknowledged file is there with its exact bytes; no half-merged file is visible;
// - deadlines still fire: flows launched just before the kill with a 14.4 s limit are overdue by the
//   restart, and the sweeper (every 200 ms; on PostgreSQL in two server processes at once) sends each
//   its reminder once, or auto-approves it once where the node says so; flows launched with the load
//   (3.6 s limit) are swept while the load runs, so the kill may cut a sweep: they too fire exactly once.
// On PGlite (data folder) always, on PostgreSQL too when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, openDatabase } from '@kp/server';
import { createPostgresDatabase } from '@kp/server/testing';
import { describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../api/server-process';
import { api, login, md5, postJson as post } from '../support/client';
import {
  type AnyDb,
  createLoad,
  DEADLINE_FLOWS,
  DEADLINE_TEMPLATES,
  KINDS,
  type Kind,
  LIMIT_HOURS,
  leaveData,
  OPS,
  type PendingOp,
  type Person,
  prepare,
  WF,
  WORKERS,
} from './fault-kit';
import { checkWorkflowConsistency } from './wf-consistency';

// The fixtures (people, pending approvals, the plan of operations and the load that runs it) are in fault-kit.ts.
async function scenario(kind: 'pglite' | 'postgres') {
  const t0 = Date.now();
  const dataDir = await mkdtemp(path.join(tmpdir(), `kp-fault-${kind}-`));
  let drop: (() => Promise<void>) | null = null;
  const env: Record<string, string> = { DATA_DIR: dataDir, KP_WF_SWEEP_MS: '200' };
  if (kind === 'postgres') {
    const created = await createPostgresDatabase();
    drop = created.drop;
    env.DATABASE_URL = created.url;
  }
  const servers: ServerProcess[] = [];
  try {
    const prep = await prepare({
      target:
        kind === 'postgres'
          ? { kind: 'postgres', url: env.DATABASE_URL! }
          : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
      dataDir,
    });
    const tPrep = Date.now();
    servers.push(await startServerProcess(env));
    const tStart = Date.now();
    const base = servers[0]!.url;
    const tokenOf = (userId: string) => prep.people.get(userId)!.token;
    const run = randomBytes(3).toString('hex');

    const load = createLoad(prep, base, run);
    const {
      ackedAudits,
      attemptedOps,
      ackedLaunches,
      ackedUsers,
      ackedFiles,
      doubles,
      ackedResubmits,
      refusals,
      counts,
      op,
    } = load;

    // 200 operations, 20 at a time. Once half have been answered and every kind has been acknowledged
    // twice (chunked uploads answer slowest under this load), launch the late deadline flows (limit
    // 14.4 s, so none is due yet), then SIGKILL with the rest of the load still in flight.
    const queue = Array.from({ length: OPS }, (_, i) => i);
    const workers = Array.from({ length: WORKERS }, async () => {
      while (queue.length && !load.killed()) await op(queue.shift()!);
    });
    const person = (a: string) => [...prep.people.values()].find((p) => p.account === a)!;
    const deadlineFlows: { id: string; flowId: string; by: Person }[] = [];
    const launchDeadlines = (by: Person, suffix: string) =>
      Promise.all(
        Array.from({ length: DEADLINE_FLOWS * 2 }, async (_, j) => {
          const flowId = (j % 2 ? 'fault-auto' : 'fault-remind') + suffix;
          const r = await post(base, by.token, `${WF}/FlowTask`, {
            flowId,
            formData: leaveData(by, 1, `超时${j}`),
          });
          expect(r.code, r.msg).toBe(200);
          deadlineFlows.push({ id: r.data, flowId, by });
        }),
      );
    // Early deadline flows (liuzhiqiang's), launched with the load: due 3.6 s later, so the sweeper
    // (every 200 ms in this process too) fires them during the load, or after the restart when the load
    // is quick, and the kill may land inside a sweep.
    const early = launchDeadlines(person('liuzhiqiang'), '-early');
    const midway = () => load.done() >= OPS / 2 && KINDS.every((k) => counts.acked[k] >= 2);
    while (!midway() && queue.length) await new Promise((r) => setTimeout(r, 20));
    await early;
    // Late deadline flows (zhangwei's): due only once the server is down.
    await launchDeadlines(person('zhangwei'), '');
    const lastDeadlineLaunch = Date.now();
    load.kill();
    const answeredAtKill = load.done();
    await servers.shift()!.stop('SIGKILL');
    const tKill = Date.now();
    await Promise.all(workers);
    // Before the kill every call must have succeeded (a double audit's second answer may be 409
    // 该任务已处理); refusals here would be bugs, not the fault.
    expect(refusals, refusals.slice(0, 5).join('; ')).toEqual([]);
    for (const d of doubles) expect(d.acks, `double audit of ${d.op.id}`).toBeLessThanOrEqual(1);
    expect(ackedAudits.length).toBeGreaterThan(5);
    expect(ackedLaunches.length).toBeGreaterThan(5);

    // Down until every deadline flow is overdue, then up again with the sweeper every 200 ms — on
    // PostgreSQL in two server processes, so two sweepers race for the same rows.
    const dueBy = lastDeadlineLaunch + LIMIT_HOURS * 3_600_000 + 1000;
    if (Date.now() < dueBy) await new Promise((r) => setTimeout(r, dueBy - Date.now()));
    const env2 = { ...env, KP_WF_SWEEP_MS: '200' };
    servers.push(await startServerProcess(env2));
    if (kind === 'postgres') servers.push(await startServerProcess(env2));
    const tUp = Date.now();
    const base2 = servers[0]!.url;
    const admin2 = await login(base2, 'admin', 'admin123');
    expect((await api(base2, admin2, '/api/oauth/CurrentUser')).code).toBe(200);

    // Every acknowledged file survived, whole; every acknowledged launch is readable with its data.
    for (const a of ackedFiles) {
      const res = await fetch(`${base2}${a.url}`, { headers: { authorization: `Bearer ${admin2}` } });
      expect(res.status, `file ${a.fileId}`).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length).toBe(a.size);
      expect(md5(bytes)).toBe(a.md5);
    }
    for (const a of ackedUsers) {
      const u = await api(base2, admin2, `/api/permission/Users/${a.id}`);
      expect(u.code, `user ${a.account}`).toBe(200);
      expect(u.data.account).toBe(a.account);
    }
    for (const l of [...ackedLaunches, ...ackedResubmits]) {
      const r = await api(base2, tokenOf(l.initiator), `${WF}/FlowTask/${l.id}`);
      expect(r.code, `launch ${l.id}`).toBe(200);
      // as sent, plus the 申请时间 (createTime) the server stamps
      expect(r.data.formData).toEqual({
        ...l.data,
        createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /),
      });
    }
    // A resubmitted flow runs again, with the new data, read back through the Leave form too.
    for (const l of ackedResubmits) {
      const r = await api(base2, tokenOf(l.initiator), `/api/workflow/Form/Leave/${l.id}`);
      expect(r.code, `resubmit ${l.id}`).toBe(200);
      expect(r.data.status).toBe(1);
      expect(r.data.reason).toBe(l.data.reason);
    }

    // Deadlines fire after the restart: wait (bounded: 120 s, twice the 60 s a sweep's claim cut by the
    // kill stays reserved) until every deadline flow shows it.
    const chenjing = person('chenjing');
    const remindIds = new Set(
      deadlineFlows.filter((d) => d.flowId.startsWith('fault-remind')).map((d) => d.id),
    );
    const autoFlows = deadlineFlows.filter((d) => d.flowId.startsWith('fault-auto'));
    const fired = async () => {
      let pressed = 0;
      for (const flowId of ['fault-remind', 'fault-remind-early']) {
        const list = await api(
          base2,
          chenjing.token,
          `${WF}/FlowBefore/List/1?flowId=${flowId}&pageSize=100`,
        );
        pressed += list.data.list.filter(
          (r: { processId: string; pressMark: number }) => remindIds.has(r.processId) && r.pressMark === 1,
        ).length;
      }
      let moved = 0;
      for (const d of autoFlows)
        if ((await api(base2, d.by.token, `${WF}/FlowTask/${d.id}`)).data.thisStep === '审批二') moved++;
      return pressed === remindIds.size && moved === autoFlows.length;
    };
    const waitUntil = Date.now() + 120_000;
    while (!(await fired())) {
      if (Date.now() > waitUntil) throw new Error('deadlines did not fire within 120 s of the restart');
      await new Promise((r) => setTimeout(r, 250));
    }
    const tFired = Date.now();
    // More sweeps run (every 200 ms, in each process) before the servers stop: a second fire would show.
    await new Promise((r) => setTimeout(r, 2000));
    for (const s of servers.splice(0)) await s.stop('SIGTERM');

    // In the database: the workflow tables agree with themselves, and each acknowledged act is there once.
    let db: Db;
    if (kind === 'postgres') db = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL! });
    else db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    let report: Awaited<ReturnType<typeof checkWorkflowConsistency>>;
    let unackedApplied = 0;
    let autoBeforeKill = 0;
    try {
      const k = db.kysely as AnyDb;
      report = await checkWorkflowConsistency(k);
      expect(report.problems.slice(0, 10), `${report.problems.length} problems`).toEqual([]);

      const opRows = new Map(
        (
          await k
            .selectFrom('wf_operator')
            .select(['id', 'status', 'reminder_count', 'node_id', 'task_id'])
            .execute()
        ).map((o) => [o.id as string, o]),
      );
      const records = await k
        .selectFrom('wf_record')
        .select([
          'task_id',
          'flow_task_id',
          'user_id',
          'handle_status',
          'handle_opinion',
          'node_id',
          'handle_time',
        ])
        .execute();
      const decisionsOf = (o: PendingOp) =>
        records.filter(
          (r) => r.task_id === o.taskId && r.flow_task_id === o.flowTaskId && r.handle_status <= 1,
        );
      for (const a of ackedAudits) {
        const ds = decisionsOf(a.op);
        expect(ds.length, `acknowledged decision on ${a.op.id}`).toBe(1);
        expect(ds[0]!.handle_status).toBe(a.reject ? 0 : 1);
        expect(ds[0]!.user_id).toBe(a.op.userId);
        if (a.reject) expect(ds[0]!.handle_opinion).toBe(a.reject);
        expect(opRows.get(a.op.id)?.status).toBe(1);
      }
      // An attempted but unanswered decision is wholly there or wholly absent (its operator row and its
      // record agree; the consistency check already holds the rest of the flow to its state).
      const ackedIds = new Set(ackedAudits.map((a) => a.op.id));
      for (const o of attemptedOps.filter((x) => !ackedIds.has(x.id))) {
        const n = decisionsOf(o).length;
        const st = opRows.get(o.id)?.status;
        expect([st, n], `unanswered decision on ${o.id}`).toSatisfy(
          ([s, c]: [number, number]) => (s === 1 && c === 1) || (s !== 1 && c === 0),
        );
        if (n) unackedApplied++;
      }
      // Acknowledged launches: the task row, its initiator and its form data as sent.
      const launched = new Map(
        (
          await k
            .selectFrom('wf_task')
            .select(['id', 'initiator_id', 'template_id', 'form_data', 'status'])
            .where('template_id', '=', 'wf-leave')
            .execute()
        ).map((r) => [r.id as string, r]),
      );
      for (const l of ackedLaunches) {
        const row = launched.get(l.id);
        expect(row, `launch ${l.id}`).toBeTruthy();
        expect(row!.initiator_id).toBe(l.initiator);
        // as sent, plus what the server stamps (the leave form's 申请时间, a createTime field)
        const stored = (
          typeof row!.form_data === 'string' ? JSON.parse(row!.form_data) : row!.form_data
        ) as Record<string, unknown>;
        expect(stored).toEqual({
          ...l.data,
          createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        });
      }

      // Deadlines: each overdue flow got one reminder (or one auto-approval), however many sweeps ran.
      const dlTasks = await k
        .selectFrom('wf_task')
        .select(['id', 'template_id', 'press_mark', 'full_name'])
        .where('template_id', 'in', DEADLINE_TEMPLATES)
        .execute();
      expect(dlTasks.length).toBe(DEADLINE_FLOWS * 4);
      for (const task of dlTasks) {
        expect(task.press_mark, `press mark of ${task.id}`).toBe(1);
        const ops = [...opRows.values()].filter((o) => o.task_id === task.id);
        const recs = records.filter(
          (r) => r.task_id === task.id && r.node_id === 'n1' && r.handle_status === 1,
        );
        if (task.template_id.startsWith('fault-remind')) {
          expect(ops.map((o) => [o.node_id, o.status, o.reminder_count])).toEqual([['n1', 0, 1]]);
          expect(recs.length).toBe(0);
        } else {
          expect(ops.map((o) => [o.node_id, o.status]).sort()).toEqual([
            ['n1', 1],
            ['n2', 0],
          ]);
          expect(recs.length, `auto-approvals of ${task.id}`).toBe(1);
          expect(recs[0]!.user_id).toBe(chenjing.id);
          if (new Date(recs[0]!.handle_time).getTime() < tKill) autoBeforeKill++;
        }
      }
      const leftDeadlines = await k
        .selectFrom('wf_deadline')
        .select('task_id')
        .where(
          'task_id',
          'in',
          dlTasks.map((x) => x.id),
        )
        .execute();
      expect(leftDeadlines).toEqual([]);
      // One overdue site message per late flow (the reminder is sent once). Messages go after the
      // commit, so an early flow whose sweep the kill cut between commit and message has none: at most one.
      for (const name of [...new Set(dlTasks.map((x) => x.full_name as string))]) {
        const n = dlTasks.filter((x) => x.full_name === name).length;
        const msgs = await k
          .selectFrom('message')
          .select('id')
          .where('title', '=', `流程超时提醒：${name}`)
          .execute();
        if (name.startsWith(person('zhangwei').name)) expect(msgs.length, `reminders for ${name}`).toBe(n);
        else expect(msgs.length, `reminders for ${name}`).toBeLessThanOrEqual(n);
      }

      // Users and files: nothing half-done.
      const users = await k
        .selectFrom('base_user as u')
        .leftJoin('base_user_relation as r', (j) =>
          j.onRef('r.user_id', '=', 'u.id').on('r.object_type', '=', 'Organize'),
        )
        .select(['u.account', 'r.object_id'])
        .where('u.account', 'like', `fault${run}x%`)
        .execute();
      for (const u of users) expect(u.object_id, `relation of ${u.account}`).toBeTruthy();
      const fileRecords = await k.selectFrom('file_record').select(['id', 'storage_key', 'size']).execute();
      for (const r of fileRecords) {
        const st = await stat(path.join(dataDir, 'files', r.storage_key)).catch(() => null);
        expect(st?.size, `file of record ${r.id}`).toBe(Number(r.size));
      }
      for (const f of ackedFiles) expect(fileRecords.some((r) => r.id === f.fileId)).toBe(true);
    } finally {
      await db.close();
    }
    // Temporary parts of interrupted writes are never under a final name.
    const walk = async (dir: string): Promise<string[]> => {
      const out: string[] = [];
      for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) out.push(...(await walk(full)));
        else out.push(full);
      }
      return out;
    };
    const finals = (await walk(path.join(dataDir, 'files'))).filter(
      (f) => !f.includes('.part-') && !f.includes(`${path.sep}chunks${path.sep}`),
    );
    for (const f of finals) expect((await readFile(f)).length).toBeGreaterThan(0);

    const sum = (r: Record<Kind, number>) => Object.values(r).reduce((a, b) => a + b, 0);
    return {
      counts,
      acked: sum(counts.acked),
      attempted: sum(counts.attempted),
      unackedApplied,
      answeredAtKill,
      autoBeforeKill,
      report,
      secs: {
        prepare: (tPrep - t0) / 1000,
        start: (tStart - tPrep) / 1000,
        load: (tKill - tStart) / 1000,
        restart: (tUp - tKill) / 1000,
        deadlines: (tFired - tUp) / 1000,
        total: (Date.now() - t0) / 1000,
      },
    };
  } finally {
    for (const s of servers) await s.stop('SIGKILL');
    if (drop) await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const summary = (kind: string, r: Awaited<ReturnType<typeof scenario>>) =>
  `fault ${kind}: ${r.acked} acknowledged of ${r.attempted} attempted operations ` +
  `(${Object.keys(r.counts.attempted)
    .map((k) => `${k} ${r.counts.acked[k as Kind]}/${r.counts.attempted[k as Kind]}`)
    .join(
      ', ',
    )}); killed with ${r.answeredAtKill} answered; ${r.unackedApplied} unanswered decisions were committed whole; ` +
  `${r.autoBeforeKill} of ${DEADLINE_FLOWS} early auto-approvals fired before the kill, the rest after the restart; ` +
  `${r.report.tasks} flows, ${r.report.operators} operator rows, ${r.report.records} records consistent ` +
  `(status ${JSON.stringify(r.report.byStatus)}); seconds ${JSON.stringify(r.secs)}`;

describe('SIGKILL under load, then restart', () => {
  it('PGlite: acknowledged writes survive whole, flows stay consistent, deadlines fire once', {
    timeout: 600_000,
  }, async () => {
    console.log(summary('pglite', await scenario('pglite')));
  });
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: acknowledged writes survive whole, flows stay consistent, deadlines fire once',
    { timeout: 600_000 },
    async () => {
      console.log(summary('postgres', await scenario('postgres')));
    },
  );
});
