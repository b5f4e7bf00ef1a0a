import { HANDLE_STATUS, type Task } from '../../types';
import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';
import { isBlank } from '../state';
import type { Run } from '../walk';

function myTaskWithReason(r: Run, a: { taskId: string; userId: string; reason?: string }): Task {
  const t = r.task(a.taskId);
  if (t.userId !== a.userId) refuse('TASK_NOT_YOURS');
  if (isBlank(a.reason)) refuse('REASON_REQUIRED');
  return t;
}

/**
 * A handler takes back their approval, allowed only while nothing has happened since (the next node has
 * not acted): the state returns to the undo point the approval kept, and the task is theirs again.
 */
export const recall: ActionHandler<'recall'> = {
  accepts: { running: true },
  check: (r, a) => void myTaskWithReason(r, a),
  declined: 'RECALL_NOT_ALLOWED',
  run(r, a) {
    const s = r.s;
    const t = myTaskWithReason(r, a);
    const u = r.base.undo;
    if (!u || u.taskId !== t.id || u.version !== s.version - 1 || t.result !== 'approve')
      refuse('RECALL_NOT_ALLOWED');
    const madeBy = s.version - 1;
    for (const x of s.tasks)
      if (x.status === 'pending' && x.createdVersion === madeBy) r.closeTask(x, 'closed');
    const reopen = s.tasks.filter(
      (x) =>
        x.nodeId === t.nodeId &&
        x.doneVersion === madeBy &&
        x.id !== t.id &&
        x.status === 'closed' &&
        x.kind === 'approver',
    );
    const gone = s.deadlines.filter((d) => !u.deadlines.some((o) => o.id === d.id));
    for (const d of gone) r.clearDeadline(d.id);
    for (const d of u.deadlines)
      if (!s.deadlines.some((x) => x.id === d.id && x.at === d.at)) r.setDeadline({ ...d });
    s.current = [...u.current];
    s.runs = { ...u.runs };
    s.joins = { ...u.joins };
    s.trail = [...u.trail];
    s.undo = null;
    r.createTask(t.nodeId, t.userId, { kind: t.kind, ...(t.parentId ? { parentId: t.parentId } : {}) });
    for (const x of reopen) r.createTask(x.nodeId, x.userId);
    r.record(t.nodeId, a.userId, HANDLE_STATUS.withdrawn, { handleOpinion: a.reason });
  },
};
