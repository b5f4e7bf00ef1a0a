import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { flat, type Node, useAdminFixture } from './admin-fixture';

describe(`role grants, relations and groups on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let hr: string;
  let _mgr: string;
  let emp: string;
  let leader: string;
  const { ids, units, roles } = useAdminFixture(
    ['admin', 'chenjing', 'wangjianguo', 'zhangwei', 'liuzhiqiang'],
    (f) => {
      t = f.t;
      [admin, hr, _mgr, emp, leader] = f.tokens;
    },
  );

  it('role grants: read the catalogue, save grants, the grantee sees the change; column settings', async () => {
    const g = await t.call<{
      module: string[];
      button: string[];
      dataScope: string;
      catalog: { module: Node[]; button: Array<{ id: string; enCode: string; moduleId: string }> };
    }>(admin, {
      method: 'GET',
      url: `/api/permission/Authority/Data/${roles.employee}`,
    });
    expect(g.code).toBe(200);
    expect(g.data.dataScope).toBe('self');
    expect(g.data.module.length).toBeGreaterThan(0);
    expect(
      (await t.call(hr, { method: 'GET', url: `/api/permission/Authority/Data/${roles.employee}` })).code,
    ).toBe(403); // no authorize menu
    const positionMenu = await t.db.kysely
      .selectFrom('base_module')
      .select('id')
      .where('en_code', '=', 'permission.position')
      .executeTakeFirstOrThrow();
    const permDir = await t.db.kysely
      .selectFrom('base_module')
      .select('id')
      .where('en_code', '=', 'permission')
      .executeTakeFirstOrThrow();
    // grant employees the position page with scope dept on it
    const body = {
      module: [...g.data.module, positionMenu.id, permDir.id],
      button: g.data.button,
      column: [],
      form: [],
      dataScope: 'self',
      moduleDataScope: [{ moduleId: positionMenu.id, scope: 'dept' }],
    };
    expect(
      (
        await t.call(admin, {
          method: 'PUT',
          url: `/api/permission/Authority/Data/${roles.employee}`,
          payload: { ...body, module: ['nope'] },
        })
      ).code,
    ).toBe(403);
    expect(
      (
        await t.call(admin, {
          method: 'PUT',
          url: `/api/permission/Authority/Data/${roles.employee}`,
          payload: { ...body, dataScope: 'galaxy' },
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await t.call(admin, {
          method: 'PUT',
          url: `/api/permission/Authority/Data/${roles.employee}`,
          payload: body,
        })
      ).code,
    ).toBe(200);
    const tree = await t.call<{ list: Node[] }>(emp, { method: 'GET', url: '/api/permission/Position/Tree' });
    expect(tree.code).toBe(200);
    const empDept = await t.db.kysely
      .selectFrom('base_user')
      .select('department_id')
      .where('id', '=', ids.zhangwei)
      .executeTakeFirstOrThrow();
    const deptPositions = await t.db.kysely
      .selectFrom('base_position')
      .select('id')
      .where('organize_id', '=', empDept.department_id!)
      .execute();
    expect(flat(tree.data.list).filter((n) => n.type === 'position')).toHaveLength(deptPositions.length);
    // columns: the caller's own settings of a module they hold
    const userMenu = await t.db.kysely
      .selectFrom('base_module')
      .select('id')
      .where('en_code', '=', 'permission.user')
      .executeTakeFirstOrThrow();
    const cols = await t.call<{ fieldList: string }>(hr, {
      method: 'GET',
      url: `/api/permission/Authority/GetColumnsByModuleId/${userMenu.id}`,
    });
    expect(JSON.parse(cols.data.fieldList).map((c: { prop: string }) => c.prop)).toContain('account');
    expect(
      (
        await t.call(emp, {
          method: 'GET',
          url: `/api/permission/Authority/GetColumnsByModuleId/${userMenu.id}`,
        })
      ).code,
    ).toBe(403);
    const save = (fieldList: string) =>
      t.call(hr, {
        method: 'PUT',
        url: '/api/permission/Authority/SetColumnsByModuleId',
        payload: { moduleId: userMenu.id, fieldList },
      });
    expect((await save('{bad json')).msg).toBe('fieldList 必须是JSON数组文本');
    expect((await save('{"a":1}')).code).toBe(400);
    expect((await save('[{"prop":"account","visible":true}]')).code).toBe(200);
    const again = await t.call<{ fieldList: string }>(hr, {
      method: 'GET',
      url: `/api/permission/Authority/GetColumnsByModuleId/${userMenu.id}`,
    });
    expect(again.data.fieldList).toBe('[{"prop":"account","visible":true}]');
  });

  it('member relations: read and replace role, position and group members within scope', async () => {
    const r = await t.call<{ ids: string[] }>(admin, {
      method: 'GET',
      url: `/api/permission/UserRelation/${roles.hr}?objectType=Role`,
    });
    expect(r.data.ids).toEqual([ids.chenjing]);
    expect(
      (await t.call(emp, { method: 'GET', url: `/api/permission/UserRelation/${roles.hr}?objectType=Role` }))
        .code,
    ).toBe(403);
    expect(
      (
        await t.call(admin, {
          method: 'GET',
          url: `/api/permission/UserRelation/${roles.hr}?objectType=Table`,
        })
      ).code,
    ).toBe(400);
    const set = await t.call(admin, {
      method: 'POST',
      url: `/api/permission/UserRelation/${roles.hr}`,
      payload: { objectType: 'Role', userIds: [ids.chenjing, ids.zhangwei] },
    });
    expect(set.code).toBe(200);
    const zw = await t.login('zhangwei');
    expect((await t.call(zw, { method: 'GET', url: '/api/permission/Users?pageSize=1' })).code).toBe(200); // hr role now grants the user menu
    expect(
      (
        await t.call(admin, {
          method: 'POST',
          url: `/api/permission/UserRelation/${roles.hr}`,
          payload: { objectType: 'Role', userIds: [ids.chenjing] },
        })
      ).code,
    ).toBe(200);
    expect((await t.call(zw, { method: 'GET', url: '/api/permission/Users?pageSize=1' })).code).toBe(403);
    expect(
      (
        await t.call(admin, {
          method: 'POST',
          url: `/api/permission/UserRelation/${roles.hr}`,
          payload: { objectType: 'Role', userIds: ['nope'] },
        })
      ).code,
    ).toBe(400);
    // hr holds the position menu with btn_edit, scope org (集团总部): can set members of an HQ position, only HQ users
    const hqPos = await t.db.kysely
      .selectFrom('base_position')
      .select('id')
      .where('organize_id', '=', units['JGJT-HQ'])
      .executeTakeFirstOrThrow();
    const before = await t.call<{ ids: string[] }>(hr, {
      method: 'GET',
      url: `/api/permission/UserRelation/${hqPos.id}?objectType=Position`,
    });
    expect(
      (
        await t.call(hr, {
          method: 'POST',
          url: `/api/permission/UserRelation/${hqPos.id}`,
          payload: { objectType: 'Position', userIds: [...before.data.ids, ids.zhangwei] },
        })
      ).code,
    ).toBe(403);
    expect(
      (
        await t.call(hr, {
          method: 'POST',
          url: `/api/permission/UserRelation/${hqPos.id}`,
          payload: { objectType: 'Position', userIds: [...before.data.ids, ids.chenjing] },
        })
      ).code,
    ).toBe(200);
    const after = await t.call<{ ids: string[] }>(hr, {
      method: 'GET',
      url: `/api/permission/UserRelation/${hqPos.id}?objectType=Position`,
    });
    expect(after.data.ids).toContain(ids.chenjing);
    // a role hr may not hand out
    expect(
      (
        await t.call(hr, {
          method: 'POST',
          url: `/api/permission/UserRelation/${roles.sysAdmin}`,
          payload: { objectType: 'Role', userIds: [ids.chenjing] },
        })
      ).code,
    ).toBe(403);
  });

  it('groups: personal groups are private, enterprise groups need the group menu buttons; tree and ImUser', async () => {
    const p = await t.call<{ id: string }>(emp, {
      method: 'POST',
      url: '/api/system/groupcustom',
      payload: { fullName: '我的同事', type: 0, userIds: [ids.wangjianguo, ids.chenjing] },
    });
    expect(p.code).toBe(200);
    expect(
      (
        await t.call(emp, {
          method: 'POST',
          url: '/api/system/groupcustom',
          payload: { fullName: '', type: 0 },
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await t.call(emp, {
          method: 'POST',
          url: '/api/system/groupcustom',
          payload: { fullName: '全员', type: 1 },
        })
      ).code,
    ).toBe(403);
    const e = await t.call<{ id: string }>(admin, {
      method: 'POST',
      url: '/api/system/groupcustom',
      payload: { fullName: '安全委员会', type: 1, userIds: [ids.zhangwei, ids.liuzhiqiang] },
    });
    expect(e.code).toBe(200);
    const mine = await t.call<{ list: Node[] }>(emp, {
      method: 'GET',
      url: '/api/system/groupcustom/tree/0',
    });
    expect(mine.data.list.map((n) => n.ucName)).toEqual(['我的同事']);
    const others = await t.call<{ list: Node[] }>(hr, {
      method: 'GET',
      url: '/api/system/groupcustom/tree/0',
    });
    expect(others.data.list).toEqual([]);
    const ent = await t.call<{ list: Node[] }>(emp, { method: 'GET', url: '/api/system/groupcustom/tree/1' });
    expect(ent.data.list.map((n) => n.ucName)).toEqual(['安全委员会']);
    expect((await t.call(emp, { method: 'GET', url: '/api/system/groupcustom/tree/2' })).code).toBe(400);
    expect((await t.call(hr, { method: 'GET', url: `/api/system/groupcustom/${p.data.id}` })).code).toBe(403);
    expect((await t.call(hr, { method: 'DELETE', url: `/api/system/groupcustom/${p.data.id}` })).code).toBe(
      403,
    );
    const members = await t.call<{ list: Array<{ id: string }>; pagination: { total: number } }>(emp, {
      method: 'GET',
      url: `/api/system/groupcustom/ImUser?groupId=${p.data.id}&currentPage=1&pageSize=20`,
    });
    expect(members.data.list.map((u) => u.id).sort()).toEqual([ids.wangjianguo, ids.chenjing].sort());
    expect(
      (await t.call(hr, { method: 'GET', url: `/api/system/groupcustom/ImUser?groupId=${p.data.id}` })).code,
    ).toBe(403);
    const inOrg = await t.call<{ list: Array<{ id: string }>; pagination: { total: number } }>(emp, {
      method: 'GET',
      url: `/api/system/groupcustom/ImUser?organizeId=${units['JGJT-HQ']}&pageSize=500`,
    });
    const hq = await t.db.kysely
      .selectFrom('base_user')
      .select('id')
      .where('organize_id', '=', units['JGJT-HQ'])
      .execute();
    expect(inOrg.data.pagination.total).toBe(hq.length);
    const selfIncluded = await t.call<{ list: Array<{ id: string }> }>(emp, {
      method: 'GET',
      url: '/api/system/groupcustom/ImUser?keyword=zhangwei&self=true',
    });
    expect(selfIncluded.data.list.map((u) => u.id)).toContain(ids.zhangwei);
    const selfLeft = await t.call<{ list: Array<{ id: string }> }>(emp, {
      method: 'GET',
      url: '/api/system/groupcustom/ImUser?keyword=zhangwei',
    });
    expect(selfLeft.data.list.map((u) => u.id)).not.toContain(ids.zhangwei);
    expect(
      (
        await t.call(emp, {
          method: 'PUT',
          url: `/api/system/groupcustom/${p.data.id}`,
          payload: { fullName: '同事们', type: 0 },
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await t.call(emp, {
          method: 'POST',
          url: `/api/permission/UserRelation/${p.data.id}`,
          payload: { objectType: 'Group', userIds: [ids.admin] },
        })
      ).code,
    ).toBe(200);
    const g = await t.call<{ userIds: string[]; fullName: string }>(emp, {
      method: 'GET',
      url: `/api/system/groupcustom/${p.data.id}`,
    });
    expect(g.data).toEqual(expect.objectContaining({ fullName: '同事们', userIds: [ids.admin] }));
    const list = await t.call<{ list: Node[] }>(emp, { method: 'GET', url: '/api/system/groupcustom' });
    expect(list.data.list).toHaveLength(2);
    expect(
      (
        await t.call(leader, {
          method: 'PUT',
          url: `/api/system/groupcustom/${e.data.id}`,
          payload: { fullName: 'x', type: 1 },
        })
      ).code,
    ).toBe(403);
    expect((await t.call(emp, { method: 'DELETE', url: `/api/system/groupcustom/${p.data.id}` })).code).toBe(
      200,
    );
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/system/groupcustom/${e.data.id}` })).code,
    ).toBe(200);
    expect((await t.call(admin, { method: 'GET', url: `/api/system/groupcustom/${e.data.id}` })).code).toBe(
      404,
    );
  });
});
