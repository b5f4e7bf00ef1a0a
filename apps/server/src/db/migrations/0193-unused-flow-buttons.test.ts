// 0193 on a database seeded before it: the entrust page's 编辑 and the monitor's 删除 (buttons that guarded no
// server action) go with their grants; every other button and grant stays; running it twice changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domains/auth/tokens';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { UNUSED_BUTTONS, up } from './0193-unused-flow-buttons';

describe(`migration 0193 unused flow buttons on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('removes the two buttons and their grants, nothing else, idempotently', async () => {
    const db = t.db.kysely;
    const role = await db
      .selectFrom('base_role')
      .select('id')
      .where('en_code', '=', 'deptManager')
      .executeTakeFirstOrThrow();
    // as before 0193: the seed defined both buttons and granted them
    const added: string[] = [];
    for (const [menu, button] of UNUSED_BUTTONS) {
      const m = await db
        .selectFrom('base_module')
        .select('id')
        .where('en_code', '=', menu)
        .executeTakeFirstOrThrow();
      const id = newId();
      added.push(id);
      await db
        .insertInto('base_module_button')
        .values({ id, module_id: m.id, en_code: button, full_name: '旧按钮', sort_code: 0, enabled_mark: 1 })
        .execute();
      await db
        .insertInto('base_role_authorize')
        .values({ id: newId(), role_id: role.id, item_type: 'button', item_id: id, scope: null })
        .execute();
    }
    const count = async (table: 'base_module_button' | 'base_role_authorize') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const buttonsBefore = await count('base_module_button');
    const grantsBefore = await count('base_role_authorize');
    await up(db);
    await up(db);
    const left = await db.selectFrom('base_module_button').select('id').where('id', 'in', added).execute();
    expect(left).toEqual([]);
    const grants = await db
      .selectFrom('base_role_authorize')
      .select('id')
      .where('item_type', '=', 'button')
      .where('item_id', 'in', added)
      .execute();
    expect(grants).toEqual([]);
    expect(await count('base_module_button')).toBe(buttonsBefore - 2);
    expect(await count('base_role_authorize')).toBe(grantsBefore - 2);
  });
});
