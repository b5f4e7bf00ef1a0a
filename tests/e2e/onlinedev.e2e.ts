// Online development end to end (issue 9): an administrator designs a form with a sub-table in 功能设计
// (form designer + list design), releases it; an employee whose role is granted the new menu creates a
// record, edits it, exports the list to Excel and imports the file back. Real server, real Chromium.
import { readFile } from 'node:fs/promises';
import { fieldConfig, formConfig } from '@kp/server/testing';
import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_DIR } from './browser';
import { apiToken, loginAs } from './harness';
import { formItem, grantToEmployees } from './online-form';
import { byTest, useSuite } from './suite';

const cfg = fieldConfig;
/** The form the administrator types into the designer's JSON editor: title, budget, lines (item, price, qty, amount), total. */
const FORM = formConfig([
  { __config__: cfg('comInput', '标题', { required: true, formId: 101 }), __vModel__: 'title' },
  { __config__: cfg('numInput', '预算', { formId: 102 }), __vModel__: 'budget' },
  {
    __config__: cfg('table', '明细', {
      formId: 103,
      tableName: 'fee_lines',
      children: [
        { __config__: cfg('comInput', '项目', { required: true, formId: 104 }), __vModel__: 'item' },
        { __config__: cfg('numInput', '单价', { formId: 105 }), __vModel__: 'price' },
        { __config__: cfg('numInput', '数量', { formId: 106 }), __vModel__: 'qty' },
        {
          __config__: cfg('calculate', '金额', { formId: 107 }),
          __vModel__: 'amount',
          expression: ['lines.price', '*', 'lines.qty'],
        },
      ],
    }),
    __vModel__: 'lines',
  },
  {
    __config__: cfg('calculate', '合计', { formId: 108 }),
    __vModel__: 'total',
    expression: ['lines.amount'],
  },
]);

const suite = useSuite('onlinedev');

const item = formItem;

const call = suite.api;

