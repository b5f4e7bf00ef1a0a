// Pickers as a user drives them, shared by the browser suites: antd selects and date inputs, the form's
// organisation user picker (renderer), and the designers' organisation picker (search, tick, OK).
import type { Locator, Page } from 'playwright-core';

/** Picks an entry of the antd select `select` by its text and waits for the dropdown to close. */
export async function choose(page: Page, select: Locator, text: string | RegExp) {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first()
    .click();
  await page
    .locator('.ant-select-dropdown:visible')
    .waitFor({ state: 'hidden' })
    .catch(() => {});
}

/**
 * Types a date into the date field `field` and confirms it; then clicks `beside` (a quiet element of the
 * dialog) to close the picker — an Escape that arrives after it closed would close the dialog instead.
 */
export async function pickDate(page: Page, field: Locator, value: string, beside: Locator) {
  const input = field.locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await beside.click();
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}

/**
 * Picks a user in a form's organisation user picker (the field with this test id): the department tree is
 * shown, a keyword search lists the user, a click puts him in the chosen pane, confirm fills the field.
 */
export async function pickFormUser(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).locator('.ant-select').click();
  const dlg = page.locator('.ant-modal:visible', { has: page.locator('.kp-transfer') });
  await dlg.waitFor();
  await dlg.locator('.ant-tree-title').first().waitFor();
  const search = dlg.locator('.ant-input-search input').first();
  await search.fill(name);
  await search.press('Enter');
  await dlg.locator('.ant-list-item', { hasText: name }).first().click();
  await dlg.locator('.kp-transfer-selected').getByText(name).waitFor();
  await dlg.locator('.ant-modal-footer .ant-btn-primary').click();
  await dlg.waitFor({ state: 'hidden' });
  await page.getByTestId(testId).getByText(name).filter({ visible: true }).first().waitFor();
}

/** Picks users by name in the designers' organisation picker inside `picker` (search, tick, OK). */
export async function pickOrgUsers(page: Page, picker: Locator, names: string[]) {
  await picker.locator('[data-testid="org-picker-open"]').click();
  const dialog = page.locator('[data-testid="org-picker-dialog"]:visible');
  await dialog.waitFor();
  for (const n of names) {
    const search = dialog.locator('[data-testid="org-picker-search"] input').first();
    await search.fill(n);
    await search.press('Enter');
    const row = dialog.locator('.ant-tree-treenode', { hasText: n }).last();
    await row.waitFor();
    await row.locator('.ant-tree-checkbox').click();
  }
  await dialog.getByText(`已选：${names.length}`).waitFor();
  await page.locator('[data-testid="org-picker-ok"]:visible').click();
  for (const n of names) await picker.locator('[data-testid="org-picked"]', { hasText: n }).waitFor();
}
