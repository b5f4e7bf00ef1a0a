// The fixtures of fault.test.ts: the seeded people and pending approvals (prepare), the plan of
// 200 operations and the load that runs them against a server, recording what was acknowledged.
import { randomBytes } from 'node:crypto';
import { createTestApp, seededInitiators, startNode } from '@kp/server/testing';
import type { Kysely } from 'kysely';
import { api, md5, multipart, postJson as post } from '../support/client';

export const OPS = 200;
export const WORKERS = 20;
export const WF = '/api/workflow/Engine';
/** The deadline templates' limits in hours: 14.4 s for the flows launched just before the kill, 3.6 s
 * for those launched with the load. The designer API accepts half hours only, so the four templates
 * are written straight into wf_template; the interpreter takes any positive duration. */
export const LIMIT_HOURS = 0.004;
export const EARLY_LIMIT_HOURS = 0.001;
export const DEADLINE_TEMPLATES = ['fault-remind', 'fault-auto', 'fault-remind-early', 'fault-auto-early'];
export const DEADLINE_FLOWS = 5; // per deadline template and launch time

// biome-ignore lint/suspicious/noExplicitAny: the workflow tables are not in the shared Database type
export type AnyDb = Kysely<any>;

export interface Person {
  id: string;
  account: string;
  name: string;
  dept: string;
  token: string;
}
export interface PendingOp {
  id: string;
  taskId: string;
  flowTaskId: string;
  userId: string;
  flowId: string;
  initiator: string;
}
export interface Prepared {
  people: Map<string, Person>;
  employees: Person[];
  leaveOps: PendingOp[];
  expenseOps: PendingOp[];
  unit: string;
  admin: string;
}

export const leaveData = (p: Person, days: number, reason: string) => ({
  applicant: p.id,
  department: p.dept,
  leaveType: 'personal',
  startTime: 1767225600000,
  endTime: 1767225600000 + days * 86_400_000,
  days,
  reason,
});
export const expenseData = (p: Person) => ({
  claimDate: 1767225600000,
  claimant: p.id,
  department: p.dept,
  tableField106: [{ expenseType: 'traffic', price: 100, quantity: 2 }],
});

/**
 * Before the server process starts: the database is migrated and seeded in-process (createTestApp on
 * the same data), the two deadline templates are written, every demo user logs in (sessions are rows,
 * so the tokens work in the server process), and 110 leave and 6 expense flows are launched through the
 * real routes as employees — their pending operator tasks are what the load approves and rejects.
 */
