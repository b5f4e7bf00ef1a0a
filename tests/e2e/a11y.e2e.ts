// Accessibility: axe-core (from node_modules, injected over the DevTools protocol: no network, no inline
// script for the page's CSP to refuse) checks WCAG 2.1 A and AA on the eleven main screens. No serious or
// critical violation may remain: contrast of the theme's colours, names of form controls, nested controls.
// Nothing is left out of the audit: antd's aria-hidden column-width row (.ant-table-measure-row) is checked
// too (the to-do list's select-all checkbox drawn there once was focusable), and the form designer is
// checked in its dialog's three steps: the basic form, a selected field's properties, the list design.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESULTS_DIR } from './browser';
import { apiToken } from './harness';
import { byTest, useSuite } from './suite';

const PW = 'kp123456';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

const findings: Finding[] = [];
const suite = useSuite('a11y', {
  after: () => writeFileSync(path.join(RESULTS_DIR, 'a11y.json'), JSON.stringify(findings, null, 2)),
});
const session = (account?: string, password = PW) => suite.session(account, { password });
const { go } = suite;

/** Runs axe-core (WCAG 2.1 A/AA) on the page as it is and records the serious and critical violations. */
async function audit(page: Page, screen: string): Promise<Finding[]> {
  // let antd's motions (fade/zoom of dialogs, menus) finish so colours are final
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(RESULTS_DIR, `a11y-${screen}.png`) });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: unknown[] }> } }
    ).axe;
    const r = await axe.run(
      { include: [['body']] },
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      },
    );
    return r.violations;
  })) as {
    id: string;
    impact: string;
    help: string;
    nodes: { target: string[]; html: string; failureSummary: string }[];
  }[];
  // where each node sits (the nearest field or test id), for the report
  for (const v of violations)
    for (const n of v.nodes)
      n.html = `${await page.evaluate((sel) => {
        const el = document.querySelector(sel)?.closest('[data-field],[data-testid]');
        return el ? `[${el.getAttribute('data-field') ?? el.getAttribute('data-testid')}] ` : '';
      }, n.target.join(' '))}${n.html}`;
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(' '),
        html: n.html.slice(0, 200),
        summary: n.failureSummary.slice(0, 300),
      })),
    }));
  findings.push(...bad);
  return bad;
}

const summary = (f: Finding[]) =>
  f.map((x) => `${x.screen} ${x.rule} (${x.nodes.length}): ${x.nodes[0]?.target} ${x.nodes[0]?.summary}`);

