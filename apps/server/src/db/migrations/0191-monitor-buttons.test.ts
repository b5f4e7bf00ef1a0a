// 0191 on a database seeded before it: the monitor's new buttons are added once, and the seeded roles that
// hold the entrust page get its buttons (nobody else, nothing twice).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { up } from './0191-monitor-buttons';

describe(`migration 0191 monitor buttons on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('adds the missing monitor buttons and the entrust grants of the seeded roles, idempotently', async () => {
    const db = t.db.kysely;
    const mod = (code: string) =>
      db.selectFrom('base_module').select('id').where('en_code', '=', code).executeTakeFirstOrThrow();
    const monitor = await mod('workFlow.flowMonitor');
    const entrust = await mod('workFlow.entrust');
    const entrustButtons = await db
      .selectFrom('base_module_button')
      .select('id')
      .where('module_id', '=', entrust.id)
      .execute();
    // as before 0191: no such monitor buttons, no entrust button grants
    await db
      .deleteFrom('base_module_button')
      .where('module_id', '=', monitor.id)
      .where('en_code', 'in', ['btn_save', 'btn_rearchive', 'btn_suspend'])
      .execute();
    await db
      .deleteFrom('base_role_authorize')
      .where('item_type', '=', 'button')
      .where(
        'item_id',
        'in',
        entrustButtons.map((b) => b.id),
      )
      .execute();
    await up(db);
    await up(db);
    const codes = await db
      .selectFrom('base_module_button')
      .select('en_code')
      .where('module_id', '=', monitor.id)
      .orderBy('en_code')
      .execute();
    expect(codes.map((c) => c.en_code)).toEqual([
      'btn_assign',
      'btn_cancel',
      'btn_rearchive',
      'btn_save',
      'btn_suspend',
    ]);
    const grants = await db
      .selectFrom('base_role_authorize as g')
      .innerJoin('base_role as r', 'r.id', 'g.role_id')
      .select(['r.en_code as role'])
      .where('g.item_type', '=', 'button')
      .where(
        'g.item_id',
        'in',
        entrustButtons.map((b) => b.id),
      )
      .execute();
    const perRole = new Map<string, number>();
    for (const g of grants) perRole.set(g.role, (perRole.get(g.role) ?? 0) + 1);
    // the page's two buttons (btn_add, btn_remove; its unused btn_edit is gone since 0193)
    expect(Object.fromEntries(perRole)).toEqual({
      employee: 2,
      deptManager: 2,
      companyLeader: 2,
      hr: 2,
    });
  });
});
