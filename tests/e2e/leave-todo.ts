// A request waiting in someone's to-do, made over the API: zhangwei asks for a day's leave (the seeded
// wf-leave flow); its first approver has the to-do. Shared by the suites that need one (portal, home rows).
import { apiToken } from './harness';
import type { Suite } from './suite';

export interface LeaveTodo {
  taskId: string;
  /** The node the to-do waits at. */
  nodeId: string;
  approverId: string;
  approverAccount: string;
  /** The request's title as the lists show it. */
  taskName: string;
  /** Signs the approver in over the API (the demo password). */
  approverToken: () => Promise<string>;
}

/** `zwToken`: zhangwei's token when the caller has one, else zhangwei signs in here. */
export async function leaveTodo(suite: Suite, reason: string, zwToken?: string): Promise<LeaveTodo> {
  const zw = zwToken ?? (await apiToken(suite.kp.base, 'zhangwei', 'kp123456'));
  const db = suite.kp.app.kp.db;
  const user = await db
    .selectFrom('base_user')
    .select(['id', 'department_id'])
    .where('account', '=', 'zhangwei')
    .executeTakeFirstOrThrow();
  const taskId = await suite.must<string>(zw, 'POST', '/api/workflow/Engine/FlowTask', {
    flowId: 'wf-leave',
    status: 0,
    formData: {
      applicant: user.id,
      department: user.department_id,
      leaveType: 'annual',
      startTime: Date.now() + 86_400_000,
      endTime: Date.now() + 2 * 86_400_000,
      days: 1,
      reason,
    },
  });
  const op = (await db
    .selectFrom('wf_operator' as never)
    .select(['user_id' as never, 'node_id' as never])
    .where('task_id' as never, '=', taskId as never)
    .where('status' as never, '=', 0 as never)
    .executeTakeFirstOrThrow()) as { user_id: string; node_id: string };
  const approver = await db
    .selectFrom('base_user')
    .select(['account'])
    .where('id', '=', op.user_id)
    .executeTakeFirstOrThrow();
  const task = (await db
    .selectFrom('wf_task' as never)
    .select(['full_name' as never])
    .where('id' as never, '=', taskId as never)
    .executeTakeFirstOrThrow()) as { full_name: string };
  return {
    taskId,
    nodeId: op.node_id,
    approverId: op.user_id,
    approverAccount: approver.account,
    taskName: task.full_name,
    approverToken: () => apiToken(suite.kp.base, approver.account, 'kp123456'),
  };
}
