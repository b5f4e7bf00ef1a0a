import { flowText } from '../../messages';
import { HANDLE_STATUS, SYSTEM_USER } from '../../types';
import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';

/** A child flow of a (synchronous) sub-flow node has ended. */
export const subflowFinished: ActionHandler<'subflowFinished'> = {
  accepts: { running: true },
  declined: 'NO_SUCH_WAIT',
  run(r, a) {
    const s = r.s;
    const run = s.runs[a.nodeId];
    if (!run || run.kind !== 'subflow') refuse('NO_SUCH_WAIT');
    // The child's end decides: 2 adopted counts as finished; 4 revoked (final) and 5 cancelled fail
    // the node (the parent returns to its initiator, status 3); 0, 1 and 3 are not ends (a rejected
    // or withdrawn child can be resubmitted). No childStatus = adopted (older callers).
    const cs = a.childStatus ?? 2;
    if (cs === 0 || cs === 1 || cs === 3) refuse('SUBFLOW_NOT_FINISHED', r.cn(a.nodeId).node);
    if (cs !== 2) {
      r.record(a.nodeId, SYSTEM_USER, HANDLE_STATUS.rejected, {
        handleOpinion: flowText('SUBFLOW_FAILED'),
      });
      r.stopAll();
      s.joins = {};
      s.rejectedFrom = null;
      r.setStatus(3);
      r.effects.push({ type: 'flowFinished', status: 3 });
      if (s.initiatorId) r.message([s.initiatorId], 'rejected', a.nodeId);
      return;
    }
    const finished = (run.finished ?? 0) + 1;
    r.patchRun(a.nodeId, { finished });
    if (finished < (run.expected ?? 1)) return;
    r.removeCurrent(a.nodeId);
    r.after(a.nodeId);
  },
};
