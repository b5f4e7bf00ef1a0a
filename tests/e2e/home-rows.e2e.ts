// Issue 35, items 1, 7 and 8, in Chromium against a real server (PGlite, seeded):
// - a to-do row of the home page opens that request's approval dialog in place (not the whole list in a new
//   tab), approving there reloads the widget; a circulated row opens that item;
// - a task of another system (isOut 1, webUrl) opens its address in a new window with a one-time user code
//   the server issued for it (redeemable once, for that user; no session token, no Referer), and closing that
//   window reloads the widget (the child-window watch, spec 1 §9: 100 ms for the external workflow link);
// - "more" opens the list in a new tab and closing the tab reloads the widget (the 1000 ms watch);
// - the workflow lists offer 20/30/50 per page like every other list (spec 1 §9), not antd's 10/20/50/100.
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken } from './harness';
import { leaveTodo } from './leave-todo';
import { byTest, settled, T, toast, useSuite } from './suite';

const suite = useSuite('home-rows');
const call = suite.must;

const ERP = 'https://erp.kp-e2e.test';
const OUT_NAME = `外部系统报销${Date.now().toString(36)}`;
const TODO_LIST = '/api/workflow/Engine/FlowBefore/List/1';

let approver = '';
let approverId = '';
let taskName = '';

beforeAll(async () => {
  const admin = await apiToken(suite.kp.base, 'admin', 'admin123');
  // zhangwei asks for leave: the first approver gets the to-do and is the browser user
  const todo = await leaveTodo(suite, '首页待办行');
  approverId = todo.approverId;
  approver = todo.approverAccount;
  taskName = todo.taskName;
  // the same request is circulated to the approver too (as a cc node does), before any list is read
  await suite.kp.app.kp.db
    .insertInto('wf_circulate')
    .values({
      id: `e2e-cc-${Date.now().toString(36)}`,
      task_id: todo.taskId,
      node_id: todo.nodeId,
      user_id: approverId,
    })
    .execute();
  // the administrator allows the external system's host: the server issues user codes for it
  await call(admin, 'PUT', '/api/system/SysConfig', { externalLinkHosts: [ERP] });
});

const widget = (page: Page, key: string) => page.locator(`[data-testid="widget-${key}"]`);
const flowRow = (page: Page, key: string, name: string) =>
  widget(page, key).locator('[data-testid="flow-row"]', { hasText: name }).first();

/** The approver on the home page with both workflow widgets showing the request. */
async function home(): Promise<Page> {
  const page = await suite.session(approver);
  await suite.go(page, 'home');
  await flowRow(page, 'portalToDo', taskName).waitFor({ timeout: T });
  await flowRow(page, 'portalCirculate', taskName).waitFor({ timeout: T });
  return page;
}

/** Resolves with the next request of the to-do widget's list. */
const nextTodoList = (page: Page, timeout = 10_000) =>
  page.waitForRequest((r: Request) => new URL(r.url()).pathname === TODO_LIST, { timeout });

