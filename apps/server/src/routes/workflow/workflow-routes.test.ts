import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { wdb } from './tables';
import { workflowTestKit } from './testkit';

const B = '/api/workflow/Engine';
const F = '/api/workflow/Form';

describe(`workflow routes (forms, print, candidates, batch, signers, subflows, summary) on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let leave: Record<string, unknown> = {};
  let form: unknown;
  const ids = new Map<string, string>();
  const { login, accountOf, pending, task } = workflowTestKit(() => t);
  /** The one pending operator task of a flow and its holder's token. */
  const only = async (taskId: string) => {
    const ops = await pending(taskId);
    expect(ops.length).toBe(1);
    const op = ops[0]!;
    return { op, tk: await login(await accountOf(op.user_id)) };
  };
  const audit = async (taskId: string, opinion = '同意') => {
    const { op, tk } = await only(taskId);
    const r = await t.call(tk, {
      method: 'POST',
      url: `${B}/FlowBefore/Audit/${op.id}`,
      payload: { handleOpinion: opinion },
    });
    expect(r.code, r.msg).toBe(200);
    return op;
  };
  const makeTemplate = async (
    enCode: string,
    childNode: unknown,
    propertyJson: Record<string, unknown> = {},
  ) => {
    const admin = await login('admin');
    const c = await t.call<string>(admin, {
      method: 'POST',
      url: `${B}/FlowEngine`,
      payload: {
        enCode,
        fullName: enCode,
        formData: form,
        flowTemplateJson: {
          nodeId: 'start',
          prevId: null,
          type: 'start',
          properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [] },
          childNode,
        },
        propertyJson,
      },
    });
    expect(c.code, c.msg).toBe(200);
    expect((await t.call(admin, { method: 'POST', url: `${B}/FlowEngine/Release/${c.data}` })).code).toBe(
      200,
    );
    return c.data;
  };
  const approverNode = (nodeId: string, props: Record<string, unknown>, childNode?: unknown) => ({
    nodeId,
    type: 'approver',
    properties: { title: nodeId, approverPos: [], approverRole: [], counterSign: 'or', ...props },
    ...(childNode ? { childNode } : {}),
  });

  beforeAll(async () => {
    t = await createTestApp();
    for (const a of ['zhangwei', 'chenjing', 'wangjianguo', 'liuzhiqiang', 'admin']) {
      const u = await t.db.kysely
        .selectFrom('base_user')
        .select(['id', 'department_id'])
        .where('account', '=', a)
        .executeTakeFirstOrThrow();
      ids.set(a, u.id);
      if (a === 'zhangwei')
        leave = {
          applicant: u.id,
          department: u.department_id,
          leaveType: 'annual',
          startTime: 1767225600000,
          endTime: 1767225600000 + 2 * 86_400_000,
          days: 2,
          reason: '回家',
        };
    }
    form = (
      await wdb(t.db.kysely)
        .selectFrom('wf_template')
        .select('form_json')
        .where('id', '=', 'wf-leave')
        .executeTakeFirstOrThrow()
    ).form_json;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('system form Leave: draft, resubmit, read back, remaining leave; cc listed and read; print; rearchive; revoke', async () => {
    const emp = await login('zhangwei');
    // draft (status 1) through POST /api/workflow/Form/Leave with the fields at the top level
    const d = await t.call<string>(emp, {
      method: 'POST',
      url: `${F}/Leave`,
      payload: { ...leave, status: 1 },
    });
    expect(d.code, d.msg).toBe(200);
    expect(d.msg).toBe('保存成功');
    expect((await task(d.data)).status).toBe(0);
    const g = await t.call<Record<string, unknown>>(emp, { method: 'GET', url: `${F}/Leave/${d.data}` });
    expect(g.data).toMatchObject({ id: d.data, flowId: 'wf-leave', status: 0, days: 2, leaveType: 'annual' });
    expect((await t.call(emp, { method: 'GET', url: `${F}/Expense/${d.data}` })).code).toBe(404);
    expect((await t.call(emp, { method: 'GET', url: `${F}/Nosuch/${d.data}` })).code).toBe(404);
    // bad data answers the field messages; another user cannot resubmit
    expect(
      (
        await t.call(emp, {
          method: 'PUT',
          url: `${F}/Leave/${d.data}`,
          payload: { reason: { not: 'text' } },
        })
      ).code,
    ).toBe(400);
    const other = await login('liuzhiqiang');
    expect(
      (await t.call(other, { method: 'PUT', url: `${F}/Leave/${d.data}`, payload: { ...leave, status: 0 } }))
        .code,
    ).toBe(403);
    const s = await t.call(emp, {
      method: 'PUT',
      url: `${F}/Leave/${d.data}`,
      payload: { ...leave, reason: '探亲', status: 0, copyIds: ids.get('wangjianguo') },
    });
    expect(s.code, s.msg).toBe(200);
    expect((await task(d.data)).status).toBe(1);
    // remaining leave counts the running annual leave
    const rl = await t.call<{ total: number; used: number; remainingLeave: number }>(emp, {
      method: 'GET',
      url: '/api/WorkFlow/Form/twfformleaveinfo/remainingLeave',
    });
    expect(rl.data).toEqual({ total: 10, used: 2, remainingLeave: 8 });
    // circulated: listed in category 3 for the cc user, then marked read
    const wj = await login('wangjianguo');
    const circ = await t.call<{ list: Array<{ id: string; processId: string }> }>(wj, {
      method: 'GET',
      url: `${B}/FlowBefore/List/3`,
    });
    const row = circ.data.list.find((x) => x.processId === d.data);
    expect(row).toBeTruthy();
    expect(
      (await t.call(wj, { method: 'GET', url: `${B}/FlowBefore/Circulate/IsRead/${row!.id}` })).code,
    ).toBe(200);
    expect(
      (await t.call(emp, { method: 'GET', url: `${B}/FlowBefore/Circulate/IsRead/${row!.id}` })).code,
    ).toBe(404);
    // head approves: 2 days -> adopted
    await audit(d.data);
    expect((await task(d.data)).status).toBe(2);
    // print: the seeded template, node configs, data with the template and only 0/1 records
    const pl = await t.call<{ list: Array<{ id: string; fullName: string }> }>(emp, {
      method: 'GET',
      url: `${B}/FlowGeneral/printList/wf-leave`,
    });
    expect(pl.data.list.map((x) => x.id)).toEqual(['wf-leave-print']);
    const pc = await t.call<{ list: Array<{ id: string; taskNodeId: string | null }> }>(emp, {
      method: 'GET',
      url: `${B}/FlowGeneral/printConfig/${d.data}?taskNodeId=approver_head_short`,
    });
    expect(pc.data.list).toEqual([expect.objectContaining({ id: 'wf-leave-print', taskNodeId: null })]);
    const pd = await t.call<{
      printTemplate: string;
      printData: Record<string, unknown>;
      operatorRecordList: Array<{ handleStatus: number }>;
    }>(emp, { method: 'GET', url: `${B}/FlowGeneral/printData/${d.data}?formId=wf-leave-print` });
    expect(pd.data.printTemplate).toContain('{approvalRecords}');
    expect(pd.data.printData.reason).toBe('探亲');
    expect(pd.data.operatorRecordList.map((r) => r.handleStatus)).toEqual([1]);
    expect(
      (
        await t.call(emp, {
          method: 'GET',
          url: `${B}/FlowGeneral/printData/${d.data}?formId=wf-expense-print`,
        })
      ).code,
    ).toBe(404);
    // print template CRUD: designers only
    expect(
      (
        await t.call(emp, {
          method: 'POST',
          url: `${B}/FlowGeneral/PrintTemplate`,
          payload: { flowId: 'wf-leave', fullName: 'x', content: '<p/>' },
        })
      ).code,
    ).toBe(403);
    const admin = await login('admin');
    const np = await t.call<string>(admin, {
      method: 'POST',
      url: `${B}/FlowGeneral/PrintTemplate`,
      payload: {
        flowId: 'wf-leave',
        fullName: '总经理页',
        content: '<p>{days}</p>',
        taskNodeId: 'approver_gm',
        sortCode: 2,
      },
    });
    expect(np.code, np.msg).toBe(200);
    const pc2 = await t.call<{ list: Array<{ id: string }> }>(emp, {
      method: 'GET',
      url: `${B}/FlowGeneral/printConfig/${d.data}?taskNodeId=approver_head_short`,
    });
    expect(pc2.data.list.map((x) => x.id)).toEqual(['wf-leave-print']);
    expect(
      (await t.call(admin, { method: 'DELETE', url: `${B}/FlowGeneral/PrintTemplate/${np.data}` })).code,
    ).toBe(200);
    // rearchive (refile): managers only, adopted flows only, data checked
    expect(
      (await t.call(emp, { method: 'POST', url: `${B}/FlowLaunch/rearchive/${d.data}`, payload: {} })).code,
    ).toBe(403);
    expect(
      (
        await t.call(admin, {
          method: 'POST',
          url: `${B}/FlowLaunch/rearchive/${d.data}`,
          payload: { formData: { reason: { not: 'text' } } },
        })
      ).code,
    ).toBe(400);
    const ra = await t.call(admin, {
      method: 'POST',
      url: `${B}/FlowLaunch/rearchive/${d.data}`,
      payload: { formData: { reason: '归档后修改' } },
    });
    expect(ra.code, ra.msg).toBe(200);
    expect(
      (await t.call<Record<string, unknown>>(emp, { method: 'GET', url: `${F}/Leave/${d.data}` })).data
        .reason,
    ).toBe('归档后修改');
    // the initiator revokes the adopted flow (final): status 4, resubmit refused, rearchive refused
    const rv = await t.call(emp, {
      method: 'PUT',
      url: `${B}/FlowLaunch/${d.data}/Actions/Withdraw`,
      payload: { handleOpinion: '不休了' },
    });
    expect(rv.code, rv.msg).toBe(200);
    expect((await task(d.data)).status).toBe(4);
    expect(
      (await t.call(emp, { method: 'PUT', url: `${F}/Leave/${d.data}`, payload: { ...leave, status: 0 } }))
        .code,
    ).toBe(400);
    expect(
      (await t.call(admin, { method: 'POST', url: `${B}/FlowLaunch/rearchive/${d.data}`, payload: {} })).code,
    ).toBe(409);
  });

  it('long leave: head approves, GM rejects to the start, resubmit re-approves everything; summary by department and position', async () => {
    const emp = await login('zhangwei');
    const l = await t.call<string>(emp, {
      method: 'POST',
      url: `${F}/Leave`,
      payload: { ...leave, endTime: 1767225600000 + 5 * 86_400_000 },
    });
    expect(l.code, l.msg).toBe(200);
    const head = await audit(l.data, '部门同意');
    const { op: gmOp, tk: gm } = await only(l.data);
    expect(gmOp.node_id).toBe('approver_gm');
    expect(
      await t.call(gm, { method: 'POST', url: `${B}/FlowBefore/Reject/${gmOp.id}`, payload: {} }),
    ).toMatchObject({ code: 400, msg: '请输入审批意见！' });
    const rj = await t.call(gm, {
      method: 'POST',
      url: `${B}/FlowBefore/Reject/${gmOp.id}`,
      payload: { handleOpinion: '太长' },
    });
    expect(rj.code, rj.msg).toBe(200);
    expect((await task(l.data)).status).toBe(3);
    expect((await pending(l.data)).length).toBe(0);
    // the employee sees 3 in my launched list; resubmit goes back to the head first
    const mine = await t.call<{ list: Array<{ id: string; status: number }> }>(emp, {
      method: 'GET',
      url: `${B}/FlowLaunch`,
    });
    expect(mine.data.list.find((x) => x.id === l.data)?.status).toBe(3);
    const rs = await t.call(emp, {
      method: 'PUT',
      url: `${B}/FlowTask/${l.data}`,
      payload: { flowId: 'wf-leave', formData: { ...leave, endTime: 1767225600000 + 4 * 86_400_000 } },
    });
    expect(rs.code, rs.msg).toBe(200);
    const again = await only(l.data);
    expect(again.op.node_id).toBe('approver_head_long');
    expect(again.op.user_id).toBe(head.user_id);
    await audit(l.data, '再次同意');
    await audit(l.data, '总经理同意');
    expect((await task(l.data)).status).toBe(2);
    // records: newest first, with the reject and both rounds
    const rec = await t.call<Array<{ handleStatus: number; handleOpinion: string | null }>>(emp, {
      method: 'GET',
      url: `${B}/FlowBefore/RecordList/${l.data}`,
    });
    expect(rec.data.map((r) => r.handleStatus)).toEqual([1, 1, 2, 0, 1, 2]);
    // summary: by department (1) and by position (3); automatic and non-opinion records left out
    const s1 = await t.call<
      Array<{ fullName: string; list: Array<{ handleOpinion: string; handleStatus: number }> }>
    >(emp, {
      method: 'GET',
      url: `${B}/FlowBefore/Summary/${l.data}?category=1`,
    });
    expect(s1.code, s1.msg).toBe(200);
    const all1 = s1.data.flatMap((g) => g.list.map((x) => x.handleOpinion)).sort();
    expect(all1).toEqual(['太长', '总经理同意', '再次同意', '部门同意'].sort());
    expect(s1.data.every((g) => typeof g.fullName === 'string' && g.fullName.length > 0)).toBe(true);
    const s3 = await t.call<Array<{ fullName: string; list: unknown[] }>>(emp, {
      method: 'GET',
      url: `${B}/FlowBefore/Summary/${l.data}?category=3`,
    });
    expect(s3.data.flatMap((g) => g.list).length).toBeGreaterThanOrEqual(4);
    expect(
      (await t.call(emp, { method: 'GET', url: `${B}/FlowBefore/Summary/${l.data}?category=2` })).code,
    ).toBe(400);
    const outsider = await login('liuzhiqiang');
    const part =
      (await pending(l.data)).length === 0 && ![head.user_id, gmOp.user_id].includes(ids.get('liuzhiqiang')!);
    if (part)
      expect((await t.call(outsider, { method: 'GET', url: `${B}/FlowBefore/Summary/${l.data}` })).code).toBe(
        403,
      );
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
    const kids = await wdb(t.db.kysely)
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
      await wdb(t.db.kysely)
        .selectFrom('wf_task')
        .select('id')
        .where('parent_task_id', '=', l2.data)
        .execute()
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
