import type { FlowAction, FlowContext, FlowState, TransitionResult } from '../types';
import { stateOfStatus } from './handler';
import { createFlowModel, type FlowEvent, runAction } from './model';

/** The flow model for pure transitions: each event carries its transition context. */
const model = createFlowModel((e) => (e as FlowEvent & { env: FlowContext }).env);

/**
 * The pure transition function: the next state and the effects the server must persist or send, or
 * a typed error. It asks the flow model, in the state of the flow's status, whether that state
 * accepts the action, and runs the action's handler accordingly. Never throws; the input state is never modified (copy-on-write: the next state shares
 * unchanged objects with it, so treat states as immutable, e.g. Object.freeze them).
 */
export function transition(state: FlowState, action: FlowAction, context: FlowContext): TransitionResult {
  // Not an event at all: refused before the model (same typed error as any invalid action).
  if (!action || typeof action !== 'object' || typeof action.type !== 'string')
    return runAction(state, action, context, false);
  const snapshot = model.resolveState({
    value: stateOfStatus(state.status),
    context: { flow: state, effects: [], error: null },
  });
  // The model chooses: a transition of the flow's state accepts the action, the root's wildcard declines it.
  // Only the choice is asked of XState (its guards run); the handler then runs once, as the model's
  // `accept` / `decline` action would. Running the whole macrostep per call costs 5-10x the handler on
  // large states (bench), and the routing it ends with is the status the handler set.
  const [chosen] = model.getTransitionData(snapshot, { ...action, env: context } as unknown as FlowEvent);
  return runAction(state, action, context, !!chosen && chosen.source !== model.root);
}
