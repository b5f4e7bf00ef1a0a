import { type FlowNode, validateFlowTree } from '@kp/schema';
import { type FlowTextCode, flowText } from './messages';
import { gatewayKind, hasDefaultBranch, isBranchType, walkTree } from './tree';

export interface FlowNodeIssue {
  /** The invalid node ('' when the document is not a tree at all). */
  nodeId: string;
  code: FlowTextCode;
  message: string;
}

/** Whole numbers or multiples of 0.5 (spec 2 §5). */
export function isHalfStep(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 && Number.isInteger(v * 2);
}

const nonEmpty = (a: unknown): boolean => Array.isArray(a) && a.length > 0;

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/** A comparison is set when it names its field (form conditions) and has a value (bar empty/notEmpty). */
function itemSet(i: NonNullable<FlowNode['properties']['conditions']>[number]['items'][number]): boolean {
  if (i.fieldType === 'form' && !i.field) return false;
  if (i.operator === 'empty' || i.operator === 'notEmpty') return true;
  if (blank(i.value)) return false;
  return i.operator !== 'between' || !blank(i.value2);
}

/** Conditions exist and every comparison in them is complete (a half-filled one is an empty condition). */
function conditionsSet(n: FlowNode): boolean {
  const groups = n.properties.conditions ?? [];
  return groups.some((g) => g.items.length > 0) && groups.every((g) => g.items.every(itemSet));
}

/**
 * Every invalid node with its reason (spec 2 §5 designer node checks, plus the structure the
 * interpreter relies on). An empty list means the tree is valid. Never throws.
 *
 * Start node: an "initiator" is one of initiator / initiatePos / initiateRole. Two readings are supported:
 * by default (the spec's check) one is required (请设置发起人); with `allowEveryone` empty lists mean
 * everyone may initiate and pass. The interpreter always treats empty lists as everyone.
 */
export function validateFlow(tree: unknown, options: { allowEveryone?: boolean } = {}): FlowNodeIssue[] {
  const parsed = validateFlowTree(tree);
  if (!parsed.ok)
    return parsed.errors.map((e) => ({
      nodeId: '',
      code: 'STRUCTURE',
      message: `${flowText('STRUCTURE')}: ${e.path} ${e.message}`,
    }));
  const root = parsed.value;
  const out: FlowNodeIssue[] = [];
  const add = (nodeId: string, code: FlowTextCode, detail?: string) =>
    out.push({ nodeId, code, message: detail ? `${flowText(code)}: ${detail}` : flowText(code) });
  if (root.type !== 'start') add(root.nodeId, 'STRUCTURE', 'the root must be the start node');
  walkTree(root, (n, parent, slot) => {
    const p = n.properties;
    if (n.type === 'start' && parent) add(n.nodeId, 'STRUCTURE', 'only the root may be a start node');
    if (isBranchType(n.type) && slot !== 'branch')
      add(n.nodeId, 'STRUCTURE', 'a branch must sit in a branch point');
    if (slot === 'branch' && !isBranchType(n.type))
      add(n.nodeId, 'STRUCTURE', 'a branch point holds branch nodes only');
    if (n.conditionNodes && n.conditionNodes.length > 0) {
      const bs = n.conditionNodes;
      if (n.type !== 'empty') add(n.nodeId, 'STRUCTURE', 'a branch point has type empty');
      if (bs.length < 2) add(n.nodeId, 'STRUCTURE', 'a branch point needs two branches');
      const kind = gatewayKind(n);
      bs.forEach((b, i) => {
        if (b.type !== kind) add(b.nodeId, 'STRUCTURE', `branch type must be ${kind}`);
        if (b.properties.priority !== undefined && b.properties.priority !== i + 1)
          add(b.nodeId, 'STRUCTURE', `priority must be ${i + 1}`);
        if (hasDefaultBranch(kind) && b.properties.isDefault && i !== bs.length - 1)
          add(b.nodeId, 'STRUCTURE', 'the default branch must be last');
      });
    }
    switch (n.type) {
      case 'start':
        if (
          !options.allowEveryone &&
          !nonEmpty(p.initiator) &&
          !nonEmpty(p.initiatePos) &&
          !nonEmpty(p.initiateRole)
        )
          add(n.nodeId, 'START_NO_INITIATOR');
        break;
      case 'condition':
      case 'branch':
        if (!p.isDefault && !conditionsSet(n)) add(n.nodeId, 'CONDITION_EMPTY');
        break;
      case 'subFlow':
        if (!p.flowId) add(n.nodeId, 'SUBFLOW_NO_FLOW');
        if (
          p.initiateType === 6 &&
          !nonEmpty(p.initiator) &&
          !nonEmpty(p.initiatePos) &&
          !nonEmpty(p.initiateRole)
        )
          add(n.nodeId, 'SUBFLOW_NO_INITIATOR');
        break;
      case 'approver':
        if (
          p.assigneeType !== undefined &&
          p.assigneeType !== 6 &&
          p.assigneeType !== 7 &&
          !nonEmpty(p.approvers) &&
          !nonEmpty(p.approverPos) &&
          !nonEmpty(p.approverRole)
        )
          add(n.nodeId, 'APPROVER_EMPTY');
        break;
    }
    const times = [p.day, p.hour, p.minute, p.second, p.timeLimit?.duration, p.timeLimit?.remindEvery];
    if (times.some((t) => t !== undefined && !isHalfStep(t))) add(n.nodeId, 'TIME_INVALID');
  });
  return out;
}
