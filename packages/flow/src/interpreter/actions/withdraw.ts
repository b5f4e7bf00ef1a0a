import { HANDLE_STATUS } from '../../types';
import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';
import { isBlank } from '../state';
import { requireInitiator } from './guards';

/** The initiator withdraws a running flow (status 4; it can be resubmitted). */
export const withdraw: ActionHandler<'withdraw'> = {
  accepts: { running: true },
  check: (r, a) => requireInitiator(r, a.userId),
  declined: 'FLOW_NOT_RUNNING',
  run(r, a) {
    if (isBlank(a.reason)) refuse('REASON_REQUIRED');
    r.stopAll();
    r.s.joins = {};
    r.setStatus(4);
    r.record(r.c.rootId, a.userId, HANDLE_STATUS.withdrawn, { handleOpinion: a.reason });
  },
};
