// Issue 35: a 知会 (FlowLaunch/Notify) carries taskNodeId, taskOperatorId and opType (spec 2 §3 notify
// payload); the notice's message opens the flow there: its body is the /workFlowDetail config.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { workflowTestKit } from './testkit';

const B = '/api/workflow/Engine';

describe(`notify payload on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  const { login, idOf, pending, tokenOf, submit, w, leaveOf } = workflowTestKit(() => t);
  let taskId = '';
  let otherTaskId = '';

  beforeAll(async () => {
    t = await createTestApp();
    const emp = await login('zhangwei');
    const a = await submit(emp, 'wf-leave', await leaveOf('zhangwei'));
    const b = await submit(emp, 'wf-leave', await leaveOf('zhangwei', 1));
    expect(a.code, a.msg).toBe(200);
    expect(b.code, b.msg).toBe(200);
    taskId = a.data;
    otherTaskId = b.data;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The newest message addressed to a user. */
  const lastMessageTo = async (userId: string) =>
    w()
      .selectFrom('message')
      .select(['title', 'body_text'])
      .where('to_user_ids', 'like', `%${userId}%`)
      .orderBy('creator_time', 'desc')
      .executeTakeFirstOrThrow();

  it("the handler's notice opens the flow at their node, operator task and opType", async () => {
    const [op] = await pending(taskId);
    if (!op) throw new Error('no pending operator task');
    const tk = await tokenOf(op.user_id);
    const to = await idOf('liuzhiqiang');
    const r = await t.call(tk, {
      method: 'POST',
      url: `${B}/FlowLaunch/Notify/${taskId}`,
      payload: { userIds: [to], taskNodeId: op.node_id, taskOperatorId: op.id, opType: 1 },
    });
    expect(r.code, r.msg).toBe(200);
    const m = await lastMessageTo(to);
    expect(m.title).toMatch(/^流程知会：/);
    expect(JSON.parse(m.body_text ?? 'null')).toEqual({
      id: taskId,
      taskId,
      flowId: 'wf-leave',
      taskNodeId: op.node_id,
      taskOperatorId: op.id,
      opType: 1,
    });
  });

  it('refuses an operator task of another flow, a node not its own and an unknown opType', async () => {
    const [op] = await pending(taskId);
    const [foreign] = await pending(otherTaskId);
    if (!op || !foreign) throw new Error('no pending operator task');
    const tk = await tokenOf(op.user_id);
    const to = await idOf('liuzhiqiang');
    const send = (payload: Record<string, unknown>) =>
      t.call(tk, {
        method: 'POST',
        url: `${B}/FlowLaunch/Notify/${taskId}`,
        payload: { userIds: [to], ...payload },
        headers: { 'accept-language': 'en' },
      });
    expect(await send({ taskOperatorId: foreign.id })).toEqual({
      code: 400,
      msg: 'taskOperatorId: does not belong to this flow',
      data: null,
    });
    expect((await send({ taskOperatorId: op.id, taskNodeId: 'start' })).msg).toBe(
      'taskNodeId: does not belong to this flow',
    );
    expect((await send({ opType: 9 })).code).toBe(400);
  });
});
