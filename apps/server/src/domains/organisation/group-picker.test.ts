// The user-by-department picker's calls (spec 3 §3 "Pickers", spec 4 §7 "Groups"; issue 35 item 5):
// GET /api/system/groupcustom/tree/{0 personal|1 enterprise} and GET .../ImUser (organizeId, groupId,
// keyword, self, currentPage, pageSize up to 20000). A personal group is its owner's alone: another user's
// group id is refused; an enabled enterprise group the tree shows is readable by every signed-in user.
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { type Node, useAdminFixture } from './admin-fixture';

interface Page {
  list: Array<{ id: string; fullName: string; organize: string; mobilePhone?: unknown; email?: unknown }>;
  pagination: { total: number; pageSize: number };
}

describe(`the user-by-department picker's group calls on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let emp: string;
  let hr: string;
  const { ids, units } = useAdminFixture(['admin', 'zhangwei', 'chenjing'], (f) => {
    t = f.t;
    [admin, emp, hr] = f.tokens;
  });
  const imUser = (token: string, query: string) =>
    t.call<Page>(token, { method: 'GET', url: `/api/system/groupcustom/ImUser?${query}` });

  it('a personal group is its owner’s: its members and its place in tree/0 are refused to another user', async () => {
    const mine = await t.call<{ id: string }>(emp, {
      method: 'POST',
      url: '/api/system/groupcustom',
      payload: { fullName: '项目伙伴', type: 0, userIds: [ids.chenjing, ids.wangjianguo] },
    });
    expect(mine.code).toBe(200);
    const own = await imUser(emp, `groupId=${mine.data.id}&currentPage=1&pageSize=20000`);
    expect(own.code).toBe(200);
    expect(own.data.list.map((u) => u.id).sort()).toEqual([ids.chenjing, ids.wangjianguo].sort());
    // the hostile case: another user (a member of the group, even) asks for it by id
    expect((await imUser(hr, `groupId=${mine.data.id}`)).code).toBe(403);
    expect((await imUser(admin, `groupId=${mine.data.id}`)).code).toBe(403);
    const theirs = await t.call<{ list: Node[] }>(hr, {
      method: 'GET',
      url: '/api/system/groupcustom/tree/0',
    });
    expect(theirs.data.list.map((n) => n.id)).not.toContain(mine.data.id);
    // the owner's group list (the /group page) counts the members
    const list = await t.call<{ list: Array<{ id: string; memberCount: number }> }>(emp, {
      method: 'GET',
      url: '/api/system/groupcustom?type=0',
    });
    expect(list.data.list.find((g) => g.id === mine.data.id)?.memberCount).toBe(2);
    expect((await imUser(emp, 'groupId=no-such-group')).code).toBe(404);
  });

  it('an enabled enterprise group of tree/1 lists its members to any signed-in user; a disabled one does not', async () => {
    const open = await t.call<{ id: string }>(admin, {
      method: 'POST',
      url: '/api/system/groupcustom',
      payload: { fullName: '安全小组', type: 1, userIds: [ids.chenjing] },
    });
    const off = await t.call<{ id: string }>(admin, {
      method: 'POST',
      url: '/api/system/groupcustom',
      payload: { fullName: '停用小组', type: 1, enabledMark: 0, userIds: [ids.chenjing] },
    });
    const tree = await t.call<{ list: Node[] }>(emp, {
      method: 'GET',
      url: '/api/system/groupcustom/tree/1',
    });
    expect(tree.data.list.map((n) => n.id)).toContain(open.data.id);
    expect(tree.data.list.map((n) => n.id)).not.toContain(off.data.id);
    const members = await imUser(emp, `groupId=${open.data.id}`);
    expect(members.code).toBe(200);
    expect(members.data.list.map((u) => u.id)).toEqual([ids.chenjing]);
    expect((await imUser(emp, `groupId=${off.data.id}`)).code).toBe(403);
  });

  it('users of a department and its sub-units in one page of 20000, picker fields only; 20001 is refused', async () => {
    const all = await imUser(emp, `organizeId=${units['JGJT-HQ']}&currentPage=1&pageSize=20000`);
    expect(all.code).toBe(200);
    expect(all.data.pagination.pageSize).toBe(20000);
    expect(all.data.list.length).toBe(all.data.pagination.total);
    expect(all.data.list.length).toBeGreaterThan(0);
    expect(all.data.list.map((u) => u.id)).not.toContain(ids.zhangwei);
    for (const u of all.data.list) {
      expect(u.mobilePhone).toBeUndefined();
      expect(u.email).toBeUndefined();
    }
    expect((await imUser(emp, `organizeId=${units['JGJT-HQ']}&pageSize=20001`)).code).toBe(400);
    expect((await imUser(emp, 'organizeId=no-such-unit&pageSize=20000')).data.list).toEqual([]);
  });
});
