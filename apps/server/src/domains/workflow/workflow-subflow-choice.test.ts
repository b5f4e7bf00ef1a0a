import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { loadTaskSnapshot } from './flow-snapshot';
import { B, gapsSuite } from './gaps.suite';
import { MONITOR_BUTTONS } from './manager-actions';
import { grantOnly } from './rights.testkit';

describe(`workflow launch info, comment attachments, print values, monitor scope, subflow choice on ${TEST_DB_KIND}`, () => {
  const s = gapsSuite();
  const { ids, makeTemplate, startNode, approverNode, launchLeave, login, pending, task } = s;
  let t: TestApp;
  let leave: Record<string, unknown> = {};
  beforeAll(() => {
    t = s.t;
    leave = s.leave;
  });

  // ---------------------------------------------------------------- 6. monitor data scope
  it("monitor: deptManager sees and manages his department's flows only; admin sees all", async () => {
    const dm = await t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'department_id'])
      .where('account', '=', 'wangjianguo')
      .executeTakeFirstOrThrow();
    const colleague = await t.db.kysely
      .selectFrom('base_user')
      .select(['account'])
      .where('department_id', '=', dm.department_id)
      .where('account', '!=', 'wangjianguo')
      .where('enabled_mark', '=', 1)
      .where('is_administrator', '=', false)
      .orderBy('account')
      .executeTakeFirstOrThrow();
    const outsider = await t.db.kysely
      .selectFrom('base_user')
      .select(['account'])
      .where('department_id', '!=', dm.department_id)
      .where('account', 'not in', ['admin', 'wangjianguo'])
      .where('enabled_mark', '=', 1)
      .orderBy('account')
      .executeTakeFirstOrThrow();
    // flows whose approver is chenjing (not wangjianguo): he is no participant of either
    const tid = await makeTemplate('mon_scope', startNode({}, approverNode('a1', [ids.get('chenjing')!])));
    const mine = await launchLeave(colleague.account, tid);
    const theirs = await launchLeave(outsider.account, tid);
    const mgr = await login('wangjianguo');
    const admin = await login('admin');
    // the seeded deptManager reads the monitor; its operations need their buttons (monitor-rights.test.ts)
    await grantOnly(t, 'deptManager', 'workFlow.flowMonitor', Object.values(MONITOR_BUTTONS));
    const listOf = async (tk: string) =>
      (
        await t.call<{ list: Array<{ id: string }>; pagination: { total: number } }>(tk, {
          method: 'GET',
          url: `${B}/FlowMonitor?flowId=${tid}&pageSize=100`,
        })
      ).data;
    const dmList = await listOf(mgr);
    expect(dmList.list.map((x) => x.id)).toEqual([mine]);
    expect(dmList.pagination.total).toBe(1);
    expect(new Set((await listOf(admin)).list.map((x) => x.id))).toEqual(new Set([mine, theirs]));
    // reading: in scope yes, outside no
    expect((await t.call(mgr, { method: 'GET', url: `${B}/FlowBefore/${mine}/Info` })).code).toBe(200);
    expect((await t.call(mgr, { method: 'GET', url: `${B}/FlowBefore/${theirs}/Info` })).code).toBe(403);
    // manager operations outside his scope are refused and change nothing
    for (const call of [
      { method: 'PUT' as const, url: `${B}/FlowMonitor/${theirs}/Actions/Suspend` },
      { method: 'POST' as const, url: `${B}/FlowBefore/Cancel/${theirs}`, payload: {} },
      {
        method: 'POST' as const,
        url: `${B}/FlowBefore/Assign/${theirs}`,
        payload: { nodeCode: 'a1', freeApproverUserId: ids.get('zhangwei') },
      },
    ])
      expect((await t.call(mgr, call)).code, call.url).toBe(403);
    expect(await task(theirs)).toMatchObject({ status: 1, suspended: 0 });
    // inside it they work
    expect((await t.call(mgr, { method: 'PUT', url: `${B}/FlowMonitor/${mine}/Actions/Suspend` })).code).toBe(
      200,
    );
    expect((await task(mine)).suspended).toBe(1);
    expect((await t.call(mgr, { method: 'PUT', url: `${B}/FlowMonitor/${mine}/Actions/Resume` })).code).toBe(
      200,
    );
    expect(
      (await t.call(mgr, { method: 'POST', url: `${B}/FlowBefore/Cancel/${mine}`, payload: {} })).code,
    ).toBe(200);
    expect((await task(mine)).status).toBe(5);
    // admin may terminate the other one
    expect(
      (await t.call(admin, { method: 'POST', url: `${B}/FlowBefore/Cancel/${theirs}`, payload: {} })).code,
    ).toBe(200);
    await grantOnly(t, 'deptManager', 'workFlow.flowMonitor', []);
    // an employee has no monitor at all
    expect((await t.call(await login('zhangwei'), { method: 'GET', url: `${B}/FlowMonitor` })).code).toBe(
      403,
    );
  });

  // ---------------------------------------------------------------- 5. subflow initiators chosen
  it('subflow with initiateType 6 + userOptional: Candidates lists it, CandidateUser offers its initiators, Audit needs and checks the choice', async () => {
    const child = await makeTemplate(
      'sf_child',
      startNode({}, approverNode('c1', [ids.get('liuzhiqiang')!])),
    );
    const a = ids.get('wangjianguo')!;
    const b = ids.get('liuzhiqiang')!;
    const parent = await makeTemplate(
      'sf_parent',
      startNode(
        {},
        approverNode('p1', [ids.get('chenjing')!], {
          nodeId: 'sub',
          type: 'subFlow',
          properties: {
            title: '子流程',
            flowId: child,
            initiateType: 6,
            userOptional: true,
            initiator: [a, b],
            initiatePos: [],
            initiateRole: [],
            isAsync: false,
          },
        }),
      ),
    );
    const pid = await launchLeave('zhangwei', parent);
    const op = (await pending(pid))[0]!;
    const cj = await login('chenjing');
    const cand = await t.call<{ list: Array<{ nodeId: string; nodeName: string; nodeType: string }> }>(cj, {
      method: 'POST',
      url: `${B}/FlowBefore/Candidates/${op.id}`,
      payload: {},
    });
    expect(cand.code, cand.msg).toBe(200);
    expect(cand.data.list).toEqual([{ nodeId: 'sub', nodeName: '子流程', nodeType: 'subFlow' }]);
    // with the choice given, nothing more to ask
    const cand2 = await t.call<{ list: unknown[] }>(cj, {
      method: 'POST',
      url: `${B}/FlowBefore/Candidates/${op.id}`,
      payload: { candidateList: { sub: [b] } },
    });
    expect(cand2.data.list).toEqual([]);
    const users = await t.call<{ list: Array<{ id: string }>; pagination: { total: number } }>(cj, {
      method: 'POST',
      url: `${B}/FlowBefore/CandidateUser/${op.id}`,
      payload: { nodeCode: 'sub' },
    });
    expect(users.code, users.msg).toBe(200);
    expect(new Set(users.data.list.map((u) => u.id))).toEqual(new Set([a, b]));
    expect(users.data.pagination.total).toBe(2);
    const audit = (payload: Record<string, unknown>) =>
      t.call(cj, { method: 'POST', url: `${B}/FlowBefore/Audit/${op.id}`, payload });
    expect(await audit({ handleOpinion: '同意' })).toMatchObject({
      code: 400,
      msg: '子流程: 子流程发起人不能为空',
    });
    expect(
      await audit({ handleOpinion: '同意', candidateList: { sub: [ids.get('zhangwei')] } }),
    ).toMatchObject({
      code: 400,
      msg: 'candidateList.sub: 所选发起人不在可选范围内',
    });
    // nothing moved
    expect((await pending(pid)).map((o) => o.id)).toEqual([op.id]);
    const ok = await audit({ handleOpinion: '同意', candidateList: { sub: [b] } });
    expect(ok.code, ok.msg).toBe(200);
    const kids = await t.db.kysely
      .selectFrom('wf_task')
      .select(['initiator_id', 'template_id', 'status'])
      .where('parent_task_id', '=', pid)
      .execute();
    expect(kids).toEqual([{ initiator_id: b, template_id: child, status: 1 }]);
    expect((await task(pid)).this_step).toBe('子流程');
    // the stored template snapshot keeps the node as designed
    const { template } = await loadTaskSnapshot(t.db.kysely, await task(pid));
    const tree = template.tree as { childNode: { childNode: { properties: { initiator: unknown } } } };
    expect(tree.childNode.childNode.properties.initiator).toEqual([a, b]);
  });

  it('a choice subflow right after the start: the launch asks (Candidates/0) and FlowTask needs the choice', async () => {
    const child = await makeTemplate(
      'sf_child3',
      startNode({}, approverNode('c1', [ids.get('liuzhiqiang')!])),
    );
    const a = ids.get('wangjianguo')!;
    const b = ids.get('chenjing')!;
    const parent = await makeTemplate(
      'sf_parent3',
      startNode(
        {},
        {
          nodeId: 'sub',
          type: 'subFlow',
          properties: {
            title: '并行子流程',
            flowId: child,
            initiateType: 6,
            userOptional: true,
            initiator: [a, b],
            isAsync: false,
          },
          childNode: approverNode('p2', [ids.get('liuzhiqiang')!]),
        },
      ),
    );
    const emp = await login('zhangwei');
    const cand = await t.call<{ list: unknown[] }>(emp, {
      method: 'POST',
      url: `${B}/FlowBefore/Candidates/0`,
      payload: { flowId: parent, formData: leave },
    });
    expect(cand.data.list).toEqual([{ nodeId: 'sub', nodeName: '并行子流程', nodeType: 'subFlow' }]);
    const users = await t.call<{ list: Array<{ id: string }> }>(emp, {
      method: 'POST',
      url: `${B}/FlowBefore/CandidateUser/0`,
      payload: { nodeCode: 'sub', flowId: parent },
    });
    expect(new Set(users.data.list.map((u) => u.id))).toEqual(new Set([a, b]));
    const before = (await t.db.kysely.selectFrom('wf_task').select('id').execute()).length;
    expect(
      await t.call(emp, {
        method: 'POST',
        url: `${B}/FlowTask`,
        payload: { flowId: parent, formData: leave },
      }),
    ).toMatchObject({ code: 400, msg: '并行子流程: 子流程发起人不能为空' });
    // nothing was written by the refused launch
    expect((await t.db.kysely.selectFrom('wf_task').select('id').execute()).length).toBe(before);
    const l = await t.call<string>(emp, {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: parent, formData: leave, candidateList: { sub: [a, b] } },
    });
    expect(l.code, l.msg).toBe(200);
    const kids = await t.db.kysely
      .selectFrom('wf_task')
      .select(['initiator_id'])
      .where('parent_task_id', '=', l.data)
      .execute();
    expect(new Set(kids.map((k) => k.initiator_id))).toEqual(new Set([a, b]));
    expect((await task(l.data)).this_step).toBe('并行子流程');
  });

  it('a subflow with initiateType 6 without userOptional starts every named initiator (no question asked)', async () => {
    const child = await makeTemplate(
      'sf_child2',
      startNode({}, approverNode('c1', [ids.get('liuzhiqiang')!])),
    );
    const a = ids.get('wangjianguo')!;
    const b = ids.get('liuzhiqiang')!;
    const parent = await makeTemplate(
      'sf_parent2',
      startNode(
        {},
        approverNode('p1', [ids.get('chenjing')!], {
          nodeId: 'sub',
          type: 'subFlow',
          properties: { title: '子流程', flowId: child, initiateType: 6, initiator: [a, b], isAsync: false },
        }),
      ),
    );
    const pid = await launchLeave('zhangwei', parent);
    const op = (await pending(pid))[0]!;
    const cj = await login('chenjing');
    const cand = await t.call<{ list: unknown[] }>(cj, {
      method: 'POST',
      url: `${B}/FlowBefore/Candidates/${op.id}`,
      payload: {},
    });
    expect(cand.data.list).toEqual([]);
    expect(
      (await t.call(cj, { method: 'POST', url: `${B}/FlowBefore/Audit/${op.id}`, payload: {} })).code,
    ).toBe(200);
    const kids = await t.db.kysely
      .selectFrom('wf_task')
      .select(['initiator_id'])
      .where('parent_task_id', '=', pid)
      .execute();
    expect(new Set(kids.map((k) => k.initiator_id))).toEqual(new Set([a, b]));
  });
});
