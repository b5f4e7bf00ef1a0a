import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';

interface Node {
  id: string;
  fullName: string;
  category: string;
  parentId: string;
  children: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe(`organisations and departments on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let hr: string;
  let mgr: string;
  let emp: string;
  let orgs: Array<{ id: string; full_name: string; category: string; parent_id: string | null }>;
  const orgId = (name: string, parentName?: string) => {
    const parent = parentName ? orgs.find((o) => o.full_name === parentName)!.id : undefined;
    return orgs.find((o) => o.full_name === name && (!parent || o.parent_id === parent))!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, hr, mgr, emp] = await Promise.all(
      ['admin', 'chenjing', 'wangjianguo', 'zhangwei'].map((a) => t.login(a)),
    );
    orgs = await t.db.kysely
      .selectFrom('base_organize')
      .select(['id', 'full_name', 'category', 'parent_id'])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('admin lists the whole tree; the employee is refused with a code and msg and no data', async () => {
    const r = await t.call<{ list: Node[] }>(admin, { method: 'GET', url: '/api/permission/Organize' });
    expect(r.code).toBe(200);
    expect(flat(r.data.list)).toHaveLength(orgs.length);
    expect(r.data.list).toHaveLength(1);
    const e = await t.call(emp, { method: 'GET', url: '/api/permission/Organize' });
    expect(e).toEqual({ code: 403, msg: '暂无权限', data: null });
  });

  it('hr (scope org, 集团总部) sees only 集团总部 and below', async () => {
    const r = await t.call<{ list: Node[] }>(hr, { method: 'GET', url: '/api/permission/Organize' });
    const names = flat(r.data.list).map((n) => n.fullName);
    expect(names).toContain('集团总部');
    expect(names).toContain('人力资源部');
    expect(names).not.toContain('第一工程有限公司');
    expect(names).not.toContain('建管建设集团有限公司');
  });

  it('department manager (scope dept) sees only his department; reads outside are refused', async () => {
    const r = await t.call<{ list: Node[] }>(mgr, {
      method: 'GET',
      url: `/api/permission/Organize/0/Department`,
    });
    expect(r.code).toBe(200);
    const names = flat(r.data.list).map((n) => n.fullName);
    expect(names).toEqual(['工程管理部']);
    const other = orgId('人力资源部');
    const x = await t.call(mgr, { method: 'GET', url: `/api/permission/Organize/Department/${other}` });
    expect(x.code).toBe(403);
    expect(x.data).toBeNull();
  });

  it('create, read, update, move and delete a department; refuse bad input, cycles, duplicates', async () => {
    const hq = orgId('集团总部');
    const bad = await t.call(hr, {
      method: 'POST',
      url: '/api/permission/Organize/Department',
      payload: { parentId: hq, enCode: 'X' },
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/fullName/);
    const c = await t.call<{ id: string }>(hr, {
      method: 'POST',
      url: '/api/permission/Organize/Department',
      payload: { parentId: hq, fullName: '法务部', enCode: 'HQ-LAW', sortCode: 9 },
    });
    expect(c.code).toBe(200);
    const id = c.data.id;
    const sub = await t.call<{ id: string }>(hr, {
      method: 'POST',
      url: '/api/permission/Organize/Department',
      payload: { parentId: id, fullName: '合同组', enCode: 'HQ-LAW-1' },
    });
    expect(sub.code).toBe(200);
    const dupe = await t.call(hr, {
      method: 'POST',
      url: '/api/permission/Organize/Department',
      payload: { parentId: hq, fullName: '法务部2', enCode: 'HQ-LAW' },
    });
    expect(dupe.code).toBe(409);
    const got = await t.call<{ fullName: string; organizeIdTree: string[] }>(hr, {
      method: 'GET',
      url: `/api/permission/Organize/Department/${id}`,
    });
    expect(got.data.fullName).toBe('法务部');
    expect(got.data.organizeIdTree.at(-1)).toBe(id);
    const cycle = await t.call(hr, {
      method: 'PUT',
      url: `/api/permission/Organize/Department/${id}`,
      payload: { parentId: sub.data.id, fullName: '法务部', enCode: 'HQ-LAW' },
    });
    expect(cycle.code).toBe(400);
    // Moving outside hr's scope is refused; inside it works and keeps the subtree's paths right.
    const yj = orgId('第一工程有限公司');
    const out = await t.call(hr, {
      method: 'PUT',
      url: `/api/permission/Organize/Department/${id}`,
      payload: { parentId: yj, fullName: '法务部', enCode: 'HQ-LAW' },
    });
    expect(out.code).toBe(403);
    const moved = await t.call(admin, {
      method: 'PUT',
      url: `/api/permission/Organize/Department/${id}`,
      payload: { parentId: yj, fullName: '法务部', enCode: 'HQ-LAW' },
    });
    expect(moved.code).toBe(200);
    const subRow = await t.db.kysely
      .selectFrom('base_organize')
      .select('tree_path')
      .where('id', '=', sub.data.id)
      .executeTakeFirstOrThrow();
    expect(subRow.tree_path.split(',').slice(-3)).toEqual([yj, id, sub.data.id]);
    // Refuse deleting a unit with children; then delete leaf and parent.
    const refused = await t.call(admin, {
      method: 'DELETE',
      url: `/api/permission/Organize/Department/${id}`,
    });
    expect(refused.code).toBe(409);
    expect(refused.msg).toBe('该组织下存在下级组织或部门，不能删除');
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/permission/Organize/Department/${sub.data.id}` }))
        .code,
    ).toBe(200);
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/permission/Organize/Department/${id}` })).code,
    ).toBe(200);
    expect(
      (await t.call(admin, { method: 'GET', url: `/api/permission/Organize/Department/${id}` })).code,
    ).toBe(404);
  });

  it('refuses deleting a unit with members, with a clear msg', async () => {
    const r = await t.call(admin, {
      method: 'DELETE',
      url: `/api/permission/Organize/Department/${orgId('人力资源部')}`,
    });
    expect(r.code).toBe(409);
    expect(r.msg).toBe('该组织下存在用户，不能删除');
    const en = await t.call(admin, {
      method: 'DELETE',
      url: `/api/permission/Organize/${orgId('集团总部')}`,
      headers: { 'accept-language': 'en' },
    });
    expect(en.msg).toBe('This unit still has child units and cannot be deleted');
  });

  it('organisations: create under the group, selectors exclude the edited subtree, sync repairs paths', async () => {
    const root = orgId('建管建设集团有限公司');
    const c = await t.call<{ id: string }>(admin, {
      method: 'POST',
      url: '/api/permission/Organize',
      payload: { parentId: root, fullName: '第三工程有限公司', enCode: 'JGJT-SANJ' },
    });
    expect(c.code).toBe(200);
    const refusedHr = await t.call(hr, {
      method: 'POST',
      url: '/api/permission/Organize',
      payload: { parentId: root, fullName: 'X', enCode: 'X1' },
    });
    expect(refusedHr.code).toBe(403);
    const sel = await t.call<{ list: Node[] }>(emp, {
      method: 'GET',
      url: `/api/permission/Organize/Selector/${c.data.id}`,
    });
    expect(sel.code).toBe(200);
    const ids = flat(sel.data.list).map((n) => n.id);
    expect(ids).not.toContain(c.data.id);
    expect(flat(sel.data.list).every((n) => n.category === 'company')).toBe(true);
    const tree = await t.call<{ list: Node[] }>(emp, { method: 'GET', url: '/api/permission/Organize/Tree' });
    expect(flat(tree.data.list).map((n) => n.id)).toContain(c.data.id);
    await t.db.kysely
      .updateTable('base_organize')
      .set({ tree_path: 'broken' })
      .where('id', '=', c.data.id)
      .execute();
    const sync = await t.call<{ fixed: number }>(admin, {
      method: 'POST',
      url: `/api/permission/Organize/sysOrganize/${c.data.id}`,
    });
    expect(sync.data.fixed).toBe(1);
    const put = await t.call(admin, {
      method: 'PUT',
      url: `/api/permission/Organize/${c.data.id}`,
      payload: { parentId: root, fullName: '第三工程公司', enCode: 'JGJT-SANJ' },
    });
    expect(put.code).toBe(200);
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/permission/Organize/${c.data.id}` })).code,
    ).toBe(200);
  });

  it('SelectorByAuth follows the data scope; organisation administrators are admin-only', async () => {
    const m = await t.call<{ list: Node[] }>(mgr, {
      method: 'GET',
      url: '/api/permission/Organize/Department/SelectorByAuth/0',
    });
    expect(flat(m.data.list).map((n) => n.fullName)).toEqual(['工程管理部']);
    const e = await t.call<{ list: Node[] }>(emp, {
      method: 'GET',
      url: '/api/permission/Organize/Department/SelectorByAuth/0',
    });
    expect(e.code).toBe(200);
    expect(e.data.list).toEqual([]);
    const users = await t.db.kysely.selectFrom('base_user').select(['id', 'account']).execute();
    const hrId = users.find((u) => u.account === 'chenjing')!.id;
    const body = { list: [{ organizeId: orgId('集团总部'), thisLayerSelect: 1, subLayerSelect: 1 }] };
    expect(
      (
        await t.call(hr, {
          method: 'PUT',
          url: `/api/permission/organizeAdminIsTrator/${hrId}`,
          payload: body,
        })
      ).code,
    ).toBe(403);
    expect(
      (
        await t.call(admin, {
          method: 'PUT',
          url: `/api/permission/organizeAdminIsTrator/${hrId}`,
          payload: body,
        })
      ).code,
    ).toBe(200);
    const bad = await t.call(admin, {
      method: 'PUT',
      url: `/api/permission/organizeAdminIsTrator/${hrId}`,
      payload: { list: [{ organizeId: 'nope' }] },
    });
    expect(bad.code).toBe(400);
    const got = await t.call<{ list: Array<{ organizeId: string; subLayerSelect: number }> }>(admin, {
      method: 'GET',
      url: `/api/permission/organizeAdminIsTrator/${hrId}`,
    });
    expect(got.data.list).toEqual([
      expect.objectContaining({ organizeId: orgId('集团总部'), subLayerSelect: 1 }),
    ]);
  });
});
