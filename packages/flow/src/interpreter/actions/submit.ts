import { HANDLE_STATUS } from '../../types';
import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';
import { mayInitiate, mergeForm, requireManager } from './guards';

const isManagerSave = (a: { status?: 0 | 1 | 2 }) => a.status === 2;

/**
 * Submit (status 0), save as draft (1) or a manager's save of the form (2, in any state). A draft, a
 * rejected or a withdrawn flow is (re)submitted; a revoked one is closed for good.
 */
export const submit: ActionHandler<'submit'> = {
  accepts: {
    draft: true,
    rejected: true,
    revoked: true,
    running: isManagerSave,
    adopted: isManagerSave,
    cancelled: isManagerSave,
  },
  declined: 'FLOW_ALREADY_SUBMITTED',
  run(r, a) {
    const s = r.s;
    const mode = a.status ?? 0;
    if (mode === 2) {
      requireManager(r, a.userId);
      mergeForm(r, a.formData);
      return;
    }
    if (s.closed) refuse('FLOW_ALREADY_SUBMITTED');
    if (s.initiatorId && s.initiatorId !== a.userId) refuse('NOT_INITIATOR');
    if (!mayInitiate(r, a.userId)) refuse('NOT_ALLOWED_TO_INITIATE');
    s.initiatorId = a.userId;
    mergeForm(r, a.formData, r.c.rootId);
    if (a.candidates) s.candidates = { ...s.candidates, ...a.candidates };
    if (mode === 1) return; // save as draft
    const jumpBack = s.status === 3 && r.props.resubmitMode === 'jumpBack' && s.rejectedFrom;
    const from = s.rejectedFrom;
    s.rejectedFrom = null;
    s.joins = {};
    r.setStatus(1);
    r.record(r.c.rootId, a.userId, HANDLE_STATUS.initiated);
    r.cc(r.c.rootId, a.copyIds ?? []);
    if (jumpBack && from) r.enterDirect(from);
    else {
      s.trail = [];
      r.after(r.c.rootId);
    }
  },
};
