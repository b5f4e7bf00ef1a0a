import type { ConditionType, FlowNode, FlowTemplate } from '@kp/schema';
import { gatewayKind, isGateway } from './tree';

/** One node of a compiled template, with what the interpreter needs without walking the tree. */
export interface CompiledNode {
  node: FlowNode;
  /** The branch point this node's chain returns to when it ends (null: the main chain). */
  joinOf: string | null;
  /** Enclosing branches, outermost first: [branch point id, branch node id]. */
  enclosing: { gatewayId: string; branchId: string }[];
  /** For a branch point: its kind and branch ids in priority order. */
  kind?: ConditionType;
  branches?: string[];
}

export interface CompiledTemplate {
  template: FlowTemplate;
  rootId: string;
  nodes: Map<string, CompiledNode>;
}

const cache = new WeakMap<FlowTemplate, CompiledTemplate>();

/** Indexes a template's nodes by id once (cached per template object). */
export function compileTemplate(template: FlowTemplate): CompiledTemplate {
  const hit = cache.get(template);
  if (hit) return hit;
  const nodes = new Map<string, CompiledNode>();
  type Item = { node: FlowNode; joinOf: string | null; enclosing: CompiledNode['enclosing'] };
  const stack: Item[] = [{ node: template.tree, joinOf: null, enclosing: [] }];
  while (stack.length) {
    const { node, joinOf, enclosing } = stack.pop() as Item;
    const c: CompiledNode = { node, joinOf, enclosing };
    if (isGateway(node)) {
      c.kind = gatewayKind(node);
      const bs = [...(node.conditionNodes ?? [])].map((b, i) => ({ b, i }));
      bs.sort(
        (x, y) => (x.b.properties.priority ?? x.i + 1) - (y.b.properties.priority ?? y.i + 1) || x.i - y.i,
      );
      c.branches = bs.map((x) => x.b.nodeId);
      for (const { b } of bs)
        stack.push({
          node: b,
          joinOf: node.nodeId,
          enclosing: [...enclosing, { gatewayId: node.nodeId, branchId: b.nodeId }],
        });
    }
    nodes.set(node.nodeId, c);
    if (node.childNode) stack.push({ node: node.childNode, joinOf, enclosing });
  }
  const compiled = { template, rootId: template.tree.nodeId, nodes };
  cache.set(template, compiled);
  return compiled;
}
