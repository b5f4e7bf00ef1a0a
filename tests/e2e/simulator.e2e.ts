// Flow simulator end to end (issue 22): a real server (PGlite, seeded) serving the built host, Chromium.
// The admin designs a flow in the flow designer (a condition on the form's amount, a countersign node on the
// large branch, one approver on the other), simulates two runs that take different branches, exports one as a
// test case (stored with the flow), releases (the case holds), changes the condition, and sees the release
// refused with the diff. The simulator panel is driven with the keyboard where a user would.
import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fieldConfig, formConfig, initiatorsOf, SEEDED_FLOW_DETAIL, startNode } from '@kp/server/testing';
import { describe, expect, it } from 'vitest';
import { RESULTS_DIR } from './browser';
import { apiToken, loginAs, ROOT } from './harness';
import { choose, pickOrgUsers } from './pickers';
import { T, useSuite } from './suite';

const ADMIN_PW = 'admin123';
const S = useSuite('simulator');
const { api } = S;

const pickUsers = pickOrgUsers;

describe('flow simulator', () => {
  it('designs, simulates two branches, exports a case, and release is refused with the diff after the condition changes', async () => {
    const admin = await apiToken(S.kp.base, 'admin', ADMIN_PW);
    // a flow with a form (amount, reason) and only a start node (who may start the seeded leave flow may start
    // it); the tree is designed in the UI below
    const leave = await api(admin, 'GET', SEEDED_FLOW_DETAIL);
    const created = await api<string>(admin, 'POST', '/api/workflow/Engine/FlowEngine', {
      enCode: 'sim-e2e',
      fullName: '模拟报销',
      formData: formConfig([
        { __config__: fieldConfig('numInput', '金额'), __vModel__: 'amount' },
        { __config__: fieldConfig('comInput', '事由'), __vModel__: 'reason' },
      ]),
      flowTemplateJson: startNode(initiatorsOf(leave.data)),
      propertyJson: {},
    });
    expect(created.code, created.msg).toBe(200);
    const flowId = created.data;

    // The page runs under the server's CSP (no 'unsafe-eval': the validators are precompiled).
    const ctx = await S.context({ viewport: { width: 1600, height: 1000 } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(T);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`${String(e)} ${e.stack ?? ''}`.slice(0, 1500)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    await loginAs(page, S.kp.base, 'admin', ADMIN_PW);

    const openDesigner = async () => {
      await page.goto(`${S.kp.base}/kpSystem/workFlow/flowEngine`);
      const row = page.getByTestId('wf-engine').locator('tr', { hasText: '模拟报销' }).first();
      await row.waitFor({ timeout: 20_000 }).catch(async (e) => {
        await page.screenshot({ path: path.join(RESULTS_DIR, 'simulator-debug.png') });
        throw new Error(`${String(e)}; page errors: ${errors.join(' | ')}`);
      });
      await row
        .getByRole('button', { name: '设计' })
        .or(row.getByRole('button', { name: '设 计' }))
        .first()
        .click();
      await page.getByRole('tab', { name: '流程设计' }).click();
      await page.getByTestId('node-start').waitFor();
    };
    const byTest = (id: string) => page.getByTestId(id);
    const drawerOf = (id: string) => page.locator(`[data-testid="node-drawer"][data-node="${id}"]`);
    const closeDrawer = async () => {
      await page.locator('.ant-drawer:visible .ant-drawer-close').first().click();
      await page.locator('[data-testid="node-drawer"]:visible').waitFor({ state: 'hidden' });
    };
    const setCondition = async (limit: number) => {
      await byTest('node-condition_1').locator('button').first().click();
      const d = drawerOf('condition_1');
      await d.waitFor();
      if (!(await d.locator('[data-testid="cond-field"]').count()))
        await d.getByTestId('cond-add-group').click();
      await choose(page, d.locator('[data-testid="cond-field"]'), '金额');
      await choose(page, d.locator('[data-testid="cond-operator"]'), /^>$/);
      const v = d.locator('input[data-testid="cond-value"], [data-testid="cond-value"] input').first();
      await v.fill(String(limit));
      await v.press('Tab');
      await closeDrawer();
    };
    const save = async () => {
      await page
        .locator('.ant-modal-footer:visible')
        .getByRole('button', { name: /保\s*存/ })
        .click();
      await page.locator('.ant-modal-footer:visible').waitFor({ state: 'hidden' });
    };

    // --- design: condition (amount > 1000) -> countersign of two | otherwise one approver ---
    await openDesigner();
    await byTest('add-after-start').click();
    await page.locator('.ant-popover:visible [data-testid="add-condition"]').last().click();
    await byTest('node-condition_2').waitFor();
    await byTest('add-after-condition_1').click();
    await page.locator('.ant-popover:visible [data-testid="add-approver"]').last().click();
    await byTest('add-after-condition_2').click();
    await page.locator('.ant-popover:visible [data-testid="add-approver"]').last().click();
    await byTest('node-approver_2').waitFor();
    await byTest('node-approver_1').locator('button').first().click();
    let d = drawerOf('approver_1');
    await d.waitFor();
    await d.getByTestId('node-title').fill('财务会签');
    await pickUsers(page, d.getByTestId('approver-users'), ['陈静', '王建国']);
    await d.getByTestId('counter-sign').getByText('会签', { exact: true }).click();
    await closeDrawer();
    await byTest('node-approver_2').locator('button').first().click();
    d = drawerOf('approver_2');
    await d.waitFor();
    await d.getByTestId('node-title').fill('主管审批');
    await pickUsers(page, d.getByTestId('approver-users'), ['刘志强']);
    await closeDrawer();
    await setCondition(1000);

    // --- simulate run 1: 5000 takes the countersign branch ---
    await byTest('flow-simulate').click();
    const panel = byTest('sim-panel');
    await panel.waitFor();
    await choose(page, panel.getByTestId('sim-initiator'), '张伟');
    const amount = panel.locator('[data-testid="sim-form"] [data-field="amount"] input');
    await amount.fill('5000');
    await amount.press('Tab');
    // keyboard: the start button is reached and pressed with the keyboard
    await byTest('sim-start').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => byTest('sim-path').textContent()).toBe('发起人 → 财务会签');
    // which branch and why: the chosen one, with the item, the sample value and the verdict
    await byTest('sim-branch').first().getByText('✔ 条件1').waitFor();
    expect(await byTest('sim-branch').first().textContent()).toContain('金额 > 1000; 实际值 5000 → 成立');
    expect(await byTest('sim-branch').first().textContent()).toContain('5000');
    // the diagram: the countersign node is active, the other branch untouched
    await expect.poll(() => byTest('node-approver_1').getAttribute('data-state')).toBe('current');
    expect(await byTest('node-approver_2').getAttribute('data-state')).toBeNull();
    // countersign: both approvers have a task; the first approval leaves the node waiting
    const pend = byTest('sim-pending');
    await pend.locator('li', { hasText: '陈静' }).getByTestId('sim-approve').click();
    await expect.poll(() => byTest('sim-status').textContent()).toBe('审批中');
    await pend.locator('li', { hasText: '王建国' }).getByTestId('sim-approve').click();
    await expect.poll(() => byTest('sim-status').textContent()).toBe('已通过');
    // the diagram's states follow the run in a render of their own (the panel reports them to the designer)
    await expect.poll(() => byTest('node-approver_1').getAttribute('data-state')).toBe('passed');
    await page.screenshot({ path: path.join(RESULTS_DIR, 'simulator-run1.png') });
    const shotPath = path.join(RESULTS_DIR, 'flow-simulator.png');
    await page.locator('.kp-flow-designer').screenshot({ path: shotPath });

    // export run 1 as a case: a JSON download, stored with the flow
    await byTest('sim-case-name').fill('大额走会签');
    const [download] = await Promise.all([page.waitForEvent('download'), byTest('sim-export').click()]);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(exported).toMatchObject({ version: 1, name: '大额走会签', formData: { amount: 5000 } });
    expect(exported.expected).toMatchObject({ status: 2 });
    await byTest('sim-notice').getByText('用例已保存').waitFor();
    const stored = await api<unknown[]>(admin, 'GET', `/api/workflow/Engine/FlowEngine/${flowId}/SimCases`);
    expect(stored.data).toEqual([exported]);

    // --- simulate run 2: 10 takes the other branch ---
    await amount.fill('10');
    await amount.press('Tab');
    await byTest('sim-start').click();
    await expect.poll(() => byTest('sim-path').textContent()).toBe('发起人 → 主管审批');
    await expect.poll(() => byTest('node-approver_2').getAttribute('data-state')).toBe('current');
    expect(await byTest('node-approver_1').getAttribute('data-state')).toBeNull();
    await pend.locator('li', { hasText: '刘志强' }).getByTestId('sim-approve').click();
    await expect.poll(() => byTest('sim-status').textContent()).toBe('已通过');
    // the stored case re-runs green on this design
    await byTest('sim-run-all').click();
    await byTest('sim-cases').getByText('与预期一致').waitFor();

    // --- save and release: the case holds ---
    await save();
    const rel = await api(admin, 'POST', `/api/workflow/Engine/FlowEngine/Release/${flowId}`);
    expect(rel.code, rel.msg).toBe(200);
    expect((await api(admin, 'POST', `/api/workflow/Engine/FlowEngine/Stop/${flowId}`)).code).toBe(200);

    // --- change the condition (large now means > 10000), save, release from the list: refused with the diff ---
    await openDesigner();
    await setCondition(10000);
    await save();
    await page.goto(`${S.kp.base}/kpSystem/workFlow/flowEngine`);
    const row = page.getByTestId('wf-engine').locator('tr', { hasText: '模拟报销' }).first();
    await row.getByRole('button', { name: /发\s*布/ }).click();
    const toast = page
      .locator('.ant-message')
      .getByText(/发布前校验未通过/)
      .first();
    await toast.waitFor();
    const msg = await page.locator('.ant-message').innerText();
    expect(msg).toContain('测试用例“大额走会签”与预期不一致');
    expect(msg).toContain('路径第 2 步：预期 财务会签 (approver_1)，实际 主管审批 (approver_2)');
    await page.screenshot({ path: path.join(RESULTS_DIR, 'simulator-release-refused.png') });
    const after = await api<{ enabledMark: number }>(
      admin,
      'GET',
      `/api/workflow/Engine/FlowEngine/${flowId}`,
    );
    expect(after.data.enabledMark).toBe(0);
    // the panel's re-run shows the same diff
    await openDesigner();
    await byTest('flow-simulate').click();
    await byTest('sim-case-run').click();
    expect(await byTest('sim-case-diff').textContent()).toContain(
      '路径第 2 步：预期 财务会签 (approver_1)，实际 主管审批 (approver_2)',
    );
    if (process.env.KP_UPDATE_SCREENSHOT)
      await copyFile(shotPath, path.join(ROOT, 'docs/images/flow-simulator.png'));
    expect(errors).toEqual([]);
  }, 600_000);
});
