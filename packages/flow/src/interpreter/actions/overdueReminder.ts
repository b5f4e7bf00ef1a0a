import { flowText } from '../../messages';
import type { ActionHandler } from '../handler';
import { refuse } from '../refuse';
import { addMillis, HOUR } from '../state';

/** An approver node's time limit has passed: remind, then again every remindEvery hours or auto-approve. */
export const overdueReminder: ActionHandler<'overdueReminder'> = {
  accepts: { running: true },
  declined: 'NO_SUCH_WAIT',
  run(r, a) {
    const s = r.s;
    const run = s.runs[a.nodeId];
    const d = s.deadlines.find((x) => x.id === `overdue:${a.nodeId}`);
    if (!run || run.kind !== 'approver' || !d) refuse('NO_SUCH_WAIT');
    if (Date.parse(d.at) > Date.parse(r.now)) refuse('TIMER_NOT_DUE');
    const reminders = run.reminders + 1;
    r.patchRun(a.nodeId, { reminders });
    const pending = r.pendingAt(a.nodeId);
    r.message(
      pending.map((t) => t.userId),
      'overdue',
      a.nodeId,
    );
    const tl = r.cn(a.nodeId).node.properties.timeLimit;
    if (tl?.autoApproveAfter && reminders >= tl.autoApproveAfter) {
      r.clearDeadline(d.id);
      for (const t of pending) {
        const live = s.tasks.find((x) => x.id === t.id);
        if (live?.status === 'pending' && s.status === 1 && s.runs[a.nodeId]) {
          r.vote(r.patchTask(live, { blocked: false }), 'approve', flowText('AUTO_APPROVED'), true);
        }
      }
      return;
    }
    if (tl?.remindEvery && tl.remindEvery > 0)
      r.setDeadline({ ...d, at: addMillis(r.now, tl.remindEvery * HOUR) });
    else r.clearDeadline(d.id);
  },
};
