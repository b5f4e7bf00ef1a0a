import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESULTS_DIR } from './browser';
import { useViteApp } from './vite-app';

// Builds examples/embed-renderer with vite, serves its dist from a tiny static server on 127.0.0.1:0 and
// fills and submits the expense-claim example in Chromium.
const app = useViteApp('examples/embed-renderer');

const item = (page: Page, vModel: string) => page.locator(`[data-field="${vModel}"]`);
const cell = (page: Page, table: string, row: number, col: string) =>
  page.locator(`[data-cell="${table}.${row}.${col}"]`);
const okButton = (page: Page) => page.locator('.ant-modal-footer .ant-btn-primary');

type Lang = 'zh' | 'zhtw' | 'en';
/** The texts the test waits for, per language (labels from the config's {zh, zhtw, en}, the rest the renderer's). */
const TEXTS: Record<
  Lang,
  {
    title: string;
    dateRequired: string;
    allData: string;
    traffic: string;
    meal: string;
    total: string;
    submit: string;
  }
> = {
  zh: {
    title: '报销信息',
    dateRequired: '报销日期不能为空',
    allData: '全部数据',
    traffic: '交通费',
    meal: '餐费',
    total: '合计',
    submit: '提 交',
  },
  zhtw: {
    title: '報銷資訊',
    dateRequired: '報銷日期不能為空',
    allData: '全部資料',
    traffic: '交通費',
    meal: '餐費',
    total: '合計',
    submit: '提 交',
  },
  en: {
    title: 'Claim details',
    dateRequired: 'Claim date is required',
    allData: 'All data',
    traffic: 'Transport',
    meal: 'Meals',
    total: 'Total',
    submit: 'Submit',
  },
};

async function fillAndSubmit(page: Page, lang: Lang): Promise<void> {
  const t = TEXTS[lang];
  await page.goto(app.base);
  await page.getByText('报销信息').waitFor();
  if (lang !== 'zh') {
    await page.getByLabel('language').selectOption(lang);
    await page.getByText(t.title).waitFor();
  }

  // Submitting the empty form shows the required messages and does not submit.
  await page.locator('.kp-form-buttons .ant-btn-primary').click();
  await page.getByText(t.dateRequired).waitFor();
  expect(await page.getByTestId('submitted').count()).toBe(0);
  expect(await page.locator('.kp-form-buttons .ant-btn-primary').textContent()).toBe(t.submit);

  // Date.
  await item(page, 'claimDate').locator('input').click();
  await item(page, 'claimDate').locator('input').fill('2026-11-20');
  await item(page, 'claimDate').locator('input').press('Enter');

  // Claimant: user transfer picker, all-data tab, lazy organisation tree.
  await item(page, 'claimant').locator('.ant-select').click();
  const dialog = page.locator('.ant-modal');
  await dialog.getByText(t.allData).waitFor();
  await dialog.locator('.ant-tree-switcher').first().click();
  await dialog.locator('.ant-tree').getByText('张三').click();
  await dialog.locator('.kp-transfer-selected').getByText('张三').waitFor();
  await okButton(page).click();
  await item(page, 'claimant').getByText('张三').waitFor();

  // Department: lazy tree select.
  await item(page, 'department').locator('.ant-select').click();
  await page.locator('.ant-select-tree-switcher').first().click();
  await page.locator('.ant-select-tree').getByText('研发部').click();

  // Sub-table: two rows.
  const table = 'tableField106';
  const addRow = page.locator(`[data-table="${table}"] > .ant-btn-dashed`);
  for (const [i, type, price, qty] of [
    [0, t.traffic, '120.5', '2'],
    [1, t.meal, '60', '3'],
  ] as const) {
    await addRow.click();
    // the previous row's dropdown must be gone first: while it closes it can cover this row's select
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible').count(), { timeout: 15_000 })
      .toBe(0);
    await cell(page, table, i, 'expenseType').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').last().getByText(type, { exact: true }).click();
    await cell(page, table, i, 'price').locator('input').fill(price);
    await cell(page, table, i, 'quantity').locator('input').fill(qty);
  }
  // Amounts recompute after the 500 ms debounce: 241 + 180 = 421.
  await page.locator(`[data-summary="${table}.amount"]`).getByText('421.00').waitFor();
  await page.locator('.kp-subtable-summary').getByText(t.total, { exact: true }).waitFor();
  await expect.poll(() => item(page, 'totalAmount').locator('input').inputValue()).toBe('421.00');

  // Advance amount: raw while focused, formatted on blur, amount in words shown.
  const advance = item(page, 'advance').locator('input');
  await advance.click();
  await advance.fill('21');
  await advance.blur();
  await expect.poll(() => advance.inputValue()).toBe('¥21.00');
  await expect.poll(() => item(page, 'payable').locator('input').inputValue()).toBe('400.00');
  await item(page, 'payable').getByText('肆佰元整').waitFor();

  await page.locator('.kp-form-buttons .ant-btn-primary').click();
  const submitted = page.getByTestId('submitted');
  await submitted.waitFor();
  const data = JSON.parse((await submitted.textContent()) ?? '{}');
  expect(data.claimant).toBe('u1');
  expect(data.department).toBe('d1');
  expect(data[table]).toHaveLength(2);
  expect(data[table].map((r: { expenseType: string }) => r.expenseType)).toEqual(['traffic', 'meal']);
  expect(data.totalAmount).toBe(421);
  expect(data.payable).toBe(400);
}

