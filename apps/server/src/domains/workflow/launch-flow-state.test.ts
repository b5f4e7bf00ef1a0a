// Issue 35: a system form's client (formType 1) says submit or save with flowState (spec 2 §4: "sends
// flowState 0 on submit and 1 on save"). flowState 1 saves a draft: no one gets a to-do; flowState 0 submits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { workflowTestKit } from './testkit';

describe(`launch with flowState on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  const { login, pending, task, w, leaveOf } = workflowTestKit(() => t);
  let leave: Record<string, unknown> = {};

  beforeAll(async () => {
    t = await createTestApp();
    leave = await leaveOf('zhangwei');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The site messages (notices) of a task's title. */
  const noticesOf = async (taskId: string) => {
    const { full_name } = await task(taskId);
    return w().selectFrom('message').select('id').where('title', 'like', `%${full_name}%`).execute();
  };

  it('flowState 1 on a system form saves a draft (no to-do, no notice); flowState 0 then submits it', async () => {
    const emp = await login('zhangwei');
    const saved = await t.call<string>(emp, {
      method: 'POST',
      url: '/api/workflow/Form/Leave',
      payload: { ...leave, flowState: 1 },
    });
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.msg).toBe('保存成功');
    const id = saved.data;
    expect((await task(id)).status).toBe(0);
    expect(await pending(id)).toEqual([]);
    expect(await noticesOf(id)).toEqual([]);

    const sent = await t.call<string>(emp, {
      method: 'PUT',
      url: `/api/workflow/Form/Leave/${id}`,
      payload: { ...leave, flowState: 0 },
    });
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.msg).toBe('提交成功');
    expect((await task(id)).status).toBe(1);
    expect((await pending(id)).length).toBeGreaterThan(0);
    expect((await noticesOf(id)).length).toBeGreaterThan(0);
  });

  it('FlowTask honours flowState 1 as a draft too, and refuses a flowState that contradicts status', async () => {
    const emp = await login('zhangwei');
    const saved = await t.call<string>(emp, {
      method: 'POST',
      url: '/api/workflow/Engine/FlowTask',
      payload: { flowId: 'wf-leave', formData: leave, flowState: 1 },
    });
    expect(saved.code, saved.msg).toBe(200);
    expect((await task(saved.data)).status).toBe(0);
    expect(await pending(saved.data)).toEqual([]);

    const before = await w().selectFrom('wf_task').select('id').execute();
    const mixed = await t.call(emp, {
      method: 'POST',
      url: '/api/workflow/Engine/FlowTask',
      payload: { flowId: 'wf-leave', formData: leave, status: 0, flowState: 1 },
      headers: { 'accept-language': 'en' },
    });
    expect(mixed).toEqual({ code: 400, msg: 'flowState: does not match status', data: null });
    expect(await w().selectFrom('wf_task').select('id').execute()).toHaveLength(before.length);
  });
});
