// The read replica (READ_DATABASE_URL, apps/server/src/db/replica.ts): a PostgreSQL primary and a streaming
// replica started here (initdb, pg_basebackup -R, loopback ports), the server on both. Proves that the lists
// are read on the replica, that a writer reads their own writes even while the replica replays nothing, and
// that losing the replica sends the reads to the primary (and its return brings them back). Runs where
// TEST_DATABASE_URL is set (CI's PostgreSQL step) and PostgreSQL's server binaries are installed.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/database';
import { leaveData, workflowTestKit } from '../../apps/server/src/domains/workflow/testkit';
import { createTestApp, type TestApp } from '../../apps/server/src/test/harness';
import { freePort } from './haproxy';

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const WF = '/api/workflow/Engine';
const ready = !!process.env.TEST_DATABASE_URL && existsSync(path.join(BIN, 'initdb'));
if (!ready)
  console.warn(
    `replica.test.ts skipped: ${process.env.TEST_DATABASE_URL ? `no ${BIN}/initdb (set PG_BIN)` : 'TEST_DATABASE_URL is not set'}`,
  );

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user. */
const asPg = (cmd: string, args: string[]) =>
  process.getuid?.() === 0
    ? run('runuser', ['-u', 'postgres', '--', path.join(BIN, cmd), ...args])
    : run(path.join(BIN, cmd), args);

async function one<T>(url: string, text: string): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows[0] as T;
  } finally {
    await c.end();
  }
}

