// A consistency check over the workflow tables, for the fault suite: after a SIGKILL and a restart,
// every flow task's stored interpreter state (wf_task.state_json) must agree with its table rows —
// the task columns, its operator rows (wf_operator), its records (wf_record) and its deadlines
// (wf_deadline) — and no person's decision may be recorded twice. A transaction cut by the kill
// leaves either all of these or none; anything in between shows up here as a problem line.
import type { Kysely } from 'kysely';

interface StateTask {
  id: string;
  nodeId: string;
  userId: string;
  status: 'pending' | 'done' | 'closed';
  result?: 'approve' | 'reject';
}
interface StateRecord {
  id: string;
  nodeId: string;
  userId: string;
  handleStatus: number;
  taskId?: string;
}
interface StateFlow {
  status: number;
  current: string[];
  formData: Record<string, unknown>;
  tasks: StateTask[];
  records: StateRecord[];
  deadlines: { id: string; nodeId: string; kind: string; at: string }[];
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const OP_STATUS = { pending: 0, done: 1, closed: 2 } as const;

/** Stable JSON (sorted keys) for comparing jsonb read back from either database. */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

export interface ConsistencyReport {
  tasks: number;
  operators: number;
  records: number;
  byStatus: Record<number, number>;
  problems: string[];
}

/**
 * Checks every wf_task (or those of `taskIds`): status, current nodes and form data equal the stored
 * state; one operator row per interpreter task with the matching status and user, and no other; one
 * wf_record per interpreter record and no other; at most one approve/reject record per operator task
 * (no double-apply); the deadline rows equal the state's deadlines; an adopted flow has an end time
 * and nothing pending, a running one has somewhere to wait.
 */
// biome-ignore lint/suspicious/noExplicitAny: the workflow tables are not in the shared Database type
export async function checkWorkflowConsistency(db: Kysely<any>): Promise<ConsistencyReport> {
  const problems: string[] = [];
  const tasks = await db
    .selectFrom('wf_task')
    .select(['id', 'status', 'current_nodes', 'form_data', 'state_json', 'end_time'])
    .execute();
  const ops = await db
    .selectFrom('wf_operator')
    .select(['id', 'task_id', 'flow_task_id', 'node_id', 'flow_user_id', 'status'])
    .execute();
  const recs = await db
    .selectFrom('wf_record')
    .select(['id', 'task_id', 'node_id', 'handle_status', 'flow_task_id'])
    .execute();
  const dls = await db.selectFrom('wf_deadline').select(['task_id', 'deadline_id', 'due_at']).execute();
  const group = <R extends { task_id: string }>(rows: R[]) => {
    const m = new Map<string, R[]>();
    for (const r of rows) m.set(r.task_id, [...(m.get(r.task_id) ?? []), r]);
    return m;
  };
  const opsOf = group(ops);
  const recsOf = group(recs);
  const dlsOf = group(dls);
  const byStatus: Record<number, number> = {};
  const known = new Set(tasks.map((t) => t.id as string));
  for (const r of [...ops, ...recs, ...dls])
    if (!known.has(r.task_id)) problems.push(`row of a missing task ${r.task_id}`);

  for (const t of tasks) {
    const id = t.id as string;
    const p = (m: string) => problems.push(`task ${id}: ${m}`);
    byStatus[t.status] = (byStatus[t.status] ?? 0) + 1;
    const flow = parse<{ flow: StateFlow }>(t.state_json).flow;
    if (flow.status !== t.status) p(`status ${t.status} but state ${flow.status}`);
    if (stable(parse(t.current_nodes)) !== stable(flow.current))
      p(`current_nodes ${stable(parse(t.current_nodes))} but state ${stable(flow.current)}`);
    if (stable(parse(t.form_data)) !== stable(flow.formData)) p('form_data differs from the state');

    // Operator rows: exactly the interpreter's tasks, same status and user.
    const mine = opsOf.get(id) ?? [];
    const byFlowTask = new Map<string, (typeof mine)[number][]>();
    for (const o of mine) byFlowTask.set(o.flow_task_id, [...(byFlowTask.get(o.flow_task_id) ?? []), o]);
    for (const st of flow.tasks) {
      const rows = byFlowTask.get(st.id) ?? [];
      if (rows.length !== 1) {
        p(`interpreter task ${st.id} has ${rows.length} operator rows`);
        continue;
      }
      const o = rows[0]!;
      if (o.status !== OP_STATUS[st.status]) p(`operator ${o.id} status ${o.status} but state ${st.status}`);
      if (o.node_id !== st.nodeId || o.flow_user_id !== st.userId) p(`operator ${o.id} node/user differ`);
    }
    const stateTaskIds = new Set(flow.tasks.map((x) => x.id));
    for (const o of mine) if (!stateTaskIds.has(o.flow_task_id)) p(`operator ${o.id} not in the state`);

    // Records: exactly the interpreter's records.
    const rows = recsOf.get(id) ?? [];
    const stateRecs = new Map(flow.records.map((r) => [`${id}:${r.id}`, r]));
    for (const r of rows) {
      const s = stateRecs.get(r.id);
      if (!s) p(`record ${r.id} not in the state`);
      else if (s.handleStatus !== r.handle_status) p(`record ${r.id} handle_status differs`);
    }
    const rowIds = new Set(rows.map((r) => r.id));
    for (const k of stateRecs.keys()) if (!rowIds.has(k)) p(`state record ${k} has no row`);
    // No decision applied twice: one approve/reject record per operator task at most.
    const decided = new Map<string, number>();
    for (const r of rows)
      if ((r.handle_status === 0 || r.handle_status === 1) && r.flow_task_id)
        decided.set(r.flow_task_id, (decided.get(r.flow_task_id) ?? 0) + 1);
    for (const [ft, n] of decided) if (n > 1) p(`operator task ${ft} decided ${n} times`);
    // A done interpreter task has its decision record; a pending one has none.
    for (const st of flow.tasks) {
      const n = decided.get(st.id) ?? 0;
      if (st.status === 'done' && n !== 1) p(`done task ${st.id} has ${n} decision records`);
      if (st.status === 'pending' && n !== 0) p(`pending task ${st.id} has ${n} decision records`);
    }

    // Deadlines: the rows mirror the state.
    const d = (dlsOf.get(id) ?? []).map((x) => x.deadline_id).sort();
    const sd = flow.deadlines.map((x) => x.id).sort();
    if (stable(d) !== stable(sd)) p(`deadline rows ${stable(d)} but state ${stable(sd)}`);

    // Status and what is waiting.
    const pending = mine.filter((o) => o.status === 0).length;
    if (t.status === 2 && (pending || !t.end_time || flow.current.length)) p('adopted but something waits');
    if (t.status === 1 && !flow.current.length) p('running but nothing waits');
    if (t.status !== 1 && pending) p(`status ${t.status} with ${pending} pending operator rows`);
  }
  return { tasks: tasks.length, operators: ops.length, records: recs.length, byStatus, problems };
}
