import type { Deadline, Effect, FlowState, FlowStatus, OperatorRecord, TaskStatus } from './types';

/** What the server persists from effects: status, tasks, records, deadlines. */
export interface FlowProjection {
  status: FlowStatus;
  tasks: Record<
    string,
    { nodeId: string; userId: string; status: TaskStatus; result?: 'approve' | 'reject' }
  >;
  records: OperatorRecord[];
  deadlines: Record<string, string>;
}

export function emptyProjection(): FlowProjection {
  return { status: 0, tasks: {}, records: [], deadlines: {} };
}

/** Applies effects in order to a projection (a new object; the input is not modified). */
export function replayEffects(effects: Effect[], from: FlowProjection = emptyProjection()): FlowProjection {
  const p: FlowProjection = {
    status: from.status,
    tasks: { ...from.tasks },
    records: [...from.records],
    deadlines: { ...from.deadlines },
  };
  for (const e of effects) {
    switch (e.type) {
      case 'createTask':
        p.tasks[e.task.id] = { nodeId: e.task.nodeId, userId: e.task.userId, status: e.task.status };
        break;
      case 'closeTask': {
        const t = p.tasks[e.taskId];
        if (t) p.tasks[e.taskId] = { ...t, status: e.status, ...(e.result ? { result: e.result } : {}) };
        break;
      }
      case 'record':
        p.records.push(e.record);
        break;
      case 'setDeadline':
        p.deadlines[e.deadline.id] = e.deadline.at;
        break;
      case 'clearDeadline':
        delete p.deadlines[e.deadlineId];
        break;
      case 'setStatus':
      case 'flowFinished':
        p.status = e.status;
        break;
    }
  }
  return p;
}

/** The same projection read from a state, to compare with a replay. */
export function projectState(s: FlowState): FlowProjection {
  const tasks: FlowProjection['tasks'] = {};
  for (const t of s.tasks)
    tasks[t.id] = {
      nodeId: t.nodeId,
      userId: t.userId,
      status: t.status,
      ...(t.result ? { result: t.result } : {}),
    };
  const deadlines: Record<string, string> = {};
  for (const d of s.deadlines as Deadline[]) deadlines[d.id] = d.at;
  return { status: s.status, tasks, records: [...s.records], deadlines };
}
