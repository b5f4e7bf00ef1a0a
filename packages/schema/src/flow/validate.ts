import { flowNode, flowTemplateProperties } from '../generated/validators';
import { fromStandalone, type ValidationIssue } from '../validator';
import type { FlowNode } from './node';
import type { FlowTemplateProperties } from './template';

/** Node ids must be unique in a tree; the schema cannot say it, so the extra check walks the tree. */
function uniqueIds(root: FlowNode): ValidationIssue[] {
  const seen = new Set<string>();
  const out: ValidationIssue[] = [];
  const stack: { node: FlowNode; path: string }[] = [{ node: root, path: '' }];
  while (stack.length) {
    const { node, path } = stack.pop() as { node: FlowNode; path: string };
    if (seen.has(node.nodeId))
      out.push({
        path: `${path || '(root)'}.nodeId`.replace(/^\./, ''),
        message: `duplicate nodeId ${node.nodeId}`,
      });
    seen.add(node.nodeId);
    if (node.childNode) stack.push({ node: node.childNode, path: path ? `${path}.childNode` : 'childNode' });
    for (const [i, c] of (node.conditionNodes ?? []).entries()) {
      stack.push({ node: c, path: `${path ? `${path}.` : ''}conditionNodes[${i}]` });
    }
  }
  return out;
}

/** Validates a designer node tree (schema + unique ids; precompiled, see src/standalone). Never throws. */
export const validateFlowTree = fromStandalone<FlowNode>(flowNode, uniqueIds);

/** Validates flow template properties (precompiled). Never throws. */
export const validateFlowTemplateProperties = fromStandalone<FlowTemplateProperties>(flowTemplateProperties);
