// The portal home end to end: a real server (PGlite, seeded) serving the built host, driven in Chromium.
// Widgets show real data prepared over the API (news, notice, message, a workflow to-do, a meeting, a
// check-in); "more" opens a new tab; screenshots in the four layouts; customise (portal designer) then reset;
// the group portal; attendance check-in at /WDKQ01.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_DIR } from './browser';
import { apiToken } from './harness';
import { leaveTodo } from './leave-todo';
import { settled, useSuite } from './suite';

const PASSWORD = 'kp123456';
const stamp = Date.now().toString(36);
const NEWS = `E2E新闻${stamp}`;
const NOTICE = `E2E公告${stamp}`;
const MESSAGE = `E2E消息${stamp}`;
const MEETING = `E2E会议${stamp}`;
const DOC = `E2E公文${stamp}`;

const suite = useSuite('portal');
let page: Page;
let approverAccount = '';
let taskName = '';

const call = suite.must;

/** Closes the settings drawer and waits until it is gone (so screenshots show the page). */
async function closeSettings() {
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await page.waitForFunction(() => !document.querySelector('.ant-drawer-open'), undefined, {
    timeout: 15_000,
  });
}

const widget = (key: string) => page.locator(`[data-testid="widget-${key}"]`);

beforeAll(async () => {
  const admin = await apiToken(suite.kp.base, 'admin', 'admin123');
  const zw = await apiToken(suite.kp.base, 'zhangwei', PASSWORD);
  // zhangwei asks for leave: the first approver gets a to-do; that approver is our browser user
  const todo = await leaveTodo(suite, '家中有事', zw);
  const approverId = todo.approverId;
  approverAccount = todo.approverAccount;
  taskName = todo.taskName;
  await call(admin, 'POST', '/api/Bussiness/CompanyNews', {
    title: NEWS,
    contents: '<p>正文</p>',
    isDraft: 0,
  });
  await call(admin, 'POST', '/api/Bussiness/CompanyNotice', {
    title: NOTICE,
    contents: '<p>公告</p>',
    isDraft: 0,
  });
  await call(zw, 'POST', '/api/Bussiness/Message', {
    title: MESSAGE,
    contents: '<p>你好</p>',
    acceptUsers: approverId,
  });
  await call(zw, 'POST', '/api/Bussiness/personalfile', {
    title: DOC,
    contents: '<p>请阅</p>',
    isDraft: 0,
    acceptUsers: [approverId],
  });
  // a meeting later today with the approver attending (starts at least 2 minutes from now)
  const start = Math.ceil((Date.now() + 120_000) / 60_000) * 60_000;
  await call(admin, 'POST', '/api/Bussiness/Conference', {
    crTheme: MEETING,
    crguid: 'room-201',
    crTypeGuid: 'routine',
    crLeader: approverId,
    startTime: start,
    endTime: start + 30 * 60_000,
    userList: [approverId],
  });
  page = await suite.session(approverAccount, { viewport: { width: 1440, height: 1000 } });
  await page.waitForURL(/\/kpSystem\/home/, { timeout: 60_000 });
}, 300_000);

