import type { ActionHandler } from '../handler';
import { mergeForm, myUnblockedTask } from './guards';

/** A handler approves their task; the point to undo it from (recall) is kept until the next action. */
export const audit: ActionHandler<'audit'> = {
  accepts: { running: true },
  declined: 'FLOW_NOT_RUNNING',
  run(r, a) {
    const s = r.s;
    const t = myUnblockedTask(r, a.taskId, a.userId);
    const b = r.base;
    const before = {
      current: b.current,
      runs: b.runs,
      joins: b.joins,
      deadlines: b.deadlines,
      trail: b.trail,
    };
    mergeForm(r, a.formData, t.nodeId);
    if (a.candidates) s.candidates = { ...s.candidates, ...a.candidates };
    r.free = a.freeApproverUserId === undefined ? [] : ([] as string[]).concat(a.freeApproverUserId);
    r.cc(t.nodeId, a.copyIds ?? []);
    r.vote(t, 'approve', a.opinion, false, a.signImg);
    s.undo = { taskId: t.id, version: s.version, ...before };
  },
};
