// Browser test of the built example (dist/): serves it on 127.0.0.1, opens it in Chromium, fills the expense
// claim (date, claimant through the user picker, department, two expense lines, advance) and submits it.
// Run after `vite build`: `node test/submit.mjs`. CHROMIUM_PATH overrides /usr/bin/chromium.
import assert from 'node:assert/strict';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dist = path.resolve(import.meta.dirname, '../dist');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  let file = path.join(dist, decodeURIComponent(url.pathname));
  if (!file.startsWith(dist)) return void res.writeHead(403).end();
  if (!existsSync(file) || statSync(file).isDirectory()) file = path.join(dist, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
});

const poll = async (fn, expected, timeout = 15_000) => {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    last = await fn();
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(last, expected);
};

try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.setDefaultTimeout(30_000);
  const item = (vModel) => page.locator(`[data-field="${vModel}"]`);
  const cell = (row, col) => page.locator(`[data-cell="tableField106.${row}.${col}"]`);
  await page.goto(base);
  await page.getByText('报销信息').waitFor();

  // Empty submit: the required message, nothing submitted.
  await page.locator('.kp-form-buttons .ant-btn-primary').click();
  await page.getByText('报销日期不能为空').waitFor();
  assert.equal(await page.getByTestId('submitted').count(), 0);

  // Labels name their inputs (accessible names).
  await page.getByLabel('预支金额').waitFor();

  const date = item('claimDate').locator('input');
  await date.click();
  await date.fill('2026-11-20');
  await date.press('Enter');

  await item('claimant').locator('.ant-select').click();
  const dialog = page.locator('.ant-modal');
  await dialog.getByText('全部数据').waitFor();
  await dialog.locator('.ant-tree-switcher').first().click();
  await dialog.locator('.ant-tree').getByText('张三').click();
  await dialog.locator('.kp-transfer-selected').getByText('张三').waitFor();
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await item('claimant').getByText('张三').waitFor();

  await item('department').locator('.ant-select').click();
  await page.locator('.ant-select-tree-switcher').first().click();
  await page.locator('.ant-select-tree').getByText('研发部').click();

  const addRow = page.locator('[data-table="tableField106"] > .ant-btn-dashed');
  for (const [i, type, price, qty] of [
    [0, '交通费', '120.5', '2'],
    [1, '餐费', '60', '3'],
  ]) {
    await addRow.click();
    await poll(() => page.locator('.ant-select-dropdown:visible').count(), 0);
    await cell(i, 'expenseType').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').last().getByText(type, { exact: true }).click();
    await cell(i, 'price').locator('input').fill(price);
    await cell(i, 'quantity').locator('input').fill(qty);
  }
  await page.locator('[data-summary="tableField106.amount"]').getByText('421.00').waitFor();
  await poll(() => item('totalAmount').locator('input').inputValue(), '421.00');

  const advance = item('advance').locator('input');
  await advance.click();
  await advance.fill('21');
  await advance.blur();
  await poll(() => advance.inputValue(), '¥21.00');
  await poll(() => item('payable').locator('input').inputValue(), '400.00');
  await item('payable').getByText('肆佰元整').waitFor();

  await page.locator('.kp-form-buttons .ant-btn-primary').click();
  await page.getByTestId('submitted').waitFor();
  const data = JSON.parse((await page.getByTestId('submitted').textContent()) ?? '{}');
  assert.equal(data.claimant, 'u1');
  assert.equal(data.department, 'd1');
  assert.deepEqual(
    data.tableField106.map((r) => r.expenseType),
    ['traffic', 'meal'],
  );
  assert.equal(data.totalAmount, 421);
  assert.equal(data.payable, 400);
  assert.deepEqual(errors, []);
  console.log(
    'embed-renderer browser test: filled and submitted the expense claim',
    JSON.stringify({ totalAmount: data.totalAmount, payable: data.payable }),
  );
} finally {
  await browser.close();
  server.close();
}
