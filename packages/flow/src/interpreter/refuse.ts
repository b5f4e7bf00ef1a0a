import { type FlowNode, textIn } from '@kp/schema';
import { type FlowTextCode, flowText } from '../messages';
import type { FlowError } from '../types';

/** A refused action: thrown inside a transition, returned as the typed error of its result. */
export class Refusal extends Error {
  constructor(public readonly flowError: FlowError) {
    super(flowError.message);
  }
}

/** Refuses the action in progress with a typed error (optionally naming the node and a detail). */
export function refuse(code: FlowTextCode, node?: FlowNode, detail?: string): never {
  const base = flowText(code);
  throw new Refusal({
    code,
    message: detail ? `${base}: ${detail}` : base,
    ...(node ? { nodeId: node.nodeId, nodeName: textIn(node.properties.title) || node.nodeId } : {}),
  });
}
