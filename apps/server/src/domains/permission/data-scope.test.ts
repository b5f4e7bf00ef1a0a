import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { loadPrincipal } from '../auth/principal';
import { newId } from '../auth/tokens';
import { withDataScope } from './data-scope';

describe(`data scope on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  const idOf = async (account: string) =>
    (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
    ).id;
  const visibleUsers = async (account: string, menu = 'permission.user') => {
    const p = (await loadPrincipal(t.db.kysely, await idOf(account)))!;
    const rows = await withDataScope(
      t.db.kysely
        .selectFrom('base_user as u')
        .select(['u.id', 'u.organize_id', 'u.department_id', 'u.creator_user_id']),
      p,
      menu,
      {
        org: 'u.organize_id',
        dept: 'u.department_id',
        owner: 'u.creator_user_id',
      },
    ).execute();
    return { p, rows };
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('all: sysadmin sees every user', async () => {
    const total = await t.db.kysely
      .selectFrom('base_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { rows } = await visibleUsers('sysadmin');
    expect(rows.length).toBe(Number(total.n));
  });

  it('org: a company leader sees his company and below only', async () => {
    const { p, rows } = await visibleUsers('liuzhiqiang');
    expect(p.modules.get('permission.user')?.scope).toBe('org');
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows) expect(p.orgSubtreeIds).toContain(r.organize_id);
    const all = await t.db.kysely.selectFrom('base_user').select('organize_id').execute();
    expect(rows.length).toBe(all.filter((r) => p.orgSubtreeIds.includes(r.organize_id!)).length);
    expect(rows.length).toBeLessThan(all.length);
  });

  it('dept: a department manager sees his own department only', async () => {
    const { p, rows } = await visibleUsers('wangjianguo');
    expect(p.modules.get('permission.user')?.scope).toBe('dept');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.department_id).toBe(p.departmentId);
  });

  it('self: own records only; an ungranted module throws 403', async () => {
    const me = await idOf('zhangwei');
    await t.db.kysely
      .updateTable('base_user')
      .set({ creator_user_id: me })
      .where('account', 'in', ['lihaitao'])
      .execute();
    const { rows } = await visibleUsers('zhangwei', 'oa.conference');
    expect(rows.map((r) => r.creator_user_id)).toEqual([me]);
    await expect(visibleUsers('zhangwei', 'permission.user')).rejects.toMatchObject({ code: 403 });
  });

  it('several roles: the widest scope wins; a per-module override applies', async () => {
    const uid = await idOf('zhangwei');
    const leader = (
      await t.db.kysely
        .selectFrom('base_role')
        .select('id')
        .where('en_code', '=', 'companyLeader')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db.kysely
      .insertInto('base_user_relation')
      .values({ id: newId(), user_id: uid, object_type: 'Role', object_id: leader })
      .execute();
    let p = (await loadPrincipal(t.db.kysely, uid))!;
    expect(p.modules.get('oa.conference')?.scope).toBe('org'); // employee self + leader org -> org
    const conf = (
      await t.db.kysely
        .selectFrom('base_module')
        .select('id')
        .where('en_code', '=', 'oa.conference')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db.kysely
      .insertInto('base_role_authorize')
      .values({ id: newId(), role_id: leader, item_type: 'data', item_id: conf, scope: 'all' })
      .execute();
    p = (await loadPrincipal(t.db.kysely, uid))!;
    expect(p.modules.get('oa.conference')?.scope).toBe('all');
    expect(p.modules.get('permission.user')?.scope).toBe('org');
    // a disabled role grants nothing
    await t.db.kysely.updateTable('base_role').set({ enabled_mark: 0 }).where('id', '=', leader).execute();
    p = (await loadPrincipal(t.db.kysely, uid))!;
    expect(p.modules.has('permission.user')).toBe(false);
    expect(p.modules.get('oa.conference')?.scope).toBe('self');
    await t.db.kysely.updateTable('base_role').set({ enabled_mark: 1 }).where('id', '=', leader).execute();
  });

  it('scope applies to updates and deletes too', async () => {
    const p = (await loadPrincipal(t.db.kysely, await idOf('wangjianguo')))!;
    const outsider = await t.db.kysely
      .selectFrom('base_user')
      .select('id')
      .where('department_id', '!=', p.departmentId!)
      .executeTakeFirstOrThrow();
    const r = await withDataScope(
      t.db.kysely.updateTable('base_user').set({ description: 'x' }).where('id', '=', outsider.id),
      p,
      'permission.user',
      {
        org: 'organize_id',
        dept: 'department_id',
        owner: 'creator_user_id',
      },
    ).executeTakeFirst();
    expect(Number(r.numUpdatedRows)).toBe(0);
    const d = await withDataScope(
      t.db.kysely.deleteFrom('base_user').where('id', '=', outsider.id),
      p,
      'permission.user',
      { dept: 'department_id' },
    ).executeTakeFirst();
    expect(Number(d.numDeletedRows)).toBe(0);
  });
});
