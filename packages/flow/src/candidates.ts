import { transition } from './interpreter';
import type { FlowAction, FlowContext, FlowState } from './types';

/**
 * The nodes that need candidates chosen (spec 2 Candidate selection) before `action` (a submit or an
 * audit) can go through: a dry run of the action, repeated with a placeholder for each node that asked.
 * Returns the candidate items in the order they are met; empty when no dialog is needed.
 */
export function candidateNodes(
  state: FlowState,
  action: Extract<FlowAction, { type: 'submit' | 'audit' }>,
  context: FlowContext,
): { nodeId: string; nodeName: string }[] {
  const found: { nodeId: string; nodeName: string }[] = [];
  const chosen: Record<string, string[]> = { ...(action.candidates ?? {}) };
  for (let i = 0; i < 100; i++) {
    const r = transition(state, { ...action, candidates: chosen }, context);
    if (r.ok || r.error.code !== 'CANDIDATE_REQUIRED' || !r.error.nodeId || chosen[r.error.nodeId]) break;
    found.push({ nodeId: r.error.nodeId, nodeName: r.error.nodeName ?? r.error.nodeId });
    chosen[r.error.nodeId] = ['\u0000candidate'];
  }
  return found;
}
