// The approval interpreter: the flow model (XState v5) over one handler per action (./actions).
export type { FlowEvent, FlowMachineContext } from './model';
export {
  createFlowState,
  DEFAULT_COUNTERSIGN,
  DEFAULT_EMPTY_APPROVER,
  DEFAULT_REJECT_TARGET,
  timerMillis,
} from './state';
export { transition } from './transition';
