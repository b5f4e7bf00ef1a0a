import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';
import { mergeForm, requireManager } from './guards';

/** Spec 2 §4, submit status 2: the monitor's save. A manager saves the form where the flow stands; no step. */
export const managerSave: ActionHandler<'managerSave'> = {
  accepts: { running: true, adopted: true },
  check: (r, a) => requireManager(r, a.userId),
  declined: () =>
    refuse('INVALID_ACTION', undefined, 'only a running or adopted flow can be saved by a manager'),
  run(r, a) {
    mergeForm(r, a.formData);
  },
};
