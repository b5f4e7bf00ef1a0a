// Paged pickers in Chromium (issue 35 item 3; spec 1 §9 candidate picker, spec 2 §7): the message-recipient
// picker (候选人员) and the 提交审核 candidate picker load 20 people a page, the next page when the list is
// scrolled within 200 px of its bottom, and stop at a short page. 50 extra staff are made over the API so
// the lists run past the old first page (50) to several pages.

import { initiatorsOf, startNode } from '@kp/server/testing';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken } from './harness';
import { T, useSuite } from './suite';

const PW = 'kp123456';
const EXTRA = 50;
const S = useSuite('pickpage');
const { api, must, go } = S;

/** Scrolls a scroll box to its bottom (the browser then fires its scroll event). */
const toBottom = (box: Locator) =>
  box.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });

let head: { id: string; dept: string };

beforeAll(async () => {
  const admin = await apiToken(S.kp.base, 'admin', 'admin123');
  const tok = await apiToken(S.kp.base, 'wangjianguo', PW);
  const me = await must<{ userInfo: { userId: string; departmentId: string } }>(
    tok,
    'GET',
    '/api/oauth/CurrentUser',
  );
  head = { id: me.userInfo.userId, dept: me.userInfo.departmentId };
  for (let i = 1; i <= EXTRA; i++) {
    const n = String(i).padStart(2, '0');
    const r = await api(admin, 'POST', '/api/permission/Users', {
      account: `pager${n}`,
      realName: `翻页${n}`,
      organizeId: head.dept,
    });
    expect(r.code, r.msg).toBe(200);
  }
}, 300_000);

/** How many rows the recipient picker lists. */
const rows = (picker: Locator) => picker.locator('[data-testid="picker-user"]').count();

