import type { FlowNode } from '@kp/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { newId } from '../auth/tokens';
import { B, DEP, expenseSuite, FIN } from './expense.suite';
import { parseJson } from './tables';

describe(`expense example through every action on ${TEST_DB_KIND}`, () => {
  const s = expenseSuite();
  const { launch, act, outsiderOf, login, idOf, tokenOf, pending, task, records, w } = s;
  let t: TestApp;
  let zw: { id: string; department_id: string | null; real_name: string };
  beforeAll(() => {
    t = s.t;
    zw = s.zw;
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
    const tree = parseJson<FlowNode>(tpl.flow_json);
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
