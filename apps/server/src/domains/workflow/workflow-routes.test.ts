import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { B, F, routesSuite } from './routes.suite';

describe(`workflow routes (forms, print, candidates, batch, signers, subflows, summary) on ${TEST_DB_KIND}`, () => {
  const s = routesSuite();
  const { ids, only, audit, login, pending, task } = s;
  let t: TestApp;
  let leave: Record<string, unknown> = {};
  beforeAll(() => {
    t = s.t;
    leave = s.leave;
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
});
