import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';

/** A timer node's deadline has come: the flow goes on after it. */
export const timerFired: ActionHandler<'timerFired'> = {
  accepts: { running: true },
  declined: 'NO_SUCH_WAIT',
  run(r, a) {
    const run = r.s.runs[a.nodeId];
    const d = r.s.deadlines.find((x) => x.id === `timer:${a.nodeId}`);
    if (!run || run.kind !== 'timer' || !d) refuse('NO_SUCH_WAIT');
    if (Date.parse(d.at) > Date.parse(r.now)) refuse('TIMER_NOT_DUE');
    r.removeCurrent(a.nodeId);
    r.after(a.nodeId);
  },
};
