// Issue 34 (Low): each route that performs a page button's action declares that button. A role holding the
// menu without the button is refused and nothing changes; with the button the same call goes through.
// Flow design (Release, Stop, ExportData, Copy, simulator cases, flow print templates), print design
// (打印设计: add, edit, copy, export, delete), the to-do page's batch approval, the entrust page.
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { newId } from '../auth/tokens';
import { B, gapsSuite } from './gaps.suite';
import { grantOnly } from './rights.testkit';

const PD = '/api/system/printDev';
const printDev = (enCode: string) => ({
  fullName: enCode,
  enCode,
  type: 1,
  printTemplate: '<p>{fullName}</p>',
});

describe(`page buttons guard their routes on ${TEST_DB_KIND}`, () => {
  const s = gapsSuite();
  const { ids, makeTemplate, startNode, approverNode, launchLeave, login, pending, task } = s;
  let t: TestApp;
  beforeAll(() => {
    t = s.t;
  });
  const ROLE = 'deptManager'; // wangjianguo
  /** The envelope's code, or the HTTP status of a file answer (an export). */
  const codeOf = async (token: string, call: InjectOptions) => {
    const res = await t.app.inject({ ...call, headers: { authorization: `Bearer ${token}` } });
    if (!String(res.headers['content-type']).includes('application/json')) return res.statusCode;
    const body = res.json() as { code?: number; msg?: string };
    return body.code ?? res.statusCode;
  };
  const menus = {
    engine: 'workFlow.flowEngine',
    print: 'systemData.printDev',
    todo: 'workFlow.flowTodo',
    entrust: 'workFlow.entrust',
  } as const;

  it('the menu without the button: refused, nothing changes; with it: done', async () => {
    const admin = await login('admin');
    const mgr = await login('wangjianguo');
    const me = ids.get('wangjianguo')!;
    const tid = await makeTemplate('btn_rights', startNode({}, approverNode('a1', [me])), { release: false });
    const pt = await t.call<string>(admin, {
      method: 'POST',
      url: `${B}/FlowGeneral/PrintTemplate`,
      payload: { flowId: tid, fullName: 'pt', content: '<p>x</p>' },
    });
    expect(pt.code, pt.msg).toBe(200);
    const pd = await t.call<string>(admin, { method: 'POST', url: PD, payload: printDev('btnRights.a') });
    expect(pd.code, pd.msg).toBe(200);
    // a pending task of his own (batch) and an entrust of his own (delete)
    await makeTemplate('btn_rights_run', startNode({}, approverNode('a1', [me])));
    const run = await launchLeave(
      'zhangwei',
      (
        await t.db.kysely
          .selectFrom('wf_template')
          .select('id')
          .where('en_code', '=', 'btn_rights_run')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const op = (await pending(run))[0]!;
    const entrustId = newId();
    await t.db.kysely
      .insertInto('wf_entrust')
      .values({
        id: entrustId,
        user_id: me,
        to_user_id: ids.get('liuzhiqiang')!,
        template_id: null,
        start_time: new Date(Date.now() + 86_400_000),
        end_time: new Date(Date.now() + 2 * 86_400_000),
        description: null,
      })
      .execute();

    const calls: Array<[menu: string, button: string, call: InjectOptions]> = [
      [menus.engine, 'btn_release', { method: 'POST', url: `${B}/FlowEngine/Release/${tid}` }],
      [menus.engine, 'btn_release', { method: 'POST', url: `${B}/FlowEngine/Stop/${tid}` }],
      [menus.engine, 'btn_export', { method: 'GET', url: `${B}/FlowEngine/${tid}/Actions/ExportData` }],
      [menus.engine, 'btn_copy', { method: 'POST', url: `${B}/FlowEngine/${tid}/Actions/Copy` }],
      [
        menus.engine,
        'btn_edit',
        { method: 'PUT', url: `${B}/FlowEngine/${tid}/SimCases`, payload: { cases: [] } },
      ],
      [
        menus.engine,
        'btn_add',
        {
          method: 'POST',
          url: `${B}/FlowGeneral/PrintTemplate`,
          payload: { flowId: tid, fullName: 'pt2', content: '<p>y</p>' },
        },
      ],
      [
        menus.engine,
        'btn_edit',
        {
          method: 'PUT',
          url: `${B}/FlowGeneral/PrintTemplate/${pt.data}`,
          payload: { flowId: tid, fullName: 'pt-renamed', content: '<p>z</p>' },
        },
      ],
      [menus.engine, 'btn_remove', { method: 'DELETE', url: `${B}/FlowGeneral/PrintTemplate/${pt.data}` }],
      [menus.print, 'btn_add', { method: 'POST', url: PD, payload: printDev('btnRights.b') }],
      [menus.print, 'btn_edit', { method: 'PUT', url: `${PD}/${pd.data}`, payload: printDev('btnRights.a') }],
      [menus.print, 'btn_copy', { method: 'POST', url: `${PD}/${pd.data}/Actions/Copy` }],
      [menus.print, 'btn_export', { method: 'GET', url: `${PD}/${pd.data}/Actions/Export` }],
      [menus.print, 'btn_remove', { method: 'DELETE', url: `${PD}/${pd.data}` }],
      [
        menus.todo,
        'btn_batch',
        {
          method: 'POST',
          url: `${B}/FlowBefore/BatchOperation`,
          payload: { ids: [op.id], batchType: 1, handleOpinion: '批量同意' },
        },
      ],
      [
        menus.entrust,
        'btn_add',
        {
          method: 'POST',
          url: `${B}/FlowEntrust`,
          payload: {
            toUserId: ids.get('liuzhiqiang'),
            startTime: Date.now(),
            endTime: Date.now() + 3_600_000,
          },
        },
      ],
      [menus.entrust, 'btn_remove', { method: 'DELETE', url: `${B}/FlowEntrust/${entrustId}` }],
    ];

    const snapshot = async () => ({
      templates: await t.db.kysely
        .selectFrom('wf_template')
        .select(['id', 'enabled_mark', 'sim_cases_json', 'version'])
        .orderBy('id')
        .execute(),
      prints: await t.db.kysely.selectFrom('wf_print_template').selectAll().orderBy('id').execute(),
      printDevs: await t.db.kysely
        .selectFrom('sys_print_dev')
        .select(['id', 'full_name'])
        .orderBy('id')
        .execute(),
      entrusts: await t.db.kysely
        .selectFrom('wf_entrust')
        .select(['id', 'enabled_mark'])
        .orderBy('id')
        .execute(),
      task: (await task(run)).version,
    });
    // every menu, none of its buttons
    for (const m of Object.values(menus)) await grantOnly(t, ROLE, m, []);
    const before = await snapshot();
    for (const [menu, button, call] of calls)
      expect(await codeOf(mgr, call), `${menu}:${button} ${call.method} ${call.url}`).toBe(403);
    expect(await snapshot()).toEqual(before);

    // each button opens its routes
    for (const m of Object.values(menus))
      await grantOnly(
        t,
        ROLE,
        m,
        calls.filter((c) => c[0] === m).map((c) => c[1]),
      );
    for (const [menu, button, call] of calls)
      expect(await codeOf(mgr, call), `${menu}:${button} ${call.method} ${call.url}`).toBe(200);
    expect((await task(run)).status).toBe(2);
    for (const m of Object.values(menus)) await grantOnly(t, ROLE, m, []);
  });

  it('employees keep their own delegations (the seed grants the entrust page its buttons)', async () => {
    const zw = await login('zhangwei');
    const r = await t.call<string>(zw, {
      method: 'POST',
      url: `${B}/FlowEntrust`,
      payload: { toUserId: ids.get('liuzhiqiang'), startTime: Date.now(), endTime: Date.now() + 3_600_000 },
    });
    expect(r.code, r.msg).toBe(200);
    expect((await t.call(zw, { method: 'DELETE', url: `${B}/FlowEntrust/${r.data}` })).code).toBe(200);
    // but an employee has no batch approval
    expect(
      (
        await t.call(zw, {
          method: 'POST',
          url: `${B}/FlowBefore/BatchOperation`,
          payload: { ids: ['x'], batchType: 1 },
        })
      ).code,
    ).toBe(403);
  });
});
