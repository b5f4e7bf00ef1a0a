// Issue 34: the flow monitor's manager actions need the monitor menu AND their own button on it, act and
// are recorded as the caller, and never hand a node to the flow's initiator. The seeded deptManager
// (wangjianguo: monitor menu, scope dept, no monitor buttons) stands for "a manager without the buttons".
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { B, gapsSuite } from './gaps.suite';
import { MANAGER_RECORD, MONITOR_BUTTONS } from './manager-actions';
import { grantOnly } from './rights.testkit';

describe(`flow monitor: buttons, real actor, no assign to the initiator on ${TEST_DB_KIND}`, () => {
  const s = gapsSuite();
  const { ids, makeTemplate, startNode, approverNode, launchLeave, login, pending, task } = s;
  let t: TestApp;
  let colleague = '';
  beforeAll(async () => {
    t = s.t;
    const dm = await t.db.kysely
      .selectFrom('base_user')
      .select(['department_id'])
      .where('account', '=', 'wangjianguo')
      .executeTakeFirstOrThrow();
    colleague = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('account')
        .where('department_id', '=', dm.department_id)
        .where('account', 'not in', ['wangjianguo', 'admin'])
        .where('is_administrator', '=', false)
        .where('enabled_mark', '=', 1)
        .orderBy('account')
        .executeTakeFirstOrThrow()
    ).account;
  });
  const records = (id: string) =>
    t.db.kysely.selectFrom('wf_record').selectAll().where('task_id', '=', id).orderBy('seq').execute();
  /** A flow in wangjianguo's monitor scope whose one approver (a1) is chenjing; adopted when `adopt`. */
  const flowOf = async (enCode: string) =>
    makeTemplate(enCode, startNode({}, approverNode('a1', [ids.get('chenjing')!])));
  const adopt = async (id: string) => {
    const op = (await pending(id))[0]!;
    const r = await t.call(await login('chenjing'), {
      method: 'POST',
      url: `${B}/FlowBefore/Audit/${op.id}`,
      payload: { handleOpinion: 'ok' },
    });
    expect(r.code, r.msg).toBe(200);
  };
  const calls = (id: string, flowId: string, adopted: string) => ({
    assign: {
      method: 'POST' as const,
      url: `${B}/FlowBefore/Assign/${id}`,
      payload: { nodeCode: 'a1', freeApproverUserId: ids.get('liuzhiqiang') },
    },
    terminate: { method: 'POST' as const, url: `${B}/FlowBefore/Cancel/${id}`, payload: {} },
    suspend: { method: 'PUT' as const, url: `${B}/FlowMonitor/${id}/Actions/Suspend` },
    resume: { method: 'PUT' as const, url: `${B}/FlowMonitor/${id}/Actions/Resume` },
    save: {
      method: 'PUT' as const,
      url: `${B}/FlowTask/${id}`,
      payload: { flowId, status: 2, formData: { reason: '管理员改写' } },
    },
    refile: {
      method: 'POST' as const,
      url: `${B}/FlowLaunch/rearchive/${adopted}`,
      payload: { formData: { reason: '归档改写' } },
    },
  });

  it('a role holding the monitor menu without a button is refused that action, and nothing changes', async () => {
    const flowId = await flowOf('mon_btn_none');
    const id = await launchLeave(colleague, flowId);
    const adopted = await launchLeave(colleague, flowId);
    await adopt(adopted);
    const before = {
      a: await task(id),
      b: await task(adopted),
      ra: await records(id),
      rb: await records(adopted),
    };
    const mgr = await login('wangjianguo');
    // the monitor list and reading stay open to him (menu + scope)
    expect((await t.call(mgr, { method: 'GET', url: `${B}/FlowMonitor?flowId=${flowId}` })).code).toBe(200);
    for (const [name, call] of Object.entries(calls(id, flowId, adopted))) {
      const r = await t.call(mgr, call);
      expect(r.code, `${name}: ${r.msg}`).toBe(403);
    }
    const a = await task(id);
    const b = await task(adopted);
    expect({ status: a.status, suspended: a.suspended, form: a.form_data, version: a.version }).toEqual({
      status: before.a.status,
      suspended: before.a.suspended,
      form: before.a.form_data,
      version: before.a.version,
    });
    expect({ form: b.form_data, version: b.version }).toEqual({
      form: before.b.form_data,
      version: before.b.version,
    });
    expect(await records(id)).toEqual(before.ra);
    expect(await records(adopted)).toEqual(before.rb);
    expect((await pending(id)).map((o) => o.user_id)).toEqual([ids.get('chenjing')]);
  });

  it('each button opens its own action only', async () => {
    const flowId = await flowOf('mon_btn_one');
    const id = await launchLeave(colleague, flowId);
    const adopted = await launchLeave(colleague, flowId);
    await adopt(adopted);
    const mgr = await login('wangjianguo');
    const c = calls(id, flowId, adopted);
    await grantOnly(t, 'deptManager', 'workFlow.flowMonitor', [MONITOR_BUTTONS.suspend]);
    for (const name of ['assign', 'terminate', 'save', 'refile'] as const)
      expect((await t.call(mgr, c[name])).code, name).toBe(403);
    const sus = await t.call(mgr, c.suspend);
    expect(sus.code, sus.msg).toBe(200);
    expect((await task(id)).suspended).toBe(1);
    expect((await t.call(mgr, c.resume)).code).toBe(200);
    expect((await task(id)).suspended).toBe(0);
    await grantOnly(t, 'deptManager', 'workFlow.flowMonitor', [MONITOR_BUTTONS.assign]);
    expect((await t.call(mgr, c.suspend)).code).toBe(403);
    expect((await t.call(mgr, c.assign)).code).toBe(200);
    await grantOnly(t, 'deptManager', 'workFlow.flowMonitor', []);
  });

  it('a node is never assigned to the flow initiator, named or reached through an entrust', async () => {
    const flowId = await flowOf('mon_btn_self');
    const id = await launchLeave(colleague, flowId);
    const mgr = await login('wangjianguo');
    const c = calls(id, flowId, id);
    await grantOnly(t, 'deptManager', 'workFlow.flowMonitor', Object.values(MONITOR_BUTTONS));
    const version = (await task(id)).version;
    const self = await t.call(mgr, {
      ...c.assign,
      payload: { nodeCode: 'a1', freeApproverUserId: ids.get(colleague) },
    });
    expect(self).toMatchObject({ code: 400, msg: '不能指派给流程发起人' });
    // liuzhiqiang's tasks go to the initiator while his entrust is in force
    const lz = await login('liuzhiqiang');
    const e = await t.call<string>(lz, {
      method: 'POST',
      url: `${B}/FlowEntrust`,
      payload: {
        toUserId: ids.get(colleague),
        startTime: Date.now() - 1000,
        endTime: Date.now() + 3_600_000,
      },
    });
    expect(e.code, e.msg).toBe(200);
    expect(await t.call(mgr, c.assign)).toMatchObject({ code: 400, msg: '不能指派给流程发起人' });
    expect((await task(id)).version).toBe(version);
    expect((await pending(id)).map((o) => o.user_id)).toEqual([ids.get('chenjing')]);
    expect((await records(id)).filter((r) => r.handle_status === 5)).toEqual([]);
    // once the entrust is gone, liuzhiqiang himself may be assigned
    expect((await t.call(lz, { method: 'DELETE', url: `${B}/FlowEntrust/${e.data}` })).code).toBe(200);
    expect((await t.call(mgr, c.assign)).code).toBe(200);
    expect((await pending(id)).map((o) => o.user_id)).toEqual([ids.get('liuzhiqiang')]);
    await grantOnly(t, 'deptManager', 'workFlow.flowMonitor', []);
  });

  it('every manager operation is recorded as the caller, not the super admin', async () => {
    const flowId = await flowOf('mon_btn_rec');
    const id = await launchLeave(colleague, flowId);
    const adopted = await launchLeave(colleague, flowId);
    await adopt(adopted);
    const mgr = await login('wangjianguo');
    const me = ids.get('wangjianguo')!;
    const c = calls(id, flowId, adopted);
    await grantOnly(t, 'deptManager', 'workFlow.flowMonitor', Object.values(MONITOR_BUTTONS));
    for (const name of ['suspend', 'resume', 'save', 'assign', 'terminate', 'refile'] as const) {
      const r = await t.call(mgr, c[name]);
      expect(r.code, `${name}: ${r.msg}`).toBe(200);
    }
    const rec = (await records(id)).filter((r) => r.handle_status !== 2);
    expect(rec.map((r) => [r.handle_status, r.user_id])).toEqual([
      [MANAGER_RECORD.suspended, me],
      [MANAGER_RECORD.resumed, me],
      [MANAGER_RECORD.managerSave, me],
      [5, me],
      [4, me],
    ]);
    expect((await task(id)).status).toBe(5);
    const refiled = (await records(adopted)).at(-1)!;
    expect([refiled.handle_status, refiled.user_id]).toEqual([MANAGER_RECORD.refile, me]);
    // the records list names him
    const list = await t.call<Array<{ userId: string; userName: string; handleStatus: number }>>(mgr, {
      method: 'GET',
      url: `${B}/FlowBefore/RecordList/${id}`,
    });
    expect(list.code).toBe(200);
    expect(list.data.filter((r) => r.handleStatus !== 2).every((r) => r.userId === me)).toBe(true);
    expect(list.data.find((r) => r.handleStatus === 4)?.userName).toMatch(/^王建国\//);
    await grantOnly(t, 'deptManager', 'workFlow.flowMonitor', []);
  });
});