describe('portal home', () => {
  it('renders the widgets of the portal with real data', async () => {
    await page.locator('[data-testid="home-page"]').waitFor({ timeout: 60_000 });
    await widget('portalNews').getByText(NEWS).waitFor({ timeout: 30_000 });
    await widget('portalNotices').getByText(NOTICE).waitFor();
    await widget('portalMessage').getByText(MESSAGE).waitFor();
    const todo = widget('portalToDo');
    await todo.getByText(taskName).first().waitFor();
    expect(await todo.locator('[data-testid="flow-status"]').first().textContent()).toBe('等待审核');
    await widget('portalMeeting').getByText(MEETING).waitFor();
    expect(await widget('portalMeeting').locator('.ant-card-head-title').textContent()).toMatch(/\(1\)/);
    await widget('portalitem').getByText(taskName).first().waitFor();
    await widget('portalitem').getByText(MEETING).waitFor();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="stat-todo-value"]')?.textContent) >= 1,
    );
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="stat-meet-value"]')?.textContent) >= 1,
    );
    await widget('portalDocument').getByText(DOC).waitFor();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="stat-docs-value"]')?.textContent) >= 1,
    );
    // dates: MM-DD for news, YYYY-MM-DD for messages
    const newsDate = await widget('portalNews').locator('.kp-widget-row-right').first().textContent();
    expect(newsDate).toMatch(/^\d{2}-\d{2}$/);
    const msgDate = await widget('portalMessage').locator('.kp-widget-row-right').first().textContent();
    expect(msgDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // application shortcuts: only entries of the user's menu (the data-screen and help links are not in it)
    const apps = widget('portalApplication').locator('[data-testid="app-link"]');
    await apps.first().waitFor();
    const paths = await apps.evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    expect(paths).toContain('/oa/conference');
    expect(paths.every((p) => p?.startsWith('/'))).toBe(true);
    await widget('portalSystem').locator('[data-testid="system-card"]').first().waitFor();
    await widget('portalCheck').locator('[data-testid="calendar"]').waitFor();
  });

  it('"more" opens the target list in a new browser tab', async () => {
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      widget('portalNews').locator('[data-testid="widget-more"]').click(),
    ]);
    // the tab opens blank and then goes to its page (the widget keeps its handle to watch it)
    await tab.waitForURL((u) => u.pathname === '/kpSystem/oa/news');
    await tab.close();
    const [tab2] = await Promise.all([
      page.context().waitForEvent('page'),
      widget('portalToDo').locator('[data-testid="widget-more"]').click(),
    ]);
    await tab2.waitForURL((u) => u.pathname === '/kpSystem/workFlow/flowTodo');
    await tab2.close();
  });

  it('screenshots of the portal home in the four layouts', async () => {
    for (const layout of ['classic', 'functional', 'plain', 'blend'] as const) {
      await page.click('[data-testid="tool-settings"]');
      await page.click(`[data-testid="layout-${layout}"]`);
      await page.waitForSelector(`[data-testid="main-layout"][data-layout="${layout}"]`);
      await closeSettings();
      await widget('portalNews').getByText(NEWS).waitFor();
      await page.screenshot({ path: path.join(RESULTS_DIR, `portal-home-${layout}.png`), fullPage: true });
    }
    await page.click('[data-testid="tool-settings"]');
    await page.click('[data-testid="layout-classic"]');
    await closeSettings();
  });

  it('customise removes a widget for this user only; reset asks and brings the default back', async () => {
    await page.click('[data-testid="portal-customize"]');
    const dialog = page.locator('[data-testid="customize-dialog"]');
    await dialog.waitFor({ timeout: 60_000 });
    const item = dialog.locator('[data-testid="portal-item-news"]');
    await item.hover();
    await item.locator('[data-testid="portal-remove-news"]').click();
    await dialog.locator('[data-testid="portal-item-news"]').waitFor({ state: 'detached' });
    await page.click('[data-testid="customize-confirm"]');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-testid="portal-personal"]').waitFor();
    expect(await widget('portalNews').count()).toBe(0);
    await widget('portalNotices').getByText(NOTICE).waitFor();
    // stored on the server: still customised after a reload
    await page.reload();
    await page.locator('[data-testid="portal-personal"]').waitFor({ timeout: 60_000 });
    expect(await widget('portalNews').count()).toBe(0);
    // another user still has the released layout
    const other = await apiToken(suite.kp.base, 'zhangwei', PASSWORD);
    const theirs = await call<{ formData: { layout: Array<{ i: string }> } }>(
      other,
      'GET',
      '/api/portal/info',
    );
    expect(theirs.formData.layout.map((x) => x.i)).toContain('news');
    await page.click('[data-testid="portal-reset"]');
    const text = page.locator('[data-testid="reset-confirm-text"]');
    await text.waitFor();
    expect(await text.textContent()).toBe('是否重置为默认布局？重置后无法恢复');
    await page.click('[data-testid="reset-ok"]');
    await widget('portalNews').getByText(NEWS).waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid="portal-personal"]').count()).toBe(0);
  });

  it('the group portal at /portal shows the portal under the portal layout', async () => {
    await page.goto(`${suite.kp.base}/kpSystem/portal`);
    await page.locator('[data-testid="group-portal"]').waitFor({ timeout: 60_000 });
    await widget('portalNotices').getByText(NOTICE).waitFor({ timeout: 30_000 });
    // the menu's group-portal entry (type 17, /portal/{enCode}) shows the same page; reached through the menu
    // (a full load of /kpSystem/portal/portal.group is answered 404 by the static host: the path ends like a file)
    await page.goto(`${suite.kp.base}/kpSystem/home`);
    await page.locator('[data-testid="home-page"]').waitFor({ timeout: 60_000 });
    const sider = page.locator('.kp-sider');
    // on /home the first group (门户) opens by itself; a click on its title would close it again
    const entry = sider.getByText('集团门户', { exact: true });
    if (!(await entry.isVisible())) await sider.getByText('门户', { exact: true }).click();
    await entry.click();
    await page.waitForURL(/\/kpSystem\/portal\/portal\.group$/);
    // the home view stays cached (hidden) beside it: look inside the group portal
    const group = page.locator('[data-testid="group-portal"]');
    await group.waitFor({ timeout: 60_000 });
    await group
      .locator('[data-testid="widget-portalNotices"]')
      .getByText(NOTICE)
      .waitFor({ timeout: 30_000 });
  });

  it('attendance: check in at /WDKQ01; the day is marked on the calendar and counted', async () => {
    await page.goto(`${suite.kp.base}/kpSystem/WDKQ01`);
    await page.locator('[data-testid="attendance-page"]').waitFor({ timeout: 60_000 });
    await page.click('[data-testid="check-in"]');
    await page.getByText('打卡成功').first().waitFor();
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await page
      .locator(`[data-testid="attendance-page"] [data-testid="calendar-day-${today}"][data-marked="1"]`)
      .waitFor();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="att-checked"]')?.textContent) >= 1,
    );
    await page.goto(`${suite.kp.base}/kpSystem/home`);
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="checked-days"]')?.textContent) >= 1,
      undefined,
      { timeout: 60_000 },
    );
  });

  it('document drafting at /WDQC01: the issued document opens; a new draft is saved and listed', async () => {
    await page.goto(`${suite.kp.base}/kpSystem/WDQC01`);
    await page.locator('[data-testid="document-page"]').waitFor({ timeout: 60_000 });
    const row = page.locator('[data-testid="document-page"] tr').filter({ hasText: DOC });
    await row.waitFor();
    await row.getByRole('button', { name: '查看' }).click();
    await page.locator('[data-testid="document-contents"]').getByText('请阅').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="document-contents"]').waitFor({ state: 'hidden' });
    await page.click('[data-testid="document-new"]');
    await page.locator('[data-testid="document-title"]').waitFor();
    await settled(page);
    await page.click('[data-testid="document-save"]');
    await page.getByText('请输入标题').first().waitFor();
    await page.fill('[data-testid="document-title"]', `${DOC}-草稿`);
    await page.click('[data-testid="document-save"]');
    await page.getByText('保存成功').first().waitFor();
    const draft = page.locator('[data-testid="document-page"] tr').filter({ hasText: `${DOC}-草稿` });
    await draft.getByText('草稿', { exact: true }).waitFor();
  });
});
