import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seededInitiators, startNode, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { sweepDeadlines } from './deadlines';
import { workflowTestKit } from './testkit';

const B = '/api/workflow/Engine';

describe(`workflow actions on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let data: Record<string, unknown> = {};
  const ids = new Map<string, string>();
  const { login, pending, task } = workflowTestKit(() => t);
  let templateId = '';

  beforeAll(async () => {
    t = await createTestApp();
    for (const a of ['zhangwei', 'chenjing', 'wangjianguo', 'liuzhiqiang']) {
      const u = await t.db.kysely
        .selectFrom('base_user')
        .select(['id', 'department_id'])
        .where('account', '=', a)
        .executeTakeFirstOrThrow();
      ids.set(a, u.id);
      if (a === 'zhangwei')
        data = {
          applicant: u.id,
          department: u.department_id,
          leaveType: 'sick',
          startTime: 1767225600000,
          endTime: 1767312000000,
          days: 1,
          reason: 'x',
        };
    }
    // one approver node (chenjing then wangjianguo), 1 h limit, reminders every hour, auto-approve after 2
    const form = (
      await t.db.kysely
        .selectFrom('wf_template')
        .select('form_json')
        .where('id', '=', 'wf-leave')
        .executeTakeFirstOrThrow()
    ).form_json;
    const tree = startNode(await seededInitiators(t.db.kysely), {
      nodeId: 'n1',
      prevId: 'start',
      type: 'approver',
      properties: {
        title: '审批一',
        assigneeType: 1,
        approvers: [ids.get('chenjing')],
        approverPos: [],
        approverRole: [],
        counterSign: 'or',
        timeLimit: { enabled: true, duration: 1, remindEvery: 1, autoApproveAfter: 2 },
      },
      childNode: {
        nodeId: 'n2',
        prevId: 'n1',
        type: 'approver',
        properties: {
          title: '审批二',
          assigneeType: 1,
          approvers: [ids.get('wangjianguo')],
          approverPos: [],
          approverRole: [],
          counterSign: 'or',
        },
      },
    });
    const admin = await login('admin');
    const c = await t.call<string>(admin, {
      method: 'POST',
      url: `${B}/FlowEngine`,
      payload: {
        enCode: 'two',
        fullName: '两级审批',
        formData: form,
        flowTemplateJson: tree,
        propertyJson: { hasRevokeBtn: true, hasTransferBtn: true },
      },
    });
    expect(c.code, c.msg).toBe(200);
    templateId = c.data;
    await t.call(admin, { method: 'POST', url: `${B}/FlowEngine/Release/${templateId}` });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  const launch = async () => {
    const r = await t.call<string>(await login('zhangwei'), {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: templateId, formData: data, copyIds: ids.get('liuzhiqiang') },
    });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };

  it('deadline sweep: reminders, press mark, auto-approve after 2, idempotent', async () => {
    const id = await launch();
    const op = (await pending(id))[0]!;
    expect(op.user_id).toBe(ids.get('chenjing'));
    const t0 = Date.now();
    expect(await sweepDeadlines(t.ctx, new Date(t0))).toBe(0); // not due yet
    const at1 = new Date(t0 + 61 * 60_000);
    const [a, b] = await Promise.all([sweepDeadlines(t.ctx, at1), sweepDeadlines(t.ctx, at1)]);
    expect(a + b).toBe(1); // two sweepers, one fire
    expect((await task(id)).press_mark).toBe(1);
    expect((await pending(id))[0]?.reminder_count).toBe(1);
    expect(await sweepDeadlines(t.ctx, new Date(t0 + 122 * 60_000))).toBe(1);
    const after = await pending(id);
    expect(after.map((o) => o.node_id)).toEqual(['n2']); // auto-approved after 2 reminders
  });

  it('transfer, recall (reason required), assign, suspend/resume and cancel by a manager', async () => {
    const id = await launch();
    const op = (await pending(id))[0]!;
    const cj = await login('chenjing');
    expect(
      (await t.call(cj, { method: 'POST', url: `${B}/FlowBefore/Transfer/${op.id}`, payload: {} })).code,
    ).toBe(400);
    const tr = await t.call(cj, {
      method: 'POST',
      url: `${B}/FlowBefore/Transfer/${op.id}`,
      payload: { freeApproverUserId: ids.get('liuzhiqiang') },
    });
    expect(tr.code, tr.msg).toBe(200);
    const op2 = (await pending(id))[0]!;
    expect(op2.user_id).toBe(ids.get('liuzhiqiang'));
    const lz = await login('liuzhiqiang');
    expect(
      (
        await t.call(lz, {
          method: 'POST',
          url: `${B}/FlowBefore/Audit/${op2.id}`,
          payload: { handleOpinion: '同意' },
        })
      ).code,
    ).toBe(200);
    // recall: reason required, then allowed while n2 has not acted
    expect(
      await t.call(lz, { method: 'POST', url: `${B}/FlowBefore/Recall/${op2.id}`, payload: {} }),
    ).toMatchObject({ code: 400, msg: '输入不能为空' });
    const rc = await t.call(lz, {
      method: 'POST',
      url: `${B}/FlowBefore/Recall/${op2.id}`,
      payload: { handleOpinion: '再看看' },
    });
    expect(rc.code, rc.msg).toBe(200);
    const back = await pending(id);
    expect(back.map((o) => o.node_id)).toEqual(['n1']);
    // manager assign to n2 / cancel; employee refused
    const emp = await login('zhangwei');
    expect(
      (await t.call(emp, { method: 'POST', url: `${B}/FlowBefore/Cancel/${id}`, payload: {} })).code,
    ).toBe(403);
    const admin = await login('admin');
    const as = await t.call(admin, {
      method: 'POST',
      url: `${B}/FlowBefore/Assign/${id}`,
      payload: { nodeCode: 'n1', freeApproverUserId: ids.get('wangjianguo') },
    });
    expect(as.code, as.msg).toBe(200);
    expect((await pending(id)).map((o) => o.user_id)).toEqual([ids.get('wangjianguo')]);
    // suspend refuses actions, resume allows them
    expect((await t.call(admin, { method: 'PUT', url: `${B}/FlowMonitor/${id}/Actions/Suspend` })).code).toBe(
      200,
    );
    const wj = await login('wangjianguo');
    const wop = (await pending(id))[0]!;
    expect(
      (await t.call(wj, { method: 'POST', url: `${B}/FlowBefore/Audit/${wop.id}`, payload: {} })).msg,
    ).toBe('流程已挂起');
    expect((await t.call(admin, { method: 'PUT', url: `${B}/FlowMonitor/${id}/Actions/Resume` })).code).toBe(
      200,
    );
    const mon = await t.call<{ pagination: { total: number } }>(admin, {
      method: 'GET',
      url: `${B}/FlowMonitor`,
    });
    expect(mon.data.pagination.total).toBeGreaterThan(0);
    const cc = await t.call(admin, {
      method: 'POST',
      url: `${B}/FlowBefore/Cancel/${id}`,
      payload: { handleOpinion: '终止' },
    });
    expect(cc.code, cc.msg).toBe(200);
    expect((await task(id)).status).toBe(5);
    expect((await pending(id)).length).toBe(0);
  });

  it('cc rows and read flag; entrust hands new tasks to the delegate and records on whose behalf', async () => {
    const lz = await login('liuzhiqiang');
    const cj = await login('chenjing');
    const e = await t.call<string>(cj, {
      method: 'POST',
      url: `${B}/FlowEntrust`,
      payload: {
        toUserId: ids.get('wangjianguo'),
        startTime: Date.now() - 1000,
        endTime: Date.now() + 3_600_000,
      },
    });
    expect(e.code, e.msg).toBe(200);
    expect(
      (
        await t.call(cj, {
          method: 'POST',
          url: `${B}/FlowEntrust`,
          payload: { toUserId: ids.get('chenjing'), startTime: 1, endTime: 2 },
        })
      ).code,
    ).toBe(400);
    const id = await launch();
    const circ = await t.call<{ list: Array<{ id: string; processId: string }> }>(lz, {
      method: 'GET',
      url: `${B}/FlowBefore/List/3`,
    });
    const mine = circ.data.list.find((x) => x.processId === id);
    // the example start node copies nobody by itself; copyIds at submit are honoured when the template allows it
    if (mine)
      expect(
        (await t.call(lz, { method: 'GET', url: `${B}/FlowBefore/Circulate/IsRead/${mine.id}` })).code,
      ).toBe(200);
    const op = (await pending(id))[0]!;
    expect(op.user_id).toBe(ids.get('wangjianguo'));
    expect(op.entrusted_for).toBe(ids.get('chenjing'));
    const wj = await login('wangjianguo');
    expect(
      (await t.call(cj, { method: 'POST', url: `${B}/FlowBefore/Audit/${op.id}`, payload: {} })).code,
    ).toBe(403);
    expect(
      (
        await t.call(wj, {
          method: 'POST',
          url: `${B}/FlowBefore/Audit/${op.id}`,
          payload: { handleOpinion: '代审' },
        })
      ).code,
    ).toBe(200);
    const rec = await t.call<Array<{ userId: string; entrustedBy: string | null; handleStatus: number }>>(
      wj,
      { method: 'GET', url: `${B}/FlowBefore/RecordList/${id}` },
    );
    const r = rec.data.find((x) => x.handleStatus === 1);
    expect(r?.userId).toBe(ids.get('wangjianguo'));
    expect(r?.entrustedBy).toBe(ids.get('chenjing'));
    // print data: only handleStatus 0/1 records (reading B)
    const pd = await t.call<{ operatorRecordList: Array<{ handleStatus: number }> }>(wj, {
      method: 'GET',
      url: `${B}/FlowGeneral/printData/${id}`,
    });
    expect(pd.code).toBe(200);
    expect(pd.data.operatorRecordList.length).toBeGreaterThan(0);
    expect(pd.data.operatorRecordList.every((x) => x.handleStatus === 0 || x.handleStatus === 1)).toBe(true);
    // notify: empty list refused, outsider refused, participant ok
    const emp = await login('zhangwei');
    expect(
      (await t.call(emp, { method: 'POST', url: `${B}/FlowLaunch/Notify/${id}`, payload: { userIds: [] } }))
        .code,
    ).toBe(400);
    expect(
      (
        await t.call(emp, {
          method: 'POST',
          url: `${B}/FlowLaunch/Notify/${id}`,
          payload: { userIds: [ids.get('liuzhiqiang')] },
        })
      ).code,
    ).toBe(200);
    const admin = await login('admin');
    const nl = await t.call<{ list: Array<{ userId: string }> }>(admin, {
      method: 'GET',
      url: `${B}/FlowLaunch/GetNotifyUserList/${id}`,
    });
    expect(nl.data.list.length).toBeGreaterThan(10);
  });
});
