import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';
import { mergeForm, requireManager } from './guards';

/** A manager corrects the form of an adopted flow. */
export const refile: ActionHandler<'refile'> = {
  accepts: { adopted: true },
  check: (r, a) => requireManager(r, a.userId),
  declined: () => refuse('INVALID_ACTION', undefined, 'only an adopted flow can be refiled'),
  run(r, a) {
    mergeForm(r, a.formData);
  },
};
