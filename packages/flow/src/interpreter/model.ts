import { assign, setup } from 'xstate';
import { flowText } from '../messages';
import type { Effect, FlowAction, FlowContext, FlowError, FlowState, TransitionResult } from '../types';
import { ACTIONS } from './actions';
import { type ActionHandler, FLOW_STATES, type FlowStateName } from './handler';
import { Refusal, refuse } from './refuse';
import { createFlowState } from './state';
import { Run } from './walk';

/** An event of the flow model: any interpreter action, optionally with the time it happened. */
export type FlowEvent = FlowAction & { now?: string };

export interface FlowMachineContext {
  flow: FlowState;
  /** Effects of the last accepted event (for the host or server to carry out). */
  effects: Effect[];
  /** Error of the last refused event (null when it was accepted). */
  error: FlowError | null;
}

/** Where an event's transition context (template, org, managers, time) comes from. */
export type ContextOf = (event: FlowEvent) => FlowContext;

const handlerOf = (type: string): ActionHandler<FlowAction['type']> | undefined =>
  Object.hasOwn(ACTIONS, type)
    ? (ACTIONS[type as FlowAction['type']] as ActionHandler<FlowAction['type']>)
    : undefined;

/**
 * Runs one action on a copy of the state. `accepted` says whether the flow model accepts the action in
 * the flow's state: if not, the action's own checks run and then it is declined with its refusal.
 * Never throws; the input state is never modified (copy-on-write: the next state shares unchanged
 * objects with it).
 */
export function runAction(
  state: FlowState,
  action: FlowAction,
  context: FlowContext,
  accepted: boolean,
): TransitionResult {
  try {
    if (!action || typeof action !== 'object' || typeof action.type !== 'string') refuse('INVALID_ACTION');
    if (typeof action.userId !== 'string' || !action.userId)
      refuse('INVALID_ACTION', undefined, 'userId is required');
    if (!context?.template?.tree || context.template.tree.type !== 'start') refuse('INVALID_TEMPLATE');
    // Copy-on-write: the containers are copied once, objects inside are replaced, never modified.
    const next: FlowState = {
      ...state,
      version: state.version + 1,
      current: [...state.current],
      runs: { ...state.runs },
      tasks: [...state.tasks],
      joins: { ...state.joins },
      deadlines: [...state.deadlines],
      records: [...state.records],
      candidates: { ...state.candidates },
      trail: [...state.trail],
    };
    const r = new Run(next, context, state);
    const h = handlerOf(action.type);
    if (!h) refuse('INVALID_ACTION', undefined, String(action.type));
    h.check?.(r, action);
    if (!accepted) {
      if (typeof h.declined === 'string') refuse(h.declined);
      h.declined(r, action);
    }
    h.run(r, action);
    return { ok: true, state: next, effects: r.effects };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.flowError };
    return {
      ok: false,
      error: { code: 'INTERNAL', message: `${flowText('INTERNAL')}: ${(e as Error)?.message ?? e}` },
    };
  }
}

/** The transitions of one state: every action it accepts (guarded when it accepts only some). */
function acceptedIn(state: FlowStateName) {
  const on: Record<string, { target: string; actions: 'accept'; guard?: unknown }> = {};
  for (const [type, h] of Object.entries(ACTIONS) as [string, ActionHandler<FlowAction['type']>][]) {
    const rule = h.accepts[state];
    if (!rule) continue;
    on[type] = {
      target: 'routing',
      actions: 'accept',
      ...(rule === true ? {} : { guard: { type: 'accepts', params: { state } } }),
    };
  }
  return { on };
}

/**
 * The flow model: an XState v5 machine whose states (draft, running, adopted, rejected, revoked,
 * cancelled) are the flow status and whose events are the interpreter's actions. A state accepts the
 * actions its handlers list (./actions); any other event is declined with the action's refusal. After
 * every event the machine routes to the state of the resulting status. `transition` runs it purely
 * (xstate's transition function); `createFlowMachine` runs it as an actor with a clock.
 */
export function createFlowModel(contextOf: ContextOf) {
  const step = (c: FlowMachineContext, event: FlowEvent, accepted: boolean): Partial<FlowMachineContext> => {
    const { now: _now, env: _env, ...action } = event as FlowEvent & { env?: unknown };
    const r = runAction(c.flow, action as FlowAction, contextOf(event), accepted);
    return r.ok ? { flow: r.state, effects: r.effects, error: null } : { effects: [], error: r.error };
  };
  const is =
    (s: number) =>
    ({ context }: { context: FlowMachineContext }) =>
      context.flow.status === s;
  return setup({
    types: {
      context: {} as FlowMachineContext,
      events: {} as FlowEvent,
      input: {} as { state?: FlowState } | undefined,
    },
    actions: {
      accept: assign(({ context, event }) => step(context, event, true)),
      decline: assign(({ context, event }) => step(context, event, false)),
    },
    guards: {
      accepts: ({ event }, params: { state: FlowStateName }) => {
        const rule = handlerOf(event.type)?.accepts[params.state];
        return rule === true || (typeof rule === 'function' && rule(event as never));
      },
      isRunning: is(1),
      isAdopted: is(2),
      isRejected: is(3),
      isRevoked: is(4),
      isCancelled: is(5),
    },
  }).createMachine({
    id: 'kpFlow',
    context: ({ input }) => ({ flow: input?.state ?? createFlowState(), effects: [], error: null }),
    initial: 'routing',
    on: { '*': { target: '.routing', actions: 'decline' } },
    states: {
      routing: {
        always: [
          { target: 'running', guard: 'isRunning' },
          { target: 'adopted', guard: 'isAdopted' },
          { target: 'rejected', guard: 'isRejected' },
          { target: 'revoked', guard: 'isRevoked' },
          { target: 'cancelled', guard: 'isCancelled' },
          { target: 'draft' },
        ],
      },
      ...(Object.fromEntries(FLOW_STATES.map((s) => [s, acceptedIn(s)])) as Record<FlowStateName, object>),
    },
  });
}
