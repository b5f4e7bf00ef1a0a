import type { ConditionType, FlowNode, FlowNodeProperties, FlowNodeType } from '@kp/schema';
import { type Draft, produce } from 'immer';
import { FLOW_TEXTS, type FlowTextCode, flowText } from './messages';

/** Branch node types: the heads of the chains inside a branch point. */
export const BRANCH_TYPES = ['condition', 'interflow', 'branch'] as const;
export function isBranchType(t: string): t is ConditionType {
  return (BRANCH_TYPES as readonly string[]).includes(t);
}
/** A branch point: a node carrying branches (its own type is `empty`). */
export function isGateway(n: FlowNode): boolean {
  return Array.isArray(n.conditionNodes) && n.conditionNodes.length > 0;
}
/** The kind of a branch point: its conditionType, else the type of its first branch. */
export function gatewayKind(n: FlowNode): ConditionType {
  if (n.conditionType) return n.conditionType;
  const t = n.conditionNodes?.[0]?.type;
  return t && isBranchType(t) ? t : 'condition';
}
/** Exclusive and inclusive points keep a default branch last; parallel ones do not. */
export function hasDefaultBranch(kind: ConditionType): boolean {
  return kind !== 'interflow';
}

/** Visits every node depth-first (pre-order), with its parent and how it hangs there. */
export function walkTree(
  root: FlowNode,
  visit: (node: FlowNode, parent: FlowNode | null, slot: 'child' | 'branch') => void,
): void {
  const stack: [FlowNode, FlowNode | null, 'child' | 'branch'][] = [[root, null, 'child']];
  while (stack.length) {
    const [n, p, s] = stack.pop() as [FlowNode, FlowNode | null, 'child' | 'branch'];
    visit(n, p, s);
    if (n.childNode) stack.push([n.childNode, n, 'child']);
    const bs = n.conditionNodes ?? [];
    for (let i = bs.length - 1; i >= 0; i--) stack.push([bs[i], n, 'branch']);
  }
}

export function allNodeIds(root: FlowNode): Set<string> {
  const ids = new Set<string>();
  walkTree(root, (n) => ids.add(n.nodeId));
  return ids;
}

export function findNode(root: FlowNode, nodeId: string): FlowNode | undefined {
  let hit: FlowNode | undefined;
  walkTree(root, (n) => {
    if (!hit && n.nodeId === nodeId) hit = n;
  });
  return hit;
}

interface Located {
  node: Draft<FlowNode>;
  parent: Draft<FlowNode> | null;
  slot: 'child' | 'branch';
}
function locate(root: Draft<FlowNode>, nodeId: string): Located | undefined {
  let hit: Located | undefined;
  walkTree(root as FlowNode, (n, p, s) => {
    if (!hit && n.nodeId === nodeId)
      hit = { node: n as Draft<FlowNode>, parent: p as Draft<FlowNode> | null, slot: s };
  });
  return hit;
}

/** A fresh id `<type>_<n>` not used in the tree (nor in `taken`). */
function freshId(type: string, taken: Set<string>): string {
  let n = 1;
  while (taken.has(`${type}_${n}`)) n++;
  const id = `${type}_${n}`;
  taken.add(id);
  return id;
}

/** The title of a new node of each type, in every language (a branch point itself has none). */
const TITLES: Partial<Record<FlowNodeType, FlowTextCode>> = {
  start: 'NODE_START',
  approver: 'NODE_APPROVER',
  copy: 'NODE_COPY',
  timer: 'NODE_TIMER',
  subFlow: 'NODE_SUBFLOW',
  auto: 'NODE_AUTO',
  interflow: 'NODE_INTERFLOW',
  branch: 'NODE_BRANCH',
  condition: 'NODE_CONDITION',
};

/**
 * A new node's title {zh, zhtw, en} (as the seeded flows' titles; the designer shows the user's language and
 * edits one language at a time); `n` numbers a branch: 条件1, 條件1, Condition 1. '' for a type without one.
 */
export function nodeTitle(type: FlowNodeType, n?: number): { zh: string; zhtw: string; en: string } | '' {
  const code = TITLES[type];
  if (!code) return '';
  const { zh, zhtw, en } = FLOW_TEXTS[code];
  return n === undefined ? { zh, zhtw, en } : { zh: `${zh}${n}`, zhtw: `${zhtw}${n}`, en: `${en} ${n}` };
}

/**
 * Whether `title` is still what a new node of `type` was given (nodeTitle, numbered or not), untouched by an
 * editor. The designer renames such a title as a whole (one text for every language, as typed) instead of
 * leaving the other languages' generic 审批人 / Approver beside a name typed in one language.
 */
