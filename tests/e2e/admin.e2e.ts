// Administration end to end (issue 9): an administrator creates a department, a role (granted one menu with
// btn_add only) and a user with that role, all through the screens; the user then logs in, sees exactly that
// menu and that button, and the server refuses the edit path when called directly.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, loginAs } from './harness';
import { useSuite } from './suite';

const suite = useSuite('admin');
const T = 60_000;
const stamp = Date.now().toString(36);
const DEPT = `E2E部门${stamp}`;
const ROLE = `E2E角色${stamp}`;
const ACCOUNT = `e2e${stamp}`;
const PASSWORD = 'abc12345';

const { shot, api } = suite;

/**
 * Opens an antd TreeSelect or Select by its test id and picks the option with `label`, then checks the field shows
 * it. A click that lands while the drop-down is still opening (its motion) can be lost; the pick is then tried
 * again, as a user would click again, instead of failing later at an unrelated step.
 */
async function pick(page: Page, testId: string, label: string, tree: boolean) {
  const field = page.locator(`[data-testid="${testId}"]`);
  const sel = tree
    ? `.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper[title="${label}"]`
    : `.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`;
  for (let attempt = 1; ; attempt++) {
    await field.click();
    await page.locator(sel).first().click({ timeout: T });
    const shown = await field
      .filter({ hasText: label })
      .waitFor({ timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
    if (attempt === 3) throw new Error(`${testId}: ${label} was clicked three times and is still not chosen`);
    await page.keyboard.press('Escape');
  }
}

async function dialogOk(page: Page) {
  await page.locator('.ant-modal:visible [data-testid="dialog-ok"]').click();
  await page
    .locator('.ant-modal:visible [data-testid="dialog-ok"]')
    .waitFor({ state: 'detached', timeout: T })
    .catch(() => {});
}

describe('administration', () => {
  it('admin creates a department, a role granted one menu with btn_add only, and a user; the user sees exactly that', async () => {
    // the administrator works in English (the browser's language picks the host's), the new user in Chinese
    const ctx = await suite.context({ locale: 'en-US' });
    const page = await ctx.newPage();
    await loginAs(page, suite.kp.base, 'admin', 'admin123');
    await adminSteps(page).catch(async (e) => {
      await shot(page, 'failure');
      console.error(
        '[admin.e2e] page text:',
        (
          await page
            .locator('.kp-view:visible')
            .first()
            .innerText()
            .catch(() => '')
        ).slice(0, 1500),
      );
      throw e;
    });
    await ctx.close();
    await userSteps();
  }, 600_000);

  it('at phone width (390 px, zhtw) the users and positions pages stack the unit tree above the list, which scrolls sideways with whole columns', async () => {
    const ctx = await suite.context({
      locale: 'zh-TW',
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const page = await ctx.newPage();
    await loginAs(page, suite.kp.base, 'admin', 'admin123');
    for (const [path, testId] of [
      ['permission/user', 'page-user'],
      ['permission/position', 'page-position'],
    ] as const) {
      await page.goto(`${suite.kp.base}/kpSystem/${path}`);
      const view = page.locator(`[data-testid="${testId}"]`);
      await view.locator('.ant-table-row').first().waitFor({ timeout: T });
      await view.locator('.ant-tree-title').first().waitFor({ timeout: T });
      const layout = await view.evaluate((root) => {
        const box = (sel: string) => root.querySelector(sel)?.getBoundingClientRect();
        const scroller = root.querySelector<HTMLElement>('.ant-table-content');
        const before = scroller?.scrollLeft ?? -1;
        scroller?.scrollBy({ left: 200 });
        const heads = [...root.querySelectorAll<HTMLElement>('.ant-table-thead th')].filter(
          (th) => th.innerText.trim() && !th.classList.contains('ant-table-selection-column'),
        );
        return {
          side: box('.kp-adm > :first-child'),
          main: box('.kp-adm-main'),
          viewport: window.innerWidth,
          overflow: scroller ? scroller.scrollWidth - scroller.clientWidth : -1,
          scrolled: (scroller?.scrollLeft ?? -1) - before,
          // a header squeezed to a letter per line wraps: taller than two lines of text
          tallestHead: Math.max(...heads.map((th) => th.getBoundingClientRect().height)),
          firstRow: root.querySelector('.ant-table-row')?.getBoundingClientRect().height ?? 0,
        };
      });
      await shot(page, `phone-${testId}`);
      expect(layout.side && layout.main).toBeTruthy();
      // the tree sits above the list, and the list takes the screen's width
      expect(layout.side!.bottom).toBeLessThanOrEqual(layout.main!.top + 1);
      expect(layout.main!.width).toBeGreaterThan(layout.viewport - 40);
      // the columns keep their width: the table is wider than the screen and scrolls sideways
      expect(layout.overflow).toBeGreaterThan(50);
      expect(layout.scrolled).toBeGreaterThan(0);
      expect(layout.tallestHead).toBeLessThan(60);
      expect(layout.firstRow).toBeLessThan(80);
    }
    await ctx.close();
  }, 300_000);

  it('at phone width (390 px) tables outside the admin kit keep whole column headers too (message centre, flow monitor, news); the settings form fits', async () => {
    const ctx = await suite.context({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await ctx.newPage();
    await loginAs(page, suite.kp.base, 'admin', 'admin123');
    for (const [path, testId] of [
      ['messageRecord', 'message-record'],
      ['workFlow/flowMonitor', 'wf-monitor'],
      ['oa/news', 'oa-news-list'],
    ] as const) {
      await page.goto(`${suite.kp.base}/kpSystem/${path}`);
      const view = page.locator(`[data-testid="${testId}"]`);
      await view.locator('.ant-table-thead th').first().waitFor({ timeout: T });
      // a header squeezed to a letter per line wraps: taller than two lines of text
      const tallestHead = await view.evaluate((root) =>
        Math.max(
          ...[...root.querySelectorAll<HTMLElement>('.ant-table-thead th')]
            .filter((th) => th.innerText.trim())
            .map((th) => th.getBoundingClientRect().height),
        ),
      );
      await shot(page, `phone-${testId}`);
      expect(tallestHead, path).toBeLessThan(60);
    }
    // the settings form stacks its labels; its save button lines up with the fields, not past the screen
    await page.goto(`${suite.kp.base}/kpSystem/system/sysConfig`);
    const save = page.locator('[data-testid="sysconfig-save"]');
    await save.scrollIntoViewIfNeeded();
    const row = await save.evaluate((b) => b.closest('.ant-form-item')!.getBoundingClientRect().right);
    const field = await page.locator('[data-testid="page-sysConfig"] input').first().boundingBox();
    expect(row).toBeLessThanOrEqual(390);
    expect(Math.abs((await save.boundingBox())!.x - field!.x)).toBeLessThan(2);
    await ctx.close();
  }, 300_000);

  it('system data and online users: dictionary item, lazy area tree, bill number preview, data interface test-run, forced offline', async () => {
    const ctx = await suite.context();
    const page = await ctx.newPage();
    await loginAs(page, suite.kp.base, 'admin', 'admin123');
    try {
      // dictionary: a new item under 请假类型
      await page.goto(`${suite.kp.base}/kpSystem/systemData/dictionary`);
      const dict = page.locator('[data-testid="page-dictionary"]');
      await dict.locator('.ant-tree-title', { hasText: '请假类型' }).click({ timeout: T });
      await dict.locator('[data-testid="btn-add"]').click({ timeout: T });
      await page.fill('[data-testid="dict-data-fullName"]', `调休${stamp}`);
      await page.fill('[data-testid="dict-data-enCode"]', `e2e.${stamp}`);
      await dialogOk(page);
      await dict.locator('.ant-table-row', { hasText: `调休${stamp}` }).waitFor({ timeout: T });
      // a bad code is refused on the client with the spec's message
      await dict.locator('[data-testid="btn-add"]').click();
      await page.fill('[data-testid="dict-data-fullName"]', 'x');
      await page.fill('[data-testid="dict-data-enCode"]', '.bad');
      await page.locator('.ant-modal:visible [data-testid="dialog-ok"]').click();
      await page
        .getByText('编码只能输入英文、数字和小数点且小数点不能放在首尾')
        .first()
        .waitFor({ timeout: T });
      await page.keyboard.press('Escape');

      // areas: the provinces, and a province's cities on expand
      await page.goto(`${suite.kp.base}/kpSystem/systemData/area`);
      const area = page.locator('[data-testid="page-area"]');
      const hebei = area.locator('.ant-table-row', { hasText: '河北省' });
      await hebei.waitFor({ timeout: T });
      await hebei.locator('.ant-table-row-expand-icon').click();
      await area.locator('.ant-table-row', { hasText: '石家庄市' }).waitFor({ timeout: T });

      // bill rules: the next number of the seeded document rule
      await page.goto(`${suite.kp.base}/kpSystem/systemData/billRule`);
      const bill = page.locator('[data-testid="page-billRule"] .ant-table-row', { hasText: 'documentNo' });
      await bill.waitFor({ timeout: T });
      expect(await bill.locator('[data-testid="bill-next"]').innerText()).toMatch(/^GW\d{8}$/);

      // data interfaces: a static source, then a test-run showing its data
      await page.goto(`${suite.kp.base}/kpSystem/systemData/dataInterface`);
      const di = page.locator('[data-testid="page-dataInterface"]');
      await di.locator('[data-testid="btn-add"]').click({ timeout: T });
      await page.fill('[data-testid="di-fullName"]', `接口${stamp}`);
      await page.fill('[data-testid="di-enCode"]', `di.${stamp}`);
      await page.fill('[data-testid="di-static"]', '[{"id":1,"name":"e2e-static-row"}]');
      await dialogOk(page);
      const row = di.locator('.ant-table-row', { hasText: `接口${stamp}` });
      await row.waitFor({ timeout: T });
      await row.locator('[data-perm="btn_preview"]').click();
      await page.locator('[data-testid="di-run"]').click({ timeout: T });
      await page.locator('[data-testid="di-result"]', { hasText: 'e2e-static-row' }).waitFor({ timeout: T });
      await page.keyboard.press('Escape');

      // online users: force the test user's session offline; that token is then refused
      const token = await apiToken(suite.kp.base, ACCOUNT, PASSWORD);
      expect((await api(token, 'GET', '/api/oauth/CurrentUser')).code).toBe(200);
      await page.goto(`${suite.kp.base}/kpSystem/permission/onlineUser`);
      const online = page.locator('[data-testid="page-onlineUser"] .ant-table-row', { hasText: ACCOUNT });
      await online.first().waitFor({ timeout: T });
      const before = await online.count();
      await online.first().locator('[data-perm="btn_remove"]').click();
      // spec 4 §6: forcing a session offline asks 确定要注销该账号? first
      const confirm = page.locator('.ant-modal-confirm', { hasText: '确定要注销该账号?' });
      await confirm.getByRole('button', { name: /确\s*定/ }).click();
      await page.locator('.ant-message-success').first().waitFor({ timeout: T });
      await expect.poll(() => online.count(), { timeout: T }).toBe(before - 1);
      const after = await api(token, 'GET', '/api/oauth/CurrentUser');
      // every session of the user except one was live before; at least one of the two tokens is now gone
      if (before === 1) expect(after.code).not.toBe(200);
      await shot(page, 'online');
    } catch (e) {
      await shot(page, 'failure-2');
      throw e;
    } finally {
      await ctx.close();
    }
  }, 600_000);
});

async function adminSteps(page: Page) {
  {
    // 1. a department under 集团总部 (a seeded generic name: Group headquarters in the administrator's English)
    await page.goto(`${suite.kp.base}/kpSystem/permission/organize`);
    await page.locator('[data-testid="btn-add-department"]').first().click({ timeout: T });
    await pick(page, 'org-parent', 'Group headquarters', true);
    await page.fill('[data-testid="org-fullName"]', DEPT);
    await page.fill('[data-testid="org-enCode"]', `e2e.dept.${stamp}`);
    await dialogOk(page);
    await page
      .locator('[data-testid="page-organize"] .ant-table-row', { hasText: DEPT })
      .waitFor({ timeout: T });

    // 2. a role
    await page.goto(`${suite.kp.base}/kpSystem/permission/role`);
    await page.locator('[data-testid="page-role"] [data-testid="btn-add"]').click({ timeout: T });
    await page.fill('[data-testid="role-fullName"]', ROLE);
    await page.fill('[data-testid="role-enCode"]', `e2e.role.${stamp}`);
    await dialogOk(page);
    await page.locator('[data-testid="page-role"] .ant-table-row', { hasText: ROLE }).waitFor({ timeout: T });

    // 3. grant the role the dictionary menu with btn_add only
    await page.goto(`${suite.kp.base}/kpSystem/permission/authorize`);
    await page.locator('[data-testid="auth-roles"] .ant-tree-title', { hasText: ROLE }).click({ timeout: T });
    // the grant tree names menus in the administrator's language (数据字典 is Dictionary in English)
    const menuNode = page.locator('[data-testid="auth-module"] .ant-tree-treenode', {
      has: page.locator('.ant-tree-title', { hasText: /^Dictionary$/ }),
    });
    await menuNode.locator('.ant-tree-checkbox').click({ timeout: T });
    await page.locator('[data-testid="tab-button"]').click({ timeout: T });
    const addNode = page.locator('[data-testid="auth-button"] .ant-tree-treenode', { hasText: '(btn_add)' });
    await addNode.locator('.ant-tree-checkbox').click({ timeout: T });
    await shot(page, 'authorize');
    await page.locator('[data-testid="auth-save"]').click();
    await page.locator('.ant-message-success').first().waitFor({ timeout: T });

    // 4. a user in the new department with the role and a password
    await page.goto(`${suite.kp.base}/kpSystem/permission/user`);
    await page.locator('[data-testid="page-user"] [data-testid="btn-add"]').click({ timeout: T });
    await page.fill('[data-testid="user-account"]', ACCOUNT);
    await page.fill('[data-testid="user-realName"]', 'E2E用户');
    await pick(page, 'user-organize', DEPT, true);
    await pick(page, 'user-roles', ROLE, false);
    await page.keyboard.press('Escape');
    await page.fill('[data-testid="user-password"]', PASSWORD);
    await dialogOk(page);
    await page.locator('[data-testid="user-search"] input').fill(ACCOUNT);
    await page.locator('[data-testid="user-search"] input').press('Enter');
    await page
      .locator('[data-testid="page-user"] .ant-table-row', { hasText: ACCOUNT })
      .waitFor({ timeout: T });
    await shot(page, 'users');

    // the user's resume, and disable / enable through the state button (checked on the server)
    const userRow = page.locator('[data-testid="page-user"] .ant-table-row', { hasText: ACCOUNT });
    await userRow.locator('[data-testid="user-resume-btn"]').click();
    await page.locator('[data-testid="user-resume"]', { hasText: ACCOUNT }).waitFor({ timeout: T });
    // staff record: a bad phone is refused with the server's msg and the dialog keeps the input; then saved
    await page.locator('[data-testid="staff-edit-ContactInfo"]').click();
    await page.locator('[data-testid="staff-mobilePhone"]').fill('123');
    await page.locator('[data-testid="staff-save"]').click();
    await page.locator('.ant-modal [role="alert"]').waitFor({ timeout: T });
    expect(await page.locator('[data-testid="staff-mobilePhone"]').inputValue()).toBe('123');
    await page.locator('[data-testid="staff-mobilePhone"]').fill('13900001111');
    await page.locator('[data-testid="staff-save"]').click();
    await page.locator('[data-testid="user-resume"]').getByText('13900001111').waitFor({ timeout: T });
    // a list section: one education entry
    await page.locator('[data-testid="staff-edit-EduInfo"]').click();
    await page.locator('[data-testid="staff-add-entry"]').click();
    await page.locator('[data-testid="staff-school"]').fill('同济大学');
    await page.locator('[data-testid="staff-save"]').click();
    await page.locator('[data-testid="user-resume"]').getByText('同济大学').waitFor({ timeout: T });
    await page.keyboard.press('Escape');
    const adminToken = await apiToken(suite.kp.base, 'admin', 'admin123');
    const mark = async () =>
      (
        await api<{ list: { account: string; enabledMark: number }[] }>(
          adminToken,
          'GET',
          `/api/permission/Users?keyword=${ACCOUNT}`,
        )
      ).data.list.find((u) => u.account === ACCOUNT)?.enabledMark;
    await userRow.locator('[data-perm="btn_state"]').click();
    await expect.poll(mark, { timeout: T }).toBe(0);
    await userRow.locator('[data-perm="btn_state"]').click();
    await expect.poll(mark, { timeout: T }).toBe(1);

    // organisation administrator: the user may view the new department (administrators only)
    await userRow.getByRole('button', { name: 'Organisation administrator' }).click();
    const deptRow = page.locator('.ant-modal:visible .ant-table-row', { hasText: DEPT });
    await deptRow.locator('.ant-checkbox-input').first().check({ timeout: T });
    await page.locator('.ant-modal:visible .ant-btn-primary').click();
    await page.locator('.ant-modal:visible').waitFor({ state: 'hidden', timeout: T });
    const users = await api<{ list: { id: string; account: string }[] }>(
      adminToken,
      'GET',
      `/api/permission/Users?keyword=${ACCOUNT}`,
    );
    const uid = users.data.list.find((u) => u.account === ACCOUNT)?.id;
    const grants = await api<{ list: { fullName: string; thisLayerSelect: number; thisLayerAdd: number }[] }>(
      adminToken,
      'GET',
      `/api/permission/organizeAdminIsTrator/${uid}`,
    );
    expect(grants.data.list).toMatchObject([{ fullName: DEPT, thisLayerSelect: 1, thisLayerAdd: 0 }]);
  }
}

async function userSteps() {
  {
    // The server view: the user's menu pages are exactly the granted one, with btn_add only.
    const token = await apiToken(suite.kp.base, ACCOUNT, PASSWORD);
    const me = await api<{
      menuList: { fullName: string; type: number; children?: unknown[] }[];
      permissionList: { moduleName?: string; button: { enCode: string }[] }[];
    }>(token, 'GET', '/api/oauth/CurrentUser');
    expect(me.code).toBe(200);
    type M = { fullName: string; type: number; urlAddress?: string; children?: M[] };
    const pages: string[] = [];
    const walk = (l: M[]) => {
      for (const m of l) {
        if (m.type !== 1) pages.push(m.urlAddress ?? '');
        walk(m.children ?? []);
      }
    };
    walk(me.data.menuList as M[]);
    expect(pages.filter((p) => p !== 'home')).toEqual(['systemData/dictionary']);
    const granted = me.data.permissionList.flatMap((p) => p.button.map((b) => b.enCode));
    expect(granted).toEqual(['btn_add']);

    // 5. the user logs in: one menu page in the side menu, and only the add buttons on it
    const ctx2 = await suite.context();
    const page2 = await ctx2.newPage();
    await loginAs(page2, suite.kp.base, ACCOUNT, PASSWORD);
    const side = page2.locator('[data-testid="side-menu"]');
    // one directory (系统数据) holding one page (数据字典), besides the fixed home entry
    await side.locator('.ant-menu-submenu-title', { hasText: '系统数据' }).waitFor({ timeout: T });
    const dirs = await side.locator('.ant-menu-submenu-title').allInnerTexts();
    expect(dirs.map((s) => s.trim())).toEqual(['系统数据']);
    // The menu may re-render (its data arrives after the first paint) and close the group again: open it
    // until it stays open, by its aria-expanded rather than by a toggle click that could close it.
    const dirTitle = side.locator('.ant-menu-submenu-title', { hasText: '系统数据' });
    for (let i = 0; i < 5 && !(await side.getByText('数据字典').first().isVisible()); i++) {
      if ((await dirTitle.getAttribute('aria-expanded')) !== 'true') await dirTitle.click();
      await page2.waitForTimeout(400);
    }
    await side.getByText('数据字典').first().waitFor({ timeout: T });
    const items = await side.locator('.ant-menu-item').allInnerTexts();
    expect(items.map((s) => s.trim()).filter((s) => s && s !== '首页')).toEqual(['数据字典']);
    await side.getByText('数据字典').first().click();
    const dict = page2.locator('[data-testid="page-dictionary"]');
    await dict.waitFor({ timeout: T });
    await dict.locator('[data-perm="btn_add"]').first().waitFor({ timeout: T });
    await dict.locator('.ant-tree-title', { hasText: '请假类型' }).click();
    await dict.locator('.ant-table-row', { hasText: '年假' }).waitFor({ timeout: T });
    await shot(page2, 'user-dictionary');
    expect(await dict.locator('[data-perm="btn_add"]').count()).toBe(2); // type and data add buttons
    expect(await dict.locator('[data-perm="btn_edit"]').count()).toBe(0);
    expect(await dict.locator('[data-perm="btn_remove"]').count()).toBe(0);
    expect(await dict.locator('[data-perm="btn_export"]').count()).toBe(0);
    await ctx2.close();

    // 6. the edit path called directly is refused; adding is allowed
    const types = await api<{ list: { id: string; fullName: string; enCode: string }[] }>(
      token,
      'GET',
      '/api/system/DictionaryType',
    );
    const leave = types.data.list.find((x) => x.enCode === 'leaveType');
    expect(leave).toBeTruthy();
    const put = await api(token, 'PUT', `/api/system/DictionaryType/${leave?.id}`, {
      fullName: '改名',
      enCode: 'leaveType',
      parentId: '-1',
    });
    expect(put.code).toBe(403);
    const del = await api(token, 'DELETE', `/api/system/DictionaryType/${leave?.id}`);
    expect(del.code).toBe(403);
    const add = await api(token, 'POST', '/api/system/DictionaryType', {
      fullName: `E2E类型${stamp}`,
      enCode: `e2e.type.${stamp}`,
      parentId: '-1',
    });
    expect(add.code).toBe(200);
    // and a page outside the grant is refused too
    const users = await api(token, 'GET', '/api/permission/Users');
    expect(users.code).toBe(403);
  }
}
