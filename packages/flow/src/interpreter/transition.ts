import { transition as xstateTransition } from 'xstate';
import type { FlowAction, FlowContext, FlowState, TransitionResult } from '../types';
import { stateOfStatus } from './handler';
import { createFlowModel, type FlowEvent, runAction } from './model';

/** The flow model for pure transitions: each event carries its transition context. */
const model = createFlowModel((e) => (e as FlowEvent & { env: FlowContext }).env);

/**
 * The pure transition function: the next state and the effects the server must persist or send, or
 * a typed error. It runs the flow model (xstate's pure `transition`) from the state of the flow's
 * status. Never throws; the input state is never modified (copy-on-write: the next state shares
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
  const [next] = xstateTransition(model, snapshot, { ...action, env: context } as unknown as FlowEvent);
  const c = next.context;
  return c.error ? { ok: false, error: c.error } : { ok: true, state: c.flow, effects: c.effects };
}
