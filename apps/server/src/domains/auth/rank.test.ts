import { describe, expect, it } from 'vitest';
import { md5, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { userIds, useTestApp } from '../../test/suite';
import type { ModuleGrant, Principal } from './principal';
import { rankRefusal } from './rank';

const grant = (enCode: string, scope: ModuleGrant['scope'], buttons: string[] = []): ModuleGrant => ({
  id: enCode,
  enCode,
  scope,
  buttons: new Set(buttons),
  columns: new Set(),
  forms: new Set(),
});
const PROFILE: Principal['profile'] = {
  headIcon: null,
  portalId: null,
  prevLoginTime: null,
  prevLoginIp: null,
  passwordWeak: false,
  theme: null,
  language: null,
  organizeName: null,
  departmentName: null,
  organizeNameI18n: null,
  departmentNameI18n: null,
};
const principal = (userId: string, isAdministrator: boolean, grants: ModuleGrant[]): Principal => ({
  userId,
  account: userId,
  realName: userId,
  isAdministrator,
  organizeId: null,
  departmentId: null,
  roleIds: [],
  positionIds: [],
  modules: new Map(grants.map((g) => [g.enCode, g])),
  orgSubtreeIds: [],
  moduleRows: [],
  profile: PROFILE,
});

describe('rankRefusal', () => {
  it('nobody but a super administrator acts on a super administrator', () => {
    const admin = principal('a', true, []);
    const other = principal('b', true, []);
    const hr = principal('h', false, [grant('permission.user', 'all', ['btn_resetPassword'])]);
    expect(rankRefusal(hr, admin)).toBe('superAdmin');
    expect(rankRefusal(other, admin)).toBeNull();
    expect(rankRefusal(admin, hr)).toBeNull();
    expect(rankRefusal(admin, admin)).toBeNull();
  });
  it('a target holding a menu, a wider scope or a button the actor lacks is refused', () => {
    const hr = principal('h', false, [grant('permission.user', 'org', ['btn_edit']), grant('home', 'self')]);
    expect(rankRefusal(hr, principal('e', false, [grant('home', 'self')]))).toBeNull();
    expect(rankRefusal(hr, principal('e', false, [grant('system.log', 'self')]))).toBe('outranked');
    expect(rankRefusal(hr, principal('e', false, [grant('permission.user', 'all', ['btn_edit'])]))).toBe(
      'outranked',
    );
    expect(
      rankRefusal(hr, principal('e', false, [grant('permission.user', 'org', ['btn_edit', 'btn_remove'])])),
    ).toBe('outranked');
    // acting on oneself is always allowed
    expect(rankRefusal(hr, hr)).toBeNull();
  });
});

describe(`rank on user administration (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: string;
  let hr: string;
  const ids: Record<string, string> = {};
  let hqEmployee: string;
  /** The one-time password HR's reset answered for hqEmployee. */
  let hqEmployeePassword = '';
  let roles: Record<string, string>;

  useTestApp(async (app) => {
    t = app;
    [admin, hr] = await Promise.all([t.login('admin'), t.login('chenjing')]);
    Object.assign(ids, await userIds(t));
    roles = Object.fromEntries(
      (await t.db.kysely.selectFrom('base_role').select(['id', 'en_code']).execute()).map((r) => [
        r.en_code,
        r.id,
      ]),
    );
    // a plain employee of the HR user's company (inside HR's 'org' scope)
    const hrRow = await t.db.kysely
      .selectFrom('base_user')
      .select('organize_id')
      .where('id', '=', ids.chenjing)
      .executeTakeFirstOrThrow();
    const emp = await t.db.kysely
      .selectFrom('base_user as u')
      .innerJoin('base_user_relation as r', 'r.user_id', 'u.id')
      .select('u.id')
      .where('r.object_type', '=', 'Role')
      .where('r.object_id', '=', roles.employee)
      .where('u.organize_id', '=', hrRow.organize_id)
      .where('u.account', 'not in', ['chenjing', 'sysadmin'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('base_user_relation as o')
              .select('o.id')
              .whereRef('o.user_id', '=', 'u.id')
              .where('o.object_type', '=', 'Role')
              .where('o.object_id', '<>', roles.employee),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    hqEmployee = emp.id;
  });

  it('an HR user cannot reset the super administrator’s password (and admin still logs in)', async () => {
    const r = await t.call(hr, {
      method: 'POST',
      url: `/api/permission/Users/${ids.admin}/Actions/ResetPassword`,
      payload: { userPassword: md5('hacked123'), validatePassword: md5('hacked123') },
    });
    expect(r).toEqual({
      code: 403,
      msg: '暂无权限：只有超级管理员可以操作超级管理员账户',
      data: null,
    });
    await expect(t.login('admin', 'hacked123')).rejects.toThrow();
    expect(await t.login('admin')).toMatch(/^[0-9a-f]{64}$/);
    // admin's session survived
    expect((await t.call(admin, { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(200);
  });

  it('every administrative action on the super administrator is refused to HR', async () => {
    const adminDept = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('department_id')
        .where('id', '=', ids.admin)
        .executeTakeFirstOrThrow()
    ).department_id;
    const calls = [
      {
        method: 'PUT',
        url: `/api/permission/Users/${ids.admin}`,
        payload: { account: 'admin', realName: 'x', organizeId: adminDept },
      },
      { method: 'DELETE', url: `/api/permission/Users/${ids.admin}` },
      { method: 'PUT', url: `/api/permission/Users/${ids.admin}/Actions/State`, payload: { enabledMark: 0 } },
      { method: 'PUT', url: `/api/permission/Users/${ids.admin}/Actions/unlock` },
      { method: 'PUT', url: `/api/permission/Users/staff/basicInfo/${ids.admin}`, payload: {} },
      { method: 'POST', url: `/api/permission/Users/Staff/sysUser/${ids.admin}` },
    ] as const;
    for (const c of calls) {
      const r = await t.call(hr, c);
      expect({ ...c, code: r.code, msg: r.msg }).toEqual({
        ...c,
        code: 403,
        msg: '暂无权限：只有超级管理员可以操作超级管理员账户',
      });
    }
    const row = await t.db.kysely
      .selectFrom('base_user')
      .select(['real_name', 'enabled_mark'])
      .where('id', '=', ids.admin)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ real_name: '管理员', enabled_mark: 1 });
  });

  it('HR cannot act on a user holding rights HR lacks, but can on a plain employee', async () => {
    const r = await t.call(hr, {
      method: 'POST',
      url: `/api/permission/Users/${ids.sysadmin}/Actions/ResetPassword`,
      payload: {},
      headers: { 'accept-language': 'en' },
    });
    expect(r).toEqual({
      code: 403,
      msg: 'No permission: this user holds rights you do not hold',
      data: null,
    });
    await t.login('sysadmin'); // password unchanged
    const ok = await t.call<{ password: string }>(hr, {
      method: 'POST',
      url: `/api/permission/Users/${hqEmployee}/Actions/ResetPassword`,
      payload: {},
    });
    expect(ok.code).toBe(200);
    hqEmployeePassword = ok.data.password;
    // taking the system-administrator role away from its holder is refused too
    const rel = await t.call(hr, {
      method: 'POST',
      url: `/api/permission/UserRelation/${roles.sysAdmin}`,
      payload: { objectType: 'Role', userIds: [] },
    });
    expect(rel.code).toBe(403);
    const still = await t.db.kysely
      .selectFrom('base_user_relation')
      .select('id')
      .where('user_id', '=', ids.sysadmin)
      .where('object_id', '=', roles.sysAdmin)
      .execute();
    expect(still).toHaveLength(1);
  });

  it('forcing a session offline respects rank', async () => {
    const db = t.db.kysely;
    const mod = await db
      .selectFrom('base_module')
      .select('id')
      .where('en_code', '=', 'permission.onlineUser')
      .executeTakeFirstOrThrow();
    const btns = await db
      .selectFrom('base_module_button')
      .select('id')
      .where('module_id', '=', mod.id)
      .execute();
    await db
      .insertInto('base_role_authorize')
      .values([
        {
          id: `rk-m-${mod.id}`.slice(0, 64),
          role_id: roles.hr,
          item_type: 'module',
          item_id: mod.id,
          scope: null,
        },
        ...btns.map((b) => ({
          id: `rk-b-${b.id}`.slice(0, 64),
          role_id: roles.hr,
          item_type: 'button',
          item_id: b.id,
          scope: null,
        })),
      ])
      .execute();
    await t.ctx.authz.invalidate();
    const adminSession = await t.login('admin');
    const s = await t.ctx.sessions.resolve(adminSession);
    const r = await t.call(hr, { method: 'DELETE', url: `/api/system/onlineUser/${s!.id}` });
    expect(r.code).toBe(403);
    const batch = await t.call(hr, {
      method: 'DELETE',
      url: '/api/system/onlineUser',
      payload: { ids: [s!.id] },
    });
    expect(batch.code).toBe(403);
    expect((await t.call(adminSession, { method: 'GET', url: '/api/oauth/CurrentUser' })).code).toBe(200);
    // a session of a user HR outranks can be ended
    const empAccount = (
      await db
        .selectFrom('base_user')
        .select('account')
        .where('id', '=', hqEmployee)
        .executeTakeFirstOrThrow()
    ).account;
    const empToken = await t.login(empAccount, hqEmployeePassword);
    const es = await t.ctx.sessions.resolve(empToken);
    expect((await t.call(hr, { method: 'DELETE', url: `/api/system/onlineUser/${es!.id}` })).code).toBe(200);
  });
});