export async function prepare(target: Parameters<typeof createTestApp>[0]): Promise<Prepared> {
  const t = await createTestApp(target);
  try {
    const db = t.db.kysely as AnyDb;
    const users = await db
      .selectFrom('base_user')
      .select(['id', 'account', 'real_name', 'department_id'])
      .where('enabled_mark', '=', 1)
      .execute();
    const people = new Map<string, Person>();
    for (const u of users)
      people.set(u.id, {
        id: u.id,
        account: u.account,
        name: u.real_name,
        dept: u.department_id,
        token: await t.login(u.account),
      });
    const byAccount = (a: string) => [...people.values()].find((p) => p.account === a)!;
    const employees = [...people.values()].filter((p) => p.account !== 'admin');
    const who = await seededInitiators(t.db.kysely);

    const form = (
      await db
        .selectFrom('wf_template')
        .select('form_json')
        .where('id', '=', 'wf-leave')
        .executeTakeFirstOrThrow()
    ).form_json;
    const approver = (nodeId: string, prevId: string, title: string, who: string, extra = {}) => ({
      nodeId,
      prevId,
      type: 'approver',
      properties: {
        title,
        assigneeType: 1,
        approvers: [who],
        approverPos: [],
        approverRole: [],
        counterSign: 'or',
        ...extra,
      },
      childNode: null as unknown,
    });
    for (const id of DEADLINE_TEMPLATES) {
      const duration = id.endsWith('-early') ? EARLY_LIMIT_HOURS : LIMIT_HOURS;
      const timeLimit = id.startsWith('fault-auto')
        ? { enabled: true, duration, autoApproveAfter: 1 }
        : { enabled: true, duration };
      const n1 = approver('n1', 'start', '审批一', byAccount('chenjing').id, { timeLimit });
      n1.childNode = approver('n2', 'n1', '审批二', byAccount('wangjianguo').id);
      const tree = startNode(who, n1);
      await db
        .insertInto('wf_template')
        .values({
          id,
          en_code: id.replaceAll('-', ''),
          full_name: id.startsWith('fault-remind') ? '超时提醒' : '超时自动通过',
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
    }

    const launch = async (p: Person, flowId: string, formData: Record<string, unknown>) => {
      const r = await t.call<string>(p.token, {
        method: 'POST',
        url: `${WF}/FlowTask`,
        payload: { flowId, formData },
      });
      if (r.code !== 200) throw new Error(`prepare launch ${flowId}: ${r.code} ${r.msg}`);
      return r.data;
    };
    for (let i = 0; i < 110; i++) {
      const p = employees[i % employees.length]!;
      await launch(p, 'wf-leave', leaveData(p, i % 3 === 0 ? 5 : 1, `准备${i}`));
    }
    for (let i = 0; i < 6; i++) {
      const p = employees[(i * 7) % employees.length]!;
      await launch(p, 'wf-expense', expenseData(p));
    }

    const ops = await db
      .selectFrom('wf_operator as o')
      .innerJoin('wf_task as t', 't.id', 'o.task_id')
      .select(['o.id', 'o.task_id', 'o.flow_task_id', 'o.user_id', 't.template_id', 't.initiator_id'])
      .where('o.status', '=', 0)
      .orderBy('o.creator_time')
      .orderBy('o.id')
      .execute();
    // One pending operator task per flow: on an or-sign node (the seeded finance step: any 会计 of the
    // initiator's company) the first approval closes the others, which then answer 409 该任务已处理.
    const seenTasks = new Set<string>();
    const firstPerTask = ops.filter((o) => !seenTasks.has(o.task_id) && seenTasks.add(o.task_id));
    const toOp = (o: (typeof ops)[number]): PendingOp => ({
      id: o.id,
      taskId: o.task_id,
      flowTaskId: o.flow_task_id,
      userId: o.user_id,
      flowId: o.template_id,
      initiator: o.initiator_id,
    });
    return {
      people,
      employees,
      leaveOps: firstPerTask.filter((o) => o.template_id === 'wf-leave').map(toOp),
      expenseOps: firstPerTask.filter((o) => o.template_id === 'wf-expense').map(toOp),
      unit: byAccount('zhangwei').dept,
      admin: byAccount('admin').token,
    };
  } finally {
    await t.close();
  }
}

export type Kind =
  | 'audit'
  | 'expenseAudit'
  | 'double'
  | 'reject'
  | 'launch'
  | 'form'
  | 'resubmit'
  | 'upload'
  | 'user';
export const KINDS: Kind[] = [
  'audit',
  'expenseAudit',
  'double',
  'reject',
  'launch',
  'form',
  'resubmit',
  'upload',
  'user',
];
/**
 * The order of the 200 operations: the 20 chunked uploads every fifth place of the first half (they
 * answer slowest, so some are acknowledged and some are in flight at the kill), the other 180 cycling
 * through audit, audit, expense audit, double audit, reject, launch, Leave form, user, resubmit (of a
 * flow rejected earlier in the run, through PUT Form/Leave/{id}), audit.
 */
export const PLAN: Kind[] = (() => {
  const cycle: Kind[] = [
    'audit',
    'audit',
    'expenseAudit',
    'double',
    'reject',
    'launch',
    'form',
    'user',
    'resubmit',
    'audit',
  ];
  let c = 0;
  return Array.from({ length: OPS }, (_, p) =>
    p < OPS / 2 && p % 5 === 0 ? 'upload' : cycle[c++ % cycle.length]!,
  );
})();

export interface Counts {
  attempted: Record<Kind, number>;
  acked: Record<Kind, number>;
}

/** The load's record of what it attempted and what the server acknowledged, and the operation itself. */
export function createLoad(prep: Prepared, base: string, run: string) {
  const tokenOf = (userId: string) => prep.people.get(userId)!.token;
  const ackedAudits: { op: PendingOp; reject?: string }[] = [];
  const attemptedOps: PendingOp[] = [];
  const ackedLaunches: { id: string; flowId: string; initiator: string; data: Record<string, unknown> }[] =
    [];
  const ackedUsers: { account: string; id: string }[] = [];
  const ackedFiles: { fileId: string; url: string; md5: string; size: number }[] = [];
  const doubles: { op: PendingOp; acks: number }[] = [];
  const rejected: PendingOp[] = [];
  const ackedResubmits: { id: string; initiator: string; data: Record<string, unknown> }[] = [];
  const refusals: string[] = [];
  const zero = () => Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const counts: Counts = { attempted: zero(), acked: zero() };
  const leaveOps = [...prep.leaveOps];
  const expenseOps = [...prep.expenseOps];
  let killed = false;
  let done = 0;

  const audit = async (op: PendingOp) => {
    const r = await post(base, tokenOf(op.userId), `${WF}/FlowBefore/Audit/${op.id}`, {
      handleOpinion: '同意',
    });
    return r;
  };
  const op = async (i: number): Promise<void> => {
    const k = PLAN[i]!;
    const who = prep.employees[(i * 13) % prep.employees.length]!;
    counts.attempted[k]++;
    try {
      if (k === 'audit' || k === 'expenseAudit') {
        const o = (k === 'audit' ? leaveOps : expenseOps).shift();
        if (!o) return;
        attemptedOps.push(o);
        const r = await audit(o);
        if (r.code === 200) {
          ackedAudits.push({ op: o });
          counts.acked[k]++;
        } else refusals.push(`audit ${r.code} ${r.msg}`);
      } else if (k === 'double') {
        const o = leaveOps.shift();
        if (!o) return;
        attemptedOps.push(o);
        const d = { op: o, acks: 0 };
        doubles.push(d);
        const rs = await Promise.allSettled([audit(o), audit(o)]);
        for (const r of rs) {
          if (r.status !== 'fulfilled') continue;
          if (r.value.code === 200) d.acks++;
          else if (r.value.code !== 409) refusals.push(`double audit ${r.value.code} ${r.value.msg}`);
        }
        if (d.acks) {
          ackedAudits.push({ op: o });
          counts.acked[k]++;
        }
      } else if (k === 'reject') {
        const o = leaveOps.shift();
        if (!o) return;
        attemptedOps.push(o);
        const opinion = `驳回${run}-${i}`;
        const r = await post(base, tokenOf(o.userId), `${WF}/FlowBefore/Reject/${o.id}`, {
          handleOpinion: opinion,
        });
        if (r.code === 200) {
          ackedAudits.push({ op: o, reject: opinion });
          rejected.push(o);
          counts.acked[k]++;
        } else refusals.push(`reject ${r.code} ${r.msg}`);
      } else if (k === 'resubmit') {
        const o = rejected.shift();
        if (!o) {
          counts.attempted[k]--;
          return;
        }
        const by = prep.people.get(o.initiator)!;
        const data = leaveData(by, 2, `重新提交${run}-${i}`);
        const r = await api(base, by.token, `/api/workflow/Form/Leave/${o.taskId}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...data, status: 0 }),
        });
        if (r.code === 200) {
          ackedResubmits.push({ id: o.taskId, initiator: o.initiator, data });
          counts.acked[k]++;
        } else refusals.push(`resubmit ${r.code} ${r.msg}`);
      } else if (k === 'launch' || k === 'form') {
        const data = leaveData(who, i % 4 === 0 ? 5 : 1, `故障${run}-${i}`);
        const r =
          k === 'launch'
            ? await post(base, who.token, `${WF}/FlowTask`, { flowId: 'wf-leave', formData: data })
            : await post(base, who.token, '/api/workflow/Form/Leave', { ...data, status: 0 });
        if (r.code === 200) {
          ackedLaunches.push({ id: r.data, flowId: 'wf-leave', initiator: who.id, data });
          counts.acked[k]++;
        } else refusals.push(`${k} ${r.code} ${r.msg}`);
      } else if (k === 'user') {
        const account = `fault${run}x${i}`;
        const r = await post(base, prep.admin, '/api/permission/Users', {
          account,
          realName: `故障${i}`,
          organizeId: prep.unit,
        });
        if (r.code === 200) {
          ackedUsers.push({ account, id: r.data.id });
          counts.acked[k]++;
        } else refusals.push(`user ${r.code} ${r.msg}`);
      } else {
        const data = randomBytes(20_000 + i * 37);
        const id = md5(data);
        const mp = multipart(
          {
            identifier: id,
            chunkNumber: 1,
            totalChunks: 1,
            chunkSize: 5 * 1024 * 1024,
            currentChunkSize: data.length,
            totalSize: data.length,
            filename: `f${i}.pdf`,
          },
          { name: `f${i}.pdf`, data },
        );
        const c = await api(base, prep.admin, '/api/file/chunk?fileType=annex&extension=pdf', {
          method: 'POST',
          headers: { 'content-type': mp.type },
          body: mp.body,
        });
        if (c.code !== 200) {
          refusals.push(`chunk ${c.code} ${c.msg}`);
          return;
        }
        const m = await post(base, prep.admin, '/api/file/merge', {
          identifier: id,
          fileName: `f${i}.pdf`,
          fileSize: data.length,
          fileType: 'annex',
          extension: 'pdf',
          type: 'annex',
        });
        if (m.code === 200) {
          ackedFiles.push({ fileId: m.data.fileId, url: m.data.url, md5: id, size: data.length });
          counts.acked[k]++;
        } else refusals.push(`merge ${m.code} ${m.msg}`);
      }
    } catch (e) {
      // After the kill: cut off, not acknowledged. Before it: a failure like any refusal.
      if (!killed) refusals.push(`${k} threw ${(e as Error).message}`);
    } finally {
      done++;
    }
  };
  return {
    ackedAudits,
    attemptedOps,
    ackedLaunches,
    ackedUsers,
    ackedFiles,
    doubles,
    rejected,
    ackedResubmits,
    refusals,
    counts,
    op,
    /** Set once the server is killed: operations failing after it were cut off, not refused. */
    kill: () => {
      killed = true;
    },
    killed: () => killed,
    done: () => done,
  };
}
