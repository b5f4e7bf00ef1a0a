// Nothing typed is lost (issue-free hardening of the data-entry dialogs): what a user types into a request, a
// released online form's record or a notice is kept in this browser until it is sent. An ended session, a
// reload or a closed tab loses nothing: the same user opening the same thing is offered it back (another user
// at the same browser is not); closing with input not sent asks first; a chosen logout leaves nothing behind.
// Restoring an edit puts back only the user's own changes on today's record.
import { fieldConfig, formConfig } from '@kp/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, loginAs } from './harness';
import { formItem, grantToEmployees } from './online-form';
import { pickOrgUsers } from './pickers';
import { settled, T, useSuite } from './suite';

const PW = 'kp123456';
const EMP = 'zhangwei';
const S = useSuite('unsent');
const session = (account: string) => S.session(account, { password: PW });
const { go, shot, api } = S;
const item = (page: Page, vModel: string) => page.locator(`.ant-modal [data-field="${vModel}"]`);
/** The token this page's session holds. */
const tokenOf = async (page: Page) =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('jnpf_token'))) ?? '""') as string;
/** Ends the page's session from outside (as an administrator's force-out or an expiry would). */
async function endSession(page: Page) {
  const token = await tokenOf(page);
  expect(token).not.toBe('');
  expect((await api(token, 'GET', '/api/oauth/Logout')).code).toBe(200);
  await page.waitForURL(/\/login/, { timeout: T });
}