export function isNewNodeTitle(type: FlowNodeType, title: unknown): boolean {
  const base = nodeTitle(type);
  if (typeof base === 'string' || !title || typeof title !== 'object') return false;
  const t = title as Record<string, unknown>;
  const zh = typeof t.zh === 'string' ? t.zh : '';
  const n = zh.startsWith(base.zh) ? zh.slice(base.zh.length) : null;
  if (n === null || (n !== '' && !/^[1-9][0-9]{0,5}$/.test(n))) return false;
  const fresh: Record<string, string> = nodeTitle(type, n ? Number(n) : undefined) || {};
  const keys = Object.keys(t);
  return keys.length === 3 && keys.every((k) => t[k] === fresh[k]);
}

function defaultProperties(type: FlowNodeType): FlowNodeProperties {
  const p: FlowNodeProperties = { title: nodeTitle(type) };
  if (type === 'timer') Object.assign(p, { day: 0, hour: 0, minute: 0, second: 0 });
  if (type === 'approver') Object.assign(p, { approvers: [], approverPos: [], approverRole: [] });
  if (type === 'subFlow') Object.assign(p, { flowId: '', isAsync: false });
  return p;
}

/** Creates a detached node of `type` (a branch point with two branches for condition/interflow/branch). */
export function createNode(type: FlowNodeType, taken: Set<string>, prevId: string | null): FlowNode {
  if (isBranchType(type)) {
    const gid = freshId('gateway', taken);
    const branches = [1, 2].map((i) => ({
      nodeId: freshId(type, taken),
      prevId: gid,
      type,
      properties: { title: nodeTitle(type, i), priority: i },
      childNode: null,
    }));
    const g: FlowNode = {
      nodeId: gid,
      prevId,
      type: 'empty',
      properties: { title: '' },
      conditionType: type,
      conditionNodes: branches,
      childNode: null,
    };
    normalizeBranches(g as Draft<FlowNode>);
    return g;
  }
  return { nodeId: freshId(type, taken), prevId, type, properties: defaultProperties(type), childNode: null };
}

/** A new tree: a start node and nothing else. */
export function createTree(startId = 'start'): FlowNode {
  return {
    nodeId: startId,
    prevId: null,
    type: 'start',
    properties: defaultProperties('start'),
    childNode: null,
  };
}

function lastOfChain(n: Draft<FlowNode>): Draft<FlowNode> {
  let cur = n;
  while (cur.childNode) cur = cur.childNode;
  return cur;
}

/**
 * Renumbers priorities 1..n and keeps the default branch last: in condition and inclusive points the
 * last branch is the default (其他情况进入此流程), set automatically; the others are not defaults.
 */
function normalizeBranches(g: Draft<FlowNode>): void {
  const bs = g.conditionNodes ?? [];
  const kind = gatewayKind(g as FlowNode);
  bs.forEach((b, i) => {
    b.prevId = g.nodeId;
    b.properties.priority = i + 1;
    if (hasDefaultBranch(kind)) {
      const isLast = i === bs.length - 1;
      b.properties.isDefault = isLast;
      if (isLast) {
        b.content = flowText('DEFAULT_CONDITION');
        b.properties.conditions = [];
      } else if (b.content === flowText('DEFAULT_CONDITION')) b.content = '';
    } else delete b.properties.isDefault;
  });
}

/**
 * Inserts a node of `type` after `afterNodeId` and re-parents that node's next node under the new one
 * (for condition/interflow/branch a branch point with two branches is inserted). Returns the tree
 * unchanged when `afterNodeId` is unknown or `type` is start. `opts.nodeId` fixes the new id.
 */
export function addNode(
  tree: FlowNode,
  afterNodeId: string,
  type: FlowNodeType,
  opts: { nodeId?: string; properties?: Partial<FlowNodeProperties> } = {},
): FlowNode {
  if (type === 'start') return tree;
  return produce(tree, (draft) => {
    const at = locate(draft, afterNodeId);
    if (!at) return;
    const taken = allNodeIds(draft as FlowNode);
    if (opts.nodeId && taken.has(opts.nodeId)) return;
    if (opts.nodeId) taken.add(`${opts.nodeId}`);
    const fresh = createNode(type, taken, afterNodeId) as Draft<FlowNode>;
    if (opts.nodeId) {
      fresh.nodeId = opts.nodeId;
      for (const b of fresh.conditionNodes ?? []) b.prevId = opts.nodeId;
    }
    if (opts.properties) Object.assign(fresh.properties, opts.properties);
    const old = at.node.childNode ?? null;
    fresh.childNode = old;
    if (old) old.prevId = fresh.nodeId;
    at.node.childNode = fresh;
  });
}

