import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, RESULTS_DIR } from './browser';

// Builds examples/embed-renderer with vite, serves its dist from a tiny static server on 127.0.0.1:0 and
// fills and submits the expense-claim example in Chromium.
const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'examples/embed-renderer/dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

let server: Server;
let browser: Browser;
let base = '';

beforeAll(async () => {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', 'examples/embed-renderer'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`vite build failed: ${build.stderr}${build.stdout}`);
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let file = path.join(dist, decodeURIComponent(url.pathname));
    if (!file.startsWith(dist)) {
      res.writeHead(403).end();
      return;
    }
    if (!existsSync(file) || statSync(file).isDirectory()) file = path.join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

const item = (page: Page, vModel: string) => page.locator(`[data-field="${vModel}"]`);
const cell = (page: Page, table: string, row: number, col: string) =>
  page.locator(`[data-cell="${table}.${row}.${col}"]`);
const okButton = (page: Page) => page.locator('.ant-modal-footer .ant-btn-primary');

describe('embed-renderer: expense claim', () => {
  it('fills and submits the expense claim, with the sub-table sum, amount in words and required messages', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await page.goto(base);
      await page.getByText('报销信息').waitFor();

      // Submitting the empty form shows the required messages and does not submit.
      await page.locator('.kp-form-buttons .ant-btn-primary').click();
      await page.getByText('报销日期不能为空').waitFor();
      expect(await page.getByTestId('submitted').count()).toBe(0);

      // Date.
      await item(page, 'claimDate').locator('input').click();
      await item(page, 'claimDate').locator('input').fill('2026-11-20');
      await item(page, 'claimDate').locator('input').press('Enter');

      // Claimant: user transfer picker, all-data tab, lazy organisation tree.
      await item(page, 'claimant').locator('.ant-select').click();
      const dialog = page.locator('.ant-modal');
      await dialog.getByText('全部数据').waitFor();
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
        [0, '交通费', '120.5', '2'],
        [1, '餐费', '60', '3'],
      ] as const) {
        await addRow.click();
        await cell(page, table, i, 'expenseType').locator('.ant-select').click();
        await page.locator('.ant-select-dropdown:visible').getByText(type, { exact: true }).click();
        await cell(page, table, i, 'price').locator('input').fill(price);
        await cell(page, table, i, 'quantity').locator('input').fill(qty);
      }
      // Amounts recompute after the 500 ms debounce: 241 + 180 = 421.
      await page.locator(`[data-summary="${table}.amount"]`).getByText('421.00').waitFor();
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
      expect(data.totalAmount).toBe(421);
      expect(data.payable).toBe(400);
      await page.screenshot({ path: path.join(RESULTS_DIR, 'renderer-expense-claim.png'), fullPage: true });
      expect(errors).toEqual([]);
    } catch (e) {
      await page.screenshot({
        path: path.join(RESULTS_DIR, 'renderer-expense-claim-failure.png'),
        fullPage: true,
      });
      throw e;
    } finally {
      await page.close();
    }
  });
});
