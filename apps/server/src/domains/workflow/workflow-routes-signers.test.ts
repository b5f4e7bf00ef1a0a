import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { grantOnly } from './rights.testkit';
import { B, F, routesSuite } from './routes.suite';

describe(`workflow routes (forms, print, candidates, batch, signers, subflows, summary) on ${TEST_DB_KIND}`, () => {
  const s = routesSuite();
  const { ids, only, audit, makeTemplate, approverNode, login, pending, task } = s;
  let t: TestApp;
  let leave: Record<string, unknown> = {};
  beforeAll(() => {
    t = s.t;
    leave = s.leave;
  });

  it('add signer before: the handler waits, the signer approves, then the handler; unknown users refused', async () => {
    const emp = await login('zhangwei');
    const l = await t.call<string>(emp, { method: 'POST', url: `${F}/Leave`, payload: leave });
    const { op, tk } = await only(l.data);
    expect(
      await t.call(tk, {
        method: 'POST',
        url: `${B}/FlowBefore/AddSigner/${op.id}`,
        payload: { freeApproverUserId: 'ghost' },
      }),
    ).toMatchObject({ code: 400, msg: '用户不存在: ghost' });
    expect(
      await t.call(tk, {
        method: 'POST',
        url: `${B}/FlowBefore/Transfer/${op.id}`,
        payload: { freeApproverUserId: 'ghost' },
      }),
    ).toMatchObject({ code: 400, msg: '用户不存在: ghost' });
    expect(
      (
        await t.call(emp, {
          method: 'POST',
          url: `${B}/FlowBefore/AddSigner/${op.id}`,
          payload: { freeApproverUserId: ids.get('liuzhiqiang') },
        })
      ).code,
    ).toBe(403);
    const signer = op.user_id === ids.get('liuzhiqiang') ? 'wangjianguo' : 'liuzhiqiang';
    const as = await t.call(tk, {
      method: 'POST',
      url: `${B}/FlowBefore/AddSigner/${op.id}`,
      payload: { freeApproverUserId: [ids.get(signer)], position: 'before', handleOpinion: '请会签' },
    });
    expect(as.code, as.msg).toBe(200);
    expect(
      await t.call(tk, { method: 'POST', url: `${B}/FlowBefore/Audit/${op.id}`, payload: {} }),
    ).toMatchObject({ code: 400, msg: '请等待加签人处理' });
    const sop = (await pending(l.data)).find((o) => o.user_id === ids.get(signer))!;
    const st = await login(signer);
    expect(
      (
        await t.call(st, {
          method: 'POST',
          url: `${B}/FlowBefore/Audit/${sop.id}`,
          payload: { handleOpinion: '会签同意' },
        })
      ).code,
    ).toBe(200);
    expect(
      (await t.call(tk, { method: 'POST', url: `${B}/FlowBefore/Audit/${op.id}`, payload: {} })).code,
    ).toBe(200);
    expect((await task(l.data)).status).toBe(2);
    const rec = await t.call<Array<{ handleStatus: number; status: number | null }>>(emp, {
      method: 'GET',
      url: `${B}/FlowBefore/RecordList/${l.data}`,
    });
    expect(rec.data.map((r) => [r.handleStatus, r.status])).toEqual([
      [1, null],
      [1, 1],
      [6, null],
      [2, null],
    ]);
  });

  it('candidates: the dialog nodes, the user picker, 审批人不能为空 without a choice, the chosen user gets the task', async () => {
    const tid = await makeTemplate(
      'candi',
      approverNode('pick', {
        assigneeType: 1,
        approvers: [ids.get('chenjing'), ids.get('wangjianguo')],
        userOptional: true,
      }),
    );
    const emp = await login('zhangwei');
    const c = await t.call<{ list: Array<{ nodeId: string; nodeName: string }> }>(emp, {
      method: 'POST',
      url: `${B}/FlowBefore/Candidates/0`,
      payload: { flowId: tid, formData: leave },
    });
    expect(c.code, c.msg).toBe(200);
    expect(c.data.list).toEqual([{ nodeId: 'pick', nodeName: 'pick' }]);
    const cu = await t.call<{ list: Array<{ id: string }>; pagination: { total: number } }>(emp, {
      method: 'POST',
      url: `${B}/FlowBefore/CandidateUser/0`,
      payload: { flowId: tid, nodeCode: 'pick', currentPage: 1, pageSize: 1 },
    });
    expect(cu.data.pagination.total).toBe(2);
    expect(cu.data.list.length).toBe(1);
    const kw = await t.call<{ list: Array<{ id: string }> }>(emp, {
      method: 'POST',
      url: `${B}/FlowBefore/CandidateUser/0`,
      payload: { flowId: tid, nodeCode: 'pick', keyword: 'wangjianguo' },
    });
    expect(kw.data.list.map((x) => x.id)).toEqual([ids.get('wangjianguo')]);
    expect(
      (
        await t.call(emp, {
          method: 'POST',
          url: `${B}/FlowBefore/CandidateUser/0`,
          payload: { flowId: tid, nodeCode: 'nope' },
        })
      ).code,
    ).toBe(400);
    expect(
      await t.call(emp, { method: 'POST', url: `${B}/FlowTask`, payload: { flowId: tid, formData: leave } }),
    ).toMatchObject({ code: 400, msg: '审批人不能为空' });
    const l = await t.call<string>(emp, {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: tid, formData: leave, candidateList: { pick: [ids.get('wangjianguo')] } },
    });
    expect(l.code, l.msg).toBe(200);
    expect((await pending(l.data)).map((o) => o.user_id)).toEqual([ids.get('wangjianguo')]);
    // no dialog needed for an audit with nothing after it
    const op = (await pending(l.data))[0]!;
    const c2 = await t.call<{ list: unknown[] }>(await login('wangjianguo'), {
      method: 'POST',
      url: `${B}/FlowBefore/Candidates/${op.id}`,
      payload: { formData: {} },
    });
    expect(c2.data.list).toEqual([]);
    expect(
      (await t.call(emp, { method: 'POST', url: `${B}/FlowBefore/Candidates/${op.id}`, payload: {} })).code,
    ).toBe(403);
  });

  it('batch: flow selector, candidates, approve two (a foreign id fails alone), reject needs an opinion', async () => {
    const tid = await makeTemplate(
      'batchy',
      approverNode('b1', { assigneeType: 1, approvers: [ids.get('chenjing')] }),
    );
    const emp = await login('zhangwei');
    const tasks: string[] = [];
    for (let i = 0; i < 3; i++) {
      const l = await t.call<string>(emp, {
        method: 'POST',
        url: `${B}/FlowTask`,
        payload: { flowId: tid, formData: leave },
      });
      expect(l.code, l.msg).toBe(200);
      tasks.push(l.data);
    }
    const cj = await login('chenjing');
    // batch approval is the to-do page's btn_batch (the seeded hr role has the page without it)
    await grantOnly(t, 'hr', 'workFlow.flowTodo', ['btn_batch']);
    const sel = await t.call<Array<{ id: string; fullName: string; count: number }>>(cj, {
      method: 'GET',
      url: `${B}/FlowBefore/BatchFlowSelector`,
    });
    expect(sel.data.find((x) => x.id === tid)?.count).toBe(3);
    const ops = (await Promise.all(tasks.map((x) => pending(x)))).map((x) => x[0]!);
    const bc = await t.call<{ list: unknown[] }>(cj, {
      method: 'GET',
      url: `${B}/FlowBefore/BatchCandidate?flowId=${tid}&taskOperatorId=${ops[0]!.id}`,
    });
    expect(bc.code, bc.msg).toBe(200);
    expect(bc.data.list).toEqual([]);
    expect(
      await t.call(cj, {
        method: 'POST',
        url: `${B}/FlowBefore/BatchOperation`,
        payload: { ids: [ops[0]!.id], batchType: 0 },
      }),
    ).toMatchObject({ code: 400, msg: '请输入审批意见！' });
    // a foreign operator id (someone else's task) fails alone
    const foreign = await t.call<string>(emp, { method: 'POST', url: `${F}/Leave`, payload: leave });
    const fop = (await pending(foreign.data))[0]!;
    const ids2 =
      fop.user_id === ids.get('chenjing') ? [ops[0]!.id, ops[1]!.id] : [ops[0]!.id, ops[1]!.id, fop.id];
    const b = await t.call<{ success: number; failed: Array<{ id: string; msg: string }> }>(cj, {
      method: 'POST',
      url: `${B}/FlowBefore/BatchOperation`,
      payload: { ids: ids2, batchType: 1, handleOpinion: '批量同意' },
    });
    expect(b.code, b.msg).toBe(200);
    expect(b.msg).toBe('批量审批完成');
    expect(b.data.success).toBe(2);
    if (ids2.length === 3) expect(b.data.failed).toEqual([{ id: fop.id, msg: '暂无权限' }]);
    expect((await task(tasks[0]!)).status).toBe(2);
    expect((await task(tasks[1]!)).status).toBe(2);
    const r = await t.call<{ success: number }>(cj, {
      method: 'POST',
      url: `${B}/FlowBefore/BatchOperation`,
      payload: { ids: [ops[2]!.id, ops[0]!.id], batchType: 0, handleOpinion: '批量驳回' },
    });
    expect(r.data).toEqual({ success: 1, failed: [{ id: ops[0]!.id, msg: '该任务已处理' }] });
    expect((await task(tasks[2]!)).status).toBe(3);
  });

  it('sync subflow: the child starts in the same transaction, its adoption moves the parent on; a cancelled child sends the parent back', async () => {
    const child = await makeTemplate(
      'child',
      approverNode('c1', { assigneeType: 1, approvers: [ids.get('liuzhiqiang')] }),
    );
    const parent = await makeTemplate('parent', {
      nodeId: 'sub',
      type: 'subFlow',
      properties: { title: '子流程', flowId: child, initiateType: 1, isAsync: false },
      childNode: approverNode('p2', { assigneeType: 1, approvers: [ids.get('chenjing')] }),
    });
    const emp = await login('zhangwei');
    const l = await t.call<string>(emp, {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: parent, formData: leave },
    });
    expect(l.code, l.msg).toBe(200);
    expect((await task(l.data)).this_step).toBe('子流程');
    const kids = await t.db.kysely
      .selectFrom('wf_task')
      .selectAll()
      .where('parent_task_id', '=', l.data)
      .execute();
    expect(kids.map((k) => [k.template_id, k.parent_node_id, k.initiator_id, k.status])).toEqual([
      [child, 'sub', ids.get('zhangwei'), 1],
    ]);
    expect((await pending(l.data)).length).toBe(0);
    await audit(kids[0]!.id);
    expect((await task(kids[0]!.id)).status).toBe(2);
    const next = await pending(l.data);
    expect(next.map((o) => [o.node_id, o.user_id])).toEqual([['p2', ids.get('chenjing')]]);
    await audit(l.data);
    expect((await task(l.data)).status).toBe(2);

    // a second run: the manager terminates the child -> the parent returns to its initiator (3)
    const l2 = await t.call<string>(emp, {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: parent, formData: leave },
    });
    const kid2 = (
      await t.db.kysely.selectFrom('wf_task').select('id').where('parent_task_id', '=', l2.data).execute()
    )[0]!;
    const admin = await login('admin');
    expect(
      (await t.call(admin, { method: 'POST', url: `${B}/FlowBefore/Cancel/${kid2.id}`, payload: {} })).code,
    ).toBe(200);
    expect((await task(kid2.id)).status).toBe(5);
    expect((await task(l2.data)).status).toBe(3);
    const rec = await t.call<Array<{ handleStatus: number; handleOpinion: string }>>(emp, {
      method: 'GET',
      url: `${B}/FlowBefore/RecordList/${l2.data}`,
    });
    expect(rec.data[0]).toMatchObject({ handleStatus: 0, handleOpinion: '子流程未通过' });
  });

  it('the Expense system form resolves by name; an unknown task id answers 404', async () => {
    const emp = await login('zhangwei');
    const ex = await t.call<{ list: Array<{ id: string }> }>(emp, {
      method: 'GET',
      url: `${B}/FlowEngine/ListAll`,
    });
    expect(ex.data.list.map((x) => x.id)).toContain('wf-expense');
    const r = await t.call<string>(emp, { method: 'GET', url: `${F}/Expense/nosuch` });
    expect(r.code).toBe(404);
  });
});
