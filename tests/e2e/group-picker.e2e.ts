// Issue 35 item 5, in Chromium against a real server (PGlite, seeded): the user-by-department picker.
// The approver opens a to-do from the home page, chooses 知会 and, in its user field, "按部门选择": the
// department table lists the units, choosing the colleague's department lists its users (one request of
// GET /api/system/groupcustom/ImUser with organizeId and pageSize 20000), ticking the colleague and
// confirming puts her in the field, and the notice reaches her. The personal-groups tab lists the approver's
// own group and its members, and "管理个人分组" opens /group (personal group management) in a new window.
import type { Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken } from './harness';
import { leaveTodo } from './leave-todo';
import { byTest, settled, T, toast, useSuite } from './suite';

const suite = useSuite('group-picker');
const GROUP = `审批伙伴${Date.now().toString(36)}`;

let approver = '';
let taskName = '';
let colleague = { id: '', name: '', dept: '' };

beforeAll(async () => {
  const todo = await leaveTodo(suite, '按部门知会');
  approver = todo.approverAccount;
  taskName = todo.taskName;
  const db = suite.kp.app.kp.db;
  const u = await db
    .selectFrom('base_user as u')
    .innerJoin('base_organize as o', 'o.id', 'u.department_id')
    .select(['u.id', 'u.real_name', 'o.full_name'])
    .where('u.account', '=', 'chenjing')
    .executeTakeFirstOrThrow();
  colleague = { id: u.id, name: u.real_name, dept: u.full_name };
  // the approver's own personal group, holding the colleague
  const tok = await todo.approverToken();
  await suite.must(tok, 'POST', '/api/system/groupcustom', { fullName: GROUP, type: 0, userIds: [u.id] });
});

/** The approver with the to-do's notify dialog open and the user-by-department picker opened from it. */
async function openPicker() {
  const page = await suite.session(approver);
  await suite.go(page, 'home');
  const row = page.locator('[data-testid="widget-portalToDo"] [data-testid="flow-row"]', {
    hasText: taskName,
  });
  await row.first().click({ timeout: T });
  await byTest(page, 'wf-form').waitFor({ timeout: T });
  await settled(page);
  await byTest(page, 'wf-btn-copy').click();
  await byTest(page, 'wf-notify-users').waitFor();
  await settled(page);
  await byTest(page, 'wf-notify-users').getByTestId('by-dept-open').click();
  await byTest(page, 'by-dept-picker').waitFor();
  return page;
}

describe('user-by-department picker (issue 35 item 5)', () => {
  it('picks a user by department into the notify field and sends the notice to her', async () => {
    const page = await openPicker();
    const seen: string[] = [];
    page.on('request', (r: Request) => {
      if (new URL(r.url()).pathname === '/api/system/groupcustom/ImUser') seen.push(r.url());
    });
    const units = byTest(page, 'by-dept-left-units');
    await units.locator('tr', { hasText: colleague.dept }).first().click({ timeout: T });
    const users = byTest(page, 'by-dept-users');
    const her = users.locator('.ant-table-row', { hasText: colleague.name }).first();
    await her.waitFor({ timeout: T });
    const q = new URL(seen.at(-1) ?? 'http://x/').searchParams;
    expect(q.get('pageSize')).toBe('20000');
    expect(q.get('organizeId')).toBeTruthy();
    await her.getByRole('checkbox').check();
    await expect.poll(() => byTest(page, 'by-dept-count').textContent()).toBe('已选 1 人');
    await suite.shot(page, 'by-department');
    await byTest(page, 'by-dept-ok').click();
    await byTest(page, 'by-dept-picker').waitFor({ state: 'detached' });
    await byTest(page, 'wf-notify-users').getByText(colleague.name).first().waitFor({ timeout: T });
    await byTest(page, 'wf-notify-ok').click();
    await toast(page, '知会成功');
    const tok = await apiToken(suite.kp.base, 'chenjing', 'kp123456');
    const msgs = await suite.must<{ list: Array<{ title: string }> }>(
      tok,
      'GET',
      '/api/message?currentPage=1&pageSize=50',
    );
    expect(msgs.list.some((m) => m.title.startsWith('流程知会'))).toBe(true);
  });

  it('lists the personal group and its members, and leads to /group', async () => {
    const page = await openPicker();
    await page.locator('.ant-modal:visible .ant-tabs-tab', { hasText: '个人分组' }).click();
    await byTest(page, 'by-dept-left-0').locator('tr', { hasText: GROUP }).first().click({ timeout: T });
    await byTest(page, 'by-dept-users')
      .locator('.ant-table-row', { hasText: colleague.name })
      .first()
      .waitFor({ timeout: T });
    const [child] = await Promise.all([
      page.context().waitForEvent('page'),
      byTest(page, 'by-dept-manage-groups').click(),
    ]);
    await child.waitForURL(/\/kpSystem\/group$/, { timeout: T });
    await child.getByText(GROUP).first().waitFor({ timeout: T });
    await suite.shot(child, 'group-page');
  });
});