describe('pickers page by 20 on scroll', () => {
  it('the message-recipient picker loads the 2nd and 3rd page near the bottom, and a search starts again', async () => {
    const a = await S.session('liuzhiqiang', { password: PW });
    const tok = await apiToken(S.kp.base, 'liuzhiqiang', PW);
    const all = await must<{ pagination: { total: number } }>(
      tok,
      'GET',
      '/api/permission/Users/ImUser?currentPage=1&pageSize=1',
    );
    const total = all.pagination.total;
    expect(total).toBeGreaterThan(40);
    await go(a, 'oa/msgList');
    await a.click('[data-testid="item-add"]', { timeout: T });
    await a.click('[data-testid="item-pick-recipients"]');
    const picker = a.locator('.ant-modal', { hasText: '候选人员' });
    // the results pane is the scroll box
    const pane = picker.locator('.kp-picker-pane').first();
    await expect.poll(() => rows(picker), { timeout: T }).toBe(20);
    // each scroll to the bottom brings one more page of 20 (the last one may be short)
    for (let shown = 20; shown < total; ) {
      await toBottom(pane);
      const next = Math.min(shown + 20, total);
      await expect.poll(() => rows(picker), { timeout: T }).toBe(next);
      shown = next;
    }
    // a short (or empty) page ended the list: scrolling again adds nothing
    await toBottom(pane);
    await a.waitForTimeout(500);
    expect(await rows(picker)).toBe(total);
    const names = await picker.locator('[data-testid="picker-user"]').allTextContents();
    expect(new Set(names).size).toBe(total);
    expect(names.filter((n) => n.startsWith('翻页')).length).toBe(EXTRA);
    // a keyword search starts again at page 1
    await picker.locator('[data-testid="picker-search"] input').fill('pager4');
    await expect
      .poll(
        async () =>
          (await picker.locator('[data-testid="picker-user"]').allTextContents())
            .map((n) => n.replace(/ .*/, ''))
            .sort(),
        { timeout: T },
      )
      .toEqual(Array.from({ length: 10 }, (_, i) => `翻页4${i}/pager4${i}`));
    await picker.locator('[data-testid="picker-user"]', { hasText: 'pager47' }).click();
    await picker.getByText('已选 (1)').waitFor();
  }, 240_000);

  it('the 提交审核 candidate list loads the 2nd and 3rd page as its dropdown scrolls', async () => {
    const admin = await apiToken(S.kp.base, 'admin', 'admin123');
    const leave = await must<Record<string, unknown>>(
      admin,
      'GET',
      '/api/workflow/Engine/FlowEngine/wf-leave',
    );
    // the head approves, then a candidate he chooses (any enabled user: the node names nobody)
    const approver = (nodeId: string, props: Record<string, unknown>, childNode?: unknown) => ({
      nodeId,
      type: 'approver',
      properties: { title: nodeId, approverPos: [], approverRole: [], counterSign: 'or', ...props },
      ...(childNode ? { childNode } : {}),
    });
    const flowId = await must<string>(admin, 'POST', '/api/workflow/Engine/FlowEngine', {
      enCode: 'pagedCandidates',
      fullName: '候选分页',
      category: leave.category,
      formType: leave.formType,
      formData: leave.formData,
      propertyJson: leave.propertyJson,
      flowTemplateJson: startNode(
        initiatorsOf(leave),
        approver(
          'head',
          { assigneeType: 1, approvers: [head.id] },
          approver('pick', { assigneeType: 7, dynamicType: 'candidate' }),
        ),
      ),
    });
    await must(admin, 'POST', `/api/workflow/Engine/FlowEngine/Release/${flowId}`);
    const emp = await apiToken(S.kp.base, 'zhangwei', PW);
    const me = await must<{ userInfo: { userId: string; departmentId: string } }>(
      emp,
      'GET',
      '/api/oauth/CurrentUser',
    );
    await must(emp, 'POST', '/api/workflow/Engine/FlowTask', {
      flowId,
      status: 0,
      formData: {
        applicant: me.userInfo.userId,
        department: me.userInfo.departmentId,
        leaveType: '年假',
        startTime: Date.UTC(2026, 11, 21, 1),
        endTime: Date.UTC(2026, 11, 21, 9),
        days: 1,
        reason: '候选分页',
      },
    });
    // the candidates the server offers for the node, the last one on the third page
    const headTok = await apiToken(S.kp.base, 'wangjianguo', PW);
    const first = await must<{ pagination: { total: number } }>(
      headTok,
      'POST',
      '/api/workflow/Engine/FlowBefore/CandidateUser/0',
      { flowId, nodeCode: 'pick', currentPage: 1, pageSize: 20 },
    );
    const total = first.pagination.total;
    expect(total).toBeGreaterThan(50);
    const lastPage = Math.ceil(total / 20);
    const tail = await must<{ list: Array<{ fullName: string }> }>(
      headTok,
      'POST',
      '/api/workflow/Engine/FlowBefore/CandidateUser/0',
      { flowId, nodeCode: 'pick', currentPage: lastPage, pageSize: 20 },
    );
    const last = tail.list.at(-1)?.fullName ?? '';
    expect(last).not.toBe('');

    const page: Page = await S.session('wangjianguo', { password: PW });
    await go(page, 'workFlow/flowTodo');
    const row = page.locator('[data-testid="wf-list-1"] tr', { hasText: '候选分页' });
    await row.first().getByTestId('wf-row-open').click({ timeout: T });
    await page.getByTestId('wf-form').waitFor();
    await page.getByTestId('wf-btn-audit').click();
    await page.getByTestId('wf-opinion').fill('同意');
    await page.getByTestId('wf-approve-ok').click();
    const select = page.getByTestId('wf-candidate-pick');
    await select.click({ timeout: T });
    const dropdown = page.locator('.ant-select-dropdown:visible');
    // the virtual list's scroll box (its class ends in -list-holder)
    const holder = dropdown.locator('[class*="list-holder"]').first();
    await dropdown.locator('.ant-select-item-option').first().waitFor();
    // scroll to the end until the last candidate shows (each scroll near the bottom brings the next page)
    const option = dropdown.locator('.ant-select-item-option', { hasText: last });
    for (let i = 0; i < 6 && !(await option.count()); i++) {
      await toBottom(holder);
      await page.waitForTimeout(700);
    }
    await option.first().click();
    // close the dropdown by clicking the dialog's title, then submit with that candidate
    await page.locator('.ant-modal-title', { hasText: '提交审核' }).last().click();
    await dropdown.waitFor({ state: 'hidden' });
    await page.getByTestId('wf-candidates-ok').click();
    await page.locator('.ant-message').getByText('审核成功').first().waitFor({ timeout: T });
  }, 240_000);
});
