// Scale-out (issue 21): three server processes on one PostgreSQL database, files in one S3-compatible
// bucket (s3rver), behind Debian's HAProxy. Runs where TEST_DATABASE_URL names a PostgreSQL server and
// haproxy is installed (CI: .ci/run installs it).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../apps/server/src/db/database';
import {
  createPostgresDatabase,
  createTestApp,
  seededInitiators,
  startNode,
} from '../../apps/server/src/test/harness';
import { type LocalS3, startLocalS3 } from '../../apps/server/src/test/s3';
import { type ServerProcess, startServerProcess } from '../api/server-process';
import { api, login as loginAs, md5, multipart, postJson, socket } from '../support/client';
import { BEHIND_PROXY_ENV, haproxyInstalled, type LoadBalancer, startHaproxy } from './haproxy';

const PG = process.env.TEST_DATABASE_URL;
const WF = '/api/workflow/Engine';
/** Time limit of the reminder flows: 0.001 h = 3.6 s (written straight into wf_template, as the fault suite does). */
const REMIND_HOURS = 0.001;
// biome-ignore lint/suspicious/noExplicitAny: the workflow tables are not in the shared Database type
type AnyDb = Kysely<any>;

const login = (base: string, account: string) => loginAs(base, account, 'kp123456');

/** How many CurrentUser requests one instance has served (its own /metrics, read on loopback). */
async function servedCurrentUser(s: ServerProcess): Promise<number> {
  const text = await (await fetch(`${s.url}/metrics`)).text();
  const m =
    /kp_http_request_duration_seconds_count\{method="GET",route="\/api\/oauth\/CurrentUser",status="200"\} (\d+)/.exec(
      text,
    );
  return m ? Number(m[1]) : 0;
}

