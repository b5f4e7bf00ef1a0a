import { createFlowModel, type FlowEvent } from './interpreter/model';
import type { FlowContext } from './types';

export interface FlowMachineOptions extends Omit<FlowContext, 'now'> {
  /** Clock used when an event carries no `now` (default: the system time). */
  clock?: () => string;
}

/**
 * The flow model (the same machine `transition` runs) as an actor's logic: states draft, running,
 * adopted, rejected, revoked, cancelled are the flow status; every event is an interpreter action; a
 * refused one leaves the flow as it was and sets `context.error`. Timers are deadlines in
 * `context.flow.deadlines` (no `after` delays), so `actor.getPersistedSnapshot()` restores fully.
 */
export function createFlowMachine(options: FlowMachineOptions) {
  const clock = options.clock ?? (() => new Date().toISOString());
  return createFlowModel((event: FlowEvent) => ({ ...options, now: event.now ?? clock() }));
}
