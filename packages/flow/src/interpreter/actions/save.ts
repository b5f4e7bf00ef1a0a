import type { ActionHandler } from '../handler';
import { mergeForm, myPendingTask } from './guards';

/** A handler saves the form of their pending task (fields their node shows read-only are dropped). */
export const save: ActionHandler<'save'> = {
  accepts: { running: true },
  declined: 'FLOW_NOT_RUNNING',
  run(r, a) {
    const t = myPendingTask(r, a.taskId, a.userId);
    mergeForm(r, a.formData, t.nodeId);
  },
};
