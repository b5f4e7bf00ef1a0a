import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';
import { isBlank } from '../state';
import { myUnblockedTask } from './guards';

/** A handler rejects their task (an opinion is required); the node's reject target decides where to. */
export const reject: ActionHandler<'reject'> = {
  accepts: { running: true },
  declined: 'FLOW_NOT_RUNNING',
  run(r, a) {
    const t = myUnblockedTask(r, a.taskId, a.userId);
    if (isBlank(a.opinion)) refuse('OPINION_REQUIRED');
    r.vote(t, 'reject', a.opinion, false, a.signImg, a.rejectTo);
  },
};
