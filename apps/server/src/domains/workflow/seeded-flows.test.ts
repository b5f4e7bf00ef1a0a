import { buttonsFor, validateFlow } from '@kp/flow';
import type { FlowNode } from '@kp/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed/seed';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { initCounts } from '../../ws/counters';
import { WS_TO_USER } from '../../ws/websocket';
import { loadOrgDirectory } from './org';
import { parseJson } from './tables';
import { leaveData, workflowTestKit } from './testkit';

const B = '/api/workflow/Engine';

/**
 * Each seeded flow (请假申请, 费用报销) from launch to its end with the seeded people only, and the approval
 * loop around it: reject to the initiator or withdraw, edit and resubmit (the first approver gets a new
 * task, the old end time is gone), delete refused once an approver acted. PGlite and PostgreSQL.
 */
describe(`seeded flows run start to end with seeded people on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  const { login, idOf, tokenOf, pending, task, records, w } = workflowTestKit(() => t);
  const user = (account: string) =>
    t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'department_id', 'organize_id', 'real_name'])
      .where('account', '=', account)
      .executeTakeFirstOrThrow();
  /** Users holding a position whose code starts with `prefix` in one company. */
  const holders = async (prefix: string, companyId: string) =>
    (
      await t.db.kysely
        .selectFrom('base_user_relation as r')
        .innerJoin('base_position as p', 'p.id', 'r.object_id')
        .innerJoin('base_user as u', 'u.id', 'r.user_id')
        .select('r.user_id')
        .where('r.object_type', '=', 'Position')
        .where('p.en_code', 'like', `${prefix}%`)
        .where('p.organize_id', '=', companyId)
        .where('u.enabled_mark', '=', 1)
        .execute()
    )
      .map((r) => r.user_id)
      .sort();
  const headOf = async (deptId: string) =>
    (
      await t.db.kysely
        .selectFrom('base_organize')
        .select('manager_id')
        .where('id', '=', deptId)
        .executeTakeFirstOrThrow()
    ).manager_id;
  const act = async (kind: 'Audit' | 'Reject', opId: string, opinion = '同意') => {
    const op = await w()
      .selectFrom('wf_operator')
      .select('user_id')
      .where('id', '=', opId)
      .executeTakeFirstOrThrow();
    const r = await t.call(await tokenOf(op.user_id), {
      method: 'POST',
      url: `${B}/FlowBefore/${kind}/${opId}`,
      payload: { handleOpinion: opinion },
    });
    expect(r.code, r.msg).toBe(200);
  };
  const launch = async (account: string, flowId: string, formData: Record<string, unknown>) => {
    const r = await t.call<string>(await login(account), {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId, formData },
    });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  const expenseData = (u: { id: string; department_id: string | null }) => ({
    claimDate: 1767225600000,
    claimant: u.id,
    department: u.department_id,
    tableField106: [{ expenseType: 'traffic', price: 100, quantity: 2 }],
    remark: '出差',
  });
  const circulated = async (taskId: string) =>
    (await w().selectFrom('wf_circulate').select('user_id').where('task_id', '=', taskId).execute()).map(
      (r) => r.user_id,
    );

  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the seeded trees hold position ids named 会计 and 总经理 (no codes); finance is or-sign in the initiator’s company', async () => {
    const nodes = new Map<string, FlowNode>();
    for (const id of ['wf-expense', 'wf-leave']) {
      const row = await w()
        .selectFrom('wf_template')
        .select('flow_json')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const stack = [parseJson<FlowNode>(row.flow_json)];
      while (stack.length) {
        const n = stack.pop()!;
        nodes.set(n.nodeId, n);
        if (n.childNode) stack.push(n.childNode);
        stack.push(...(n.conditionNodes ?? []));
      }
    }
    const fin = nodes.get('approver_finance')!.properties;
    const gm = nodes.get('approver_gm')!.properties;
    expect(fin).toMatchObject({ counterSign: 'or', approverScope: 'initiator', approverRole: [] });
    expect(gm).toMatchObject({ approverScope: 'initiator' });
    const names = async (ids: string[]) => [
      ...new Set(
        (
          await t.db.kysely.selectFrom('base_position').select('full_name').where('id', 'in', ids).execute()
        ).map((p) => p.full_name),
      ),
    ];
    expect(fin.approverPos!.length).toBeGreaterThan(1);
    expect(await names(fin.approverPos!)).toEqual(['会计']);
    expect(await names(gm.approverPos!)).toEqual(['总经理']);
  });

  it('the seeded start nodes name who may initiate (spec 2 §5): every seeded user, none refused at launch', async () => {
    const org = await loadOrgDirectory(w());
    const users = await w()
      .selectFrom('base_user')
      .select(['id', 'account'])
      .where('enabled_mark', '=', 1)
      .execute();
    expect(users.length).toBeGreaterThan(40);
    for (const id of ['wf-leave', 'wf-expense']) {
      const row = await w()
        .selectFrom('wf_template')
        .select('flow_json')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const tree = parseJson<FlowNode>(row.flow_json);
      // the designer's verify, as a save and a release run it: a start node needs an initiator
      expect(validateFlow(tree)).toEqual([]);
      const p = tree.properties;
      const named = (u: { id: string }) =>
        (p.initiator ?? []).includes(u.id) ||
        (org.user(u.id)?.roleIds ?? []).some((r) => (p.initiateRole ?? []).includes(r));
      expect(users.filter((u) => !named(u)).map((u) => u.account)).toEqual([]);
      // and the launch check agrees for the administrator and the demo accounts
      for (const account of ['admin', ...DEMO_ACCOUNTS.map((d) => d.account)]) {
        const info = await t.call(await login(account), {
          method: 'GET',
          url: `${B}/FlowTask/LaunchInfo/${id}`,
        });
        expect(info.code, `${account} ${id}: ${info.msg}`).toBe(200);
      }
    }
  });

  it('费用报销: one accountant of the initiator’s own company and the department head, then the cc; status 2', async () => {
    const zw = await user('zhangwei');
    const accountants = await holders('ACC-', zw.organize_id!);
    expect(accountants.length).toBeGreaterThan(0);
    const head = await headOf(zw.department_id!);
    expect(head).toBe(await idOf('wangjianguo'));
    const id = await launch('zhangwei', 'wf-expense', expenseData(zw));
    const fin = await pending(id, 'approver_finance');
    // only this company's accountants, not the whole group's
    expect(fin.map((o) => o.user_id).sort()).toEqual(accountants);
    expect((await pending(id, 'approver_department')).map((o) => o.user_id)).toEqual([head]);
    await act('Audit', fin[0]!.id);
    // or-sign: one approval settles the finance step
    expect(await pending(id, 'approver_finance')).toEqual([]);
    expect((await task(id)).status).toBe(1);
    await act('Audit', (await pending(id, 'approver_department'))[0]!.id);
    const row = await task(id);
    expect(row.status).toBe(2);
    expect(row.end_time).not.toBeNull();
    expect(await circulated(id)).toEqual([head]);
  });

  it('费用报销 from another company goes to that company’s accountants', async () => {
    const zw = await user('zhangwei');
    const other = await t.db.kysely
      .selectFrom('base_user as u')
      .innerJoin('base_organize as c', 'c.id', 'u.organize_id')
      .select(['u.account', 'u.organize_id'])
      .where('u.organize_id', '!=', zw.organize_id)
      .where('u.is_administrator', '=', false)
      .where('c.en_code', '=', 'JGJT-EJ')
      .orderBy('u.account')
      .executeTakeFirstOrThrow();
    const u = await user(other.account);
    const accountants = await holders('ACC-', u.organize_id!);
    expect(accountants.length).toBeGreaterThan(0);
    const id = await launch(other.account, 'wf-expense', expenseData(u));
    expect((await pending(id, 'approver_finance')).map((o) => o.user_id).sort()).toEqual(accountants);
    for (let i = 0; i < 10 && (await pending(id)).length; i++) await act('Audit', (await pending(id))[0]!.id);
    expect((await task(id)).status).toBe(2);
  });

  it('请假申请 2 days: the department head; 5 days: the head, then the initiator’s company’s 总经理; both end', async () => {
    const zw = await user('zhangwei');
    const short = await launch('zhangwei', 'wf-leave', leaveData(zw, 2));
    // the title: 发起人的流程名称 with the launch time
    expect((await task(short)).full_name).toMatch(/^张伟的请假申请（\d{4}-\d{2}-\d{2} \d{2}:\d{2}）$/);
    const s1 = await pending(short);
    expect(s1.map((o) => [o.node_id, o.user_id])).toEqual([
      ['approver_head_short', await idOf('wangjianguo')],
    ]);
    await act('Audit', s1[0]!.id);
    expect((await task(short)).status).toBe(2);

    const long = await launch('zhangwei', 'wf-leave', leaveData(zw, 5));
    await act('Audit', (await pending(long))[0]!.id);
    const gm = await pending(long);
    expect(gm.map((o) => o.node_id)).toEqual(['approver_gm']);
    // 刘志强 is 总经理 of zhangwei's company (the other companies' GMs are not asked)
    expect(gm.map((o) => o.user_id)).toEqual(await holders('GM-', zw.organize_id!));
    expect(gm.map((o) => o.user_id)).toContain(await idOf('liuzhiqiang'));
    await act('Audit', gm[0]!.id);
    expect((await task(long)).status).toBe(2);
  });

  it('reject to the initiator, edit and resubmit: the first approver gets a new task, the old end time is gone; delete is refused', async () => {
    const zw = await user('zhangwei');
    const emp = await login('zhangwei');
    const id = await launch('zhangwei', 'wf-leave', leaveData(zw, 2));
    const first = (await pending(id))[0]!;
    await act('Reject', first.id, '日期不对');
    let row = await task(id);
    expect(row.status).toBe(3);
    expect(row.end_time).not.toBeNull();
    // the approver acted: the request stays (it is in their 已办)
    const del = await t.call(emp, { method: 'DELETE', url: `${B}/FlowLaunch/${id}` });
    expect(del.code).toBe(409);
    expect(del.msg).toBe('审批人已处理过该流程，不能删除');
    const done = await t.call<{ list: Array<{ taskId?: string; processId?: string; id: string }> }>(
      await tokenOf(first.user_id),
      { method: 'GET', url: `${B}/FlowBefore/List/2` },
    );
    expect(done.code, done.msg).toBe(200);
    expect(JSON.stringify(done.data.list)).toContain(id);
    // edit and resubmit
    const rs = await t.call(emp, {
      method: 'PUT',
      url: `${B}/FlowTask/${id}`,
      payload: { flowId: 'wf-leave', formData: { ...leaveData(zw, 1), reason: '改日期' } },
    });
    expect(rs.code, rs.msg).toBe(200);
    row = await task(id);
    expect(row.status).toBe(1);
    expect(row.end_time).toBeNull();
    const info = await t.call<{ flowTaskInfo: { endTime: number | null } }>(emp, {
      method: 'GET',
      url: `${B}/FlowBefore/${id}/Info`,
    });
    expect(info.data.flowTaskInfo.endTime ?? null).toBeNull();
    const again = await pending(id);
    expect(again.map((o) => [o.node_id, o.user_id])).toEqual([['approver_head_short', first.user_id]]);
    expect(again[0]!.id).not.toBe(first.id);
    await act('Audit', again[0]!.id);
    expect((await task(id)).status).toBe(2);
    expect((await records(id)).map((r) => r.handle_status)).toEqual([2, 0, 2, 1]);
  });

  it('withdraw by the initiator, then resubmit: back to the first approver; an untouched withdrawn request may be deleted', async () => {
    const zw = await user('zhangwei');
    const emp = await login('zhangwei');
    const id = await launch('zhangwei', 'wf-leave', leaveData(zw, 2));
    const wd = await t.call(emp, {
      method: 'PUT',
      url: `${B}/FlowLaunch/${id}/Actions/Withdraw`,
      payload: { handleOpinion: '填错了' },
    });
    expect(wd.code, wd.msg).toBe(200);
    expect((await task(id)).status).toBe(4);
    const rs = await t.call(emp, {
      method: 'PUT',
      url: `${B}/FlowTask/${id}`,
      payload: { flowId: 'wf-leave', formData: leaveData(zw, 1) },
    });
    expect(rs.code, rs.msg).toBe(200);
    expect((await task(id)).status).toBe(1);
    expect((await task(id)).end_time).toBeNull();
    expect((await pending(id)).map((o) => o.node_id)).toEqual(['approver_head_short']);
    // withdrawn again before anyone acted: deleting it is fine
    await t.call(emp, {
      method: 'PUT',
      url: `${B}/FlowLaunch/${id}/Actions/Withdraw`,
      payload: { handleOpinion: '不请了' },
    });
    const del = await t.call(emp, { method: 'DELETE', url: `${B}/FlowLaunch/${id}` });
    expect(del.code, del.msg).toBe(200);
  });

  it('live counts: the approver’s to-do count goes 0 → 1 → 0 (login counts, pushes, dashboard), the cc’s to-read 0 → 1 → 0', async () => {
    const zw = await user('zhangwei');
    const head = (await headOf(zw.department_id!))!;
    const headTk = await tokenOf(head);
    // start clean: approve whatever the earlier tests left with this head
    for (const o of await w()
      .selectFrom('wf_operator')
      .select('id')
      .where('user_id', '=', head)
      .where('status', '=', 0)
      .execute())
      await act('Audit', o.id);
    const pushes: Array<{ userId: string; message: Record<string, unknown> }> = [];
    const off = t.ctx.bus.subscribe(WS_TO_USER, (p) => pushes.push(p as (typeof pushes)[number]));
    const dash = async (tk: string) =>
      (
        await t.call<{ toBeReviewed: number; flowCirculate: number }>(tk, {
          method: 'GET',
          url: '/api/visualdev/Dashboard/FlowTodoCount',
        })
      ).data;
    try {
      expect((await initCounts(t.db.kysely, head)).dealtCount).toBe(0);
      expect((await dash(headTk)).toBeReviewed).toBe(0);
      const cc = await idOf('chenjing');
      const before = (await initCounts(t.db.kysely, cc)).consultCount;
      const id = await t.call<string>(await login('zhangwei'), {
        method: 'POST',
        url: `${B}/FlowTask`,
        payload: { flowId: 'wf-leave', formData: leaveData(zw, 2), copyIds: cc },
      });
      expect(id.code, id.msg).toBe(200);
      expect((await initCounts(t.db.kysely, head)).dealtCount).toBe(1);
      expect((await dash(headTk)).toBeReviewed).toBe(1);
      const lastPush = (u: string) =>
        pushes.filter((p) => p.userId === u && p.message.method === 'messagePush').at(-1);
      await expect.poll(() => lastPush(head)?.message.dealtCount).toBe(1);
      await act('Audit', (await pending(id.data))[0]!.id);
      expect((await initCounts(t.db.kysely, head)).dealtCount).toBe(0);
      expect((await dash(headTk)).toBeReviewed).toBe(0);
      // the approver's own badge is pushed down after the approval
      await expect.poll(() => lastPush(head)?.message.dealtCount).toBe(0);
      // the cc has one more unread circulated item until read
      expect((await initCounts(t.db.kysely, cc)).consultCount).toBe(before + 1);
      const circ = await w()
        .selectFrom('wf_circulate')
        .select('id')
        .where('task_id', '=', id.data)
        .where('user_id', '=', cc)
        .executeTakeFirstOrThrow();
      const r = await t.call(await login('chenjing'), {
        method: 'GET',
        url: `${B}/FlowBefore/Circulate/IsRead/${circ.id}`,
      });
      expect(r.code, r.msg).toBe(200);
      expect((await initCounts(t.db.kysely, cc)).consultCount).toBe(before);
    } finally {
      off();
    }
  });

  it('转审: the task dialog gets the flow-wide properties, so a flow enabling transfer shows the button', async () => {
    const zw = await user('zhangwei');
    const id = await launch('zhangwei', 'wf-leave', leaveData(zw, 2));
    const op = (await pending(id))[0]!;
    const info = await t.call<{
      flowTaskInfo: { status: number; flowTemplateJson: FlowNode };
      approversProperties: Record<string, unknown>;
      flowProperties?: Record<string, unknown>;
    }>(await tokenOf(op.user_id), {
      method: 'GET',
      url: `${B}/FlowBefore/${id}/Info?taskOperatorId=${op.id}`,
    });
    expect(info.code, info.msg).toBe(200);
    // the leave flow enables transfer flow-wide; its approver node says nothing about it
    expect(info.data.approversProperties.hasTransferBtn).toBeUndefined();
    expect(info.data.flowProperties?.hasTransferBtn).toBe(true);
    const buttons = buttonsFor(
      1,
      {
        id: op.id,
        nodeId: 'current',
        userId: op.user_id,
        status: 'pending',
        kind: 'approver',
        createdAt: '',
        createdVersion: 0,
      },
      { tree: info.data.flowTaskInfo.flowTemplateJson, properties: info.data.flowProperties ?? {} },
      { id: op.user_id },
      {
        status: 1,
        node: { nodeId: 'current', type: 'approver', properties: info.data.approversProperties } as FlowNode,
      },
    );
    expect(buttons.map((b) => b.key)).toContain('transfer');
  });

  it('请假天数 is the days between start and end, computed by the server (a typed value is ignored)', async () => {
    const zw = await user('zhangwei');
    const id = await launch('zhangwei', 'wf-leave', { ...leaveData(zw, 5), days: 1 });
    const row = await task(id);
    expect(parseJson<Record<string, unknown>>(row.form_data, {}).days).toBe(5);
    // five days: the head, then the general manager
    expect((await pending(id))[0]!.node_id).toBe('approver_head_long');
  });

  it('monitor save (status 2): a flow manager saves the data where the flow stands; others and launches are refused', async () => {
    const zw = await user('zhangwei');
    const id = await launch('zhangwei', 'wf-leave', leaveData(zw, 2));
    const before = (await pending(id)).map((o) => o.id);
    const admin = await login('admin');
    const save = (token: string, formData: Record<string, unknown>) =>
      t.call(token, {
        method: 'PUT',
        url: `${B}/FlowTask/${id}`,
        payload: { flowId: 'wf-leave', status: 2, formData },
      });
    const r = await save(admin, { reason: '管理员补充事由', endTime: 1767225600000 + 3 * 86_400_000 });
    expect(r, r.msg).toMatchObject({ code: 200, msg: '保存成功' });
    const after = await task(id);
    expect(after.status).toBe(1);
    expect(parseJson<Record<string, unknown>>(after.form_data, {})).toMatchObject({
      reason: '管理员补充事由',
      days: 3,
      leaveType: 'annual',
    });
    // the flow stays where it was: the same pending task; the save is recorded as its author (issue 34)
    expect((await pending(id)).map((o) => o.id)).toEqual(before);
    const recs = await records(id);
    expect(recs.length).toBe(2);
    expect(recs.at(-1)).toMatchObject({ handle_status: 8, user_id: (await user('admin')).id });
    // the initiator is not a manager of the flow; a launch cannot carry status 2
    expect((await save(await login('zhangwei'), { reason: 'x' })).code).toBe(403);
    const launch2 = await t.call(await login('zhangwei'), {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: 'wf-leave', status: 2, formData: leaveData(zw, 1) },
    });
    expect(launch2.code).toBe(400);
    // adopted flows save too
    await act('Audit', (await pending(id))[0]!.id);
    expect((await task(id)).status).toBe(2);
    expect((await save(admin, { reason: '归档前修改' })).code).toBe(200);
    expect(parseJson<Record<string, unknown>>((await task(id)).form_data, {}).reason).toBe('归档前修改');
  });
});