describe('input not sent is kept in this browser', () => {
  it('what an employee typed survives the session ending (offered back after login); closing with it asks first', async () => {
    const errors: string[] = [];
    const emp = await session(EMP);
    emp.on('pageerror', (e) => errors.push(String(e)));
    const openLaunch = async (me = '张伟') => {
      await go(emp, 'workFlow/flowLaunch/FlowIndex');
      await emp.getByTestId('wf-launch-leave').click();
      await emp.getByTestId('wf-form').waitFor();
      await item(emp, 'applicant').getByText(me).first().waitFor();
    };
    await openLaunch();
    await item(emp, 'leaveType').locator('.ant-select').click();
    await emp.locator('.ant-select-dropdown:visible').getByText('事假', { exact: true }).click();
    const reason = '工地交接，需回老家办理房产手续';
    await item(emp, 'reason').locator('textarea').fill(reason);

    // closing with input not sent asks first; 继续填写 keeps the dialog and the input
    await settled(emp);
    await emp.locator('.ant-modal:visible .ant-modal-close').first().click();
    await emp.locator('.ant-modal-confirm-title', { hasText: '放弃未提交的内容？' }).waitFor();
    await emp.locator('.ant-modal-confirm').getByRole('button', { name: '继续填写' }).click();
    await emp.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    expect(await item(emp, 'reason').locator('textarea').inputValue()).toBe(reason);

    // the session ends elsewhere (its token is logged out): the page goes to the login page
    await endSession(emp);
    // what is kept is sealed: the reason is nowhere in this browser's storage as text
    const stored = () =>
      emp.evaluate(() =>
        Object.keys(localStorage)
          .filter((k) => k.includes('unsent'))
          .map((k) => `${k}=${localStorage.getItem(k)}`),
      );
    expect((await stored()).length).toBe(1);
    expect((await stored()).join()).not.toContain(reason);
    expect((await stored()).join()).not.toContain('reason');

    // the same employee logs in again: the same launch offers the input back, and restoring fills the form
    await loginAs(emp, S.kp.base, EMP, PW);
    await openLaunch();
    await emp.getByTestId('unsent-offer').waitFor();
    await shot(emp, 'unsent-offer');
    await emp.getByTestId('unsent-restore').click();
    await emp.getByTestId('unsent-offer').waitFor({ state: 'detached' });
    expect(await item(emp, 'reason').locator('textarea').inputValue()).toBe(reason);
    await item(emp, 'leaveType').getByText('事假').waitFor();

    // closing on purpose (放弃) discards it: the next launch starts empty and offers nothing
    await settled(emp);
    await emp.locator('.ant-modal:visible .ant-modal-close').first().click();
    await emp.getByTestId('unsent-close-ok').click();
    await emp.getByTestId('wf-form').waitFor({ state: 'detached' });
    await openLaunch();
    await emp.waitForTimeout(500);
    expect(await emp.getByTestId('unsent-offer').count()).toBe(0);
    expect(await item(emp, 'reason').locator('textarea').inputValue()).toBe('');
    expect(await stored()).toEqual([]);

    // typed again, the session ends; another employee signs in at the same browser: the first one's input goes
    await item(emp, 'reason').locator('textarea').fill('第二次填写');
    await expect.poll(async () => (await stored()).length, { timeout: T }).toBe(1);
    await endSession(emp);
    await loginAs(emp, S.kp.base, 'lihaitao', PW);
    await openLaunch('李海涛');
    await emp.waitForTimeout(500);
    expect(await emp.getByTestId('unsent-offer').count()).toBe(0);
    expect(await item(emp, 'reason').locator('textarea').inputValue()).toBe('');
    expect(await stored()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("a released form's record: a new one survives a reload; an edit restores only the user's own changes over today's record", async () => {
    const admin = await apiToken(S.kp.base, 'admin', 'admin123');
    const FORM = formConfig(
      [
        { __config__: fieldConfig('comInput', '标题', { required: true, formId: 101 }), __vModel__: 'title' },
        { __config__: fieldConfig('textarea', '说明', { formId: 102 }), __vModel__: 'note' },
      ],
      { idGlobal: 200 },
    );
    const created = await api<string>(admin, 'POST', '/api/visualdev/Base', {
      fullName: '材料进场登记',
      enCode: 'unsentDemo',
      formData: FORM,
      columnData: {
        columnList: [
          { prop: 'title', label: '标题' },
          { prop: 'note', label: '说明' },
        ],
        searchList: [],
        btnsList: ['add'],
        columnBtnsList: ['edit'],
        hasPage: true,
        pageSize: 20,
      },
    });
    expect(created.code, created.msg).toBe(200);
    const rel = await api(admin, 'POST', `/api/visualdev/Base/${created.data}/Actions/Release`, {});
    expect(rel.code, rel.msg).toBe(200);
    await grantToEmployees(S, admin, 'unsentDemo');
    const field = (page: Page, v: string) => formItem(page, v).locator('input, textarea').first();

    const page = await session(EMP);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const openList = async () => {
      await go(page, 'model/unsentDemo');
      await page.getByTestId('page-dynamicModel').waitFor();
    };
    // a new record: typed, then the page reloads before it is saved
    await openList();
    await page.getByTestId('dm-add').click();
    await page.getByTestId('dm-form').waitFor();
    await field(page, 'title').fill('钢筋 HRB400 进场');
    await field(page, 'note').fill('第 3 批，共 12 吨');
    await page.waitForTimeout(600);
    await page.reload();
    await page.getByTestId('page-dynamicModel').waitFor();
    await page.getByTestId('dm-add').click();
    await page.getByTestId('unsent-offer').waitFor();
    await page.getByTestId('unsent-restore').click();
    expect(await field(page, 'title').inputValue()).toBe('钢筋 HRB400 进场');
    expect(await field(page, 'note').inputValue()).toBe('第 3 批，共 12 吨');
    await page.locator('[data-testid="dm-form"] .kp-form-buttons .ant-btn-primary').click();
    await page.getByText('新建成功').first().waitFor();
    const row = page.locator('.ant-table-row', { hasText: '钢筋 HRB400 进场' });
    await row.waitFor();
    // saved: nothing is offered any more
    await page.getByTestId('dm-add').click();
    await page.getByTestId('dm-form').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('unsent-offer').count()).toBe(0);
    await page.locator('.ant-modal:visible .ant-modal-close').first().click();
    await page.getByTestId('dm-form').waitFor({ state: 'detached' });

    // an edit: the employee changes the title; the session ends before the save
    await row.locator('[data-testid="row-edit"]').click();
    await page.getByTestId('dm-form').waitFor();
    await field(page, 'title').fill('钢筋 HRB400 进场（已验收）');
    await page.waitForTimeout(600);
    await endSession(page);
    // meanwhile the administrator changes the note of the same record
    const list = await api<{ list: Array<{ id: string }> }>(
      admin,
      'POST',
      `/api/visualdev/OnlineDev/${created.data}/List`,
      { currentPage: 1, pageSize: 20 },
    );
    const rid = list.data.list[0].id;
    const rec = await api<{ data: Record<string, unknown>; version: number }>(
      admin,
      'GET',
      `/api/visualdev/OnlineDev/${created.data}/${rid}`,
    );
    const put = await api(admin, 'PUT', `/api/visualdev/OnlineDev/${created.data}/${rid}`, {
      data: { ...rec.data.data, note: '第 3 批，共 12.5 吨（过磅）' },
      version: rec.data.version,
    });
    expect(put.code, put.msg).toBe(200);
    // back in: the edit offers the title back and keeps the administrator's note
    await loginAs(page, S.kp.base, EMP, PW);
    await openList();
    await row.locator('[data-testid="row-edit"]').click();
    await page.getByTestId('unsent-offer').waitFor();
    expect(await field(page, 'note').inputValue()).toBe('第 3 批，共 12.5 吨（过磅）');
    await page.getByTestId('unsent-restore').click();
    expect(await field(page, 'title').inputValue()).toBe('钢筋 HRB400 进场（已验收）');
    expect(await field(page, 'note').inputValue()).toBe('第 3 批，共 12.5 吨（过磅）');
    await shot(page, 'online-form-restored');
    await page.locator('[data-testid="dm-form"] .kp-form-buttons .ant-btn-primary').click();
    await page.getByText('更新成功').first().waitFor();
    await page.locator('.ant-table-row', { hasText: '（已验收）' }).getByText('12.5 吨').waitFor();
    expect(errors).toEqual([]);
  });

  it('a notice being written, in en: closing asks first; a chosen logout leaves nothing behind', async () => {
    const ctx = await S.context();
    await ctx.addInitScript(() => localStorage.setItem('jnpf_language', JSON.stringify('en')));
    const page = await ctx.newPage();
    page.setDefaultTimeout(T);
    await loginAs(page, S.kp.base, 'admin', 'admin123');
    const openNew = async () => {
      await go(page, 'oa/notice');
      await page.getByRole('button', { name: 'New' }).first().click();
      await page.getByTestId('item-title').waitFor();
    };
    await openNew();
    await page.getByTestId('item-title').fill('Site safety week');
    await page.getByTestId('rich-editor').click();
    await page.keyboard.type('Hard hats on every deck from Monday.');
    await settled(page);
    await page.locator('.ant-modal:visible .ant-modal-close').first().click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Discard what you have not sent?' }).waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Keep editing' }).click();
    await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    await page.waitForTimeout(600);
    // a reload keeps it; the dialog offers it back
    await page.reload();
    await openNew();
    await page.getByTestId('unsent-offer').getByText('did not send').waitFor();
    await shot(page, 'notice-offer-en');
    await page.getByTestId('unsent-restore').click();
    expect(await page.getByTestId('item-title').inputValue()).toBe('Site safety week');
    await page.getByTestId('rich-editor').getByText('Hard hats on every deck').waitFor();
    // a chosen logout (user menu → Log out) removes it from this browser: the next person here sees none of it
    await page.waitForTimeout(600);
    await page.reload();
    await page.getByRole('button', { name: 'New' }).first().waitFor();
    const kept = () =>
      page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('unsent')).length);
    expect(await kept()).toBe(1);
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /OK|Confirm/ })
      .click();
    await page.waitForURL(/\/login/);
    expect(await kept()).toBe(0);
    await loginAs(page, S.kp.base, 'admin', 'admin123');
    await openNew();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('unsent-offer').count()).toBe(0);
    expect(await page.getByTestId('item-title').inputValue()).toBe('');
    await ctx.close();
  });

  it('a flow being designed and a form being designed in 功能设计 survive a reload (spec 3 §4: the drawing is saved locally)', async () => {
    const page = await S.session('admin', { password: 'admin123' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // 流程设计: name, code and a field on the form tab
    const newFlow = async () => {
      await go(page, 'workFlow/flowEngine');
      await page
        .getByTestId('wf-engine')
        .getByRole('button', { name: /新\s*建/ })
        .click();
      return page.locator('.ant-modal:visible').last();
    };
    let editor = await newFlow();
    await editor.locator('input#fullName').fill('材料验收流程');
    await editor.locator('input#enCode').fill('materialCheck');
    await editor.getByRole('tab', { name: '表单设计' }).click();
    await page.getByTestId('palette-comInput').click();
    await page.getByTestId('field-101').waitFor();
    await page.waitForTimeout(600);
    await page.reload();
    editor = await newFlow();
    await editor.getByTestId('unsent-offer').waitFor();
    await editor.getByTestId('unsent-restore').click();
    expect(await editor.locator('input#fullName').inputValue()).toBe('材料验收流程');
    expect(await editor.locator('input#enCode').inputValue()).toBe('materialCheck');
    await editor.getByRole('tab', { name: '表单设计' }).click();
    await page.getByTestId('field-101').waitFor();
    await shot(page, 'flow-design-restored');
    // the server saves a design only when it passes the designer's checks: the start node names who may launch
    await editor.getByRole('tab', { name: '流程设计' }).click();
    await page.getByTestId('node-start').locator('button').first().click();
    const drawer = page.locator('[data-testid="node-drawer"]:visible');
    await pickOrgUsers(page, drawer.getByTestId('start-initiator'), ['张伟']);
    await page.locator('.ant-drawer:visible .ant-drawer-close').click();
    await page.getByTestId('node-start').getByText('张伟').waitFor();
    // saved: the flow is listed and nothing is offered any more
    await editor.getByRole('button', { name: /保\s*存/ }).click();
    await editor.waitFor({ state: 'hidden' });
    await page.getByTestId('wf-engine').locator('tr', { hasText: '材料验收流程' }).first().waitFor();
    editor = await newFlow();
    await editor.locator('input#fullName').waitFor();
    await page.waitForTimeout(500);
    expect(await editor.getByTestId('unsent-offer').count()).toBe(0);
    await editor.locator('.ant-modal-close').click();
    await editor.waitFor({ state: 'hidden' });

    // 功能设计: basics, then a field in the form designer
    const newItem = async () => {
      await go(page, 'onlineDev/webDesign');
      await page.getByTestId('webdesign-add').click();
      await page.getByTestId('webdesign-name').waitFor();
    };
    await newItem();
    await page.getByTestId('webdesign-name').fill('设备点检');
    await page.getByTestId('webdesign-code').fill('deviceCheck');
    await page.getByTestId('webdesign-next').click();
    await page.getByTestId('webdesign-form').waitFor();
    await page.getByTestId('palette-comInput').click();
    await page.getByTestId('field-101').waitFor();
    await page.waitForTimeout(600);
    await page.reload();
    await newItem();
    await page.getByTestId('unsent-offer').waitFor();
    await page.getByTestId('unsent-restore').click();
    expect(await page.getByTestId('webdesign-name').inputValue()).toBe('设备点检');
    await page.getByTestId('webdesign-next').click();
    await page.getByTestId('field-101').waitFor();
    // closing asks first; 放弃 discards it
    await settled(page);
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /取\s*消/ })
      .first()
      .click();
    await page.getByTestId('unsent-close-ok').click();
    await page.getByTestId('webdesign-form').waitFor({ state: 'detached' });
    await newItem();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('unsent-offer').count()).toBe(0);
    expect(await page.getByTestId('webdesign-name').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('a document being drafted, a portal grid and a print template being designed survive a reload', async () => {
    const page = await S.session('admin', { password: 'admin123' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const offered = async () => {
      await page.getByTestId('unsent-offer').waitFor();
      await page.getByTestId('unsent-restore').click();
      await page.getByTestId('unsent-offer').waitFor({ state: 'detached' });
    };
    const reloadAfterKeep = async () => {
      await page.waitForTimeout(600);
      await page.reload();
    };

    // 公文起草: title and contents
    const newDoc = async () => {
      await go(page, 'WDQC01');
      await page.getByTestId('document-new').click();
      await page.getByTestId('document-title').waitFor();
    };
    await newDoc();
    await page.getByTestId('document-title').fill('关于加强冬季施工安全的通知');
    await page.locator('.ant-modal:visible textarea').fill('各项目部：入冬以来……');
    await reloadAfterKeep();
    await newDoc();
    await offered();
    expect(await page.getByTestId('document-title').inputValue()).toBe('关于加强冬季施工安全的通知');
    expect(await page.locator('.ant-modal:visible textarea').inputValue()).toBe('各项目部：入冬以来……');
    await page.getByTestId('document-save').click();
    await page.getByText('保存成功').first().waitFor();
    await page
      .getByTestId('document-page')
      .locator('tr', { hasText: '关于加强冬季施工安全的通知' })
      .first()
      .waitFor();

    // 门户设计: a widget added to a new portal's grid
    await go(page, 'onlineDev/portal');
    await page.getByTestId('portal-new').click();
    await page.getByTestId('portal-name').fill('项目部门户');
    await page.getByTestId('portal-code').fill('siteOffice');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    const openGrid = async () => {
      await page.getByTestId('portal-row-siteOffice').locator('[data-testid="portal-design"]').click();
      await page.getByTestId('portal-grid').waitFor();
    };
    const widgets = () => page.getByTestId('portal-grid').locator('[data-testid^="portal-item-"]').count();
    await openGrid();
    expect(await widgets()).toBe(0);
    await page.locator('[data-testid^="portal-palette-"]').first().click();
    await expect.poll(widgets).toBe(1);
    await reloadAfterKeep();
    await openGrid();
    await offered();
    await expect.poll(widgets).toBe(1);
    await page.getByTestId('portal-save').click();
    await page.getByTestId('portal-designer-dialog').waitFor({ state: 'detached' });
    await openGrid();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('unsent-offer').count()).toBe(0);
    expect(await widgets()).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByTestId('portal-designer-dialog').waitFor({ state: 'detached' });

    // 打印设计: name and the template's HTML
    const newPrint = async () => {
      await go(page, 'system/printDev');
      await page.getByTestId('print-add').click();
      await page.getByTestId('print-name').waitFor();
    };
    await newPrint();
    await page.getByTestId('print-name').fill('材料验收单');
    await page.getByTestId('print-html').fill('<h2>材料验收单</h2><p>{title}</p>');
    await reloadAfterKeep();
    await newPrint();
    await offered();
    expect(await page.getByTestId('print-name').inputValue()).toBe('材料验收单');
    expect(await page.getByTestId('print-html').inputValue()).toBe('<h2>材料验收单</h2><p>{title}</p>');
    await settled(page);
    await page.locator('.ant-modal:visible .ant-modal-close').first().click();
    await page.getByTestId('unsent-close-ok').click();
    await page.getByTestId('print-name').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('unsent')))).toEqual(
      [],
    );
    expect(errors).toEqual([]);
  });

  it("an approver's opinion survives the session ending and is offered back in the approve dialog", async () => {
    // the employee's one-day leave, launched over the API; the department head approves it
    const empTok = await apiToken(S.kp.base, EMP, PW);
    const me = await api<{ userInfo: { userId: string; departmentId: string } }>(
      empTok,
      'GET',
      '/api/oauth/CurrentUser',
    );
    const launched = await api<string>(empTok, 'POST', '/api/workflow/Engine/FlowTask', {
      flowId: 'wf-leave',
      status: 0,
      formData: {
        applicant: me.data.userInfo.userId,
        department: me.data.userInfo.departmentId,
        leaveType: '事假',
        startTime: Date.UTC(2026, 11, 14, 1),
        endTime: Date.UTC(2026, 11, 14, 9),
        days: 1,
        reason: '意见保留测试',
      },
    });
    expect(launched.code, launched.msg).toBe(200);
    const head = await session('wangjianguo');
    const openTodo = async () => {
      await go(head, 'workFlow/flowTodo');
      const row = head.locator('[data-testid="wf-list-1"] tr', { hasText: '请假申请' }).first();
      await row.waitFor({ timeout: T });
      await row.getByTestId('wf-row-open').click();
      await head.getByTestId('wf-form').waitFor();
      await head.getByTestId('wf-btn-audit').click();
      await head.getByTestId('wf-opinion').waitFor();
    };
    await openTodo();
    // an opinion discarded on closing is gone: reopened, the dialog starts empty and keeps nothing
    await head.getByTestId('wf-opinion').fill('先写一句');
    await settled(head);
    await head.locator('.ant-modal:visible .ant-modal-close').last().click();
    await head.getByTestId('unsent-close-ok').click();
    await head.getByTestId('wf-opinion').waitFor({ state: 'hidden' });
    await head.getByTestId('wf-btn-audit').click();
    expect(await head.getByTestId('wf-opinion').inputValue()).toBe('');
    await head.waitForTimeout(600);
    expect(await head.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('unsent')))).toEqual(
      [],
    );
    const opinion = '同意。请提前与项目部交接好塔吊检查记录。';
    await head.getByTestId('wf-opinion').fill(opinion);
    await head.waitForTimeout(600);
    await endSession(head);
    await loginAs(head, S.kp.base, 'wangjianguo', PW);
    await openTodo();
    await head.getByTestId('unsent-offer').waitFor();
    await head.getByTestId('unsent-restore').click();
    expect(await head.getByTestId('wf-opinion').inputValue()).toBe(opinion);
    await head.getByTestId('wf-approve-ok').click();
    await head.locator('.ant-message').getByText('审核成功').first().waitFor({ timeout: T });
    expect(await head.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('unsent')))).toEqual(
      [],
    );
  });
});
