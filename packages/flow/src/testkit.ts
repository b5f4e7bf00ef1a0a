// Shared fixtures for the @kp/flow tests and bench (not part of the public API).
import type { FlowNode, FlowTemplate, FlowTemplateProperties } from '@kp/schema';
import { createFlowState, transition } from './interpreter';
import { createOrgDirectory, type OrgDirectory } from './org';
import type { Effect, FlowAction, FlowContext, FlowState } from './types';

/**
 * alice sits in d2 (no head) under d1 (head1) under d0 (ceo). gm holds the general-manager position,
 * fin1 and fin2 the finance role, u1..u30 are plain staff in d1, admin is the flow administrator.
 */
export function sampleOrg(): OrgDirectory {
  const staff = Array.from({ length: 30 }, (_, i) => ({
    id: `u${i + 1}`,
    departmentId: 'd1',
    roleIds: ['staff'],
  }));
  return createOrgDirectory({
    users: [
      { id: 'alice', departmentId: 'd2', positionIds: ['clerk'], roleIds: ['staff'] },
      { id: 'bob', departmentId: 'd1', roleIds: ['staff'] },
      { id: 'head1', departmentId: 'd1', positionIds: ['manager'] },
      { id: 'ceo', departmentId: 'd0', positionIds: ['general-manager'] },
      { id: 'gm', departmentId: 'd0', positionIds: ['general-manager'] },
      { id: 'fin1', departmentId: 'd0', roleIds: ['finance'] },
      { id: 'fin2', departmentId: 'd0', roleIds: ['finance'] },
      { id: 'admin', departmentId: 'd0' },
      ...staff,
    ],
    departments: [
      { id: 'd0', headId: 'ceo', parentId: null },
      { id: 'd1', headId: 'head1', parentId: 'd0' },
      { id: 'd2', headId: null, parentId: 'd1' },
    ],
  });
}

export const T0 = '2026-01-05T08:00:00.000Z';

export function template(tree: FlowNode, properties: FlowTemplateProperties = {}): FlowTemplate {
  return { tree, properties };
}

/** A chain start -> nodes... (each node's childNode is set here). */
export function chain(...nodes: Omit<FlowNode, 'childNode'>[]): FlowNode {
  const all = [
    { nodeId: 'start', type: 'start', properties: {} } as FlowNode,
    ...nodes.map((n) => ({ ...n }) as FlowNode),
  ];
  for (let i = all.length - 1; i > 0; i--) {
    all[i].childNode = i + 1 < all.length ? all[i + 1] : null;
    all[i].prevId = all[i - 1].nodeId;
  }
  all[0].childNode = all[1] ?? null;
  return all[0];
}

export function approver(nodeId: string, props: FlowNode['properties']): Omit<FlowNode, 'childNode'> {
  return { nodeId, type: 'approver', properties: { title: nodeId, ...props } };
}

/** Freezes a value deeply, so a test sees any in-place modification as a TypeError (strict mode). */
export function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Runs actions in order, failing loudly on a refusal; returns the final state and all effects. */
export class Driver {
  state: FlowState = createFlowState();
  effects: Effect[] = [];
  actions: FlowAction[] = [];
  ctx: FlowContext;
  constructor(tpl: FlowTemplate, opts: Partial<FlowContext> = {}) {
    this.ctx = { template: tpl, org: sampleOrg(), now: T0, managers: ['admin'], ...opts };
  }
  try(a: FlowAction, now?: string) {
    const r = transition(deepFreeze(this.state), a, now ? { ...this.ctx, now } : this.ctx);
    if (r.ok) {
      this.state = r.state;
      this.effects.push(...r.effects);
      this.actions.push(a);
    }
    return r;
  }
  do(a: FlowAction, now?: string): Effect[] {
    const r = this.try(a, now);
    if (!r.ok) throw new Error(`${a.type} refused: ${r.error.code} ${r.error.message}`);
    return r.effects;
  }
  pending(nodeId?: string) {
    return this.state.tasks.filter((t) => t.status === 'pending' && (!nodeId || t.nodeId === nodeId));
  }
  taskOf(userId: string) {
    const t = this.pending().find((x) => x.userId === userId);
    if (!t) throw new Error(`no pending task for ${userId}`);
    return t;
  }
  approve(userId: string, extra: Partial<Extract<FlowAction, { type: 'audit' }>> = {}) {
    return this.do({ type: 'audit', userId, taskId: this.taskOf(userId).id, ...extra });
  }
  reject(userId: string, opinion = '不同意', rejectTo?: string) {
    return this.do({
      type: 'reject',
      userId,
      taskId: this.taskOf(userId).id,
      opinion,
      ...(rejectTo ? { rejectTo } : {}),
    });
  }
  statuses() {
    return this.state.records.map((r) => r.handleStatus);
  }
}

