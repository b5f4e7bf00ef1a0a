import { HANDLE_STATUS } from '../../types';
import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';
import { isBlank } from '../state';
import { requireInitiator } from './guards';

/** The initiator revokes an adopted flow: status 4, closed for good. */
export const revoke: ActionHandler<'revoke'> = {
  accepts: { adopted: true },
  check: (r, a) => requireInitiator(r, a.userId),
  declined: () => refuse('INVALID_ACTION', undefined, 'only an adopted flow can be revoked'),
  run(r, a) {
    if (isBlank(a.reason)) refuse('REASON_REQUIRED');
    r.s.closed = true;
    r.setStatus(4);
    r.record(r.c.rootId, a.userId, HANDLE_STATUS.withdrawn, { handleOpinion: a.reason });
    r.effects.push({ type: 'flowFinished', status: 4 });
  },
};
