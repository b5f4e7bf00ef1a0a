import { HANDLE_STATUS } from '../../types';
import type { ActionHandler } from '../handler';
import { requireManager } from './guards';

/** A manager cancels a running flow (status 5). */
export const terminate: ActionHandler<'terminate'> = {
  accepts: { running: true },
  check: (r, a) => requireManager(r, a.userId),
  declined: 'FLOW_NOT_RUNNING',
  run(r, a) {
    const s = r.s;
    r.stopAll();
    s.joins = {};
    r.setStatus(5);
    r.record(r.c.rootId, a.userId, HANDLE_STATUS.terminated, a.reason ? { handleOpinion: a.reason } : {});
    r.effects.push({ type: 'flowFinished', status: 5 });
    if (s.initiatorId) r.message([s.initiatorId], 'terminated');
  },
};
