// 0194 on a database seeded before it: every role holding 公文起草's btn_add gets its btn_edit and btn_remove
// (drafters keep editing and deleting their own drafts, now that the routes check these buttons), and the
// meeting page's btn_remove, which guards nothing, goes with its grants (nothing twice, nobody else).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { up } from './0194-document-buttons';

describe(`migration 0194 document buttons on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('grants WDQC01 edit/remove to the btn_add holders and drops oa.conference btn_remove, idempotently', async () => {
    const db = t.db.kysely;
    const mod = (code: string) =>
      db.selectFrom('base_module').select('id').where('en_code', '=', code).executeTakeFirstOrThrow();
    const doc = await mod('WDQC01');
    const conf = await mod('oa.conference');
    const docButtons = await db
      .selectFrom('base_module_button')
      .select(['id', 'en_code'])
      .where('module_id', '=', doc.id)
      .execute();
    const editRemove = docButtons.filter((b) => b.en_code !== 'btn_add').map((b) => b.id);
    // as before 0194: nobody but the administrators holds WDQC01 edit/remove; oa.conference has btn_remove,
    // granted to a role (the sysAdmin role holds every button)
    await db
      .deleteFrom('base_role_authorize')
      .where('item_type', '=', 'button')
      .where('item_id', 'in', editRemove)
      .where('role_id', 'not in', db.selectFrom('base_role').select('id').where('en_code', '=', 'sysAdmin'))
      .execute();
    const removeId = 'm0194confremove';
    await db
      .insertInto('base_module_button')
      .values({ id: removeId, module_id: conf.id, en_code: 'btn_remove', full_name: '删除', sort_code: 3 })
      .execute();
    const sysAdmin = await db
      .selectFrom('base_role')
      .select('id')
      .where('en_code', '=', 'sysAdmin')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('base_role_authorize')
      .values({ id: 'm0194grant', role_id: sysAdmin.id, item_type: 'button', item_id: removeId, scope: null })
      .execute();

    await up(db);
    await up(db);

    const grants = await db
      .selectFrom('base_role_authorize as g')
      .innerJoin('base_role as r', 'r.id', 'g.role_id')
      .select(['r.en_code as role'])
      .where('g.item_type', '=', 'button')
      .where('g.item_id', 'in', editRemove)
      .execute();
    const perRole = new Map<string, number>();
    for (const g of grants) perRole.set(g.role, (perRole.get(g.role) ?? 0) + 1);
    expect(Object.fromEntries(perRole)).toEqual({
      sysAdmin: 2,
      employee: 2,
      deptManager: 2,
      companyLeader: 2,
      hr: 2,
    });
    const confCodes = await db
      .selectFrom('base_module_button')
      .select('en_code')
      .where('module_id', '=', conf.id)
      .orderBy('en_code')
      .execute();
    expect(confCodes.map((c) => c.en_code)).toEqual(['btn_add', 'btn_edit']);
    const left = await db
      .selectFrom('base_role_authorize')
      .select('id')
      .where('item_id', '=', removeId)
      .execute();
    expect(left).toEqual([]);
  });
});
