import { HANDLE_STATUS } from '../../types';
import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';
import { myPendingTask } from './guards';

/** A handler hands their task to another user, who inherits it whole. */
export const transfer: ActionHandler<'transfer'> = {
  accepts: { running: true },
  declined: 'FLOW_NOT_RUNNING',
  run(r, a) {
    const t = myPendingTask(r, a.taskId, a.userId);
    if (!a.toUserId || a.toUserId === a.userId) refuse('ASSIGN_USER_REQUIRED');
    if (!r.ctx.org.user(a.toUserId)) refuse('USER_NOT_FOUND', undefined, a.toUserId);
    if (r.pendingAt(t.nodeId).some((x) => x.userId === a.toUserId))
      refuse('INVALID_ACTION', undefined, `${a.toUserId} already has a task at this node`);
    r.closeTask(t, 'closed');
    // The new handler inherits the task whole: its parent, and signers added before (still blocking it).
    const nt = r.createTask(t.nodeId, a.toUserId, {
      kind: t.kind,
      ...(t.parentId ? { parentId: t.parentId } : {}),
      ...(t.signerMode ? { signerMode: t.signerMode } : {}),
      ...(t.blocked ? { blocked: true } : {}),
    });
    for (const k of [...r.s.tasks]) if (k.parentId === t.id) r.patchTask(k, { parentId: nt.id });
    r.record(t.nodeId, a.userId, HANDLE_STATUS.transferred, {
      targetUserIds: [a.toUserId],
      ...(a.opinion ? { handleOpinion: a.opinion } : {}),
    });
    r.message([a.toUserId], 'todo', t.nodeId);
  },
};
