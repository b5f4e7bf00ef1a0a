import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from './harness';
import { pickOrgUsers } from './pickers';
import { T, toast, useSuite } from './suite';

const PW = 'kp123456';
const FLOW = '出差申请E2E';
const CODE = 'tripE2E';

const errors: string[] = [];
const pages: Page[] = [];
const S = useSuite('journey', {
  async after() {
    // the last screen of every session (kept for a failure's diagnosis)
    for (const [i, p] of pages.entries()) await S.shot(p, `last-${i}`).catch(() => {});
    if (errors.length) console.error(errors.join('\n'));
  },
});
const { go, shot } = S;

async function session(account: string, password = PW, viewport = { width: 1440, height: 900 }) {
  const page = await S.session(undefined, { viewport });
  pages.push(page);
  page.on('pageerror', (e) => errors.push(`${account}: ${String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') console.error(`${account} console: ${m.text()}`);
  });
  await loginAs(page, S.kp.base, account, password);
  return page;
}
/** The header's to-do badge: the number in the tool's label (no number: 0). */
const todoBadge = async (page: Page) => {
  const label = (await page.getByTestId('tool-todo').getAttribute('aria-label')) ?? '';
  const m = label.match(/(\d+)\+?$/);
  return m ? Number(m[1]) : 0;
};
/** Picks one entry of the open antd select dropdown by its text. */
const pickOption = async (page: Page, text: string | RegExp) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();

/** Opens the org picker of a drawer field, finds `name` by keyword and confirms. */
const pickPerson = (page: Page, fieldTestId: string, name: string) =>
  pickOrgUsers(page, page.locator(`[data-testid="node-drawer"]:visible [data-testid="${fieldTestId}"]`), [
    name,
  ]);
const closeDrawer = async (page: Page) => {
  await page.locator('.ant-drawer:visible .ant-drawer-close').click();
  await page.locator('[data-testid="node-drawer"]').waitFor({ state: 'detached' });
};

async function openTodo(page: Page) {
  await go(page, 'workFlow/flowTodo');
  const row = page.locator('[data-testid="wf-list-1"] tr', { hasText: FLOW }).first();
  await row.waitFor({ timeout: T });
  await row.getByTestId('wf-row-open').click();
  await page.getByTestId('wf-form').waitFor();
}

describe('approval journey with a form and a flow designed in the UI', () => {
  it('design, release, launch, reject, edit and resubmit, approve on a phone, cc; badges follow', async () => {
    // --- the administrator designs the form and the flow ---
    const admin = await session('admin', 'admin123');
    await go(admin, 'workFlow/flowEngine');
    await admin.getByTestId('wf-engine').waitFor();
    await admin
      .getByTestId('wf-engine')
      .getByRole('button', { name: /新\s*建/ })
      .click();
    const editor = admin.locator('.ant-modal:visible').last();
    await editor.locator('input#fullName').fill(FLOW);
    await editor.locator('input#enCode').fill(CODE);
    await editor.getByRole('tab', { name: '表单设计' }).click();
    await admin.getByTestId('palette-numInput').click();
    await admin.getByTestId('palette-comInput').click();
    await admin.getByTestId('field-102').waitFor();
    await editor.getByRole('tab', { name: '流程设计' }).click();
    await admin.getByTestId('node-start').waitFor();
    // who may launch: 张伟, chosen in the user picker (stored as his id, shown by name)
    await admin.getByTestId('node-start').locator('button').first().click();
    await pickPerson(admin, 'start-initiator', '张伟');
    await closeDrawer(admin);
    await admin.getByTestId('node-start').getByText('张伟').waitFor();
    // a condition branch point after the start; the first branch: 数字 >= 3
    await admin.getByTestId('add-after-start').click();
    await admin.locator('.ant-popover:visible [data-testid="add-condition"]').last().click();
    await admin.getByTestId('node-condition_1').waitFor();
    await admin.getByTestId('node-condition_1').locator('button').first().click();
    await admin.locator('[data-testid="node-drawer"]:visible').waitFor();
    await admin.getByTestId('cond-add-group').click();
    await admin.locator('[data-testid="cond-field"]:visible').click();
    // the form's own fields, with their types
    await pickOption(admin, '（数字）');
    await admin.locator('[data-testid="cond-operator"]:visible').click();
    await pickOption(admin, /^>=$/);
    const value = admin.locator('[data-testid="cond-value"]:visible');
    await ((await value.evaluate((e) => e.tagName)) === 'INPUT' ? value : value.locator('input')).fill('3');
    await closeDrawer(admin);
    await admin.getByTestId('node-condition_1').getByText('>= 3').waitFor();
    // the approver of that branch, chosen in the organisation picker
    await admin.getByTestId('add-after-condition_1').click();
    await admin.locator('.ant-popover:visible [data-testid="add-approver"]').last().click();
    await admin.getByTestId('node-approver_1').locator('button').first().click();
    await pickPerson(admin, 'approver-users', '王建国');
    await closeDrawer(admin);
    // a cc after the branch point (the last + of the main chain)
    await admin.locator('[data-testid^="add-after-"]').last().click();
    await admin.locator('.ant-popover:visible [data-testid="add-copy"]').last().click();
    await admin.getByTestId('node-copy_1').locator('button').first().click();
    await pickPerson(admin, 'copy-members', '陈静');
    await closeDrawer(admin);
    // the chart names people, never ids
    await admin.getByTestId('node-approver_1').getByText('王建国').waitFor();
    await admin.getByTestId('node-copy_1').getByText('陈静').waitFor();
    await admin.getByTestId('flow-verify').click();
    expect(await admin.locator('.kp-flow-node-invalid').count()).toBe(0);
    await shot(admin, 'designed-flow');
    await editor.getByRole('button', { name: /保\s*存/ }).click();
    await editor.waitFor({ state: 'hidden' });
    const row = admin.getByTestId('wf-engine').locator('tr', { hasText: FLOW }).first();
    await row.getByRole('button', { name: /发\s*布/ }).click();
    await row.getByText('发布').first().waitFor();

    // --- the approver's badge starts at 0 ---
    const head = await session('wangjianguo');
    await go(head, 'workFlow/flowTodo');
    await head.getByTestId('wf-list-1').waitFor();
    await expect.poll(() => todoBadge(head)).toBe(0);

    // --- the employee launches (5 >= 3: the designed approver) ---
    const emp = await session('zhangwei');
    await go(emp, 'workFlow/flowLaunch/FlowIndex');
    await emp.getByTestId(`wf-launch-${CODE}`).click();
    const form = emp.getByTestId('wf-form');
    await form.waitFor();
    await form.locator('.ant-input-number input').first().fill('5');
    await form.locator('input.ant-input').first().fill('去上海');
    await emp.getByTestId('wf-urgent').click();
    await pickOption(emp, '紧急');
    await emp.getByTestId('wf-btn-submit').click();
    await emp.locator('.ant-modal-confirm .ant-btn-primary').click();
    await toast(emp, '提交成功');
    await form.waitFor({ state: 'detached' });

    // the approver's badge rises by the push, without a reload
    await expect.poll(() => todoBadge(head), { timeout: T }).toBe(1);
    await openTodo(head);
    await head.getByTestId('wf-btn-reject').click();
    await head.getByTestId('wf-opinion').fill('请补充行程');
    await head.getByTestId('wf-approve-ok').click();
    await toast(head, '驳回成功');
    await expect.poll(() => todoBadge(head), { timeout: T }).toBe(0);

    // --- the employee edits and resubmits from 我发起的 ---
    await go(emp, 'workFlow/flowLaunch');
    const mine = emp.locator('[data-testid="wf-launched"] tr', { hasText: FLOW }).first();
    await mine.getByText('审核驳回').waitFor();
    await mine.getByTestId('wf-launched-resubmit').click();
    await form.waitFor();
    const text = form.locator('input.ant-input').first();
    await expect.poll(() => text.inputValue()).toBe('去上海');
    await text.fill('去上海，行程见附件');
    await emp.getByTestId('wf-btn-submit').click();
    await emp.locator('.ant-modal-confirm .ant-btn-primary').click();
    await toast(emp, '提交成功');
    await mine.getByText('等待审核').waitFor();

    // --- the approver approves on a phone (390×844) ---
    await expect.poll(() => todoBadge(head), { timeout: T }).toBe(1);
    const phone = await session('wangjianguo', PW, { width: 390, height: 844 });
    await expect.poll(() => todoBadge(phone), { timeout: T }).toBe(1);
    await go(phone, 'workFlow/flowTodo');
    await phone.locator('[data-testid="wf-list-1"] tr', { hasText: FLOW }).first().waitFor();
    const pageWidth = () => phone.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await shot(phone, 'phone-todo');
    await phone
      .locator('[data-testid="wf-list-1"] tr', { hasText: FLOW })
      .first()
      .getByTestId('wf-row-open')
      .click();
    await phone.getByTestId('wf-form').waitFor();
    await expect
      .poll(() => phone.getByTestId('wf-form').locator('input.ant-input').first().inputValue())
      .toBe('去上海，行程见附件');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    const audit = phone.getByTestId('wf-btn-audit');
    await audit.scrollIntoViewIfNeeded();
    const box = (await audit.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await phone.getByTestId('wf-btn-reject').waitFor();
    await shot(phone, 'phone-detail');
    await audit.click();
    await phone.getByTestId('wf-opinion').fill('同意');
    await phone.getByTestId('wf-approve-ok').click();
    await toast(phone, '审核成功');
    await expect.poll(() => todoBadge(phone), { timeout: T }).toBe(0);
    await expect.poll(() => todoBadge(head), { timeout: T }).toBe(0);

    // --- the employee sees it adopted; the cc sees it in 抄送事宜 ---
    await go(emp, 'workFlow/flowLaunch');
    await emp
      .locator('[data-testid="wf-launched"] tr', { hasText: FLOW })
      .first()
      .getByText('审核通过')
      .waitFor();
    const cc = await session('chenjing');
    await go(cc, 'workFlow/flowCirculate');
    await cc.locator('[data-testid="wf-list-3"] tr', { hasText: FLOW }).first().waitFor();
    await shot(cc, 'cc');
    expect(errors).toEqual([]);
  }, 360_000);
});
