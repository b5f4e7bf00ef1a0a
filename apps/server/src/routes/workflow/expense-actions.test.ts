import type { FlowNode } from '@kp/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domains/auth/tokens';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { parseJson } from './tables';
import { workflowTestKit } from './testkit';

const B = '/api/workflow/Engine';
const FIN = 'approver_finance';
const DEP = 'approver_department';

/**
 * The EXPENSE example (examples/flows/expense.json: parallel branches finance (or-sign over the holders
 * of ACC-* positions in the initiator's company) and department (the initiator's department head), then a cc to that head) through
 * every action of spec 2 §7, on PGlite and PostgreSQL.
 */
describe(`expense example through every action on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let zw: { id: string; department_id: string | null; real_name: string };
  let formData: Record<string, unknown> = {};
  const { login, idOf, tokenOf, pending, task, records, w } = workflowTestKit(() => t);
  const launch = async (extra: Record<string, unknown> = {}, account = 'zhangwei') => {
    const r = await t.call<string>(await login(account), {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: 'wf-expense', formData, ...extra },
    });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  const act = async (kind: string, opId: string, payload: Record<string, unknown> = {}) => {
    const op = await w()
      .selectFrom('wf_operator')
      .select('user_id')
      .where('id', '=', opId)
      .executeTakeFirstOrThrow();
    return t.call(await tokenOf(op.user_id), {
      method: 'POST',
      url: `${B}/FlowBefore/${kind}/${opId}`,
      payload,
    });
  };
  /** A user who is no participant of the flow and holds no monitor role (employee only). */
  const outsiderOf = async (taskId: string) => {
    const x = w();
    const parts = new Set<string>([(await task(taskId)).initiator_id]);
    for (const o of await x
      .selectFrom('wf_operator')
      .select(['user_id', 'flow_user_id'])
      .where('task_id', '=', taskId)
      .execute()) {
      parts.add(o.user_id);
      parts.add(o.flow_user_id);
    }
    for (const r of await records(taskId)) parts.add(r.user_id);
    for (const c of await x
      .selectFrom('wf_circulate')
      .select('user_id')
      .where('task_id', '=', taskId)
      .execute())
      parts.add(c.user_id);
    const u = await t.db.kysely
      .selectFrom('base_user as u')
      .select('u.account')
      .where('u.enabled_mark', '=', 1)
      .where('u.is_administrator', '=', false)
      .where('u.id', 'not in', [...parts])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('base_user_relation as r')
              .innerJoin('base_role as ro', 'ro.id', 'r.object_id')
              .select('r.id')
              .whereRef('r.user_id', '=', 'u.id')
              .where('r.object_type', '=', 'Role')
              .where('ro.en_code', 'in', ['deptManager', 'companyLeader', 'sysAdmin']),
          ),
        ),
      )
      .orderBy('u.account')
      .executeTakeFirstOrThrow();
    return login(u.account);
  };
  /** Approves every pending task of the flow, node by node, until nothing is pending. */
  const approveAll = async (taskId: string) => {
    for (let i = 0; i < 200; i++) {
      const ops = await pending(taskId);
      if (!ops.length) return;
      const r = await act('Audit', ops[0]!.id, { handleOpinion: '同意' });
      expect(r.code, r.msg).toBe(200);
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    zw = await t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'department_id', 'real_name'])
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    formData = {
      claimDate: 1767225600000,
      claimant: zw.id,
      department: zw.department_id,
      tableField106: [
        { expenseType: 'traffic', price: 100, quantity: 2 },
        { expenseType: 'hotel', price: 300, quantity: 1 },
      ],
      remark: '出差',
    };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
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

  it('recall needs a reason and reopens the handler task while nothing happened since; withdraw needs a reason (status 4)', async () => {
    const id = await launch();
    const dep = (await pending(id, DEP))[0]!;
    expect((await act('Audit', dep.id, { handleOpinion: '同意' })).code).toBe(200);
    expect((await pending(id, DEP)).length).toBe(0);
    expect(await act('Recall', dep.id, {})).toMatchObject({ code: 400, msg: '输入不能为空' });
    const rc = await act('Recall', dep.id, { handleOpinion: '看错了' });
    expect(rc).toMatchObject({ code: 200, msg: '撤回成功' });
    const reopened = await pending(id, DEP);
    expect(reopened.map((o) => o.user_id)).toEqual([dep.user_id]);
    // someone else cannot recall it
    const other = (await pending(id, FIN))[0]!;
    expect(
      (
        await t.call(await tokenOf(other.user_id), {
          method: 'POST',
          url: `${B}/FlowBefore/Recall/${dep.id}`,
          payload: { handleOpinion: 'x' },
        })
      ).code,
    ).toBe(403);
    // a recall after the next step acted is refused
    expect((await act('Audit', reopened[0]!.id, { handleOpinion: '同意' })).code).toBe(200);
    expect((await act('Audit', other.id, { handleOpinion: '同意' })).code).toBe(200);
    expect((await act('Recall', reopened[0]!.id, { handleOpinion: '再撤' })).code).toBe(400);

    const emp = await login('zhangwei');
    expect(
      await t.call(emp, { method: 'PUT', url: `${B}/FlowLaunch/${id}/Actions/Withdraw`, payload: {} }),
    ).toMatchObject({
      code: 400,
      msg: '输入不能为空',
    });
    expect(
      (
        await t.call(await login('chenjing'), {
          method: 'PUT',
          url: `${B}/FlowLaunch/${id}/Actions/Withdraw`,
          payload: { handleOpinion: 'x' },
        })
      ).code,
    ).toBe(403);
    const wd = await t.call(emp, {
      method: 'PUT',
      url: `${B}/FlowLaunch/${id}/Actions/Withdraw`,
      payload: { handleOpinion: '不报了' },
    });
    expect(wd).toMatchObject({ code: 200, msg: '撤回成功' });
    expect((await task(id)).status).toBe(4);
    expect((await pending(id)).length).toBe(0);
    expect((await records(id)).at(-1)).toMatchObject({ handle_status: 3, handle_opinion: '不报了' });
  });

  it('press marks the pending to-dos (已催办), only by the initiator; transfer hands a finance task over (record 7)', async () => {
    const id = await launch();
    const fin = (await pending(id, FIN))[0]!;
    const finTk = await tokenOf(fin.user_id);
    expect((await t.call(finTk, { method: 'POST', url: `${B}/FlowLaunch/Press/${id}` })).code).toBe(403);
    const pr = await t.call(await login('zhangwei'), { method: 'POST', url: `${B}/FlowLaunch/Press/${id}` });
    expect(pr).toMatchObject({ code: 200, msg: '催办成功' });
    const todo = await t.call<{ list: Array<{ id: string; pressMark: number }> }>(finTk, {
      method: 'GET',
      url: `${B}/FlowBefore/List/1?pageSize=100`,
    });
    expect(todo.data.list.find((x) => x.id === fin.id)?.pressMark).toBe(1);
    // the to-do search: a keyword matches the flow name; a typed % is a plain character, not a wildcard
    const kw = async (k: string) =>
      (
        await t.call<{ list: Array<{ id: string }>; pagination: { total: number } }>(finTk, {
          method: 'GET',
          url: `${B}/FlowBefore/List/1?pageSize=100&keyword=${encodeURIComponent(k)}`,
        })
      ).data;
    expect((await kw('费用报销')).list.map((x) => x.id)).toContain(fin.id);
    expect((await kw('%')).pagination.total).toBe(0);

    const finUsers = new Set((await pending(id, FIN)).map((o) => o.user_id));
    const target = await t.db.kysely
      .selectFrom('base_user')
      .select('id')
      .where('id', 'not in', [...finUsers, zw.id])
      .where('enabled_mark', '=', 1)
      .where('account', '!=', 'admin')
      .orderBy('account')
      .executeTakeFirstOrThrow();
    expect(await act('Transfer', fin.id, {})).toMatchObject({ code: 400, msg: '请选择转审人' });
    const tr = await act('Transfer', fin.id, { freeApproverUserId: target.id, handleOpinion: '请你看' });
    expect(tr).toMatchObject({ code: 200, msg: '转审成功' });
    const nowFin = await pending(id, FIN);
    expect(nowFin.map((o) => o.user_id)).toContain(target.id);
    expect(nowFin.map((o) => o.id)).not.toContain(fin.id);
    expect((await records(id)).at(-1)).toMatchObject({
      handle_status: 7,
      operator_id: target.id,
      user_id: fin.user_id,
    });
    // the old handler's task is closed: a second action answers 该任务已处理, and tells nobody
    const count = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('message')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(await act('Audit', fin.id, {})).toMatchObject({ code: 409, msg: '该任务已处理' });
    expect(await count()).toBe(before);
  });

  it('monitor: assign the department node, suspend (actions refused) and resume, terminate (status 5)', async () => {
    const id = await launch();
    const admin = await login('admin');
    const emp = await login('zhangwei');
    const nodes = await t.call<Array<{ nodeId: string }>>(admin, {
      method: 'GET',
      url: `${B}/FlowBefore/NodeSelector/${id}`,
    });
    expect(nodes.data.map((n) => n.nodeId).sort()).toEqual([DEP, FIN].sort());
    const to = await idOf('chenjing');
    expect(
      (
        await t.call(emp, {
          method: 'POST',
          url: `${B}/FlowBefore/Assign/${id}`,
          payload: { nodeCode: DEP, freeApproverUserId: to },
        })
      ).code,
    ).toBe(403);
    const as = await t.call(admin, {
      method: 'POST',
      url: `${B}/FlowBefore/Assign/${id}`,
      payload: { nodeCode: DEP, freeApproverUserId: to },
    });
    expect(as).toMatchObject({ code: 200, msg: '指派成功' });
    expect((await pending(id, DEP)).map((o) => o.user_id)).toEqual([to]);
    expect((await records(id)).at(-1)).toMatchObject({ handle_status: 5, operator_id: to });

    const mon = await t.call<{ list: Array<{ id: string; suspended: number }> }>(admin, {
      method: 'GET',
      url: `${B}/FlowMonitor?flowId=wf-expense&pageSize=100`,
    });
    expect(mon.data.list.map((x) => x.id)).toContain(id);
    expect((await t.call(emp, { method: 'PUT', url: `${B}/FlowMonitor/${id}/Actions/Suspend` })).code).toBe(
      403,
    );
    expect((await t.call(admin, { method: 'PUT', url: `${B}/FlowMonitor/${id}/Actions/Suspend` })).code).toBe(
      200,
    );
    const dep = (await pending(id, DEP))[0]!;
    expect(await act('Audit', dep.id, { handleOpinion: '同意' })).toMatchObject({
      code: 409,
      msg: '流程已挂起',
    });
    expect((await t.call(admin, { method: 'PUT', url: `${B}/FlowMonitor/${id}/Actions/Resume` })).code).toBe(
      200,
    );
    expect((await act('Audit', dep.id, { handleOpinion: '同意' })).code).toBe(200);

    expect(
      (await t.call(emp, { method: 'POST', url: `${B}/FlowBefore/Cancel/${id}`, payload: {} })).code,
    ).toBe(403);
    const cx = await t.call(admin, {
      method: 'POST',
      url: `${B}/FlowBefore/Cancel/${id}`,
      payload: { handleOpinion: '作废' },
    });
    expect(cx).toMatchObject({ code: 200, msg: '终止成功' });
    expect((await task(id)).status).toBe(5);
    expect((await pending(id)).length).toBe(0);
    expect((await records(id)).at(-1)).toMatchObject({ handle_status: 4, handle_opinion: '作废' });
    // a terminated flow refuses further management
    expect(
      (await t.call(admin, { method: 'POST', url: `${B}/FlowBefore/Cancel/${id}`, payload: {} })).code,
    ).toBe(400);
  });

  it('comments on the expense flow: participants post and list, outsiders may not', async () => {
    const id = await launch();
    const emp = await login('zhangwei');
    const dep = (await pending(id, DEP))[0]!;
    const headTk = await tokenOf(dep.user_id);
    const c = await t.call<string>(emp, {
      method: 'POST',
      url: `${B}/FlowComment`,
      payload: { taskId: id, text: '发票已补' },
    });
    expect(c).toMatchObject({ code: 200, msg: '评论成功' });
    const c2 = await t.call<string>(headTk, {
      method: 'POST',
      url: `${B}/FlowComment`,
      payload: { taskId: id, text: '收到' },
    });
    expect(c2.code).toBe(200);
    const list = await t.call<{
      list: Array<{ text: string; isDel: boolean }>;
      pagination: { total: number };
    }>(headTk, {
      method: 'GET',
      url: `${B}/FlowComment?taskId=${id}`,
    });
    expect(list.data.pagination.total).toBe(2);
    expect(list.data.list.map((x) => [x.text, x.isDel])).toEqual([
      ['收到', true],
      ['发票已补', false],
    ]);
    const info = await t.call<{ flowHasComment: boolean }>(emp, {
      method: 'GET',
      url: `${B}/FlowBefore/${id}/Info`,
    });
    expect(info.data.flowHasComment).toBe(true);
    const outsider = await outsiderOf(id);
    expect((await t.call(outsider, { method: 'GET', url: `${B}/FlowComment?taskId=${id}` })).code).toBe(403);
    expect(
      (
        await t.call(outsider, {
          method: 'POST',
          url: `${B}/FlowComment`,
          payload: { taskId: id, text: '路过' },
        })
      ).code,
    ).toBe(403);
  });

  it('50 concurrent Audit calls on the finance and-sign node: all 200, one advance after the last, no double records', async () => {
    // the seeded finance step is or-sign within the initiator's company: this test makes it an and-sign
    // over every accountant of the group (a template edit, as an administrator would)
    const tpl = await w()
      .selectFrom('wf_template')
      .select('flow_json')
      .where('id', '=', 'wf-expense')
      .executeTakeFirstOrThrow();
    const tree = parseJson<FlowNode>(tpl.flow_json, null as never);
    const finNode = tree.childNode!.conditionNodes![0]!.childNode!;
    expect(finNode.nodeId).toBe(FIN);
    finNode.properties = { ...finNode.properties, counterSign: 'and', approverScope: 'all' };
    await w()
      .updateTable('wf_template')
      .set({ flow_json: JSON.stringify(tree) })
      .where('id', '=', 'wf-expense')
      .execute();
    // make 50 users accountants (holders of an ACC-* position): the finance node then has 50 approvers
    const acc = await t.db.kysely
      .selectFrom('base_position')
      .select('id')
      .where('en_code', 'like', 'ACC-%')
      .orderBy('en_code')
      .executeTakeFirstOrThrow();
    const holders = new Set(
      (
        await t.db.kysely
          .selectFrom('base_user_relation as r')
          .innerJoin('base_position as p', 'p.id', 'r.object_id')
          .select('r.user_id')
          .where('r.object_type', '=', 'Position')
          .where('p.en_code', 'like', 'ACC-%')
          .execute()
      ).map((r) => r.user_id),
    );
    const head = (
      await t.db.kysely
        .selectFrom('base_organize')
        .select('manager_id')
        .where('id', '=', zw.department_id!)
        .executeTakeFirstOrThrow()
    ).manager_id;
    // every enabled user but admin (the seed has about fifty; the initiator and the head may be accountants too)
    const extra = await t.db.kysely
      .selectFrom('base_user')
      .select('id')
      .where('enabled_mark', '=', 1)
      .where('account', '!=', 'admin')
      .orderBy('account')
      .execute();
    for (const u of extra) {
      if (holders.size >= 50) break;
      if (holders.has(u.id)) continue;
      await t.db.kysely
        .insertInto('base_user_relation')
        .values({ id: newId(), user_id: u.id, object_type: 'Position', object_id: acc.id })
        .execute();
      holders.add(u.id);
    }
    expect(holders.size).toBe(50);
    // the organisation read cache is dropped by these writes (the plugin at once, the triggers after commit)
    const id = await launch();
    const fin = await pending(id, FIN);
    expect(fin.length).toBe(50);
    const toks = await Promise.all(fin.map((o) => tokenOf(o.user_id)));
    const before = (await task(id)).version;
    const res = await Promise.all(
      fin.map((o, i) =>
        t.call(toks[i]!, {
          method: 'POST',
          url: `${B}/FlowBefore/Audit/${o.id}`,
          payload: { handleOpinion: 'ok' },
        }),
      ),
    );
    expect(res.filter((r) => r.code === 200)).toHaveLength(50);
    const after = await task(id);
    expect(after.version).toBe(before + 50);
    // the finance branch is done (once): the flow waits on the department only
    expect(parseJson<string[]>(after.current_nodes, [])).toEqual([DEP]);
    expect(after.status).toBe(1);
    const finRecs = (await records(id)).filter((r) => r.node_id === FIN && r.handle_status === 1);
    expect(finRecs).toHaveLength(50);
    expect(new Set(finRecs.map((r) => r.user_id)).size).toBe(50);
    // a repeat of any of them is refused
    expect(
      (await t.call(toks[0]!, { method: 'POST', url: `${B}/FlowBefore/Audit/${fin[0]!.id}`, payload: {} }))
        .code,
    ).toBe(409);
    // no cc yet: the join waits for the department branch
    expect(
      (await w().selectFrom('wf_circulate').select('id').where('task_id', '=', id).execute()).length,
    ).toBe(0);
    const dep = (await pending(id, DEP))[0]!;
    expect((await act('Audit', dep.id, { handleOpinion: '同意' })).code).toBe(200);
    const end = await task(id);
    expect(end.status).toBe(2);
    expect(
      (await w().selectFrom('wf_circulate').select('user_id').where('task_id', '=', id).execute()).map(
        (c) => c.user_id,
      ),
    ).toEqual([head]);
  }, 180_000);
});
