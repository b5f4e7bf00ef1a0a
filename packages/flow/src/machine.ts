import { assign, setup } from 'xstate';
import { createFlowState, transition } from './interpreter';
import type { Effect, FlowAction, FlowContext, FlowError, FlowState } from './types';

/** An event of the flow machine: any interpreter action, optionally with the time it happened. */
export type FlowEvent = FlowAction & { now?: string };

export interface FlowMachineContext {
  flow: FlowState;
  /** Effects of the last accepted event (for the host or server to carry out). */
  effects: Effect[];
  /** Error of the last refused event (null when it was accepted). */
  error: FlowError | null;
}

export interface FlowMachineOptions extends Omit<FlowContext, 'now'> {
  /** Clock used when an event carries no `now` (default: the system time). */
  clock?: () => string;
}

/**
 * The flow lifecycle as an XState v5 machine built on `transition`: states draft, running (wait),
 * adopted, rejected, revoked, cancelled mirror the flow status. Every event is an interpreter action;
 * a refused one leaves the flow as it was and sets `context.error`. Timers are deadlines in
 * `context.flow.deadlines` (no `after` delays), so `actor.getPersistedSnapshot()` restores fully.
 */
export function createFlowMachine(options: FlowMachineOptions) {
  const clock = options.clock ?? (() => new Date().toISOString());
  const is =
    (s: number) =>
    ({ context }: { context: FlowMachineContext }) =>
      context.flow.status === s;
  return setup({
    types: {
      context: {} as FlowMachineContext,
      events: {} as FlowEvent,
      input: {} as { state?: FlowState },
    },
    actions: {
      apply: assign(({ context, event }) => {
        const { now, ...action } = event;
        const r = transition(context.flow, action as FlowAction, { ...options, now: now ?? clock() });
        return r.ok ? { flow: r.state, effects: r.effects, error: null } : { effects: [], error: r.error };
      }),
    },
    guards: {
      isDraft: is(0),
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
    on: { '*': { target: '.routing', actions: 'apply' } },
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
      draft: {},
      running: {},
      adopted: {},
      rejected: {},
      revoked: {},
      cancelled: {},
    },
  });
}