describe('embed-renderer: expense claim', () => {
  for (const lang of ['zh', 'en', 'zhtw'] as const) {
    it(`fills and submits the expense claim in ${lang}, with the sub-table sum, amount in words and required messages`, async () => {
      const { page, errors } = await app.open();
      try {
        await fillAndSubmit(page, lang);
        await page.screenshot({
          path: path.join(RESULTS_DIR, `renderer-expense-claim-${lang}.png`),
          fullPage: true,
        });
        expect(errors).toEqual([]);
      } catch (e) {
        await page.screenshot({
          path: path.join(RESULTS_DIR, `renderer-expense-claim-${lang}-failure.png`),
          fullPage: true,
        });
        throw e;
      } finally {
        await page.close();
      }
    });
  }
});

describe('embed-renderer: rich text and popups in Chromium', () => {
  it('types and formats rich text, picks popup rows (drop-down table, drawer) and submits', async () => {
    const { page, errors } = await app.open();
    try {
      await page.goto(`${app.base}?view=widgets`);
      await item(page, 'title').waitFor();
      // Required rich text: an empty document counts as empty.
      await page.locator('.kp-form-buttons .ant-btn-primary').click();
      await page.getByText('正文不能为空').waitFor();
      await item(page, 'title').locator('input').fill('周报');

      // Rich text: type, select the word, make it bold with the toolbar.
      const editor = item(page, 'body').locator('.ProseMirror');
      await editor.click();
      await page.keyboard.type('Hello world');
      await page.keyboard.down('Shift');
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
      await page.keyboard.up('Shift');
      await item(page, 'body').getByRole('button', { name: '加粗' }).click();
      await editor.locator('strong').getByText('world').waitFor();

      // Drop-down table, multiple: tick two rows and confirm.
      await item(page, 'customers').locator('input').click();
      const drop = page.locator('.kp-popup-dropdown');
      await drop.getByText('甲公司').waitFor();
      await drop.locator('tr', { hasText: '甲公司' }).click();
      await drop.locator('tr', { hasText: '丙公司' }).click();
      await drop.getByRole('button', { name: /确\s*定/ }).click();
      await expect.poll(() => item(page, 'customers').locator('input').inputValue()).toBe('甲公司, 丙公司');

      // Drawer popup: confirming without a row is refused; then pick one; the attribute shows its code.
      await item(page, 'mainCustomer').locator('input').click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByText('乙公司').waitFor();
      await drawer.getByRole('button', { name: /确\s*定/ }).click();
      await page.getByText('请选择一条数据').waitFor();
      await drawer.locator('tr', { hasText: '乙公司' }).click();
      await drawer.getByRole('button', { name: /确\s*定/ }).click();
      await expect.poll(() => item(page, 'mainCustomer').locator('input').inputValue()).toBe('乙公司');
      await expect.poll(() => page.locator('.kp-popupAttr input').inputValue()).toBe('B002');

      await page.locator('.kp-form-buttons .ant-btn-primary').click();
      const submitted = page.getByTestId('submitted');
      await submitted.waitFor();
      const data = JSON.parse((await submitted.textContent()) ?? '{}');
      expect(data.title).toBe('周报');
      expect(data.customers).toEqual(['c1', 'c3']);
      expect(data.mainCustomer).toBe('c2');
      expect(data.body).toBe('<p>Hello <strong>world</strong></p>');
      await page.screenshot({ path: path.join(RESULTS_DIR, 'renderer-widgets.png'), fullPage: true });
      expect(errors).toEqual([]);
    } catch (e) {
      await page.screenshot({ path: path.join(RESULTS_DIR, 'renderer-widgets-failure.png'), fullPage: true });
      throw e;
    } finally {
      await page.close();
    }
  });

  it('the README ten-line embed renders the claim and shows a required message', async () => {
    const page = await app.browser.newPage();
    try {
      await page.goto(`${app.base}?view=ten-lines`);
      await page.getByText('报销信息').waitFor();
      await page.locator('.kp-form-buttons .ant-btn-primary').click();
      await page.getByText('报销日期不能为空').waitFor();
    } finally {
      await page.close();
    }
  });
});
