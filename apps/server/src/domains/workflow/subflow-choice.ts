import {
  type FlowAction,
  type FlowContext,
  type FlowState,
  findNode,
  type TransitionResult,
  transition,
} from '@kp/flow';
import { type FlowNode, type FlowTemplate, textIn } from '@kp/schema';
import { badRequest } from '../../http/api-error';

/**
 * A transition's result as the server sees it: the interpreter's, or the server's own refusal of a choice
 * subflow reached with no initiator (a code the interpreter does not know).
 */
export type ChoiceResult =
  | TransitionResult
  | {
      ok: false;
      error: { code: 'SUBFLOW_INITIATOR_REQUIRED'; message: string; nodeId: string; nodeName: string };
    };

/**
 * Subflow initiators chosen at run time (spec 2 §5: a subflow with initiateType 6 names initiators,
 * positions or roles). Reading chosen: a subflow node with initiateType 6 AND `userOptional: true` asks
 * the person whose action reaches it (the launcher, or the approver of the step before) to choose its
 * initiators among the named users and the holders of the named positions and roles — the same flag an
 * approver node uses for its candidate choice. Without userOptional every named person launches one
 * child (the interpreter's rule). The choice travels in `candidateList[nodeId]` like approver candidates;
 * the interpreter keeps it in state.candidates. @kp/flow reads the node's initiator lists only, so the
 * choice is applied by narrowing those lists in the template handed to `transition` (the stored
 * template snapshot stays as designed).
 */
export const SUBFLOW_MSG = {
  required: (name: string) => `${name}: 子流程发起人不能为空`,
  outside: (nodeId: string) => `candidateList.${nodeId}: 所选发起人不在可选范围内`,
} as const;

export const isChoiceSubflow = (n: FlowNode | undefined): boolean =>
  !!n && n.type === 'subFlow' && n.properties?.initiateType === 6 && n.properties?.userOptional === true;

/** Every subflow node of the tree that asks for a choice. */
function choiceNodes(tree: FlowNode): FlowNode[] {
  const out: FlowNode[] = [];
  const walk = (n: FlowNode | null | undefined) => {
    if (!n) return;
    if (isChoiceSubflow(n)) out.push(n);
    for (const c of n.conditionNodes ?? []) walk(c);
    walk(n.childNode);
  };
  walk(tree);
  return out;
}

/** The users a choice subflow node may start with: named users plus the holders of its positions and roles. */
export function subflowInitiators(node: FlowNode, org: FlowContext['org']): string[] {
  const p = node.properties ?? {};
  return [
    ...new Set([
      ...(p.initiator ?? []),
      ...(p.initiatePos ?? []).flatMap((x) => org.usersWithPosition(x)),
      ...(p.initiateRole ?? []).flatMap((x) => org.usersWithRole(x)),
    ]),
  ];
}

const nodeTitle = (n: FlowNode) => textIn(n.properties?.title) || n.nodeId;

/**
 * `transition` with subflow choices applied: a choice node with a chosen list starts exactly those
 * (checked against the allowed set: 400 otherwise); one reached with no choice refuses with
 * `<node>: 子流程发起人不能为空` (code SUBFLOW_INITIATOR_REQUIRED, node id kept for the candidate dry run).
 */
export function transitionWithChoices(
  state: FlowState,
  action: FlowAction,
  context: FlowContext,
): ChoiceResult {
  const nodes = choiceNodes(context.template.tree);
  if (!nodes.length) return transition(state, action, context);
  const chosen: Record<string, string[]> = {
    ...state.candidates,
    ...(('candidates' in action && action.candidates) || {}),
  };
  const narrowed = new Map<string, string[]>();
  for (const n of nodes) {
    const pick = [...new Set(chosen[n.nodeId] ?? [])];
    if (!pick.length) continue;
    const allowed = new Set(subflowInitiators(n, context.org));
    if (pick.some((u) => !allowed.has(u))) throw badRequest(SUBFLOW_MSG.outside(n.nodeId));
    narrowed.set(n.nodeId, pick);
  }
  const template: FlowTemplate = narrowed.size
    ? { ...context.template, tree: narrowTree(context.template.tree, narrowed) }
    : context.template;
  const r = transition(state, action, { ...context, template });
  if (!r.ok) return r;
  const missing = r.effects.find(
    (e) => e.type === 'startSubflow' && !narrowed.has(e.nodeId) && nodes.some((n) => n.nodeId === e.nodeId),
  );
  if (missing && missing.type === 'startSubflow') {
    const node = findNode(context.template.tree, missing.nodeId);
    return {
      ok: false,
      error: {
        code: 'SUBFLOW_INITIATOR_REQUIRED',
        message: SUBFLOW_MSG.required(node ? nodeTitle(node) : missing.nodeId),
        nodeId: missing.nodeId,
        nodeName: node ? nodeTitle(node) : missing.nodeId,
      },
    };
  }
  return r;
}

function narrowTree(n: FlowNode, picks: Map<string, string[]>): FlowNode {
  const pick = picks.get(n.nodeId);
  return {
    ...n,
    ...(pick ? { properties: { ...n.properties, initiator: pick, initiatePos: [], initiateRole: [] } } : {}),
    ...(n.childNode ? { childNode: narrowTree(n.childNode, picks) } : {}),
    ...(n.conditionNodes ? { conditionNodes: n.conditionNodes.map((c) => narrowTree(c, picks)) } : {}),
  };
}

/**
 * The choice subflow nodes a submit/audit reaches without a choice (after the approver candidates
 * `already` found are filled with placeholders): `{ nodeId, nodeName, nodeType: 'subFlow' }` in order.
 */
export function subflowCandidateNodes(
  state: FlowState,
  action: Extract<FlowAction, { type: 'submit' | 'audit' }>,
  context: FlowContext,
  already: Array<{ nodeId: string }>,
): Array<{ nodeId: string; nodeName: string; nodeType: 'subFlow' }> {
  const out: Array<{ nodeId: string; nodeName: string; nodeType: 'subFlow' }> = [];
  const candidates: Record<string, string[]> = { ...(action.candidates ?? {}) };
  for (const a of already) if (!candidates[a.nodeId]?.length) candidates[a.nodeId] = ['\u0000candidate'];
  for (let i = 0; i < 50; i++) {
    let r: ChoiceResult;
    try {
      r = transitionWithChoices(state, { ...action, candidates }, context);
    } catch {
      break; // a choice outside the allowed set: Audit will say so
    }
    const err = r.ok ? null : r.error;
    if (!err || err.code !== 'SUBFLOW_INITIATOR_REQUIRED' || !err.nodeId) break;
    out.push({ nodeId: err.nodeId, nodeName: err.nodeName ?? err.nodeId, nodeType: 'subFlow' });
    const node = findNode(context.template.tree, err.nodeId);
    const first = node ? subflowInitiators(node, context.org)[0] : undefined;
    if (!first) break;
    candidates[err.nodeId] = [first];
  }
  return out;
}