describe.skipIf(!PG || !haproxyInstalled())('three instances behind HAProxy, PostgreSQL, S3', () => {
  let dir: string;
  let s3: LocalS3;
  let drop: () => Promise<void>;
  let dbUrl: string;
  let servers: ServerProcess[] = [];
  let proxy: LoadBalancer;
  let db: Db;
  const ids = new Map<string, string>();
  let zhangweiDept = '';
  /** A leave request of zhangwei's, as the leave form wants it. */
  const leave = (reason: string) => ({
    applicant: ids.get('zhangwei'),
    department: zhangweiDept,
    leaveType: 'personal',
    startTime: 1767225600000,
    endTime: 1767225600000 + 86_400_000,
    days: 1,
    reason,
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kp-cluster-'));
    s3 = await startLocalS3(path.join(dir, 's3'), ['kp-cluster']);
    const created = await createPostgresDatabase(PG!);
    drop = created.drop;
    dbUrl = created.url;
    // Migrate, seed and add the reminder template once, before the instances start on the same data.
    const t = await createTestApp({ target: { kind: 'postgres', url: dbUrl, poolSize: 2 } });
    try {
      const k = t.db.kysely as AnyDb;
      for (const u of await k.selectFrom('base_user').select(['id', 'account', 'department_id']).execute()) {
        ids.set(u.account, u.id);
        if (u.account === 'zhangwei') zhangweiDept = u.department_id;
      }
      const form = (
        await k
          .selectFrom('wf_template')
          .select('form_json')
          .where('id', '=', 'wf-leave')
          .executeTakeFirstOrThrow()
      ).form_json;
      const tree = startNode(await seededInitiators(t.db.kysely), {
        nodeId: 'n1',
        prevId: 'start',
        type: 'approver',
        properties: {
          title: '审批',
          assigneeType: 1,
          approvers: [ids.get('chenjing')],
          approverPos: [],
          approverRole: [],
          counterSign: 'or',
          timeLimit: { enabled: true, duration: REMIND_HOURS },
        },
        childNode: null,
      });
      await k
        .insertInto('wf_template')
        .values({
          id: 'cluster-remind',
          en_code: 'clusterremind',
          full_name: '集群超时提醒',
          category: '测试',
          type: 0,
          form_type: 1,
          form_json: JSON.stringify(form),
          flow_json: JSON.stringify(tree),
          properties_json: '{}',
          version: 1,
          enabled_mark: 1,
          creator_user_id: null,
        })
        .execute();
    } finally {
      await t.close();
    }
    const env = (i: number) => ({
      DATABASE_URL: dbUrl,
      DATA_DIR: path.join(dir, `data-${i}`),
      FILE_STORAGE: 's3',
      S3_BUCKET: 'kp-cluster',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      KP_WF_SWEEP_MS: '200',
      ...BEHIND_PROXY_ENV,
    });
    servers = await Promise.all([1, 2, 3].map((i) => startServerProcess(env(i))));
    proxy = await startHaproxy(
      dir,
      servers.map((s) => s.url),
    );
    db = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 });
  }, 600_000);

  afterAll(async () => {
    await proxy?.stop();
    for (const s of servers) await s.stop('SIGTERM');
    await db?.close();
    await drop?.();
    await s3?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('spreads requests over the three; a session made on one works on every one', async () => {
    const token = await login(servers[0].url, 'zhangwei');
    for (const s of servers) expect((await api(s.url, token, '/api/oauth/CurrentUser')).code).toBe(200);
    const before = await Promise.all(servers.map(servedCurrentUser));
    for (let i = 0; i < 12; i++)
      expect((await api(proxy.url, token, '/api/oauth/CurrentUser')).code).toBe(200);
    const after = await Promise.all(servers.map(servedCurrentUser));
    const served = after.map((n, i) => n - before[i]);
    expect(served.reduce((a, b) => a + b, 0)).toBe(12);
    for (const n of served) expect(n).toBeGreaterThanOrEqual(2);
  });

  it('a logout through the proxy ends the session on every instance, open websockets included', async () => {
    const token = await login(proxy.url, 'wangjianguo');
    const sockets = servers.map((s) => socket(s.url, token));
    for (const s of sockets) await s.waitFor('initMessage');
    expect((await api(proxy.url, token, '/api/oauth/Logout')).code).toBe(200);
    for (const s of sockets) {
      await s.waitFor('logout');
      await s.waitFor('closeSocket');
    }
    for (const s of servers) expect((await api(s.url, token, '/api/oauth/CurrentUser')).code).toBe(602);
    // A new socket with the ended session is refused on any instance.
    const late = socket(servers[2].url, token);
    await late.waitFor('logout');
    for (const s of [...sockets, late]) s.ws.close();
  });

  it('chat messages and to-do pushes reach users connected to other instances', async () => {
    const zw = await login(proxy.url, 'zhangwei');
    const cj = await login(proxy.url, 'chenjing');
    const a = socket(servers[0].url, zw);
    const b = socket(servers[2].url, cj);
    await a.waitFor('initMessage');
    await b.waitFor('initMessage');
    a.ws.send(
      JSON.stringify({
        method: 'SendMessage',
        toUserId: ids.get('chenjing'),
        messageType: 'text',
        messageContent: '跨实例你好',
      }),
    );
    expect(await b.waitFor('receiveMessage')).toMatchObject({ formMessage: '跨实例你好' });
    // A launch on the second instance: the approver's socket on the third gets the to-do push.
    const pushesBefore = b.got.filter((m) => m.method === 'messagePush').length;
    const r = await postJson(servers[1].url, zw, `${WF}/FlowTask`, {
      flowId: 'cluster-remind',
      formData: leave('集群推送'),
    });
    expect(r.code, r.msg).toBe(200);
    const end = Date.now() + 15_000;
    while (b.got.filter((m) => m.method === 'messagePush').length === pushesBefore) {
      if (Date.now() > end) throw new Error(`no to-do push: ${JSON.stringify(b.got).slice(0, 400)}`);
      await new Promise((res) => setTimeout(res, 50));
    }
    a.ws.close();
    b.ws.close();
  });

  it('a chunked upload whose chunks land on different instances merges whole in the shared bucket', async () => {
    const token = await login(proxy.url, 'zhangwei');
    const CHUNK = 5 * 1024 * 1024;
    const data = randomBytes(CHUNK * 2 + 4321);
    const identifier = md5(data);
    for (let i = 0; i < 3; i++) {
      const part = data.subarray(i * CHUNK, (i + 1) * CHUNK);
      const mp = multipart(
        {
          identifier,
          chunkNumber: i + 1,
          totalChunks: 3,
          chunkSize: CHUNK,
          currentChunkSize: part.length,
          totalSize: data.length,
          filename: '图纸.pdf',
        },
        { name: '图纸.pdf', data: part },
      );
      const r = await api(servers[i].url, token, '/api/file/chunk?fileType=annex&extension=pdf', {
        method: 'POST',
        headers: { 'content-type': mp.type },
        body: mp.body,
      });
      expect(r.code, r.msg).toBe(200);
      if (i === 2) expect(r.data.chunkNumbers).toEqual([1, 2, 3]);
    }
    const m = await postJson(proxy.url, token, '/api/file/merge', {
      identifier,
      fileName: '图纸.pdf',
      fileSize: data.length,
      fileType: 'annex',
      extension: 'pdf',
      type: 'annex',
    });
    expect(m.code, m.msg).toBe(200);
    for (const s of servers) {
      const dl = await fetch(`${s.url}${m.data.url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(dl.status).toBe(200);
      expect(md5(Buffer.from(await dl.arrayBuffer()))).toBe(identifier);
    }
  });

  it('each deadline reminder fires exactly once across the three sweepers', async () => {
    const token = await login(proxy.url, 'zhangwei');
    const launched: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await postJson(proxy.url, token, `${WF}/FlowTask`, {
        flowId: 'cluster-remind',
        formData: leave(`提醒 ${i}`),
      });
      expect(r.code, r.msg).toBe(200);
      launched.push(r.data);
    }
    const k = db.kysely as AnyDb;
    const reminded = async () =>
      k
        .selectFrom('wf_operator')
        .select(['task_id', 'reminder_count'])
        .where('task_id', 'in', launched)
        .execute();
    const end = Date.now() + 60_000;
    while ((await reminded()).some((o) => Number(o.reminder_count) < 1)) {
      if (Date.now() > end) throw new Error(`reminders did not fire: ${JSON.stringify(await reminded())}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    // Many more sweeps (every 200 ms in each instance) run: a second firing would show.
    await new Promise((r) => setTimeout(r, 2500));
    const rows = await reminded();
    expect(rows).toHaveLength(launched.length);
    for (const o of rows) expect(Number(o.reminder_count)).toBe(1);
  });

  it('an instance killed under load: clients carry on through the others and no acknowledged launch is lost', async () => {
    const token = await login(proxy.url, 'zhangwei');
    let failures = 0;
    let ok = 0;
    const acked: string[] = [];
    let stop = false;
    const readers = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const r = await api(proxy.url, token, '/api/oauth/CurrentUser').catch(() => null);
        if (r?.code === 200) ok++;
        else failures++;
      }
    });
    const writer = (async () => {
      for (let i = 0; !stop; i++) {
        const r = await postJson(proxy.url, token, `${WF}/FlowTask`, {
          flowId: 'cluster-remind',
          formData: leave(`负载 ${i}`),
        }).catch(() => null);
        if (r?.code === 200) acked.push(r.data);
      }
    })();
    await new Promise((r) => setTimeout(r, 1500));
    await servers[1].stop('SIGKILL');
    const killedAt = ok + failures;
    await new Promise((r) => setTimeout(r, 4000));
    const failuresAfterSettle = failures;
    await new Promise((r) => setTimeout(r, 2000));
    stop = true;
    await Promise.all([...readers, writer]);
    console.info(
      `kill under load: ${ok} reads answered, ${failures} failed; ${acked.length} launches acknowledged`,
    );
    // At most the requests in flight on the killed instance fail; once HAProxy marks it down, none do.
    expect(failures).toBeLessThanOrEqual(4);
    expect(failures).toBe(failuresAfterSettle);
    expect(ok + failures).toBeGreaterThan(killedAt);
    expect(acked.length).toBeGreaterThan(0);
    const stored = await (db.kysely as AnyDb)
      .selectFrom('wf_task')
      .select('id')
      .where('id', 'in', acked)
      .execute();
    expect(stored).toHaveLength(acked.length);
  });
});
