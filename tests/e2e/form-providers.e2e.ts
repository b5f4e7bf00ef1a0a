// The host's form providers end to end: a released online-development form whose fields need the server
// (a dictionary select, a region picker, a user picker, a department picker, an attachment upload and a
// bill number) is filled in by an employee in Chromium. Every option list, tree and upload comes from the
// real server; the saved record holds the chosen ids, the uploaded file and the bill number the server
// took; the list shows names, not ids. A role picker is filled on its 组织 / 全局 / 系统变量 tabs and a user
// picker with 当前用户 (spec 3 §6): the record holds the employee's id and role ids, never the token
// (screenshots e2e-results/role-picker.png and role-picker-390.png, a phone-sized screen).

import { fieldConfig, formConfig } from '@kp/server/testing';
import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_DIR } from './browser';
import { apiToken, loginAs } from './harness';
import { formItem, grantToEmployees } from './online-form';
import { useSuite } from './suite';

const cfg = fieldConfig;
const FORM = formConfig(
  [
    { __config__: cfg('comInput', '事由', { required: true, formId: 201 }), __vModel__: 'title' },
    {
      __config__: cfg('dicSelect', '费用类型', {
        formId: 202,
        dictionaryType: 'expenseType',
        required: true,
      }),
      __vModel__: 'kind',
    },
    { __config__: cfg('address', '地点', { formId: 203 }), __vModel__: 'region', level: 0 },
    { __config__: cfg('userSelect', '经办人', { formId: 204 }), __vModel__: 'owner' },
    { __config__: cfg('depSelect', '部门', { formId: 205 }), __vModel__: 'dept' },
    { __config__: cfg('uploadFz', '附件', { formId: 206 }), __vModel__: 'files', limit: 3 },
    { __config__: cfg('billRule', '单号', { formId: 207, rule: 'expenseApply' }), __vModel__: 'no' },
    // spec 3 §6: the role picker's 组织 / 全局 tabs and the system variable 当前用户 (hasSys)
    {
      __config__: cfg('roleSelect', '协办角色', { formId: 208 }),
      __vModel__: 'roles',
      multiple: true,
      hasSys: true,
    },
    { __config__: cfg('userSelect', '填报人', { formId: 209 }), __vModel__: 'filer', hasSys: true },
  ],
  { idGlobal: 300 },
);
const COLUMNS = {
  columnList: [
    { prop: 'title', label: '事由' },
    { prop: 'kind', label: '费用类型' },
    { prop: 'owner', label: '经办人' },
    { prop: 'no', label: '单号' },
  ],
  searchList: [],
  btnsList: ['add'],
  columnBtnsList: ['edit', 'detail'],
  hasPage: true,
  pageSize: 20,
};

const suite = useSuite('form-providers');
let ctx: BrowserContext;

const call = suite.api;
const item = formItem;

beforeAll(async () => {
  ctx = await suite.context();
});

