// Roles × endpoints: administrator, a department manager (scope 'dept' on the user and department
// menus, no buttons) and an ordinary employee (scope 'self', no admin menus). A refusal is a code with a
// msg and data null; data-scoped lists only hold rows in scope; out-of-scope updates and deletes are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';

type Who = 'admin' | 'mgr' | 'emp';
type Expect = 'ok' | 'deny';
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (x: Ctx) => string;
  payload?: (x: Ctx) => unknown;
  expect: Record<Who, Expect>;
}
interface Ctx {
  ids: Record<string, string>;
  units: Record<string, string>;
  roles: Record<string, string>;
  otherDept: string;
  mgrDept: string;
  hqPosition: string;
  userMenu: string;
}

const ALL_OK = { admin: 'ok', mgr: 'ok', emp: 'ok' } as const;
const ADMIN_ONLY = { admin: 'ok', mgr: 'deny', emp: 'deny' } as const;
const MENU_HOLDERS = { admin: 'ok', mgr: 'ok', emp: 'deny' } as const;

const CASES: Case[] = [
  // organisations and departments
  { name: 'Organize list', method: 'GET', url: () => '/api/permission/Organize', expect: ADMIN_ONLY },
  {
    name: 'Organize create',
    method: 'POST',
    url: () => '/api/permission/Organize',
    payload: (x) => ({ parentId: x.units.JGJT, fullName: 'M1', enCode: 'M1' }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'Organize read',
    method: 'GET',
    url: (x) => `/api/permission/Organize/${x.units['JGJT-HQ']}`,
    expect: ADMIN_ONLY,
  },
  {
    name: 'Organize update',
    method: 'PUT',
    url: (x) => `/api/permission/Organize/${x.units['JGJT-SJY']}`,
    payload: (x) => ({ parentId: x.units.JGJT, fullName: '建管设计研究院', enCode: 'JGJT-SJY' }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'Organize admins read',
    method: 'GET',
    url: (x) => `/api/permission/organizeAdminIsTrator/${x.ids.zhangwei}`,
    expect: ADMIN_ONLY,
  },
  {
    name: 'Organize sync',
    method: 'POST',
    url: (x) => `/api/permission/Organize/sysOrganize/${x.units['JGJT-HQ']}`,
    expect: ADMIN_ONLY,
  },
  {
    name: 'Organize selector',
    method: 'GET',
    url: () => '/api/permission/Organize/Selector/0',
    expect: ALL_OK,
  },
  { name: 'Organize tree', method: 'GET', url: () => '/api/permission/Organize/Tree', expect: ALL_OK },
  {
    name: 'Department list',
    method: 'GET',
    url: () => '/api/permission/Organize/0/Department',
    expect: MENU_HOLDERS,
  },
  {
    name: 'Department read (own)',
    method: 'GET',
    url: (x) => `/api/permission/Organize/Department/${x.mgrDept}`,
    expect: MENU_HOLDERS,
  },
  {
    name: 'Department read (other)',
    method: 'GET',
    url: (x) => `/api/permission/Organize/Department/${x.otherDept}`,
    expect: ADMIN_ONLY,
  },
  {
    name: 'Department create',
    method: 'POST',
    url: () => '/api/permission/Organize/Department',
    payload: (x) => ({ parentId: x.mgrDept, fullName: 'M2', enCode: 'M2' }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'Department update (own)',
    method: 'PUT',
    url: (x) => `/api/permission/Organize/Department/${x.mgrDept}`,
    payload: (x) => ({ parentId: x.units['JGJT-YJ'], fullName: '工程管理部', enCode: 'JGJT-YJ-D2' }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'Department delete (other)',
    method: 'DELETE',
    url: (x) => `/api/permission/Organize/Department/${x.otherDept}`,
    expect: { admin: 'deny', mgr: 'deny', emp: 'deny' },
  },
  {
    name: 'Department selector by auth',
    method: 'GET',
    url: () => '/api/permission/Organize/Department/SelectorByAuth/0',
    expect: ALL_OK,
  },
  // positions
  { name: 'Position tree', method: 'GET', url: () => '/api/permission/Position/Tree', expect: ADMIN_ONLY },
  {
    name: 'Position create',
    method: 'POST',
    url: () => '/api/permission/Position',
    payload: (x) => ({ organizeId: x.mgrDept, fullName: 'M3', enCode: 'M3' }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'Position read',
    method: 'GET',
    url: (x) => `/api/permission/Position/${x.hqPosition}`,
    expect: ADMIN_ONLY,
  },
  {
    name: 'Position selector',
    method: 'GET',
    url: () => '/api/permission/Position/Selector',
    expect: ALL_OK,
  },
  // roles and grants
  { name: 'Role list', method: 'GET', url: () => '/api/permission/Role', expect: ADMIN_ONLY },
  {
    name: 'Role create',
    method: 'POST',
    url: () => '/api/permission/Role',
    payload: () => ({ fullName: 'M4', enCode: 'M4' }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'Role state',
    method: 'PUT',
    url: (x) => `/api/permission/Role/${x.roles.companyLeader}/Actions/State`,
    payload: () => ({ enabledMark: 1 }),
    expect: ADMIN_ONLY,
  },
  { name: 'Role selector', method: 'GET', url: () => '/api/permission/Role/Selector', expect: ALL_OK },
  {
    name: 'Grants read',
    method: 'GET',
    url: (x) => `/api/permission/Authority/Data/${x.roles.employee}`,
    expect: ADMIN_ONLY,
  },
  {
    name: 'Grants save',
    method: 'PUT',
    url: (x) => `/api/permission/Authority/Data/${x.roles.companyLeader}`,
    payload: () => ({ module: [], button: [], column: [], form: [], dataScope: 'all' }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'Columns of the user page',
    method: 'GET',
    url: (x) => `/api/permission/Authority/GetColumnsByModuleId/${x.userMenu}`,
    expect: MENU_HOLDERS,
  },
  // users
  { name: 'User list', method: 'GET', url: () => '/api/permission/Users', expect: MENU_HOLDERS },
  {
    name: 'User read (own dept)',
    method: 'GET',
    url: (x) => `/api/permission/Users/${x.ids.zhangwei}`,
    expect: MENU_HOLDERS,
  },
  {
    name: 'User read (other dept)',
    method: 'GET',
    url: (x) => `/api/permission/Users/${x.ids.chenjing}`,
    expect: ADMIN_ONLY,
  },
  {
    name: 'User create',
    method: 'POST',
    url: () => '/api/permission/Users',
    payload: (x) => ({ account: 'mx1', realName: 'M', organizeId: x.mgrDept }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'User update (own dept)',
    method: 'PUT',
    url: (x) => `/api/permission/Users/${x.ids.zhangwei}`,
    payload: (x) => ({ account: 'zhangwei', realName: '张伟', organizeId: x.mgrDept }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'User reset password',
    method: 'POST',
    url: (x) => `/api/permission/Users/${x.ids.zhangwei}/Actions/ResetPassword`,
    payload: () => ({}),
    expect: ADMIN_ONLY,
  },
  {
    name: 'User state',
    method: 'PUT',
    url: (x) => `/api/permission/Users/${x.ids.mx1 ?? x.ids.zhangwei}/Actions/State`,
    payload: () => ({ enabledMark: 1 }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'User unlock',
    method: 'PUT',
    url: (x) => `/api/permission/Users/${x.ids.zhangwei}/Actions/unlock`,
    expect: ADMIN_ONLY,
  },
  { name: 'User export', method: 'GET', url: () => '/api/permission/Users/ExportExcel', expect: ADMIN_ONLY },
  {
    name: 'User template',
    method: 'GET',
    url: () => '/api/permission/Users/TemplateDownload',
    expect: ADMIN_ONLY,
  },
  {
    name: 'User import',
    method: 'POST',
    url: () => '/api/permission/Users/ImportData',
    payload: () => ({ list: [] }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'Staff write',
    method: 'PUT',
    url: (x) => `/api/permission/Users/staff/basicInfo/${x.ids.zhangwei}`,
    payload: () => ({ nation: '汉族' }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'Staff read (other)',
    method: 'GET',
    url: (x) => `/api/permission/Users/staff/basicInfo/${x.ids.chenjing}`,
    expect: ADMIN_ONLY,
  },
  {
    name: 'Resume (own dept)',
    method: 'GET',
    url: (x) => `/api/permission/users/resume/${x.ids.zhangwei}`,
    expect: ALL_OK,
  },
  { name: 'Users picker', method: 'GET', url: () => '/api/permission/Users/All', expect: ALL_OK },
  {
    name: 'Relation read (role)',
    method: 'GET',
    url: (x) => `/api/permission/UserRelation/${x.roles.hr}?objectType=Role`,
    expect: ADMIN_ONLY,
  },
  {
    name: 'Relation write (role)',
    method: 'POST',
    url: (x) => `/api/permission/UserRelation/${x.roles.hr}`,
    payload: (x) => ({ objectType: 'Role', userIds: [x.ids.chenjing] }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'Enterprise group create',
    method: 'POST',
    url: () => '/api/system/groupcustom',
    payload: () => ({ fullName: 'G', type: 1 }),
    expect: ADMIN_ONLY,
  },
  {
    name: 'Personal group create',
    method: 'POST',
    url: () => '/api/system/groupcustom',
    payload: () => ({ fullName: 'G', type: 0 }),
    expect: ALL_OK,
  },
  {
    name: 'Current base info',
    method: 'GET',
    url: () => '/api/permission/Users/Current/BaseInfo',
    expect: ALL_OK,
  },
];

describe(`roles × endpoints on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  const tokens = {} as Record<Who, string>;
  const x = { ids: {}, units: {}, roles: {} } as Ctx;

  beforeAll(async () => {
    t = await createTestApp();
    [tokens.admin, tokens.mgr, tokens.emp] = await Promise.all(
      ['admin', 'wangjianguo', 'zhangwei'].map((a) => t.login(a)),
    );
    const db = t.db.kysely;
    for (const u of await db.selectFrom('base_user').select(['id', 'account']).execute())
      x.ids[u.account] = u.id;
    for (const o of await db.selectFrom('base_organize').select(['id', 'en_code']).execute())
      x.units[o.en_code] = o.id;
    for (const r of await db.selectFrom('base_role').select(['id', 'en_code']).execute())
      x.roles[r.en_code] = r.id;
    const mgr = await db
      .selectFrom('base_user')
      .select('department_id')
      .where('account', '=', 'wangjianguo')
      .executeTakeFirstOrThrow();
    x.mgrDept = mgr.department_id!;
    const hrDept = await db
      .selectFrom('base_user')
      .select('department_id')
      .where('account', '=', 'chenjing')
      .executeTakeFirstOrThrow();
    x.otherDept = hrDept.department_id!;
    x.hqPosition = (
      await db
        .selectFrom('base_position')
        .select('id')
        .where('organize_id', '=', x.units['JGJT-HQ'])
        .executeTakeFirstOrThrow()
    ).id;
    x.userMenu = (
      await db
        .selectFrom('base_module')
        .select('id')
        .where('en_code', '=', 'permission.user')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const who of ['emp', 'mgr', 'admin'] as const) {
    it(`${who}: every endpoint answers as the matrix says; refusals carry a code, a msg and no data`, async () => {
      const wrong: string[] = [];
      for (const c of CASES) {
        const r = await t.call(tokens[who], {
          method: c.method,
          url: c.url(x),
          ...(c.payload ? { payload: c.payload(x) as object } : {}),
        });
        const got: Expect = r.code === 200 ? 'ok' : 'deny';
        if (got !== c.expect[who]) wrong.push(`${c.name}: expected ${c.expect[who]}, got ${r.code} ${r.msg}`);
        if (got === 'deny') {
          if (r.data !== null || !r.msg) wrong.push(`${c.name}: refusal leaked data or had no msg`);
          if (c.expect[who] === 'deny' && who !== 'admin' && ![403, 404].includes(r.code))
            wrong.push(`${c.name}: refusal code ${r.code}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('data-scoped lists hold only rows in scope for the department manager', async () => {
    const db = t.db.kysely;
    const users = await t.call<{ list: Array<{ id: string; departmentId: string }> }>(tokens.mgr, {
      method: 'GET',
      url: '/api/permission/Users?pageSize=2000',
    });
    expect(users.data.list.length).toBeGreaterThan(0);
    expect(users.data.list.every((u) => u.departmentId === x.mgrDept)).toBe(true);
    // filtering by another unit cannot widen the scope
    const widened = await t.call<{ list: unknown[] }>(tokens.mgr, {
      method: 'GET',
      url: `/api/permission/Users?organizeId=${x.units.JGJT}&pageSize=2000`,
    });
    expect(widened.data.list).toHaveLength(users.data.list.length);
    const keyword = await t.call<{ list: unknown[] }>(tokens.mgr, {
      method: 'GET',
      url: '/api/permission/Users?keyword=chenjing',
    });
    expect(keyword.data.list).toEqual([]);
    const depts = await t.call<{ list: Array<{ id: string; children: unknown[] }> }>(tokens.mgr, {
      method: 'GET',
      url: '/api/permission/Organize/0/Department',
    });
    expect(depts.data.list.map((d) => d.id)).toEqual([x.mgrDept]);
    const byAuth = await t.call<{ list: Array<{ id: string }> }>(tokens.mgr, {
      method: 'GET',
      url: '/api/permission/Organize/Department/SelectorByAuth/0',
    });
    expect(byAuth.data.list.map((d) => d.id)).toEqual([x.mgrDept]);
    // the employee's picker under the same call is empty (no department grant), not the whole tree
    // (log in again: the admin row of the matrix reset this user's password, which ended the session;
    // a reset answers the one-time password once, so reset again here and use it)
    const again = await t.call<{ password: string }>(tokens.admin, {
      method: 'POST',
      url: `/api/permission/Users/${x.ids.zhangwei}/Actions/ResetPassword`,
      payload: {},
    });
    tokens.emp = await t.login('zhangwei', again.data.password);
    const empAuth = await t.call<{ list: unknown[] }>(tokens.emp, {
      method: 'GET',
      url: '/api/permission/Organize/Department/SelectorByAuth/0',
    });
    expect(empAuth.data.list).toEqual([]);
    const total = await db
      .selectFrom('base_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(users.data.list.length).toBeLessThan(Number(total.n));
  });

  it('out-of-scope updates and deletes are refused even with the buttons', async () => {
    // give the manager's role every user button: scope stays 'dept'
    const db = t.db.kysely;
    const userMenuId = x.userMenu;
    const buttons = await db
      .selectFrom('base_module_button')
      .select('id')
      .where('module_id', '=', userMenuId)
      .execute();
    for (const b of buttons)
      await db
        .insertInto('base_role_authorize')
        .values({
          id: `m${b.id}`.slice(0, 64),
          role_id: x.roles.deptManager,
          item_type: 'button',
          item_id: b.id,
          scope: null,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    await t.ctx.authz.invalidate();
    const upd = await t.call(tokens.mgr, {
      method: 'PUT',
      url: `/api/permission/Users/${x.ids.chenjing}`,
      payload: { account: 'chenjing', realName: 'X', organizeId: x.otherDept },
    });
    expect(upd).toEqual({ code: 403, msg: '暂无权限：该数据不在您的数据权限范围内', data: null });
    const del = await t.call(tokens.mgr, {
      method: 'DELETE',
      url: `/api/permission/Users/${x.ids.chenjing}`,
    });
    expect(del.code).toBe(403);
    const st = await t.call(tokens.mgr, {
      method: 'PUT',
      url: `/api/permission/Users/${x.ids.chenjing}/Actions/State`,
      payload: { enabledMark: 0 },
    });
    expect(st.code).toBe(403);
    const rp = await t.call(tokens.mgr, {
      method: 'POST',
      url: `/api/permission/Users/${x.ids.chenjing}/Actions/ResetPassword`,
      payload: {},
    });
    expect(rp.code).toBe(403);
    // moving an in-scope user out of the manager's department is refused too
    const move = await t.call(tokens.mgr, {
      method: 'PUT',
      url: `/api/permission/Users/${x.ids.zhangwei}`,
      payload: { account: 'zhangwei', realName: '张伟', organizeId: x.otherDept },
    });
    expect(move.code).toBe(403);
    const row = await db
      .selectFrom('base_user')
      .select(['real_name', 'enabled_mark', 'department_id'])
      .where('account', 'in', ['chenjing', 'zhangwei'])
      .orderBy('account')
      .execute();
    expect(row).toEqual([
      { real_name: '陈静', enabled_mark: 1, department_id: x.otherDept },
      { real_name: '张伟', enabled_mark: 1, department_id: x.mgrDept },
    ]);
    // in scope it works
    const ok = await t.call(tokens.mgr, {
      method: 'PUT',
      url: `/api/permission/Users/${x.ids.zhangwei}`,
      payload: { account: 'zhangwei', realName: '张伟', organizeId: x.mgrDept, mobilePhone: '13512345678' },
    });
    expect(ok.code).toBe(200);
  });
});