describe.skipIf(!ready)('read replica: lists on the replica, read-your-writes, fallback', () => {
  let dir = '';
  let primaryUrl = '';
  let replicaUrl = '';
  const started: string[] = [];
  let t: TestApp;
  const kit = workflowTestKit(() => t);
  const list = async (account: string, url: string) => {
    const r = await t.call<{ list: Record<string, unknown>[] }>(await kit.login(account), {
      method: 'GET',
      url,
    });
    expect(r.code, r.msg).toBe(200);
    return r.data.list;
  };
  const todo = (account: string) => list(account, `${WF}/FlowBefore/List/1?pageSize=50`);
  const done = (account: string) => list(account, `${WF}/FlowBefore/List/2?pageSize=50`);
  const launched = (account: string) => list(account, `${WF}/FlowLaunch?pageSize=50`);
  const launch = async () => {
    const zw = await kit
      .w()
      .selectFrom('base_user')
      .selectAll()
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    const r = await kit.submit(await kit.login('zhangwei'), 'wf-leave', leaveData(zw));
    expect(r.code, r.msg).toBe(200);
    const [op] = await kit.pending(r.data);
    expect(op).toBeDefined();
    return { taskId: r.data, operatorId: op!.id, approver: await kit.accountOf(op!.user_id) };
  };
  /** Waits until the replica has replayed everything the primary has written so far (its insert position, as the pins). */
  const caughtUp = async () => {
    const { lsn } = await one<{ lsn: string }>(primaryUrl, 'select pg_current_wal_insert_lsn()::text as lsn');
    const end = Date.now() + 15_000;
    while (
      !(await one<{ ok: boolean }>(replicaUrl, `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as ok`))
        .ok
    ) {
      if (Date.now() > end) throw new Error('the replica did not catch up');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  beforeAll(async () => {
    const t0 = Date.now();
    dir = await mkdtemp(path.join(tmpdir(), 'kp-replica-'));
    if (process.getuid?.() === 0) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    const [pp, rp] = [await freePort(), await freePort()];
    const primary = path.join(dir, 'primary');
    const replica = path.join(dir, 'replica');
    await asPg('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    const conf = (port: number) =>
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        'wal_level = replica',
        'max_wal_senders = 5',
        'hot_standby = on',
        'fsync = off',
        'shared_buffers = 32MB',
        'max_connections = 60',
        '',
      ].join('\n');
    // postgresql.conf and pg_hba.conf belong to postgres (initdb wrote them): appended, not replaced
    await appendFile(path.join(primary, 'postgresql.conf'), `\n${conf(pp)}`);
    await appendFile(path.join(primary, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    await asPg('pg_ctl', ['-D', primary, '-l', path.join(dir, 'primary.log'), '-w', 'start']);
    started.push(primary);
    await asPg('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(pp),
      '-U',
      'postgres',
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
    ]);
    await appendFile(path.join(replica, 'postgresql.conf'), `\nport = ${rp}\n`);
    await asPg('pg_ctl', ['-D', replica, '-l', path.join(dir, 'replica.log'), '-w', 'start']);
    started.push(replica);
    primaryUrl = `postgres://postgres@127.0.0.1:${pp}/postgres`;
    replicaUrl = `postgres://postgres@127.0.0.1:${rp}/postgres`;
    expect((await one<{ r: boolean }>(replicaUrl, 'select pg_is_in_recovery() as r')).r).toBe(true);
    t = await createTestApp({
      target: { kind: 'postgres', url: primaryUrl, readUrl: replicaUrl, poolSize: 4 },
    });
    await caughtUp();
    console.info(`replica.test.ts: primary :${pp}, replica :${rp}, ready in ${Date.now() - t0} ms`);
  });

  afterAll(async () => {
    await t?.close().catch(() => {});
    for (const d of started.reverse())
      await asPg('pg_ctl', ['-D', d, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads the lists on the replica; a writer reads their own launch and approval while replay is paused', async () => {
    const router = t.db.replica!;
    await one(replicaUrl, 'select pg_wal_replay_pause()');
    try {
      const before = { ...router.stats, statements: router.counts.statements };
      const task = await launch();
      // (a) the administrator wrote nothing and no list of theirs changed: the flow monitor is read on the
      // replica, which has not replayed the launch (the primary has it)
      const monitor = await list('admin', `${WF}/FlowMonitor?pageSize=50`);
      expect(monitor.map((r) => r.id)).not.toContain(task.taskId);
      expect((await kit.task(task.taskId)).status).toBe(1);
      expect(router.stats.replicaReads).toBeGreaterThan(before.replicaReads);
      expect(router.counts.statements).toBeGreaterThan(before.statements);
      expect(router.stats.fallbacks).toBe(before.fallbacks);
      // the launch changed the approver's to-do: they read it on the primary until the replica has the launch
      // (the list cache would otherwise keep a page without it)
      expect((await todo(task.approver)).map((r) => r.processId)).toContain(task.taskId);
      // (b) the initiator just launched it: their list is read on the primary, the task is there
      expect((await launched('zhangwei')).map((r) => r.id)).toContain(task.taskId);
      // the approver approves: their done list has it at once, their to-do no longer
      const a = await t.call(await kit.login(task.approver), {
        method: 'POST',
        url: `${WF}/FlowBefore/Audit/${task.operatorId}`,
        payload: { handleOpinion: '同意' },
      });
      expect(a.code, a.msg).toBe(200);
      expect((await done(task.approver)).map((r) => r.processId)).toContain(task.taskId);
      expect((await todo(task.approver)).map((r) => r.processId)).not.toContain(task.taskId);
      // a user who wrote nothing still reads on the paused replica
      const replicaBefore = router.stats.replicaReads;
      await launched('admin');
      expect(router.stats.replicaReads).toBe(replicaBefore + 1);
    } finally {
      await one(replicaUrl, 'select pg_wal_replay_resume()');
    }
    // replayed: the writers' reads go back to the replica
    await caughtUp();
    await router.refresh();
    const replicaBefore = router.stats.replicaReads;
    await launched('zhangwei');
    expect(router.stats.replicaReads).toBe(replicaBefore + 1);
  });

  it('a write on one instance pins its writer on another through the bus', async () => {
    const db2 = await openDatabase({ kind: 'postgres', url: primaryUrl, readUrl: replicaUrl, poolSize: 2 });
    const app2 = await buildApp({ db: db2, dataDir: t.dataDir, logger: false, options: { bcryptCost: 4 } });
    try {
      await app2.ready();
      const zw = await kit.idOf('zhangwei');
      expect(db2.read(zw)).toBe(db2.replica!.kysely);
      await one(replicaUrl, 'select pg_wal_replay_pause()');
      try {
        const task = await launch();
        // the pin left on the bus before the launch's answer: it arrives on the second instance within ms
        const t0 = Date.now();
        while (db2.read(zw) !== db2.kysely) {
          if (Date.now() - t0 > 2_000) throw new Error('no pin arrived on the second instance');
          await new Promise((r) => setTimeout(r, 2));
        }
        console.info(`replica.test.ts: pin on the second instance after ${Date.now() - t0} ms`);
        const r = await app2.inject({
          method: 'GET',
          url: `${WF}/FlowLaunch?pageSize=50`,
          headers: { authorization: `Bearer ${await kit.login('zhangwei')}` },
        });
        expect(r.json().data.list.map((x: { id: string }) => x.id)).toContain(task.taskId);
      } finally {
        await one(replicaUrl, 'select pg_wal_replay_resume()');
      }
      await caughtUp();
      await db2.replica!.refresh();
      expect(db2.read(zw)).toBe(db2.replica!.kysely);
    } finally {
      await app2.close();
      await db2.close();
    }
  });

  it('falls back to the primary when the replica stops, and returns to it when it is back', async () => {
    const router = t.db.replica!;
    const replica = started[1]!;
    await asPg('pg_ctl', ['-D', replica, '-m', 'fast', '-w', 'stop']);
    const task = await launch();
    // the administrator is not pinned: the monitor is routed to the replica, whose statement fails and is
    // answered by the primary (the new task is there); the replica is then taken out
    const fallbacks = router.stats.fallbacks;
    const monitor = await list('admin', `${WF}/FlowMonitor?pageSize=50`);
    expect(monitor.map((r) => r.id)).toContain(task.taskId);
    expect(router.stats.fallbacks).toBeGreaterThan(fallbacks);
    expect(router.isUp).toBe(false);
    // the next reads go to the primary straight away, a pinned user's too
    const primaryBefore = router.stats.primaryReads;
    expect((await launched('admin')).length).toBeGreaterThanOrEqual(0);
    expect((await todo(task.approver)).map((r) => r.processId)).toContain(task.taskId);
    expect(router.stats.primaryReads).toBe(primaryBefore + 2);
    await asPg('pg_ctl', ['-D', replica, '-l', path.join(dir, 'replica.log'), '-w', 'start']);
    await caughtUp();
    await new Promise((r) => setTimeout(r, 1_100)); // the retry interval
    await launched('admin'); // routed to the primary, sets off the probe
    await router.refresh();
    expect(router.isUp).toBe(true);
    const replicaBefore = router.stats.replicaReads;
    await launched('admin');
    expect(router.stats.replicaReads).toBe(replicaBefore + 1);
  });
});
