import { type AnyActorScope, createActor } from 'xstate';
import type { FlowAction, FlowContext, FlowState, TransitionResult } from '../types';
import { stateOfStatus } from './handler';
import { createFlowModel, type FlowEvent, runAction } from './model';

/** The flow model for pure transitions: each event carries its transition context. */
const model = createFlowModel((e) => (e as FlowEvent & { env: FlowContext }).env);

/**
 * The scope the model's pure transitions run in. xstate's `transition(logic, snapshot, event)` builds a
 * throwaway actor for every call (about 250 µs, ten times our own work); the flow model has no children,
 * delays or side-effect actions (only `assign`), so one inert scope, made once, serves every call.
 */
const self = createActor(model);
const scope: AnyActorScope = {
  self,
  id: '',
  sessionId: '',
  system: self.system,
  logger: () => {},
  defer: () => {},
  emit: () => {},
  stopChild: () => {},
  actionExecutor: () => {},
};

/**
 * The pure transition function: the next state and the effects the server must persist or send, or
 * a typed error. It runs the flow model (`machine.transition`, pure: no actor is started) from the
 * state of the flow's status. Never throws; the input state is never modified (copy-on-write: the next state shares
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
  const next = model.transition(snapshot, { ...action, env: context } as unknown as FlowEvent, scope);
  const c = next.context;
  return c.error ? { ok: false, error: c.error } : { ok: true, state: c.flow, effects: c.effects };
}