describe('form providers on a released online form', () => {
  it('an employee fills dictionary, region, user, department, upload and bill-number fields from the server', async () => {
    const admin = await apiToken(suite.kp.base, 'admin', 'admin123');
    const created = await call<string>(admin, 'POST', '/api/visualdev/Base', {
      fullName: '费用登记',
      enCode: 'providerDemo',
      formData: FORM,
      columnData: COLUMNS,
    });
    expect(created.code, created.msg).toBe(200);
    const rel = await call(admin, 'POST', `/api/visualdev/Base/${created.data}/Actions/Release`, {});
    expect(rel.code, rel.msg).toBe(200);
    // grant the released menu and its buttons to the employee role (as the authorise screen does)
    await grantToEmployees(suite, admin, 'providerDemo');
    const db = suite.kp.app.kp.db;

    // what the employee's department path looks like, to walk the department tree by names
    const me = await db
      .selectFrom('base_user')
      .select(['id', 'department_id'])
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    const unit = await db
      .selectFrom('base_organize')
      .select(['full_name', 'tree_path'])
      .where('id', '=', me.department_id!)
      .executeTakeFirstOrThrow();
    const pathIds = unit.tree_path.split(/[,/]/).filter(Boolean);
    const pathNames = await Promise.all(
      pathIds.map(async (id) =>
        db.selectFrom('base_organize').select('full_name').where('id', '=', id).executeTakeFirstOrThrow(),
      ),
    );
    // a role of the employee's company (the seeded roles are all global)
    const company = await db
      .selectFrom('base_user')
      .select('organize_id')
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    const unitRole = await call<{ id: string }>(admin, 'POST', '/api/permission/Role', {
      fullName: '采购协调员',
      enCode: 'buyerE2E',
      globalMark: 0,
      organizeId: company.organize_id,
    });
    expect(unitRole.code, unitRole.msg).toBe(200);
    // the units from the root down to that company (the role tree keeps that path)
    const companyPath = (
      await db
        .selectFrom('base_organize')
        .select('tree_path')
        .where('id', '=', company.organize_id!)
        .executeTakeFirstOrThrow()
    ).tree_path
      .split(/[,/]/)
      .filter(Boolean);
    const companyNames = await Promise.all(
      companyPath.map(
        async (id) =>
          (
            await db
              .selectFrom('base_organize')
              .select('full_name')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).full_name,
      ),
    );
    const preview = await call<string>(admin, 'GET', '/api/system/BillRule/expenseApply/Actions/Preview');
    expect(preview.code).toBe(200);

    const page = await ctx.newPage();
    page.setDefaultTimeout(30_000);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await loginAs(page, suite.kp.base, 'zhangwei', 'kp123456');
    await page.goto(`${suite.kp.base}/kpSystem/model/providerDemo`);
    await page.getByTestId('page-dynamicModel').waitFor();
    await page.getByTestId('dm-add').click();
    await page.getByTestId('dm-form').waitFor();

    // the bill number shows the rule's next number (a preview: the server takes it on save)
    await expect.poll(() => item(page, 'no').locator('input').inputValue()).toBe(preview.data);

    await item(page, 'title').locator('input').fill('项目部打印机');
    // dictionary options come from 费用类型 (expenseType)
    await item(page, 'kind').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '办公费' }).click();

    // region: the tree's first level comes from the server's area table
    await item(page, 'region').locator('.ant-select').click();
    const regionDialog = page.locator('.ant-modal', { has: page.locator('.kp-address-tree') });
    await regionDialog
      .locator('.ant-tree-treenode', { hasText: '北京市' })
      .locator('.ant-tree-title')
      .click();
    await regionDialog.locator('.ant-btn-primary').click();
    await expect.poll(() => item(page, 'region').textContent()).toContain('北京市');

    // user picker: search the organisation for 王建国
    await item(page, 'owner').locator('.ant-select').click();
    const userDialog = page.locator('.ant-modal', { has: page.locator('.kp-transfer') });
    await userDialog.locator('.ant-input-search input').fill('王建国');
    await userDialog.locator('.ant-input-search input').press('Enter');
    await userDialog.locator('.ant-list-item', { hasText: '王建国' }).first().click();
    await userDialog.locator('.ant-btn-primary').last().click();
    await expect.poll(() => item(page, 'owner').textContent()).toContain('王建国');

    // role picker: a unit's role on 组织, a global role on 全局, 当前用户 on 系统变量
    await item(page, 'roles').locator('.ant-select').click();
    const roleDialog = page.locator('.ant-modal:visible', { has: page.locator('.kp-transfer') });
    for (const name of companyNames)
      await roleDialog
        .locator('.ant-tree-treenode', { hasText: name })
        .last()
        .locator('.ant-tree-switcher')
        .click();
    await roleDialog.locator('.ant-tree-title', { hasText: '采购协调员' }).click();
    await roleDialog.getByRole('tab', { name: '全局' }).click();
    await roleDialog.locator('.ant-list-item', { hasText: '人事专员' }).click();
    await roleDialog.getByRole('tab', { name: '系统变量' }).click();
    await roleDialog.locator('.ant-list-item', { hasText: '当前用户' }).click();
    await roleDialog.locator('.kp-transfer-selected').getByText('当前用户').waitFor();
    await page.screenshot({ path: `${RESULTS_DIR}/role-picker.png` });
    await roleDialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await roleDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => item(page, 'roles').textContent()).toContain('当前用户');
    // the same dialog on a phone-sized screen: the panes stack
    const desk = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await item(page, 'roles').locator('.ant-select').click();
    await roleDialog.locator('.kp-transfer-selected').getByText('当前用户').waitFor();
    await page.waitForTimeout(500); // the dialog's opening animation
    await page.screenshot({ path: `${RESULTS_DIR}/role-picker-390.png` });
    await roleDialog.locator('.ant-modal-footer .ant-btn').first().click();
    await roleDialog.waitFor({ state: 'hidden' });
    if (desk) await page.setViewportSize(desk);
    // a user picker offering 当前用户
    await item(page, 'filer').locator('.ant-select').click();
    await roleDialog.getByRole('tab', { name: '系统变量' }).click();
    await roleDialog.locator('.ant-list-item', { hasText: '当前用户' }).click();
    await roleDialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await roleDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => item(page, 'filer').textContent()).toContain('当前用户');

    // department: walk the organisation tree down to the employee's department
    await item(page, 'dept').locator('.ant-select').click();
    for (const n of pathNames.slice(0, -1)) {
      const node = page.locator('.ant-select-tree-treenode', { hasText: n.full_name }).first();
      await node.locator('.ant-select-tree-switcher').click();
    }
    await page
      .locator('.ant-select-tree-treenode', { hasText: unit.full_name })
      .first()
      .locator('.ant-select-tree-title')
      .click();
    await expect.poll(() => item(page, 'dept').textContent()).toContain(unit.full_name);

    // attachment: chunked upload through /api/file/chunk and /api/file/merge
    await item(page, 'files')
      .locator('input[type="file"]')
      .setInputFiles({
        name: '报价单.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('打印机报价 3200 元'),
      });
    await item(page, 'files').getByText('报价单.txt').first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${RESULTS_DIR}/form-providers-filled.png` });

    await page.locator('[data-testid="dm-form"] .kp-form-buttons .ant-btn-primary').click();
    await page.getByText('新建成功').first().waitFor();

    // the stored record: ids chosen from the server's lists, the file, the number the server took
    const emp = await apiToken(suite.kp.base, 'zhangwei', 'kp123456');
    const list = await call<{ list: Array<Record<string, unknown>> }>(
      emp,
      'POST',
      `/api/visualdev/OnlineDev/${created.data}/List`,
      {},
    );
    expect(list.code, list.msg).toBe(200);
    const rec = await call<{ data: Record<string, unknown> }>(
      emp,
      'GET',
      `/api/visualdev/OnlineDev/${created.data}/${list.data.list[0]!.id as string}`,
    );
    const data = rec.data.data;
    const head = await db
      .selectFrom('base_user')
      .select('id')
      .where('account', '=', 'wangjianguo')
      .executeTakeFirstOrThrow();
    expect(data.kind).toBe('office');
    expect(data.region).toEqual(['110000']);
    expect(data.owner).toBe(head.id);
    expect(data.dept).toBe(me.department_id);
    expect(data.no).toBe(preview.data);
    // 当前用户 was stored as the employee: their id, their roles after the two chosen ones
    const hr = await db
      .selectFrom('base_role')
      .select('id')
      .where('en_code', '=', 'hr')
      .executeTakeFirstOrThrow();
    const own = await db
      .selectFrom('base_user_relation')
      .select('object_id')
      .where('user_id', '=', me.id)
      .where('object_type', '=', 'Role')
      .orderBy('sort_code')
      .execute();
    expect(data.filer).toBe(me.id);
    expect(data.roles).toEqual([unitRole.data.id, hr.id, ...own.map((r) => r.object_id)]);
    const files = data.files as Array<{ name: string; url: string }>;
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toBe('报价单.txt');
    // fileId is the stored file's id (the upload record), not its name
    const stored = await db
      .selectFrom('file_record')
      .select(['id', 'original_name'])
      .where('id', '=', (files[0] as { fileId?: string }).fileId ?? '')
      .executeTakeFirst();
    expect(stored?.original_name).toBe('报价单.txt');
    const bytes = await fetch(`${suite.kp.base}${files[0]!.url}`, {
      headers: { authorization: `Bearer ${emp}` },
    });
    expect(await bytes.text()).toBe('打印机报价 3200 元');
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
