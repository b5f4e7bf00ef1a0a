import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { flat, type Node, useAdminFixture } from './admin-fixture';

describe(`positions and roles on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let hr: string;
  let mgr: string;
  let emp: string;
  let _leader: string;
  const { units, roles } = useAdminFixture(
    ['admin', 'chenjing', 'wangjianguo', 'zhangwei', 'liuzhiqiang'],
    (f) => {
      t = f.t;
      [admin, hr, mgr, emp, _leader] = f.tokens;
    },
  );

  it('positions: tree scoped, selectors, CRUD with scope, refusal with members', async () => {
    const tree = await t.call<{ list: Node[] }>(hr, { method: 'GET', url: '/api/permission/Position/Tree' });
    expect(tree.code).toBe(200);
    const posNodes = flat(tree.data.list).filter((n) => n.type === 'position');
    const hqPositions = await t.db.kysely
      .selectFrom('base_position')
      .select('id')
      .where('organize_id', '=', units['JGJT-HQ'])
      .execute();
    expect(posNodes.map((n) => n.id).sort()).toEqual(hqPositions.map((p) => p.id).sort());
    expect((await t.call(emp, { method: 'GET', url: '/api/permission/Position/Tree' })).code).toBe(403);
    const sel = await t.call<{ list: Node[] }>(emp, {
      method: 'GET',
      url: '/api/permission/Position/Selector',
    });
    const allPositions = await t.db.kysely.selectFrom('base_position').select('id').execute();
    expect(flat(sel.data.list).filter((n) => n.type === 'position')).toHaveLength(allPositions.length);
    expect(
      (await t.call(emp, { method: 'GET', url: '/api/Permission/position/GetPositionSelector' })).code,
    ).toBe(200);
    const all = await t.call<{ list: Array<{ organizeName: string }> }>(emp, {
      method: 'GET',
      url: '/api/permission/Position/All',
    });
    expect(all.data.list).toHaveLength(allPositions.length);
    const byOrg = await t.call<{ list: unknown[] }>(emp, {
      method: 'POST',
      url: '/api/permission/Position/getListByOrgIds',
      payload: { organizeIds: [units['JGJT-HQ']] },
    });
    expect(byOrg.data.list).toHaveLength(hqPositions.length);
    expect(
      (await t.call(emp, { method: 'POST', url: '/api/permission/Position/getListByOrgIds', payload: {} }))
        .code,
    ).toBe(400);

    const body = { organizeId: units['JGJT-HQ'], fullName: '法务专员', enCode: 'HQ-LAW' };
    expect(
      (
        await t.call(hr, {
          method: 'POST',
          url: '/api/permission/Position',
          payload: { ...body, organizeId: units['JGJT-YJ'] },
        })
      ).code,
    ).toBe(403);
    expect(
      (
        await t.call(hr, {
          method: 'POST',
          url: '/api/permission/Position',
          payload: { ...body, organizeId: 'nope' },
        })
      ).code,
    ).toBe(400);
    expect(
      (await t.call(hr, { method: 'POST', url: '/api/permission/Position', payload: { fullName: 'x' } }))
        .code,
    ).toBe(400);
    const c = await t.call<{ id: string }>(hr, {
      method: 'POST',
      url: '/api/permission/Position',
      payload: body,
    });
    expect(c.code).toBe(200);
    expect((await t.call(hr, { method: 'POST', url: '/api/permission/Position', payload: body })).code).toBe(
      409,
    );
    expect(
      (
        await t.call<{ fullName: string }>(hr, {
          method: 'GET',
          url: `/api/permission/Position/${c.data.id}`,
        })
      ).data.fullName,
    ).toBe('法务专员');
    expect(
      (
        await t.call(hr, {
          method: 'PUT',
          url: `/api/permission/Position/${c.data.id}`,
          payload: { ...body, fullName: '法务主管' },
        })
      ).code,
    ).toBe(200);
    const yjPos = await t.db.kysely
      .selectFrom('base_position')
      .select('id')
      .where('organize_id', '=', units['JGJT-YJ'])
      .executeTakeFirstOrThrow();
    expect((await t.call(hr, { method: 'GET', url: `/api/permission/Position/${yjPos.id}` })).code).toBe(403);
    expect((await t.call(hr, { method: 'DELETE', url: `/api/permission/Position/${yjPos.id}` })).code).toBe(
      403,
    );
    expect((await t.call(admin, { method: 'DELETE', url: `/api/permission/Position/${yjPos.id}` })).msg).toBe(
      '该岗位下存在用户，不能删除',
    );
    expect((await t.call(hr, { method: 'DELETE', url: `/api/permission/Position/${c.data.id}` })).code).toBe(
      200,
    );
    expect((await t.call(hr, { method: 'GET', url: `/api/permission/Position/${c.data.id}` })).code).toBe(
      404,
    );
  });

  it('roles: list, selectors, CRUD, state, escalation refused', async () => {
    const list = await t.call<{ list: Array<{ enCode: string }>; pagination: { total: number } }>(hr, {
      method: 'GET',
      url: '/api/permission/Role?pageSize=50',
    });
    expect(list.code).toBe(200);
    expect(list.data.list.map((r) => r.enCode)).toContain('employee');
    expect((await t.call(mgr, { method: 'GET', url: '/api/permission/Role' })).code).toBe(403);
    const sel = await t.call<{ list: Node[] }>(emp, { method: 'GET', url: '/api/permission/Role/Selector' });
    expect(sel.data.list[0].fullName).toBe('全局角色');
    expect(flat(sel.data.list).filter((n) => n.type === 'role').length).toBe(Object.keys(roles).length);
    // hr holds the role menu without buttons
    expect(
      (
        await t.call(hr, {
          method: 'POST',
          url: '/api/permission/Role',
          payload: { fullName: 'x', enCode: 'x' },
        })
      ).code,
    ).toBe(403);
    const c = await t.call<{ id: string }>(admin, {
      method: 'POST',
      url: '/api/permission/Role',
      payload: {
        fullName: '项目资料员',
        enCode: 'docClerk',
        globalMark: 0,
        organizeId: units['JGJT-YJ'],
        dataScope: 'dept',
      },
    });
    expect(c.code).toBe(200);
    expect(
      (
        await t.call(admin, {
          method: 'POST',
          url: '/api/permission/Role',
          payload: { fullName: 'y', enCode: 'docClerk' },
        })
      ).code,
    ).toBe(409);
    expect(
      (
        await t.call(admin, {
          method: 'POST',
          url: '/api/permission/Role',
          payload: { fullName: 'y', enCode: 'y', dataScope: 'everything' },
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await t.call(admin, {
          method: 'POST',
          url: '/api/permission/Role',
          payload: { fullName: 'y', enCode: 'y', globalMark: 0 },
        })
      ).code,
    ).toBe(400);
    // hr (scope org at 集团总部) cannot read a unit role of 第一工程有限公司
    expect((await t.call(hr, { method: 'GET', url: `/api/permission/Role/${c.data.id}` })).code).toBe(403);
    const hrList = await t.call<{ list: Array<{ id: string }> }>(hr, {
      method: 'GET',
      url: '/api/permission/Role?pageSize=50',
    });
    expect(hrList.data.list.map((r) => r.id)).not.toContain(c.data.id);
    const byOrg = await t.call<{ list: Array<{ id: string }> }>(emp, {
      method: 'POST',
      url: '/api/permission/Role/getListByOrgIds',
      payload: { organizeIds: [units['JGJT-YJ']] },
    });
    expect(byOrg.data.list.map((r) => r.id)).toContain(c.data.id);
    const got = await t.call<{ dataScope: string; organizeId: string }>(admin, {
      method: 'GET',
      url: `/api/permission/Role/${c.data.id}`,
    });
    expect(got.data).toEqual(expect.objectContaining({ dataScope: 'dept', organizeId: units['JGJT-YJ'] }));
    expect(
      (
        await t.call(admin, {
          method: 'PUT',
          url: `/api/permission/Role/${c.data.id}`,
          payload: { fullName: '资料员', enCode: 'docClerk', globalMark: 0, organizeId: units['JGJT-YJ'] },
        })
      ).code,
    ).toBe(200);
    const st = await t.call<{ enabledMark: number }>(admin, {
      method: 'PUT',
      url: `/api/permission/Role/${c.data.id}/Actions/State`,
    });
    expect(st.data.enabledMark).toBe(0);
    const st2 = await t.call<{ enabledMark: number }>(admin, {
      method: 'PUT',
      url: `/api/permission/Role/${c.data.id}/Actions/State`,
      payload: { enabledMark: 1 },
    });
    expect(st2.data.enabledMark).toBe(1);
    const byPerm = await t.call<{ list: Node[] }>(admin, {
      method: 'GET',
      url: '/api/permission/Role/SelectorByPermission',
    });
    expect(flat(byPerm.data.list).map((n) => n.id)).toContain(c.data.id);
    const hrByPerm = await t.call<{ list: Node[] }>(hr, {
      method: 'GET',
      url: '/api/permission/Role/SelectorByPermission',
    });
    expect(flat(hrByPerm.data.list).filter((n) => n.type === 'role')).toEqual([]);
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/permission/Role/${roles.employee}` })).msg,
    ).toBe('该角色下存在用户，不能删除');
    expect((await t.call(admin, { method: 'DELETE', url: `/api/permission/Role/${c.data.id}` })).code).toBe(
      200,
    );
  });
});
