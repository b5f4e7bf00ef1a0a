// Issue 34: handing out roles. The assigner must hold every grant of a role (menus, buttons, columns,
// forms) with at least its data scope on each menu; one check for create, update, self-edit, import and
// the role member list. HR with scope all imported a user holding 系统管理员 before.
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import type { ModuleGrant, Principal } from '../auth/principal';
import { grantRefusal } from '../auth/rank';
import { newId } from '../auth/tokens';
import { useAdminFixture } from './admin-fixture';

type Detail = {
  id: string;
  account: string;
  realName: string;
  organizeId: string;
  positionIds: string[];
  roleIds: string[];
};

describe(`role assignment needs every grant of the role on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let hr: string;
  let leader: string;
  const { ids, units, roles } = useAdminFixture(['chenjing', 'liuzhiqiang'], (f) => {
    t = f.t;
    [hr, leader] = f.tokens;
  });
  const db = () => t.db.kysely;

  const moduleId = async (menu: string) =>
    (await db().selectFrom('base_module').select('id').where('en_code', '=', menu).executeTakeFirstOrThrow())
      .id;
  const buttonId = async (menu: string, btn: string) =>
    (
      await db()
        .selectFrom('base_module_button as b')
        .innerJoin('base_module as m', 'm.id', 'b.module_id')
        .select('b.id')
        .where('m.en_code', '=', menu)
        .where('b.en_code', '=', btn)
        .executeTakeFirstOrThrow()
    ).id;

  /** A global role (scope org) granting the menus and items given. */
  async function role(
    code: string,
    g: {
      menus: string[];
      buttons?: Array<[string, string]>;
      items?: Array<['column' | 'form', string]>;
      data?: Array<[string, string]>;
    },
  ) {
    const id = newId();
    await db()
      .insertInto('base_role')
      .values({ id, full_name: code, en_code: code, type: 'user', global_mark: 1, data_scope: 'org' })
      .execute();
    const rows: Array<{ item_type: string; item_id: string; scope: string | null }> = [];
    for (const m of g.menus) rows.push({ item_type: 'module', item_id: await moduleId(m), scope: null });
    for (const [m, b] of g.buttons ?? [])
      rows.push({ item_type: 'button', item_id: await buttonId(m, b), scope: null });
    for (const [kind, itemId] of g.items ?? []) rows.push({ item_type: kind, item_id: itemId, scope: null });
    for (const [m, s] of g.data ?? []) rows.push({ item_type: 'data', item_id: await moduleId(m), scope: s });
    for (const r of rows)
      await db()
        .insertInto('base_role_authorize')
        .values({ id: newId(), role_id: id, ...r })
        .execute();
    return id;
  }

  const body = (d: Detail, roleIds: string[]) => ({
    account: d.account,
    realName: d.realName,
    organizeId: d.organizeId,
    positionIds: d.positionIds,
    roleIds,
  });
  const detail = async (tok: string, id: string) =>
    (await t.call<Detail>(tok, { method: 'GET', url: `/api/permission/Users/${id}` })).data;
  const rolesOf = async (userId: string) =>
    (
      await db()
        .selectFrom('base_user_relation')
        .select('object_id')
        .where('user_id', '=', userId)
        .where('object_type', '=', 'Role')
        .execute()
    ).map((r) => r.object_id);

  it('a leader holding only btn_edit on users cannot give himself or anyone reset-password, delete or import', async () => {
    const userButtons = await role('userButtons', {
      menus: ['permission.user'],
      buttons: [
        ['permission.user', 'btn_resetPassword'],
        ['permission.user', 'btn_remove'],
        ['permission.user', 'btn_import'],
      ],
    });
    const me = await detail(leader, ids.liuzhiqiang);
    expect(me.roleIds).toEqual([roles.companyLeader]);
    // keeping his own roles passes (the positive control)
    const same = await t.call(leader, {
      method: 'PUT',
      url: `/api/permission/Users/${ids.liuzhiqiang}`,
      payload: body(me, me.roleIds),
    });
    expect(same.code).toBe(200);
    const self = await t.call(leader, {
      method: 'PUT',
      url: `/api/permission/Users/${ids.liuzhiqiang}`,
      payload: body(me, [...me.roleIds, userButtons]),
    });
    expect(self.code).toBe(403);
    expect(await rolesOf(ids.liuzhiqiang)).toEqual([roles.companyLeader]);
    // another user of his company: the same refusal
    const { organize_id: company } = await db()
      .selectFrom('base_user')
      .select('organize_id')
      .where('id', '=', ids.liuzhiqiang)
      .executeTakeFirstOrThrow();
    const other = await db()
      .selectFrom('base_user')
      .select('id')
      .where('organize_id', '=', company)
      .where('is_administrator', '=', false)
      .where('id', 'not in', [ids.liuzhiqiang, ids.chenjing, ids.sysadmin])
      .orderBy('sort_code', 'desc')
      .executeTakeFirstOrThrow();
    const d = await detail(leader, other.id);
    const r = await t.call(leader, {
      method: 'PUT',
      url: `/api/permission/Users/${other.id}`,
      payload: body(d, [...d.roleIds, userButtons]),
    });
    expect(r.code).toBe(403);
    expect(await rolesOf(other.id)).not.toContain(userButtons);
  });

  it('a column or a form the assigner does not hold is refused too', async () => {
    const userModule = await moduleId('permission.user');
    const column = newId();
    const form = newId();
    await db()
      .insertInto('base_module_column')
      .values({ id: column, module_id: userModule, en_code: 'secret_col', full_name: '机密列' })
      .execute();
    await db()
      .insertInto('base_module_form')
      .values({ id: form, module_id: userModule, en_code: 'secret_form', full_name: '机密表单' })
      .execute();
    await t.ctx.authz.invalidate();
    const withColumn = await role('withColumn', { menus: ['permission.user'], items: [['column', column]] });
    const withForm = await role('withForm', { menus: ['permission.user'], items: [['form', form]] });
    const me = await detail(leader, ids.liuzhiqiang);
    for (const r of [withColumn, withForm]) {
      const res = await t.call(leader, {
        method: 'PUT',
        url: `/api/permission/Users/${ids.liuzhiqiang}`,
        payload: body(me, [...me.roleIds, r]),
      });
      expect(res.code).toBe(403);
    }
    expect(await rolesOf(ids.liuzhiqiang)).toEqual([roles.companyLeader]);
  });

  it('HR creating or importing a user cannot hand out a button of the role menu it lacks', async () => {
    const roleButtons = await role('roleButtons', {
      menus: ['permission.role'],
      buttons: [['permission.role', 'btn_add']],
    });
    const created = await t.call(hr, {
      method: 'POST',
      url: '/api/permission/Users',
      payload: {
        account: 'escalate01',
        realName: '越权甲',
        organizeId: units.hrDept,
        roleIds: [roleButtons],
      },
    });
    expect(created.code).toBe(403);
    expect(
      await db().selectFrom('base_user').select('id').where('account', '=', 'escalate01').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('HR with scope all importing a user holding 系统管理员 (or a button it lacks) is refused and nothing is written', async () => {
    // the auditor's HR had scope all
    await db().updateTable('base_role').set({ data_scope: 'all' }).where('id', '=', roles.hr).execute();
    await t.ctx.authz.invalidate();
    await role('roleButtons2', { menus: ['permission.role'], buttons: [['permission.role', 'btn_add']] });
    const before = Number(
      (
        await db()
          .selectFrom('base_user')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (const [account, roleName] of [
      ['intruder01', '系统管理员'],
      ['intruder02', 'roleButtons2'],
    ]) {
      const r = await t.call<{ snum: number; fnum: number; failResult: Array<{ errorsInfo: string }> }>(hr, {
        method: 'POST',
        url: '/api/permission/Users/ImportData',
        payload: { list: [{ account, realName: '导入者', organize: 'JGJT-HQ', roles: roleName }] },
      });
      expect(r.code).toBe(200);
      expect(r.data.snum).toBe(0);
      expect(r.data.fnum).toBe(1);
      expect(r.data.failResult[0].errorsInfo).toContain(roleName);
    }
    const after = Number(
      (
        await db()
          .selectFrom('base_user')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
    // a role HR may give (普通员工) still imports
    const okRow = await t.call<{ snum: number }>(hr, {
      method: 'POST',
      url: '/api/permission/Users/ImportData',
      payload: {
        list: [{ account: 'imported01', realName: '导入乙', organize: 'JGJT-HQ', roles: '普通员工' }],
      },
    });
    expect(okRow.data.snum).toBe(1);
  });

  it('the comparison holds menu by menu: a wider scope on any one menu is refused', () => {
    const grant = (scope: ModuleGrant['scope'], buttons: string[] = []): ModuleGrant => ({
      id: 'm',
      enCode: 'm',
      scope,
      buttons: new Set(buttons),
      columns: new Set(),
      forms: new Set(),
    });
    const actor = {
      userId: 'a',
      isAdministrator: false,
      modules: new Map([
        ['x', grant('org', ['btn_edit'])],
        ['y', grant('self')],
      ]),
    } as unknown as Principal;
    expect(grantRefusal(actor, new Map([['x', grant('org', ['btn_edit'])]]))).toBeNull();
    expect(grantRefusal(actor, new Map([['y', grant('dept')]]))).toBe('outranked');
    expect(grantRefusal(actor, new Map([['x', grant('dept', ['btn_remove'])]]))).toBe('outranked');
    expect(grantRefusal(actor, new Map([['z', grant('self')]]))).toBe('outranked');
    expect(
      grantRefusal({ ...actor, isAdministrator: true } as Principal, new Map([['z', grant('all')]])),
    ).toBeNull();
  });
});
