import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { B, DEP, expenseSuite, FIN } from './expense.suite';
import { parseJson } from './tables';

describe(`expense example through every action on ${TEST_DB_KIND}`, () => {
  const s = expenseSuite();
  const { launch, act, outsiderOf, approveAll, login, idOf, tokenOf, pending, task, records, w } = s;
  let t: TestApp;
  let zw: { id: string; department_id: string | null; real_name: string };
  let formData: Record<string, unknown> = {};
  beforeAll(() => {
    t = s.t;
    zw = s.zw;
    formData = s.formData;
  });

  it('launch: both branches open (finance or-sign, department head); the calculated totals are stored; no candidates needed', async () => {
    const emp = await login('zhangwei');
    const cand = await t.call<{ list: unknown[] }>(emp, {
      method: 'POST',
      url: `${B}/FlowBefore/Candidates/0`,
      payload: { flowId: 'wf-expense', formData },
    });
    expect(cand.code, cand.msg).toBe(200);
    expect(cand.data.list).toEqual([]);
    const id = await launch();
    const row = await task(id);
    expect(row.status).toBe(1);
    expect(new Set(parseJson<string[]>(row.current_nodes, []))).toEqual(new Set([FIN, DEP]));
    const fin = await pending(id, FIN);
    const dep = await pending(id, DEP);
    expect(fin.length).toBeGreaterThan(0);
    expect(dep.length).toBe(1);
    // the department head of zhangwei's department
    const head = await t.db.kysely
      .selectFrom('base_organize')
      .select('manager_id')
      .where('id', '=', zw.department_id!)
      .executeTakeFirstOrThrow();
    expect(dep[0]!.user_id).toBe(head.manager_id);
    // the approvers were told by site message, written with the launch
    const told = await t.db.kysely
      .selectFrom('message_receive as r')
      .innerJoin('message as m', 'm.id', 'r.message_id')
      .select(['m.title', 'm.type', 'r.is_read'])
      .where('r.user_id', '=', dep[0]!.user_id)
      .execute();
    expect(told).toContainEqual({ title: `您有一条待办事宜：${row.full_name}`, type: 2, is_read: 0 });
    // the audit dialog of a finance approver needs no candidates either
    const c2 = await t.call<{ list: unknown[] }>(await tokenOf(fin[0]!.user_id), {
      method: 'POST',
      url: `${B}/FlowBefore/Candidates/${fin[0]!.id}`,
      payload: {},
    });
    expect(c2.data.list).toEqual([]);
    // records: the initiation (2)
    expect((await records(id)).map((r) => r.handle_status)).toEqual([2]);
    // my launched list shows it
    const mine = await t.call<{ list: Array<{ id: string; status: number }> }>(emp, {
      method: 'GET',
      url: `${B}/FlowLaunch?flowId=wf-expense`,
    });
    expect(mine.data.list.find((x) => x.id === id)?.status).toBe(1);
  });

  it('save draft, update the draft, then submit it (FlowTask PUT); bad data refused on submit', async () => {
    const emp = await login('zhangwei');
    const draft = await t.call<string>(emp, {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: 'wf-expense', status: 1, formData: { remark: '草稿' } },
    });
    expect(draft.code, draft.msg).toBe(200);
    expect(draft.msg).toBe('保存成功');
    expect((await task(draft.data)).status).toBe(0);
    expect((await pending(draft.data)).length).toBe(0);
    const upd = await t.call(emp, {
      method: 'PUT',
      url: `${B}/FlowTask/${draft.data}`,
      payload: { flowId: 'wf-expense', status: 1, formData: { ...formData, remark: '草稿2' } },
    });
    expect(upd.code, upd.msg).toBe(200);
    expect(parseJson<Record<string, unknown>>((await task(draft.data)).form_data, {}).remark).toBe('草稿2');
    // submitting without the required claimDate is refused, naming the field
    const bad = await t.call(emp, {
      method: 'PUT',
      url: `${B}/FlowTask/${draft.data}`,
      payload: { flowId: 'wf-expense', status: 0, formData: { ...formData, claimDate: null } },
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('claimDate');
    // someone else cannot submit his draft
    expect(
      (
        await t.call(await login('chenjing'), {
          method: 'PUT',
          url: `${B}/FlowTask/${draft.data}`,
          payload: { flowId: 'wf-expense', status: 0, formData },
        })
      ).code,
    ).toBe(403);
    const sub = await t.call(emp, {
      method: 'PUT',
      url: `${B}/FlowTask/${draft.data}`,
      payload: { flowId: 'wf-expense', status: 0, formData },
    });
    expect(sub.code, sub.msg).toBe(200);
    expect(sub.msg).toBe('提交成功');
    expect((await task(draft.data)).status).toBe(1);
    expect((await pending(draft.data, DEP)).length).toBe(1);
  });

  it('SaveAudit keeps only what the node may write; Audit of every branch adopts (status 2); cc to the head with a read flag', async () => {
    const id = await launch({ copyIds: await idOf('chenjing') });
    const fin = (await pending(id, FIN))[0]!;
    // finance may write `advance`, not `remark`
    const save = await act('SaveAudit', fin.id, { formData: { advance: 50, remark: '改了' } });
    expect(save.code, save.msg).toBe(200);
    const data = parseJson<Record<string, unknown>>((await task(id)).form_data, {});
    expect(data.advance).toBe(50);
    expect(data.remark).toBe('出差');
    // still pending after a save
    expect((await pending(id, FIN)).map((o) => o.id)).toContain(fin.id);
    await approveAll(id);
    const done = await task(id);
    expect(done.status).toBe(2);
    expect(done.end_time).not.toBeNull();
    // copied at launch (copyIds) and by the cc node (the department head)
    const head = (
      await w()
        .selectFrom('wf_record')
        .select('user_id')
        .where('task_id', '=', id)
        .where('node_id', '=', DEP)
        .where('handle_status', '=', 1)
        .executeTakeFirstOrThrow()
    ).user_id;
    const cc = await w().selectFrom('wf_circulate').selectAll().where('task_id', '=', id).execute();
    expect(new Set(cc.map((c) => c.user_id))).toEqual(new Set([await idOf('chenjing'), head]));
    expect(cc.every((c) => c.is_read === 0)).toBe(true);
    const cj = await login('chenjing');
    const circ = await t.call<{ list: Array<{ id: string; processId: string }> }>(cj, {
      method: 'GET',
      url: `${B}/FlowBefore/List/3`,
    });
    const mineCc = circ.data.list.find((x) => x.processId === id)!;
    expect(mineCc).toBeDefined();
    // another user cannot mark chenjing's cc read
    expect(
      (
        await t.call(await login('zhangwei'), {
          method: 'GET',
          url: `${B}/FlowBefore/Circulate/IsRead/${mineCc.id}`,
        })
      ).code,
    ).toBe(404);
    expect(
      (await t.call(cj, { method: 'GET', url: `${B}/FlowBefore/Circulate/IsRead/${mineCc.id}` })).code,
    ).toBe(200);
    const after = await w()
      .selectFrom('wf_circulate')
      .select(['user_id', 'is_read'])
      .where('task_id', '=', id)
      .execute();
    expect(after.find((c) => c.user_id === cc.find((x) => x.id === mineCc.id)!.user_id)?.is_read).toBe(1);
    expect(after.filter((c) => c.is_read === 1)).toHaveLength(1);

    // records list: newest first, initiation last; approvals by every finance approver and the head
    const emp = await login('zhangwei');
    const rec = await t.call<Array<{ handleStatus: number; nodeCode: string; userName: string }>>(emp, {
      method: 'GET',
      url: `${B}/FlowBefore/RecordList/${id}`,
    });
    expect(rec.code).toBe(200);
    expect(rec.data.at(-1)).toMatchObject({ handleStatus: 2, nodeCode: 'start' });
    const finCount = (
      await w()
        .selectFrom('wf_operator')
        .select('id')
        .where('task_id', '=', id)
        .where('node_id', '=', FIN)
        .where('status', '=', 1)
        .execute()
    ).length;
    // or-sign: one accountant approved, the other accountants' tasks were closed
    expect(finCount).toBe(1);
    expect(rec.data.filter((r) => r.handleStatus === 1 && r.nodeCode === FIN)).toHaveLength(finCount);
    expect(rec.data.filter((r) => r.handleStatus === 1 && r.nodeCode === DEP)).toHaveLength(1);

    // approval summary by department (1) and by position (3): one card per group, the head among them
    const s1 = await t.call<Array<{ fullName: string; list: Array<{ handleStatus: number }> }>>(emp, {
      method: 'GET',
      url: `${B}/FlowBefore/Summary/${id}?category=1`,
    });
    expect(s1.code, s1.msg).toBe(200);
    expect(s1.data.flatMap((g) => g.list)).toHaveLength(finCount + 1);
    const s3 = await t.call<Array<{ fullName: string; list: unknown[] }>>(emp, {
      method: 'GET',
      url: `${B}/FlowBefore/Summary/${id}?category=3`,
    });
    expect(s3.code).toBe(200);
    expect(s3.data.map((g) => g.fullName)).toContain('会计');
    expect((await t.call(emp, { method: 'GET', url: `${B}/FlowBefore/Summary/${id}?category=2` })).code).toBe(
      400,
    );

    // print data: names and labels, the approvals only (status 0/1)
    const p = await t.call<{
      printTemplate: string;
      printData: Record<string, any>;
      printDataRaw: Record<string, any>;
      operatorRecordList: Array<{ handleStatus: number }>;
    }>(emp, { method: 'GET', url: `${B}/FlowGeneral/printData/${id}?formId=wf-expense-print` });
    expect(p.code, p.msg).toBe(200);
    expect(p.data.printTemplate).toContain('{approvalRecords}');
    expect(p.data.printData.claimant).toBe(zw.real_name);
    expect(p.data.printData.tableField106.map((r: { expenseType: string }) => r.expenseType)).toEqual([
      '交通费',
      '住宿费',
    ]);
    expect(p.data.printDataRaw.claimant).toBe(zw.id);
    expect(p.data.operatorRecordList).toHaveLength(finCount + 1);
    expect(p.data.operatorRecordList.every((r) => r.handleStatus === 1)).toBe(true);
    // an outsider may not print it
    expect(
      (await t.call(await outsiderOf(id), { method: 'GET', url: `${B}/FlowGeneral/printData/${id}` })).code,
    ).toBe(403);

    // rearchive (refile): managers only, status 2 only, the merged data validated
    const admin = await login('admin');
    expect(
      (
        await t.call(emp, {
          method: 'POST',
          url: `${B}/FlowLaunch/rearchive/${id}`,
          payload: { formData: { remark: 'x' } },
        })
      ).code,
    ).toBe(403);
    const bad = await t.call(admin, {
      method: 'POST',
      url: `${B}/FlowLaunch/rearchive/${id}`,
      payload: { formData: { claimDate: null } },
    });
    expect(bad.code).toBe(400);
    const re = await t.call(admin, {
      method: 'POST',
      url: `${B}/FlowLaunch/rearchive/${id}`,
      payload: { formData: { remark: '归档修改' } },
    });
    expect(re).toMatchObject({ code: 200, msg: '归档成功' });
    expect(parseJson<Record<string, unknown>>((await task(id)).form_data, {}).remark).toBe('归档修改');
    const running = await launch();
    expect(
      (
        await t.call(admin, {
          method: 'POST',
          url: `${B}/FlowLaunch/rearchive/${running}`,
          payload: { formData: { remark: 'x' } },
        })
      ).code,
    ).toBe(409);
  });

  it('reject needs an opinion and sends the flow back (status 3, every branch closed); resubmit restarts both branches', async () => {
    const id = await launch();
    const dep = (await pending(id, DEP))[0]!;
    expect(await act('Reject', dep.id, { handleOpinion: '  ' })).toMatchObject({
      code: 400,
      msg: '请输入审批意见！',
    });
    expect((await task(id)).status).toBe(1);
    const rj = await act('Reject', dep.id, { handleOpinion: '票据不全' });
    expect(rj).toMatchObject({ code: 200, msg: '驳回成功' });
    expect((await task(id)).status).toBe(3);
    expect((await pending(id)).length).toBe(0);
    const rec = (await records(id)).at(-1)!;
    expect(rec).toMatchObject({ handle_status: 0, handle_opinion: '票据不全', node_id: DEP });
    // the employee's launched list shows 3; he resubmits
    const emp = await login('zhangwei');
    const re = await t.call(emp, {
      method: 'PUT',
      url: `${B}/FlowTask/${id}`,
      payload: { flowId: 'wf-expense', formData },
    });
    expect(re.code, re.msg).toBe(200);
    expect((await task(id)).status).toBe(1);
    expect(new Set((await pending(id)).map((o) => o.node_id))).toEqual(new Set([FIN, DEP]));
  });
});
