import type { AccessContext, FieldOperate, FormModel } from '@kp/engine';
import type { Language } from '@kp/schema';
import type { Principal } from '../auth/principal';
import { displayRecords } from '../form/display';
import { taskTree } from './flow-snapshot';
import type { WfDb } from './tables';
import { nodesOf, rootOf, taskModel } from './task-form';

/**
 * Merges the formOperates of several nodes for reading: `any` — a field is readable when one of the nodes
 * reads it (the caller handled each of them); `all` — only when every node reads it (a reader who handled
 * none: a cc recipient, a monitor). A node that does not list a field reads it.
 */
function mergeReads(nodes: FieldOperate[][], mode: 'any' | 'all'): FieldOperate[] {
  const ids = new Set(nodes.flatMap((ops) => ops.map((o) => o.id)));
  const out: FieldOperate[] = [];
  for (const id of ids) {
    const reads = nodes.map((ops) => ops.find((o) => o.id === id)?.read !== false);
    const read = mode === 'any' ? reads.some(Boolean) : reads.every(Boolean);
    if (!read) out.push({ id, read: false, write: false });
  }
  return out;
}

/**
 * What the caller may read of a flow task's form (issue 17: a node's read:false fields never leave the
 * server): the node of the caller's own operator task when `operatorId` names one of theirs; otherwise every
 * node they took part in (the start node for the initiator, nodes they handled or hold); a reader who took
 * part in none (cc, monitor) reads only what every node reads. Administrators read everything.
 */
export async function flowReadAccess(
  db: WfDb,
  p: Principal,
  task: { id: string; initiator_id: string | null; tree: unknown },
  operatorId?: string,
): Promise<AccessContext> {
  if (p.isAdministrator) return {};
  const nodes = nodesOf(task.tree);
  const rootId = rootOf(task.tree);
  const mine = new Set<string>();
  if (operatorId) {
    const op = await db
      .selectFrom('wf_operator')
      .select(['node_id', 'user_id', 'flow_user_id'])
      .where('id', '=', operatorId)
      .where('task_id', '=', task.id)
      .executeTakeFirst();
    if (op && (op.user_id === p.userId || op.flow_user_id === p.userId)) mine.add(op.node_id);
  }
  if (!mine.size) {
    if (task.initiator_id === p.userId) mine.add(rootId);
    const ops = await db
      .selectFrom('wf_operator')
      .select('node_id')
      .where('task_id', '=', task.id)
      .where((eb) => eb.or([eb('user_id', '=', p.userId), eb('flow_user_id', '=', p.userId)]))
      .execute();
    for (const o of ops) mine.add(o.node_id);
    const recs = await db
      .selectFrom('wf_record')
      .select('node_id')
      .where('task_id', '=', task.id)
      .where('user_id', '=', p.userId)
      .execute();
    for (const r of recs) mine.add(r.node_id);
  }
  const known = [...mine].filter((n) => nodes.has(n));
  const operates = known.length
    ? mergeReads(
        known.map((n) => nodes.get(n)!),
        'any',
      )
    : mergeReads([...nodes.values()], 'all');
  return { operates, readonly: true };
}

/**
 * Only the form's own fields (fail closed: a key the model does not know — a field of a kind it could
 * not compile — is not sent, since its read rights cannot be told).
 */
export function onlyFormFields(model: FormModel, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of model.compiled.fields) if (!f.table && f.vModel in data) out[f.vModel] = data[f.vModel];
  return out;
}

/**
 * Display values of a flow's form data for printing (spec 2 print data): the shared display rules of
 * src/domains/form/display.ts (pickers as names, dictionary and static options as labels, dates in the field's
 * format, regions, switches, files by name), after project(): what the caller may not read is not there.
 */
export async function printValues(
  db: WfDb,
  model: FormModel,
  access: AccessContext,
  data: Record<string, unknown>,
  lang: Language = 'zh',
): Promise<{ shown: Record<string, unknown>; raw: Record<string, unknown> }> {
  const raw = onlyFormFields(model, model.project(data, access));
  const [shown] = await displayRecords(db, model.compiled, [raw], { lang });
  return { shown: shown ?? { ...raw }, raw };
}

/**
 * A task's form data as the caller may read it (every read route of a flow task's data: FlowBefore,
 * FlowTask/{id}, Form/{name}/{id}, print data): project() with the caller's node access, form fields only.
 */
export async function readableTaskData(
  db: WfDb,
  p: Principal,
  task: {
    id: string;
    initiator_id: string | null;
    template_id: string;
    form_version: number;
    state_json: unknown;
    template_snapshot: string | null;
    form_data: unknown;
  },
  operatorId?: string,
): Promise<Record<string, unknown>> {
  // the form the task was launched on
  const model = await taskModel(db, task.template_id, task.form_version);
  if (!model) return {};
  const parse = <T>(v: unknown, d: T): T => {
    if (typeof v !== 'string') return (v ?? d) as T;
    try {
      return JSON.parse(v) as T;
    } catch {
      return d;
    }
  };
  const access = await flowReadAccess(
    db,
    p,
    {
      id: task.id,
      initiator_id: task.initiator_id,
      tree: await taskTree(db, task),
    },
    operatorId,
  );
  return onlyFormFields(model, model.project(parse<Record<string, unknown>>(task.form_data, {}), access));
}