describe('home page workflow rows (issue 35)', () => {
  it('a circulated row opens that item in its dialog, in place', async () => {
    const page = await home();
    const pages = page.context().pages().length;
    await flowRow(page, 'portalCirculate', taskName).click();
    await expect.poll(() => byTest(page, 'wf-dialog-title').textContent(), { timeout: T }).toBe(taskName);
    await byTest(page, 'wf-form').waitFor({ timeout: T });
    expect(page.context().pages().length).toBe(pages);
    await suite.shot(page, 'circulated-dialog');
  });

  it('a to-do row opens its approval dialog in place; approving there reloads the widget', async () => {
    const page = await home();
    const pages = page.context().pages().length;
    await flowRow(page, 'portalToDo', taskName).click();
    await expect.poll(() => byTest(page, 'wf-dialog-title').textContent(), { timeout: T }).toBe(taskName);
    await byTest(page, 'wf-form').waitFor({ timeout: T });
    expect(page.context().pages().length).toBe(pages);
    await suite.shot(page, 'todo-dialog');
    await settled(page);
    await byTest(page, 'wf-btn-audit').click();
    await byTest(page, 'wf-opinion').fill('首页同意');
    await byTest(page, 'wf-approve-ok').click();
    await toast(page, '审核成功');
    // the handled request leaves the to-do widget without a page reload
    await widget(page, 'portalToDo')
      .locator('[data-testid="flow-row"]', { hasText: taskName })
      .waitFor({ state: 'detached', timeout: T });
  });

  it('an external task opens its webUrl with a one-time user code; closing it reloads the widget', async () => {
    const page = await suite.session(approver);
    // the server lists no task of another system yet: the to-do list answers one beside the real rows
    const webUrl = `${ERP}/task/9?from=kp`;
    await page.route(`**${TODO_LIST}**`, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { list: unknown[] } };
      body.data.list.unshift({
        id: 'out-1',
        processId: 'out-1',
        flowId: 'erp',
        fullName: OUT_NAME,
        status: 1,
        userName: '外部系统',
        creatorTime: Date.now(),
        isOut: 1,
        webUrl,
      });
      await route.fulfill({ response: res, json: body });
    });
    const seen: Array<{ url: string; referer?: string }> = [];
    await page.context().route(`${ERP}/**`, async (route) => {
      seen.push({ url: route.request().url(), referer: route.request().headers().referer });
      await route.fulfill({ contentType: 'text/html', body: '<title>ERP</title><h1>ERP task 9</h1>' });
    });
    await suite.go(page, 'home');
    await flowRow(page, 'portalToDo', OUT_NAME).waitFor({ timeout: T });
    const [child] = await Promise.all([
      page.context().waitForEvent('page'),
      flowRow(page, 'portalToDo', OUT_NAME).click(),
    ]);
    await child.waitForURL(/^https:\/\/erp\.kp-e2e\.test\/task\/9\?/, { timeout: T });
    const opened = new URL(child.url());
    expect(opened.searchParams.get('from')).toBe('kp');
    const code = opened.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect(seen.at(-1)?.referer).toBeUndefined();
    expect(await child.evaluate(() => window.opener)).toBeNull();
    // the home page stayed where it was and no list opened
    expect(new URL(page.url()).pathname).toBe('/kpSystem/home');
    // the external system redeems the code once, for the approver; a second time it is refused
    const redeem = () =>
      fetch(`${suite.kp.base}/api/oauth/UserCode/Redeem`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code, app: ERP }),
      }).then((r) => r.json() as Promise<{ code: number; data: { userId: string } }>);
    const first = await redeem();
    expect(first.code).toBe(200);
    expect(first.data.userId).toBe(approverId);
    expect((await redeem()).code).not.toBe(200);
    // closing the external window reloads the to-do widget
    const reloaded = nextTodoList(page);
    await child.close();
    await reloaded;
  });

  it('"more" opens the list in a new tab; closing the tab reloads the widget', async () => {
    const page = await suite.session(approver);
    await suite.go(page, 'home');
    await widget(page, 'portalToDo').locator('.ant-spin-spinning').waitFor({ state: 'detached', timeout: T });
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      widget(page, 'portalToDo').locator('[data-testid="widget-more"]').click(),
    ]);
    await tab.waitForURL(/\/kpSystem\/workFlow\/flowTodo$/, { timeout: T });
    await byTest(tab, 'wf-list-1').waitFor({ timeout: T });
    const reloaded = nextTodoList(page);
    await tab.close();
    await reloaded;
  });
});

describe('workflow list page sizes (issue 35)', () => {
  it('the circulated and my-launched lists offer 20/30/50 per page, like every list', async () => {
    for (const [account, path, list] of [
      [approver, 'workFlow/flowCirculate', 'wf-list-3'],
      ['zhangwei', 'workFlow/flowLaunch', 'wf-launched'],
    ] as const) {
      const page = await suite.session(account);
      await suite.go(page, path);
      await byTest(page, list).locator('.ant-table-row').first().waitFor({ timeout: T });
      await byTest(page, list).locator('.ant-pagination-options .ant-select').click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await options.first().waitFor({ timeout: T });
      expect(await options.allTextContents()).toEqual(['20 条/页', '30 条/页', '50 条/页']);
    }
  });
});
