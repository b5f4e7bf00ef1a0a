// What the online-development suites share: granting a released form's menu (and every button of it) to the
// employee role as the authorise screen does, and a field of the generated form by its vModel.
import type { Page } from 'playwright-core';
import type { Suite } from './suite';

/** Grants the menu `enCode` and all its buttons to the seeded employee role (through the API). */
export async function grantToEmployees(suite: Suite, token: string, enCode: string) {
  const db = suite.kp.app.kp.db;
  const role = await db
    .selectFrom('base_role')
    .select('id')
    .where('en_code', '=', 'employee')
    .executeTakeFirstOrThrow();
  const menu = await db
    .selectFrom('base_module')
    .select('id')
    .where('en_code', '=', enCode)
    .executeTakeFirstOrThrow();
  const buttons = (
    await db.selectFrom('base_module_button').select('id').where('module_id', '=', menu.id).execute()
  ).map((b) => b.id);
  const url = `/api/permission/Authority/Data/${role.id}`;
  const auth = await suite.must<{ module: string[]; button: string[] }>(token, 'GET', url);
  await suite.must(token, 'PUT', url, {
    ...auth,
    module: [...auth.module, menu.id],
    button: [...auth.button, ...buttons],
  });
}

/** A field of the generated form on the page (dynamic model form). */
export const formItem = (page: Page, vModel: string) =>
  page.locator(`[data-testid="dm-form"] [data-field="${vModel}"]`);
