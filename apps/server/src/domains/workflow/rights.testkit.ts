// Test helper: give a seeded role one menu with exactly the listed buttons of it (its other grants stay).
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';
import { newId } from '../auth/tokens';

/**
 * The role `roleCode` holds menu `menu` and, of that menu's buttons, exactly `buttons` (each must be seeded on
 * the menu); the authorisation cache is dropped so the next request sees it.
 */
export async function grantOnly(t: TestApp, roleCode: string, menu: string, buttons: readonly string[]) {
  const db = t.db.kysely;
  const role = await db
    .selectFrom('base_role')
    .select('id')
    .where('en_code', '=', roleCode)
    .executeTakeFirstOrThrow();
  const mod = await db
    .selectFrom('base_module')
    .select('id')
    .where('en_code', '=', menu)
    .executeTakeFirstOrThrow();
  const seeded = await db
    .selectFrom('base_module_button')
    .select(['id', 'en_code'])
    .where('module_id', '=', mod.id)
    .execute();
  for (const b of buttons)
    expect(
      seeded.some((s) => s.en_code === b),
      `${menu} has no seeded button ${b}`,
    ).toBe(true);
  await db
    .deleteFrom('base_role_authorize')
    .where('role_id', '=', role.id)
    .where('item_type', 'in', ['module', 'button'])
    .where((eb) =>
      eb.or([eb('item_id', '=', mod.id), eb('item_id', 'in', [mod.id, ...seeded.map((s) => s.id)])]),
    )
    .execute();
  await db
    .insertInto('base_role_authorize')
    .values([
      { id: newId(), role_id: role.id, item_type: 'module', item_id: mod.id, scope: null },
      ...seeded
        .filter((s) => buttons.includes(s.en_code))
        .map((s) => ({ id: newId(), role_id: role.id, item_type: 'button', item_id: s.id, scope: null })),
    ])
    .execute();
  await t.ctx.authz.invalidate();
}