describe('online development', () => {
  let admin: BrowserContext;
  let user: BrowserContext;
  beforeAll(async () => {
    admin = await suite.context();
    user = await suite.context(); // downloads are accepted (Playwright's default)
  });

  it('an administrator designs a form with a sub-table and releases it', async () => {
    const page = await admin.newPage();
    page.setDefaultTimeout(30_000);
    await loginAs(page, suite.kp.base, 'admin', 'admin123');
    await page.goto(`${suite.kp.base}/kpSystem/onlineDev/webDesign`);
    await byTest(page, 'page-webDesign').waitFor();
    await byTest(page, 'webdesign-add').click();
    // the code rule is checked before anything is sent
    await byTest(page, 'webdesign-name').fill('费用申请');
    await byTest(page, 'webdesign-code').fill('.fee');
    await byTest(page, 'webdesign-next').click();
    await page.getByText('编码只能输入英文、数字和小数点且小数点不能放在首尾').waitFor();
    await byTest(page, 'webdesign-code').fill('feeApply');
    await byTest(page, 'webdesign-next').click();

    // the form designer: the form typed into its JSON editor
    await byTest(page, 'webdesign-form').waitFor();
    await byTest(page, 'btn-json-editor').click();
    const editor = page.locator('[data-testid="json-editor"] .cm-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(JSON.stringify(FORM));
    await byTest(page, 'json-import-ok').click();
    await page.locator('[data-holder="103"] [data-testid="field-104"]').waitFor();

    // the list: title, budget and total as columns, title searchable
    await byTest(page, 'webdesign-next').click();
    await byTest(page, 'webdesign-list').waitFor();
    expect(await byTest(page, 'col-title').locator('input').isChecked()).toBe(true);
    if (!(await byTest(page, 'search-title').locator('input').isChecked()))
      await byTest(page, 'search-title').locator('input').click();
    await byTest(page, 'sortable-budget').locator('input').click();
    await byTest(page, 'webdesign-save').click();
    await page.getByText('新建成功').first().waitFor();
    // release asks for the parent menu (a directory; 在线开发 when none is chosen): 办公管理 here
    await byTest(page, 'release-feeApply').click();
    await byTest(page, 'release-parent').click();
    await page.locator('.ant-select-dropdown:visible').getByText('办公管理', { exact: true }).click();
    await byTest(page, 'release-ok').click();
    await page.getByText('发布成功').first().waitFor();
    const placed = await suite.kp.app.kp.db
      .selectFrom('base_module as m')
      .innerJoin('base_module as p', 'p.id', 'm.parent_id')
      .select('p.en_code')
      .where('m.en_code', '=', 'feeApply')
      .executeTakeFirstOrThrow();
    expect(placed.en_code).toBe('oa');
    await page.locator('tr', { hasText: 'feeApply' }).getByText('已发布').waitFor();
    await page.screenshot({ path: `${RESULTS_DIR}/onlinedev-design.png` });
    await page.close();
  });

  it('an employee granted the menu creates, edits, exports and re-imports records', async () => {
    // grant the released menu (every runtime button) to the employee role, as the authorize screen does
    const token = await apiToken(suite.kp.base, 'admin', 'admin123');
    await grantToEmployees(suite, token, 'feeApply');

    const page = await user.newPage();
    page.setDefaultTimeout(30_000);
    await loginAs(page, suite.kp.base, 'zhangwei', 'kp123456');
    await page.goto(`${suite.kp.base}/kpSystem/model/feeApply`);
    await byTest(page, 'page-dynamicModel').waitFor();

    // create: a required-field message first, then a record with two lines; the total is computed
    await byTest(page, 'dm-add').click();
    await byTest(page, 'dm-form').waitFor();
    await page.locator('[data-testid="dm-form"] .kp-form-buttons .ant-btn-primary').click();
    await page.getByText('标题不能为空').first().waitFor();
    await item(page, 'title').locator('input').fill('北京出差');
    await item(page, 'budget').locator('input').fill('3000');
    const addRow = page.locator('[data-testid="dm-form"] [data-table="lines"] > .ant-btn-dashed');
    for (const [i, name, price, qty] of [
      [0, '机票', '1200', '2'],
      [1, '酒店', '400', '3'],
    ] as const) {
      await addRow.click();
      await page.locator(`[data-cell="lines.${i}.item"] input`).fill(name);
      await page.locator(`[data-cell="lines.${i}.price"] input`).fill(price);
      await page.locator(`[data-cell="lines.${i}.qty"] input`).fill(qty);
    }
    await expect
      .poll(() => item(page, 'total').locator('input').inputValue(), { timeout: 10_000 })
      .toBe('3600.00');
    await page.locator('[data-testid="dm-form"] .kp-form-buttons .ant-btn-primary').click();
    await page.getByText('新建成功').first().waitFor();
    const row = page.locator('.ant-table-row', { hasText: '北京出差' });
    await row.waitFor();
    expect(await row.textContent()).toContain('3600');

    // edit
    await row.locator('[data-testid="row-edit"]').click();
    await byTest(page, 'dm-form').waitFor();
    await item(page, 'title').locator('input').fill('北京出差（改）');
    await page.locator('[data-testid="dm-form"] .kp-form-buttons .ant-btn-primary').click();
    await page.getByText('更新成功').first().waitFor();
    await page.locator('.ant-table-row', { hasText: '北京出差（改）' }).waitFor();

    // export all to Excel
    await byTest(page, 'dm-export').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byTest(page, 'dm-export-ok').click(),
    ]);
    const file = `${RESULTS_DIR}/onlinedev-export.xlsx`;
    await download.saveAs(file);
    expect((await readFile(file)).subarray(0, 2).toString()).toBe('PK');

    // import the file back: preview says 1 ok, import adds it with its lines
    await byTest(page, 'dm-import').click();
    await page.locator('.ant-modal input[type="file"]').setInputFiles(file);
    await byTest(page, 'dm-import-check').getByText('导入成功1条，失败0条').waitFor();
    await byTest(page, 'dm-import-run').click();
    // the run's own answer (the preview already shows the same text): the button stays disabled once it has a result
    await expect.poll(() => byTest(page, 'dm-import-run').isDisabled(), { timeout: 20_000 }).toBe(true);
    await page.locator('.ant-modal-close').last().click();
    await expect
      .poll(() => page.locator('.ant-table-row', { hasText: '北京出差（改）' }).count(), { timeout: 20_000 })
      .toBe(2);
    // the imported record came back with its lines: its total is recomputed from them
    await expect
      .poll(() => page.locator('.ant-table-row', { hasText: '3600' }).count(), { timeout: 20_000 })
      .toBe(2);

    // the budget column was made sortable in the list design: sorting asks the server, highest first on the second click
    const budgetHeader = page.locator('.ant-table-thead th', { hasText: '预算' });
    await budgetHeader.click();
    await budgetHeader.click();
    await expect.poll(() => budgetHeader.getAttribute('aria-sort')).toBe('descending');
    // search by title
    await byTest(page, 'query-title').fill('出差');
    await byTest(page, 'query-search').click();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2);
    await page.screenshot({ path: `${RESULTS_DIR}/onlinedev-runtime.png` });
    await page.close();
  });

  it('an administrator designs a print template for the form with a live preview', async () => {
    const page = await admin.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${suite.kp.base}/kpSystem/system/printDev`);
    await byTest(page, 'page-printDev').waitFor();
    await byTest(page, 'print-add').click();
    await byTest(page, 'print-name').fill('费用申请单');
    await byTest(page, 'print-code').fill('feeApplyPrint');
    await page.locator('.ant-modal .ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible').getByText('费用申请', { exact: true }).click();
    // the bound form's fields become insert buttons; the preview fills them with sample labels
    await page.locator('.ant-modal').getByRole('button', { name: '标题' }).waitFor();
    await byTest(page, 'print-html').fill('<h2>费用申请</h2><p>标题：</p>');
    await byTest(page, 'print-html').evaluate((el: HTMLTextAreaElement) =>
      el.setSelectionRange(el.value.length, el.value.length),
    );
    await page.locator('.ant-modal').getByRole('button', { name: '标题' }).click();
    await byTest(page, 'print-preview').getByText('〔标题〕').waitFor();
    await byTest(page, 'print-save').click();
    await page.getByText('新建成功').first().waitFor();
    await page.locator('.ant-table-row', { hasText: 'feeApplyPrint' }).waitFor();
    await page.close();
  });

  it('the designer picks the print template by name; the released form prints a record with it; Word downloads a .docx', async () => {
    // the administrator turns on the form's print button and picks the new template from the 打印模板 picker
    const design = await admin.newPage();
    design.setDefaultTimeout(30_000);
    await design.goto(`${suite.kp.base}/kpSystem/onlineDev/webDesign`);
    await byTest(design, 'design-feeApply').click();
    await byTest(design, 'webdesign-next').click();
    await byTest(design, 'webdesign-form').waitFor();
    await design.getByRole('tab', { name: '表单属性' }).click();
    await byTest(design, 'form-hasprint').click();
    await byTest(design, 'form-printid').click();
    await design.locator('.ant-select-dropdown:visible').getByText('费用申请单', { exact: true }).click();
    await byTest(design, 'webdesign-next').click();
    await byTest(design, 'webdesign-save').click();
    await design.getByText('更新成功').first().waitFor();
    await byTest(design, 'release-feeApply').click();
    await byTest(design, 'release-ok').click();
    await design.getByText('发布成功').first().waitFor();
    await design.close();
    const db = suite.kp.app.kp.db as unknown as import('kysely').Kysely<{
      sys_print_dev: { id: string; en_code: string; print_template: string };
    }>;
    const tpl = await db
      .selectFrom('sys_print_dev')
      .select(['id', 'print_template'])
      .where('en_code', '=', 'feeApplyPrint')
      .executeTakeFirstOrThrow();

    const page = await user.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${suite.kp.base}/kpSystem/model/feeApply`);
    await byTest(page, 'page-dynamicModel').waitFor();
    const row = page.locator('.ant-table-row', { hasText: '北京出差（改）' }).first();
    await row.getByRole('button', { name: '详情' }).click();
    await byTest(page, 'dm-print').click();
    const frame = page.frameLocator('[data-testid="dm-print-frame"]');
    await frame.getByText('标题：北京出差（改）').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byTest(page, 'dm-print-word').click(),
    ]);
    expect(download.suggestedFilename()).toBe('费用申请.docx');
    const file = `${RESULTS_DIR}/onlinedev-print.docx`;
    await download.saveAs(file);
    expect((await readFile(file)).subarray(0, 2).toString()).toBe('PK');
    await page.screenshot({ path: `${RESULTS_DIR}/onlinedev-print.png` });
    await page.locator('.ant-modal-close').last().click();

    // a change to the template takes effect at the next print, without releasing the form again
    const token = await apiToken(suite.kp.base, 'admin', 'admin123');
    const got = await call<Record<string, unknown>>(token, 'GET', `/api/system/printDev/${tpl.id}`);
    const html = String(got.data.printTemplate ?? tpl.print_template);
    const put = await call(token, 'PUT', `/api/system/printDev/${tpl.id}`, {
      ...got.data,
      printTemplate: `${html}<p>审批签字：</p>`,
    });
    expect(put.code, put.msg).toBe(200);
    await byTest(page, 'dm-print').click();
    await page.frameLocator('[data-testid="dm-print-frame"]').getByText('审批签字：').waitFor();
    await page.close();
  });
});
