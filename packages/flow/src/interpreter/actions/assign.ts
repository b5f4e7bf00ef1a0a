import { HANDLE_STATUS } from '../../types';
import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';
import { requireManager } from './guards';

/** A manager replaces the approvers waiting at a node by one user. */
export const assign: ActionHandler<'assign'> = {
  accepts: { running: true },
  check: (r, a) => requireManager(r, a.userId),
  declined: 'FLOW_NOT_RUNNING',
  run(r, a) {
    if (!a.nodeId) refuse('ASSIGN_NODE_REQUIRED');
    if (!a.toUserId) refuse('ASSIGN_USER_REQUIRED');
    if (!r.ctx.org.user(a.toUserId)) refuse('USER_NOT_FOUND', undefined, a.toUserId);
    const run = r.s.runs[a.nodeId];
    if (!run || run.kind !== 'approver') refuse('NO_SUCH_WAIT', r.c.nodes.get(a.nodeId)?.node);
    for (const t of r.pendingAt(a.nodeId)) r.closeTask(t, 'closed');
    r.patchRun(a.nodeId, { mode: 'or', total: 1, approvals: 0, rejections: 0, queue: [] });
    r.createTask(a.nodeId, a.toUserId);
    r.record(a.nodeId, a.userId, HANDLE_STATUS.assigned, {
      targetUserIds: [a.toUserId],
      ...(a.opinion ? { handleOpinion: a.opinion } : {}),
    });
    r.message([a.toUserId], 'todo', a.nodeId);
  },
};
