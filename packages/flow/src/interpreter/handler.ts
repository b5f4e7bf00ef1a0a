import type { FlowTextCode } from '../messages';
import type { FlowAction, FlowActionType, FlowStatus } from '../types';
import type { Run } from './walk';

/** The states of the flow model, one per flow status (FlowState.status). */
export const FLOW_STATES = ['draft', 'running', 'adopted', 'rejected', 'revoked', 'cancelled'] as const;
export type FlowStateName = (typeof FLOW_STATES)[number];
/** The model state of a flow status. */
export const stateOfStatus = (status: FlowStatus): FlowStateName => FLOW_STATES[status] ?? 'draft';

export type ActionOf<T extends FlowActionType> = Extract<FlowAction, { type: T }>;

/**
 * One action of the interpreter. The flow model (./model) accepts it only in the states listed in
 * `accepts` (optionally under a guard on the action); elsewhere it is declined. `check` holds what is
 * refused before the state matters (who may act), so a refused action names the same error in any state.
 */
export interface ActionHandler<T extends FlowActionType> {
  accepts: Partial<Record<FlowStateName, true | ((a: ActionOf<T>) => boolean)>>;
  check?: (r: Run, a: ActionOf<T>) => void;
  /** The refusal in a state that does not accept the action: a code, or a function that refuses. */
  declined: FlowTextCode | ((r: Run, a: ActionOf<T>) => never);
  run: (r: Run, a: ActionOf<T>) => void;
}

export type ActionTable = { [T in FlowActionType]: ActionHandler<T> };
