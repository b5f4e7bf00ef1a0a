// What the approval dialog reads about one task (FlowBefore/:id): its form (as the caller may read it), the
// designer tree with the state of each node, the approval records and the caller's node properties.
import { type Language, textIn } from '@kp/schema';
import type { Kysely } from 'kysely';
import { flowStepIn } from '../../db/seed-labels';
import type { Database } from '../../db/types';
import { text } from '../../http/messages';
import type { Principal } from '../auth/principal';
import { ms, userNames } from './access';
import { loadTaskSnapshot } from './flow-snapshot';
import { templateName } from './labels';
import { flowReadAccess, onlyFormFields } from './print-values';
import { parseJson } from './tables';
import type { TaskSnapshot } from './task';
import { flowModel, formOfVersion } from './task-form';
import { taskTitle } from './task-title';

/** Visits a designer tree depth first: the node, its branches, then the node after it. */
// biome-ignore lint/suspicious/noExplicitAny: the stored tree is read loosely, as the designer wrote it
function eachNode(n: any, visit: (n: any) => void): void {
  if (!n) return;
  visit(n);
  for (const c of n.conditionNodes ?? []) eachNode(c, visit);
  eachNode(n.childNode, visit);
}

/** A task's approval records, newest first, with the names of who acted and on whose behalf. */
export async function taskRecords(db: Kysely<Database>, taskId: string, lang: Language = 'zh') {
  const rows = await db
    .selectFrom('wf_record')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('handle_time', 'desc')
    .orderBy('seq', 'desc')
    .execute();
  const names = await userNames(db, [...rows.map((r) => r.user_id), ...rows.map((r) => r.entrusted_by)]);
  return rows.map((r) => ({
    id: r.id,
    nodeCode: r.node_id,
    nodeName: flowStepIn(r.node_name, lang),
    userId: r.user_id,
    userName: names.get(r.user_id) ?? (r.user_id === 'system' ? text('common.system', lang) : r.user_id),
    entrustedBy: r.entrusted_by,
    entrustedByName: r.entrusted_by ? (names.get(r.entrusted_by) ?? '') : null,
    handleTime: ms(r.handle_time),
    handleStatus: r.handle_status,
    handleOpinion: r.handle_opinion,
    signImg: r.sign_img,
    status: r.status,
    operatorId: r.operator_id,
  }));
}

/** Before-info (spec 2 §3); query taskOperatorId picks the caller's operator task. */
export async function beforeInfo(
  db: Kysely<Database>,
  user: Principal,
  id: string,
  taskOperatorId?: string,
  lang: Language = 'zh',
) {
  const t = await db.selectFrom('wf_task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const tpl = await db
    .selectFrom('wf_template')
    .select(['id', 'en_code', 'full_name', 'full_name_i18n', 'form_type'])
    .where('id', '=', t.template_id)
    .executeTakeFirst();
  const snap = await loadTaskSnapshot(db, t);
  const flow = snap.flow;
  const visited = new Set([...flow.records.map((r) => r.nodeId), 'start']);
  const ops = await db
    .selectFrom('wf_operator')
    .select(['node_id', 'user_id', 'status'])
    .where('task_id', '=', id)
    .execute();
  const names = await userNames(
    db,
    ops.map((o) => o.user_id),
  );
  const nodes: Array<Record<string, unknown>> = [];
  eachNode(snap.template.tree, (n) => {
    if (['start', 'approver', 'subFlow'].includes(n.type)) {
      const cur = flow.current.includes(n.nodeId);
      nodes.push({
        nodeCode: n.nodeId,
        nodeName: textIn(n.properties?.title, lang) || n.nodeId,
        nodeType: n.type,
        type: cur ? 1 : visited.has(n.nodeId) ? 0 : null,
        userName: ops
          .filter((o) => o.node_id === n.nodeId)
          .map((o) => names.get(o.user_id))
          .join(','),
      });
    }
  });
  const myOp = taskOperatorId
    ? await db
        .selectFrom('wf_operator')
        .select(['node_id', 'user_id'])
        .where('id', '=', taskOperatorId)
        .where('task_id', '=', id)
        .executeTakeFirst()
    : undefined;
  const nodeId = myOp?.node_id ?? 'start';
  const findProps = (n: any): any =>
    !n
      ? undefined
      : n.nodeId === nodeId
        ? n.properties
        : (findProps(n.childNode) ?? (n.conditionNodes ?? []).map(findProps).find(Boolean));
  const props = findProps(snap.template.tree) ?? {};
  // The form data as the caller's node (or nodes) may read it: read:false fields never leave the server.
  // The form the task was launched on (its form version), as the browser renders it (propertyJson below).
  const form = await formOfVersion(db, t.template_id, t.form_version);
  const model = flowModel(t.template_id, t.form_version, form);
  const access = await flowReadAccess(
    db,
    user,
    { id, initiator_id: t.initiator_id, tree: snap.template.tree },
    taskOperatorId,
  );
  const formData = onlyFormFields(model, model.project(flow.formData ?? {}, access));
  const hasComment = await db
    .selectFrom('wf_comment')
    .select('id')
    .where('task_id', '=', id)
    .where('deleted', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return {
    flowFormInfo: {
      id: tpl?.id,
      enCode: tpl?.en_code,
      fullName: tpl ? templateName(tpl, lang) : undefined,
      formType: tpl?.form_type,
      propertyJson: parseJson(form, null),
    },
    flowTaskInfo: {
      id: t.id,
      fullName: taskTitle(t, lang),
      thisStep: flowStepIn(t.this_step, lang),
      flowUrgent: t.flow_urgent,
      type: 0,
      formUrl: null,
      status: t.status,
      completion: t.status === 2 ? 100 : 0,
      endTime: ms(t.end_time),
      flowTemplateJson: snap.template.tree,
      flowId: t.template_id,
      suspended: t.suspended,
      creatorUserId: t.initiator_id,
      creatorTime: ms(t.creator_time),
    },
    flowHasComment: !!hasComment,
    draftData: t.status === 0 ? formData : null,
    formData,
    flowTaskNodeList: nodes,
    flowTaskOperatorRecordList: await taskRecords(db, id, lang),
    approversProperties: props,
    // the flow-wide properties (hasTransferBtn, isSummary, …): the dialog's buttons fall back to them
    flowProperties: snap.template.properties ?? {},
    formOperates: props.formOperates ?? [],
  };
}

/** The approver nodes of a task's tree (NodeSelector: where a manager may assign). */
export async function approverNodes(db: Kysely<Database>, id: string) {
  const t = await db
    .selectFrom('wf_task')
    .select(['state_json', 'template_snapshot'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const snap = await loadTaskSnapshot(db, t);
  const out: Array<{ nodeId: string; nodeName: string }> = [];
  eachNode(snap.template.tree, (n) => {
    if (n.type === 'approver')
      out.push({ nodeId: n.nodeId, nodeName: textIn(n.properties?.title) || n.nodeId });
  });
  return out;
}
