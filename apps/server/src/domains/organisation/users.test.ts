import { describe, expect, it } from 'vitest';
import { md5, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { type Paged, type UserItem, useAdminFixture } from './admin-fixture';

describe(`users: list, CRUD, actions and pickers on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let hr: string;
  let mgr: string;
  let emp: string;
  const { ids, units, roles } = useAdminFixture(['admin', 'chenjing', 'wangjianguo', 'zhangwei'], (f) => {
    t = f.t;
    [admin, hr, mgr, emp] = f.tokens;
  });

  it('lists users paged, by keyword and unit; the scope limits what each caller sees', async () => {
    const all = await t.call<Paged<UserItem>>(admin, {
      method: 'GET',
      url: '/api/permission/Users?currentPage=1&pageSize=20',
    });
    expect(all.code).toBe(200);
    expect(all.data.list).toHaveLength(20);
    const total = all.data.pagination.total;
    expect(total).toBe(
      await t.db.kysely
        .selectFrom('base_user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    );
    const p2 = await t.call<Paged<UserItem>>(admin, {
      method: 'GET',
      url: '/api/permission/Users?currentPage=2&pageSize=20',
    });
    expect(p2.data.list.map((u) => u.id)).not.toContain(all.data.list[0].id);
    const kw = await t.call<Paged<UserItem>>(admin, {
      method: 'GET',
      url: '/api/permission/Users?keyword=wangjian',
    });
    expect(kw.data.list.map((u) => u.account)).toContain('wangjianguo');
    // hr: scope org at 集团总部 → only users of that company
    const hrList = await t.call<Paged<UserItem>>(hr, {
      method: 'GET',
      url: '/api/permission/Users?pageSize=1000',
    });
    const hqUsers = await t.db.kysely
      .selectFrom('base_user')
      .select('id')
      .where('organize_id', '=', units['JGJT-HQ'])
      .execute();
    expect(hrList.data.pagination.total).toBe(hqUsers.length);
    // manager: own department only
    const m = await t.call<Paged<UserItem>>(mgr, {
      method: 'GET',
      url: '/api/permission/Users?pageSize=1000',
    });
    const dept = await t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'department_id'])
      .where('id', '=', ids.wangjianguo)
      .executeTakeFirstOrThrow();
    const deptUsers = await t.db.kysely
      .selectFrom('base_user')
      .select('id')
      .where('department_id', '=', dept.department_id)
      .execute();
    expect(m.data.list.map((u) => u.id).sort()).toEqual(deptUsers.map((u) => u.id).sort());
    // employee: refused, no data
    expect(await t.call(emp, { method: 'GET', url: '/api/permission/Users' })).toEqual({
      code: 403,
      msg: '暂无权限',
      data: null,
    });
    const bad = await t.call(admin, { method: 'GET', url: '/api/permission/Users?pageSize=0' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/pageSize/);
  });

  it('creates a user with field rules, duplicates and scope checked; reads, updates and deletes it', async () => {
    const base = {
      account: 'newbie01',
      realName: '新同事',
      organizeId: units.hrDept,
      mobilePhone: '13912345678',
      email: 'n@example.com',
      roleIds: [roles.employee],
    };
    const badRules = await t.call(hr, {
      method: 'POST',
      url: '/api/permission/Users',
      payload: { ...base, account: 'new bie', mobilePhone: '123', email: 'x' },
    });
    expect(badRules.code).toBe(400);
    expect(badRules.msg).toBe(
      'account: 只能输入数字英文; mobilePhone: 请正确输入您的手机号; email: 请正确输入您的邮箱地址',
    );
    const missing = await t.call(hr, {
      method: 'POST',
      url: '/api/permission/Users',
      payload: { account: 'x1' },
    });
    expect(missing.code).toBe(400);
    // hr may not place a user in another company
    const out = await t.call(hr, {
      method: 'POST',
      url: '/api/permission/Users',
      payload: { ...base, organizeId: units['JGJT-YJ'] },
    });
    expect(out.code).toBe(403);
    // hr may not hand out the sysAdmin role (scope all, modules hr does not hold)
    const esc = await t.call(hr, {
      method: 'POST',
      url: '/api/permission/Users',
      payload: { ...base, roleIds: [roles.sysAdmin] },
    });
    expect(esc.code).toBe(403);
    const c = await t.call<{ id: string; password: string }>(hr, {
      method: 'POST',
      url: '/api/permission/Users',
      payload: base,
    });
    expect(c.code).toBe(200);
    const dupe = await t.call(hr, {
      method: 'POST',
      url: '/api/permission/Users',
      payload: { ...base, account: 'NEWBIE01' },
    });
    expect(dupe.code).toBe(409);
    const id = c.data.id;
    const got = await t.call<{
      account: string;
      organizeId: string;
      departmentId: string;
      roleIds: string[];
      organize: string;
    }>(hr, { method: 'GET', url: `/api/permission/Users/${id}` });
    expect(got.data).toEqual(
      expect.objectContaining({
        account: 'newbie01',
        organizeId: units.hrDept,
        departmentId: units.hrDept,
        roleIds: [roles.employee],
      }),
    );
    expect(got.data.organize).toBe('集团总部/人力资源部');
    // the new user logs in with the one-time password the creation answered and is flagged weak
    const tok = await t.login('newbie01', c.data.password);
    const cu = await t.call<{ userInfo: { invalidPassword?: boolean } }>(tok, {
      method: 'GET',
      url: '/api/oauth/CurrentUser',
    });
    expect(cu.data.userInfo.invalidPassword).toBe(true);
    const upd = await t.call(hr, {
      method: 'PUT',
      url: `/api/permission/Users/${id}`,
      payload: { ...base, realName: '新同事甲' },
    });
    expect(upd.code).toBe(200);
    expect(
      (await t.call(mgr, { method: 'PUT', url: `/api/permission/Users/${id}`, payload: base })).code,
    ).toBe(403);
    expect((await t.call(hr, { method: 'GET', url: `/api/permission/Users/${ids.zhangwei}` })).code).toBe(
      403,
    );
    expect((await t.call(hr, { method: 'DELETE', url: `/api/permission/Users/${ids.chenjing}` })).msg).toBe(
      '不能删除自己',
    );
    expect((await t.call(admin, { method: 'DELETE', url: `/api/permission/Users/${ids.admin}` })).code).toBe(
      400,
    );
    expect((await t.call(hr, { method: 'DELETE', url: `/api/permission/Users/${id}` })).code).toBe(200);
    expect((await t.call(tok, { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(601);
    expect((await t.call(hr, { method: 'GET', url: `/api/permission/Users/${id}` })).code).toBe(404);
  });

  it('reset password, state and unlock need their buttons and end sessions as they should', async () => {
    const target = ids.lihaitao ?? Object.entries(ids).find(([a]) => a.startsWith('li'))![1];
    const acc = Object.entries(ids).find(([, v]) => v === target)![0];
    const u = await t.db.kysely
      .selectFrom('base_user')
      .select(['organize_id'])
      .where('id', '=', target)
      .executeTakeFirstOrThrow();
    const tok = await t.login(acc);
    // the manager holds the user menu but not btn_resetPassword
    expect(
      (
        await t.call(mgr, {
          method: 'POST',
          url: `/api/permission/Users/${target}/Actions/ResetPassword`,
          payload: {},
        })
      ).code,
    ).toBe(403);
    const r = await t.call(admin, {
      method: 'POST',
      url: `/api/permission/Users/${target}/Actions/ResetPassword`,
      payload: { userPassword: md5('abc12345') },
    });
    expect(r.code).toBe(200);
    expect((await t.call(tok, { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(601);
    const tok2 = await t.login(acc, 'abc12345');
    const badPw = await t.call(admin, {
      method: 'POST',
      url: `/api/permission/Users/${target}/Actions/ResetPassword`,
      payload: { userPassword: 'plain' },
    });
    expect(badPw.code).toBe(400);
    const off = await t.call<{ enabledMark: number }>(admin, {
      method: 'PUT',
      url: `/api/permission/Users/${target}/Actions/State`,
      payload: { enabledMark: 0 },
    });
    expect(off.data.enabledMark).toBe(0);
    expect((await t.call(tok2, { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(601);
    await expect(t.login(acc, 'abc12345')).rejects.toThrow();
    const on = await t.call<{ enabledMark: number }>(admin, {
      method: 'PUT',
      url: `/api/permission/Users/${target}/Actions/State`,
    });
    expect(on.data.enabledMark).toBe(1);
    expect(
      (
        await t.call(admin, {
          method: 'PUT',
          url: `/api/permission/Users/${ids.admin}/Actions/State`,
          payload: { enabledMark: 0 },
        })
      ).code,
    ).toBe(400);
    await t.db.kysely
      .updateTable('base_user')
      .set({ locked_at: new Date(), error_count: 5 })
      .where('id', '=', target)
      .execute();
    const locked = await t.call<Paged<UserItem>>(admin, {
      method: 'GET',
      url: '/api/permission/Users?enabledMark=2',
    });
    expect(locked.data.list.map((x) => x.id)).toEqual([target]);
    expect(
      (await t.call(admin, { method: 'PUT', url: `/api/permission/Users/${target}/Actions/unlock` })).code,
    ).toBe(200);
    const row = await t.db.kysely
      .selectFrom('base_user')
      .select(['locked_at', 'error_count'])
      .where('id', '=', target)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ locked_at: null, error_count: 0 });
    expect(u.organize_id).toBeTruthy();
    expect(
      (await t.call(admin, { method: 'PUT', url: '/api/permission/Users/nope/Actions/unlock' })).code,
    ).toBe(404);
  });

  it('pickers and chat lists answer basic fields only, to any signed-in user', async () => {
    const all = await t.call<{ list: Array<Record<string, unknown>> }>(emp, {
      method: 'GET',
      url: '/api/permission/Users/All',
    });
    expect(all.code).toBe(200);
    expect(all.data.list.length).toBeGreaterThan(40);
    expect(all.data.list[0]).not.toHaveProperty('mobilePhone');
    expect(all.data.list[0]).not.toHaveProperty('email');
    const sel = await t.call<{ list: Array<{ children: unknown[] }> }>(emp, {
      method: 'GET',
      url: '/api/permission/Users/Selector',
    });
    expect(sel.data.list).toHaveLength(1);
    const im = await t.call<Paged<{ id: string }>>(emp, {
      method: 'GET',
      url: '/api/permission/Users/ImUser?pageSize=5',
    });
    expect(im.data.list).toHaveLength(5);
    expect(im.data.list.map((u) => u.id)).not.toContain(ids.zhangwei);
    const adm = await t.call<{ account: string }>(emp, {
      method: 'GET',
      url: '/api/permission/users/ImAdminUser',
    });
    expect(adm.data.account).toBe('admin');
    const lazy = await t.call<{ list: Array<{ type: string }> }>(emp, {
      method: 'POST',
      url: `/api/permission/Users/ImUser/Selector/${units.hrDept}`,
      payload: {},
    });
    expect(lazy.data.list.every((n) => n.type === 'user')).toBe(true);
    expect(lazy.data.list.length).toBeGreaterThan(0);
    const top = await t.call<{ list: Array<{ type: string }> }>(emp, {
      method: 'POST',
      url: '/api/permission/Users/ImUser/Selector/0',
      payload: {},
    });
    expect(top.data.list.map((n) => n.type)).toEqual(['company']);
    const kw = await t.call<{ list: Array<{ account: string }> }>(emp, {
      method: 'POST',
      url: '/api/permission/Users/ImUser/Selector/0',
      payload: { keyword: 'chenjing' },
    });
    expect(kw.data.list.map((u) => u.account)).toEqual(['chenjing']);
    const gl = await t.call<{ list: Array<{ id: string }> }>(emp, {
      method: 'POST',
      url: '/api/permission/Users/getUserList',
      payload: { userId: [ids.admin, 'nope', ids.chenjing] },
    });
    expect(gl.data.list.map((u) => u.id)).toEqual([ids.admin, ids.chenjing]);
    const gl2 = await t.call<{ list: Array<{ id: string }> }>(emp, {
      method: 'POST',
      url: '/api/permission/Users/getUserList',
      payload: { userId: `${ids.admin},${ids.chenjing}` },
    });
    expect(gl2.data.list).toHaveLength(2);
    expect(
      (await t.call(emp, { method: 'POST', url: '/api/permission/Users/getUserList', payload: {} })).code,
    ).toBe(400);
    const org = await t.call<{ list: Array<{ organizeName: string }> }>(hr, {
      method: 'GET',
      url: '/api/permission/Users/getOrganization',
    });
    expect(org.data.list.map((o) => o.organizeName)).toContain('建管建设集团有限公司/集团总部/人力资源部');
    expect(
      (
        await t.call(emp, {
          method: 'GET',
          url: `/api/permission/Users/getOrganization?userId=${ids.chenjing}`,
        })
      ).code,
    ).toBe(403);
    const pos = await t.db.kysely
      .selectFrom('base_user_relation')
      .select('object_id')
      .where('user_id', '=', ids.zhangwei)
      .where('object_type', '=', 'Position')
      .executeTakeFirstOrThrow();
    const byPos = await t.call<{ list: Array<{ id: string }> }>(emp, {
      method: 'GET',
      url: `/api/permission/Users/GetUsersByPositionId?positionId=${pos.object_id}`,
    });
    expect(byPos.data.list.map((u) => u.id)).toContain(ids.zhangwei);
    expect(
      (await t.call(emp, { method: 'GET', url: '/api/permission/Users/GetUsersByPositionId' })).code,
    ).toBe(400);
    const byRole = await t.call<{ list: Array<{ id: string }> }>(emp, {
      method: 'GET',
      url: `/api/permission/Users/GetUsersByRoleOrgId?roleId=${roles.hr}&organizeId=${units['JGJT-HQ']}`,
    });
    expect(byRole.data.list.map((u) => u.id)).toEqual([ids.chenjing]);
    // subordinates: make zhangwei report to wangjianguo
    await t.db.kysely
      .updateTable('base_user')
      .set({ manager_id: ids.wangjianguo })
      .where('id', '=', ids.zhangwei)
      .execute();
    const subs = await t.call<{ list: Array<{ id: string }> }>(mgr, {
      method: 'POST',
      url: '/api/permission/Users/getSubordinates',
      payload: {},
    });
    expect(subs.data.list.map((u) => u.id)).toContain(ids.zhangwei);
    const none = await t.call<{ list: unknown[] }>(emp, {
      method: 'POST',
      url: '/api/permission/Users/getSubordinates',
      payload: { keyword: 'x' },
    });
    expect(none.data.list).toEqual([]);
  });
});
