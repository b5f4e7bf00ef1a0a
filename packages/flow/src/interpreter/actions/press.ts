import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';

/** The initiator or a manager reminds everyone with a pending task. */
export const press: ActionHandler<'press'> = {
  accepts: { running: true },
  check(r, a) {
    if (r.s.initiatorId !== a.userId && !r.managers().includes(a.userId)) refuse('NOT_INITIATOR');
  },
  declined: 'FLOW_NOT_RUNNING',
  run(r) {
    const to = r.s.tasks.filter((t) => t.status === 'pending').map((t) => t.userId);
    r.message(to, 'press');
  },
};