/** Replaces `loc.node` in its parent's slot by `by` (may be null). */
function replaceInSlot(loc: Located, by: Draft<FlowNode> | null): void {
  if (!loc.parent) return;
  if (loc.slot === 'child') {
    loc.parent.childNode = by;
    if (by) by.prevId = loc.parent.nodeId;
  }
}

/**
 * Removes a node and re-parents its next node to its parent. Removing a branch point drops its branches;
 * removing a branch node is removeBranch. The start node cannot be removed (tree unchanged).
 */
export function removeNode(tree: FlowNode, nodeId: string): FlowNode {
  return produce(tree, (draft) => {
    const loc = locate(draft, nodeId);
    if (!loc || !loc.parent || loc.node.type === 'start') return;
    if (loc.slot === 'branch') {
      removeBranchIn(draft, loc);
      return;
    }
    replaceInSlot(loc, loc.node.childNode ?? null);
  });
}

/** Adds a branch to a branch point (before the default one in condition/inclusive points). */
export function addBranch(tree: FlowNode, gatewayId: string, opts: { nodeId?: string } = {}): FlowNode {
  return produce(tree, (draft) => {
    const loc = locate(draft, gatewayId);
    if (!loc || !isGateway(loc.node as FlowNode)) return;
    const g = loc.node;
    const kind = gatewayKind(g as FlowNode);
    const taken = allNodeIds(draft as FlowNode);
    if (opts.nodeId && taken.has(opts.nodeId)) return;
    const id = opts.nodeId ?? freshId(kind, taken);
    const bs = g.conditionNodes as Draft<FlowNode>[];
    const b: FlowNode = {
      nodeId: id,
      prevId: g.nodeId,
      type: kind,
      properties: { title: nodeTitle(kind, bs.length + 1) },
      childNode: null,
    };
    if (hasDefaultBranch(kind)) bs.splice(bs.length - 1, 0, b as Draft<FlowNode>);
    else bs.push(b as Draft<FlowNode>);
    normalizeBranches(g);
  });
}

function removeBranchIn(draft: Draft<FlowNode>, loc: Located): void {
  const g = loc.parent as Draft<FlowNode>;
  const bs = g.conditionNodes as Draft<FlowNode>[];
  const i = bs.findIndex((b) => b.nodeId === loc.node.nodeId);
  if (i < 0) return;
  bs.splice(i, 1);
  if (bs.length >= 2) {
    normalizeBranches(g);
    return;
  }
  // One branch left: collapse the branch point into that branch's chain followed by what came after.
  const gLoc = locate(draft, g.nodeId) as Located;
  const rest = bs[0]?.childNode ?? null;
  const after = g.childNode ?? null;
  let replacement: Draft<FlowNode> | null;
  if (rest) {
    const tail = lastOfChain(rest);
    tail.childNode = after;
    if (after) after.prevId = tail.nodeId;
    replacement = rest;
  } else replacement = after;
  replaceInSlot(gLoc, replacement);
}

/** Removes a branch; a point left with one branch collapses into that branch's chain. */
export function removeBranch(tree: FlowNode, branchNodeId: string): FlowNode {
  return produce(tree, (draft) => {
    const loc = locate(draft, branchNodeId);
    if (!loc || loc.slot !== 'branch') return;
    removeBranchIn(draft, loc);
  });
}

/** Moves a branch one place up or down; the default branch stays last; priorities are renumbered. */
export function moveBranchPriority(tree: FlowNode, branchNodeId: string, direction: 'up' | 'down'): FlowNode {
  return produce(tree, (draft) => {
    const loc = locate(draft, branchNodeId);
    if (!loc || loc.slot !== 'branch' || !loc.parent) return;
    const g = loc.parent;
    const bs = g.conditionNodes as Draft<FlowNode>[];
    const movable = hasDefaultBranch(gatewayKind(g as FlowNode)) ? bs.length - 1 : bs.length;
    const i = bs.findIndex((b) => b.nodeId === branchNodeId);
    const j = direction === 'up' ? i - 1 : i + 1;
    if (i < 0 || i >= movable || j < 0 || j >= movable) return;
    [bs[i], bs[j]] = [bs[j], bs[i]];
    normalizeBranches(g);
  });
}

/** Replaces a node's properties (merged), e.g. from the designer's property panel. */
export function updateNodeProperties(
  tree: FlowNode,
  nodeId: string,
  properties: Partial<FlowNodeProperties>,
  content?: string,
): FlowNode {
  return produce(tree, (draft) => {
    const loc = locate(draft, nodeId);
    if (!loc) return;
    Object.assign(loc.node.properties, properties);
    if (content !== undefined) loc.node.content = content;
    if (loc.parent && loc.slot === 'branch') normalizeBranches(loc.parent);
  });
}
