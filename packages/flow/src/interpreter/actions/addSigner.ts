import { HANDLE_STATUS } from '../../types';
import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';
import { uniq } from '../state';
import { myUnblockedTask } from './guards';

/** A handler adds signers before (they act first) or after (they confirm the handler's approval). */
export const addSigner: ActionHandler<'addSigner'> = {
  accepts: { running: true },
  declined: 'FLOW_NOT_RUNNING',
  run(r, a) {
    let t = myUnblockedTask(r, a.taskId, a.userId);
    const signers = uniq(a.signerIds ?? []).filter((u) => u !== a.userId);
    if (!signers.length) refuse('CANDIDATE_REQUIRED');
    for (const u of signers) if (!r.ctx.org.user(u)) refuse('USER_NOT_FOUND', undefined, u);
    if (t.kind === 'signer') refuse('INVALID_ACTION', undefined, 'an added signer cannot add signers');
    t = r.patchTask(t, { signerMode: a.position, ...(a.position === 'before' ? { blocked: true } : {}) });
    r.record(t.nodeId, a.userId, HANDLE_STATUS.addedSigner, {
      targetUserIds: signers,
      ...(a.opinion ? { handleOpinion: a.opinion } : {}),
    });
    for (const u of signers) r.createTask(t.nodeId, u, { kind: 'signer', parentId: t.id });
    r.message(signers, 'todo', t.nodeId);
    if (a.position === 'after') {
      // The handler approves now; the vote counts once the signers after them have acted.
      r.closeTask(t, 'done', 'approve');
      r.record(t.nodeId, t.userId, HANDLE_STATUS.approved, {
        taskId: t.id,
        ...(a.opinion ? { handleOpinion: a.opinion } : {}),
      });
    }
  },
};