/** An item of a random flow chain, as the property tests generate them (interpreter and simulator). */
export type TreeItem =
  | { k: 'approver'; props: FlowNode['properties'] }
  | { k: 'copy' | 'timer' | 'empty' | 'auto' }
  | { k: 'sub'; async: boolean }
  | { k: 'gw'; kind: 'condition' | 'interflow' | 'branch'; branches: TreeItem[][] };

/** The flow tree of a random chain: ids in order, gateways with priorities, the last branch the default. */
export function buildTree(items: TreeItem[]): FlowNode {
  let id = 0;
  const next = (p: string) => `${p}${++id}`;
  const build = (list: TreeItem[], prevId: string): FlowNode | null => {
    let head: FlowNode | null = null;
    let tail: FlowNode | null = null;
    let prev = prevId;
    for (const it of list) {
      let n: FlowNode;
      if (it.k === 'approver')
        n = { nodeId: next('a'), type: 'approver', properties: { ...it.props }, childNode: null };
      else if (it.k === 'copy')
        n = { nodeId: next('cp'), type: 'copy', properties: { approvers: ['u5'] }, childNode: null };
      else if (it.k === 'timer')
        n = { nodeId: next('tm'), type: 'timer', properties: { hour: 1 }, childNode: null };
      else if (it.k === 'sub')
        n = {
          nodeId: next('s'),
          type: 'subFlow',
          properties: { flowId: 'child', isAsync: it.async },
          childNode: null,
        };
      else if (it.k === 'gw') {
        const gid = next('g');
        const bs = it.branches.map((c, i) => {
          const bid = next('b');
          const last = i === it.branches.length - 1;
          const props: FlowNode['properties'] =
            it.kind === 'interflow'
              ? { priority: i + 1 }
              : last
                ? { priority: i + 1, isDefault: true }
                : {
                    priority: i + 1,
                    conditions: [
                      { items: [{ fieldType: 'form', field: 'n', operator: '>', value: 10 - 3 * i }] },
                    ],
                  };
          return {
            nodeId: bid,
            prevId: gid,
            type: it.kind,
            properties: props,
            childNode: build(c, bid),
          } as FlowNode;
        });
        n = {
          nodeId: gid,
          type: 'empty',
          properties: {},
          conditionType: it.kind,
          conditionNodes: bs,
          childNode: null,
        };
      } else n = { nodeId: next(it.k), type: it.k, properties: {}, childNode: null };
      n.prevId = prev;
      if (tail) tail.childNode = n;
      else head = n;
      tail = n;
      prev = n.nodeId;
    }
    return head;
  };
  return { nodeId: 'start', type: 'start', properties: {}, childNode: build(items, 'start') };
}

// ---- tree builders of the interpreter tests ----
export const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
export const H = 3_600_000;
export function gateway(
  kind: 'condition' | 'interflow' | 'branch',
  branches: FlowNode[],
  after: FlowNode | null = null,
): FlowNode {
  return {
    nodeId: `g_${branches[0].nodeId}`,
    type: 'empty',
    properties: {},
    conditionType: kind,
    conditionNodes: branches,
    childNode: after,
  };
}
export function branch(
  nodeId: string,
  kind: 'condition' | 'interflow' | 'branch',
  props: FlowNode['properties'],
  child: FlowNode | null,
): FlowNode {
  return { nodeId, type: kind, properties: props, childNode: child };
}
export const ap = (
  nodeId: string,
  props: FlowNode['properties'],
  child: FlowNode | null = null,
): FlowNode => ({
  ...approver(nodeId, props),
  childNode: child,
});
export const root = (child: FlowNode | null, props: FlowNode['properties'] = {}): FlowNode => ({
  nodeId: 'start',
  type: 'start',
  properties: props,
  childNode: child,
});