describe('accessibility (axe-core, WCAG 2.1 A/AA): no serious or critical violation', () => {
  it('login', async () => {
    const page = await session();
    await go(page, 'login');
    await page.locator('input[name="account"]').waitFor();
    expect(summary(await audit(page, 'login'))).toEqual([]);
  });

  it('portal (home)', async () => {
    const page = await session('admin', 'admin123');
    await go(page, 'home');
    await byTest(page, 'home-page').waitFor();
    await page.locator('[data-testid^="widget-"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(summary(await audit(page, 'portal'))).toEqual([]);
  });

  it('launch list and the leave form', async () => {
    const page = await session('zhangwei');
    await go(page, 'workFlow/flowLaunch/FlowIndex');
    await byTest(page, 'wf-launch-leave').waitFor();
    const list = await audit(page, 'launch-list');
    await byTest(page, 'wf-launch-leave').click();
    await byTest(page, 'wf-form').waitFor();
    await page.locator('[data-field="applicant"]').getByText('张伟').first().waitFor();
    expect(summary([...list, ...(await audit(page, 'leave-form'))])).toEqual([]);
  });

  it('to-do list and flow detail', async () => {
    const tok = await apiToken(suite.kp.base, 'zhangwei', PW);
    const auth = { authorization: `Bearer ${tok}` };
    const me = (await (await fetch(`${suite.kp.base}/api/oauth/CurrentUser`, { headers: auth })).json()) as {
      data: { userInfo: { userId: string; departmentId: string } };
    };
    const r = (await (
      await fetch(`${suite.kp.base}/api/workflow/Engine/FlowTask`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          flowId: 'wf-leave',
          status: 0,
          formData: {
            applicant: me.data.userInfo.userId,
            department: me.data.userInfo.departmentId,
            leaveType: 'annual',
            startTime: Date.UTC(2026, 11, 7, 1),
            endTime: Date.UTC(2026, 11, 7, 9),
            days: 1,
            reason: '无障碍检查',
          },
        }),
      })
    ).json()) as { code: number; msg: string };
    expect(r.code, r.msg).toBe(200);
    const page = await session('wangjianguo');
    await go(page, 'workFlow/flowTodo');
    const row = page.locator('[data-testid="wf-list-1"] tr', { hasText: '请假申请' }).first();
    await row.waitFor();
    const todo = await audit(page, 'todo');
    // the header's select-all checkbox (its copy in the measure row is inert) still selects every row
    await page.locator('thead .ant-table-selection-column input[type="checkbox"]').check();
    expect(await byTest(page, 'wf-batch-audit').isEnabled()).toBe(true);
    await page.locator('thead .ant-table-selection-column input[type="checkbox"]').uncheck();
    await row.getByTestId('wf-row-open').click();
    await byTest(page, 'wf-form').waitFor();
    await page.locator('[data-field="reason"]').waitFor();
    expect(summary([...todo, ...(await audit(page, 'flow-detail'))])).toEqual([]);
  });

  it('user list and its dialog', async () => {
    const page = await session('admin', 'admin123');
    await go(page, 'permission/user');
    await page.locator('[data-testid="page-user"] .ant-table-row').first().waitFor();
    const users = await audit(page, 'user-list');
    await page.locator('[data-testid="page-user"] [data-testid="btn-add"]').click();
    await byTest(page, 'user-account').waitFor();
    expect(summary([...users, ...(await audit(page, 'user-dialog'))])).toEqual([]);
  });

  it('form designer', async () => {
    const page = await session('admin', 'admin123');
    await go(page, 'onlineDev/webDesign');
    await byTest(page, 'page-webDesign').waitFor();
    await byTest(page, 'webdesign-add').click();
    await byTest(page, 'webdesign-name').fill('无障碍');
    await byTest(page, 'webdesign-code').fill('a11yForm');
    const dialog = await audit(page, 'form-designer-dialog');
    await byTest(page, 'webdesign-next').click();
    await byTest(page, 'webdesign-form').waitFor();
    const designer = await audit(page, 'form-designer');
    // a text field on the canvas, selected: its properties
    await byTest(page, 'palette-comInput').click();
    await page.locator('[data-testid^="field-"]').first().click();
    await page.locator('[data-testid^="props-"]').first().waitFor();
    const field = await audit(page, 'form-designer-field');
    await byTest(page, 'webdesign-next').click();
    await byTest(page, 'webdesign-list').waitFor();
    expect(summary([...dialog, ...designer, ...field, ...(await audit(page, 'list-design'))])).toEqual([]);
  });

  it('meeting booking', async () => {
    const page = await session('zhangwei');
    await go(page, 'oa/conference');
    await byTest(page, 'conference-page').waitFor();
    await byTest(page, 'room-row-room-101').waitFor();
    expect(summary(await audit(page, 'meeting'))).toEqual([]);
  });

  it('chat', async () => {
    const page = await session('zhangwei');
    await go(page, 'home');
    await byTest(page, 'tool-chat').click();
    await page.getByRole('tab', { name: '联系人' }).click();
    const search = page.locator('[data-testid="chat-contact-search"] input');
    await search.fill('chenjing');
    await search.press('Enter');
    await page.locator('[data-testid="chat-contact"][data-user="chenjing"]').click();
    await byTest(page, 'chat-window-title').waitFor();
    expect(summary(await audit(page, 'chat'))).toEqual([]);
  });
});
