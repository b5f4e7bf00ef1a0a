// A flow's form on the server: its model from the one cache (domains/form/models.ts, keyed by template and
// form version; a task keeps the form version it was launched on), the node layers (formOperates) that
// decide what an action may write and must fill, and the pipeline's first half (formInput) run on every
// action that carries form data, before the transition.
import { type FieldOperate, type FormModel, recalculate } from '@kp/engine';
import type { FlowAction, FlowState } from '@kp/flow';
import { formInput, submitterOf } from '../form/form-data';
import { cachedFormModel, evictFormModel, formModel } from '../form/models';
import type { WfDb } from './tables';

const keyOf = (templateId: string) => `wf:${templateId}`;

/**
 * The form model of a template's form version (the server's one model cache). The key is the form version
 * (wf_template.form_version, wf_task.form_version), never the template's own version: a form version's
 * config never changes, so its model serves every task launched on it.
 */
export const flowModel = (templateId: string, formVersion: string | number, formJson: unknown): FormModel =>
  formModel(keyOf(templateId), formVersion, formJson);

/** Drops a template's cached models (its form changed, or it was deleted). */
export const evictFlowModel = (templateId: string): void => evictFormModel(keyOf(templateId));

/**
 * The form config of a template at `formVersion`: the template's own form_json while that version is
 * current, else the form kept when a save superseded it (wf_template_form, written by the template's
 * save). A version the history lacks (a row written around the save) falls back to the current form, the
 * one tasks were checked against before versions were kept; null without the template.
 */
export async function formOfVersion(db: WfDb, templateId: string, formVersion: number): Promise<unknown> {
  const r = await db
    .selectFrom('wf_template as t')
    .leftJoin('wf_template_form as f', (j) =>
      j.onRef('f.template_id', '=', 't.id').on('f.form_version', '=', formVersion),
    )
    .select(['t.form_version', 't.form_json', 'f.form_json as kept'])
    .where('t.id', '=', templateId)
    .executeTakeFirst();
  if (!r) return null;
  if (r.form_version === formVersion) return r.form_json;
  return r.kept ?? r.form_json;
}

/**
 * The model of a template's form version, read on a cache miss (formOfVersion; `formJson` when the caller
 * holds the config of that version already); null when the template has no form. A task's actions and
 * reads pass the task's form_version: a later save of the template does not change its rules. Its
 * calculate fields are recomputed in every transition (deriveOf), its system fields and bill numbers
 * stamped by the server (stampFormData), never taken from the client.
 */
export async function taskModel(
  db: WfDb,
  templateId: string,
  formVersion: number,
  formJson?: unknown,
): Promise<FormModel | null> {
  const hit = cachedFormModel(keyOf(templateId), formVersion);
  if (hit) return hit;
  const form = formJson ?? (await formOfVersion(db, templateId, formVersion));
  return form ? flowModel(templateId, formVersion, form) : null;
}

export const deriveOf = (model: FormModel | null) =>
  model ? (d: Record<string, unknown>) => recalculate(model.compiled, d) : undefined;

interface TreeNode {
  nodeId?: string;
  properties?: { formOperates?: FieldOperate[] };
  childNode?: TreeNode | null;
  conditionNodes?: TreeNode[];
}

/** Every node of a flow tree with its formOperates (condition branches included). */
export function nodesOf(tree: unknown): Map<string, FieldOperate[]> {
  const out = new Map<string, FieldOperate[]>();
  const walk = (n: TreeNode | null | undefined, depth: number) => {
    if (!n || typeof n !== 'object' || depth > 500) return;
    if (typeof n.nodeId === 'string')
      out.set(n.nodeId, Array.isArray(n.properties?.formOperates) ? n.properties.formOperates : []);
    for (const c of n.conditionNodes ?? []) walk(c, depth + 1);
    walk(n.childNode, depth + 1);
  };
  walk(tree as TreeNode, 0);
  return out;
}

/** The root (start) node's id of a flow tree. */
export const rootOf = (tree: unknown): string => (tree as TreeNode | null)?.nodeId ?? 'start';

/**
 * Whose layers an action's form data meets, and how it is checked: a launch or resubmit the start node's, an
 * audit or a handler's save their task's node; a manager's save or refile no node (the base form). Other
 * actions carry no form data.
 */
function formStep(
  tree: unknown,
  state: FlowState | null,
  action: FlowAction,
): { nodeId: string | null; mode: 'submit' | 'save' } | null {
  switch (action.type) {
    case 'submit':
      // status 2: a manager's save (the base form)
      if (action.status === 2) return { nodeId: null, mode: 'submit' };
      return { nodeId: rootOf(tree), mode: action.status === 1 ? 'save' : 'submit' };
    case 'audit':
    case 'save': {
      const nodeId = state?.tasks.find((t) => t.id === action.taskId)?.nodeId;
      // an unknown task is refused by the transition itself; its data is checked against no node meanwhile
      return { nodeId: nodeId ?? null, mode: action.type === 'save' ? 'save' : 'submit' };
    }
    case 'managerSave':
    case 'refile':
      return { nodeId: null, mode: 'submit' };
    default:
      return null;
  }
}

/**
 * The server pipeline's first half for a flow action (domains/form/form-data.ts formInput): of the action's
 * form data only what the acting node may write is taken (the rest kept from the task; keys it leaves out
 * keep their value), attachment addresses checked, the result validated as the node's layers leave the
 * form — refused naming the field — and 当前用户 replaced by the acting user (submitterOf). The action goes
 * on with that data; after the transition the second half (stampFormData) stamps and recomputes.
 */
export async function flowFormInput(
  db: WfDb,
  model: FormModel,
  tree: unknown,
  state: FlowState | null,
  action: FlowAction,
): Promise<FlowAction> {
  if (!('formData' in action) || action.formData === undefined) return action;
  const step = formStep(tree, state, action);
  if (!step) return action;
  const operates = step.nodeId === null ? [] : (nodesOf(tree).get(step.nodeId) ?? []);
  const submitter = await submitterOf(db, model.compiled, action.userId);
  const formData = formInput(model, action.formData, state?.formData ?? null, submitter, {
    access: { operates },
    mode: step.mode,
    merge: true,
  });
  return { ...action, formData } as FlowAction;
}
