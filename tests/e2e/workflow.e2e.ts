// Workflow screens end to end (issue 8): a real server (PGlite, seeded) serving the built host, Chromium.
// An employee launches a leave request (4 days: department head, then general manager); the head approves it
// from the to-do list; the general manager rejects it with an opinion; the employee sees 审核驳回 and the whole
// record timeline. A second (short) leave is approved by the head with a drawn signature and printed.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, loginAs } from './harness';
import { pickDate as pickDateIn, pickFormUser } from './pickers';
import { T, toast, useSuite } from './suite';

const PW = 'kp123456';
const EMP = 'zhangwei';
const HEAD = 'wangjianguo';
const GM = 'liuzhiqiang';
interface FlowNodeJson {
  type: string;
  properties?: Record<string, unknown>;
  childNode?: FlowNodeJson | null;
  conditionNodes?: FlowNodeJson[];
}
/** A 1×1 PNG. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const S = useSuite('workflow');
const session = (account: string) => S.session(account, { password: PW });
const { go, shot, api } = S;
const item = (page: Page, vModel: string) => page.locator(`.ant-modal [data-field="${vModel}"]`);

const pickDate = (page: Page, vModel: string, value: string) =>
  pickDateIn(page, item(page, vModel), value, page.getByTestId('wf-dialog-title'));
const pickUser = pickFormUser;

/** The employee launches a one-day leave (December `day`) through the API: the task id and his user id. */
async function launchLeave(o: { reason: string; leaveType: string; day: number; flowId?: string }) {
  const empTok = await apiToken(S.kp.base, EMP, PW);
  const me = await api<{ userInfo: { userId: string; departmentId: string } }>(
    empTok,
    'GET',
    '/api/oauth/CurrentUser',
  );
  const r = await api<string>(empTok, 'POST', '/api/workflow/Engine/FlowTask', {
    flowId: o.flowId ?? 'wf-leave',
    status: 0,
    formData: {
      applicant: me.data.userInfo.userId,
      department: me.data.userInfo.departmentId,
      leaveType: o.leaveType,
      startTime: Date.UTC(2026, 11, o.day, 1),
      endTime: Date.UTC(2026, 11, o.day, 9),
      days: 1,
      reason: o.reason,
    },
  });
  expect(r.code, r.msg).toBe(200);
  return { taskId: r.data, userId: me.data.userInfo.userId };
}

/** Fills the leave form of the open launch dialog. */
async function fillLeave(
  page: Page,
  o: { type: string; from: string; to: string; days: number; reason: string },
) {
  await item(page, 'leaveType').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible').getByText(o.type, { exact: true }).click();
  await pickDate(page, 'startTime', o.from);
  await pickDate(page, 'endTime', o.to);
  // 请假天数 is computed from start and end (a calculate field): nothing to type
  await item(page, 'reason').locator('textarea').fill(o.reason);
}

/** Opens the to-do list and the row with this title. */
async function openTodo(page: Page, title: string) {
  await go(page, 'workFlow/flowTodo');
  const row = page.locator('[data-testid="wf-list-1"] tr', { hasText: title });
  await row.first().waitFor({ timeout: T });
  await row.first().getByTestId('wf-row-open').click();
  await page.getByTestId('wf-form').waitFor();
}

describe('workflow: leave request through the approval screens', () => {
  it('launch, head approves, GM rejects with an opinion; the employee sees 审核驳回 and the timeline', async () => {
    const errors: string[] = [];
    // --- the employee launches a 4-day leave ---
    const emp = await session(EMP);
    emp.on('pageerror', (e) => errors.push(String(e)));
    await go(emp, 'workFlow/flowLaunch/FlowIndex');
    await emp.getByTestId('wf-launch-leave').click();
    await emp.getByTestId('wf-form').waitFor();
    // applicant and department are prefilled with the launcher's own
    await item(emp, 'applicant').getByText('张伟').first().waitFor();
    await fillLeave(emp, {
      type: '年假',
      from: '2026-12-01 09:00',
      to: '2026-12-04 18:00',
      days: 4,
      reason: '家中有事',
    });
    await shot(emp, 'launch-form');
    await emp.getByTestId('wf-btn-submit').click();
    await emp.getByText('您确定要提交当前流程吗, 是否继续?').waitFor();
    await emp.locator('.ant-modal-confirm .ant-btn-primary').click();
    await toast(emp, '提交成功');
    await emp.getByTestId('wf-form').waitFor({ state: 'detached' });

    // my launched: waiting for review
    await go(emp, 'workFlow/flowLaunch');
    const myRow = emp.locator('[data-testid="wf-launched"] tr', { hasText: '请假申请' }).first();
    await myRow.getByText('等待审核').waitFor();

    // --- the department head approves from the to-do list ---
    const head = await session(HEAD);
    head.on('pageerror', (e) => errors.push(String(e)));
    await openTodo(head, '请假申请');
    // the node's fields are read-only for the approver
    await item(head, 'reason').getByText('家中有事').first().waitFor();
    await head.getByTestId('wf-btn-audit').click();
    await head.getByTestId('wf-opinion').fill('同意，注意交接');
    await head.getByTestId('wf-approve-ok').click();
    await toast(head, '审核成功');
    await head
      .locator('[data-testid="wf-list-1"] tr', { hasText: '请假申请' })
      .first()
      .waitFor({ state: 'detached' });

    // --- the general manager rejects with an opinion ---
    const gm = await session(GM);
    gm.on('pageerror', (e) => errors.push(String(e)));
    await openTodo(gm, '请假申请');
    await gm.getByTestId('wf-btn-reject').click();
    // reject without an opinion is refused on the client
    await gm.getByTestId('wf-approve-ok').click();
    await gm.locator('.ant-message').getByText('请输入审批意见！').first().waitFor();
    await gm.getByTestId('wf-opinion').fill('年底项目紧，请改期');
    await gm.getByTestId('wf-approve-ok').click();
    await toast(gm, '驳回成功');

    // --- the employee sees 审核驳回 and the whole timeline ---
    await go(emp, 'workFlow/flowLaunch');
    const rejected = emp.locator('[data-testid="wf-launched"] tr', { hasText: '请假申请' }).first();
    await rejected.getByText('审核驳回').waitFor();
    await rejected.getByText('请假申请').click();
    await emp.getByTestId('wf-dialog-status').getByText('审核驳回').waitFor();
    await emp.getByRole('tab', { name: '流程记录' }).click();
    const recs = emp.getByTestId('wf-record');
    await expect.poll(() => recs.count(), { timeout: T }).toBe(3);
    const texts = await recs.allInnerTexts();
    // newest first: GM rejected (with the opinion), head approved (with his), employee initiated
    expect(texts[0]).toContain('总经理审批');
    expect(texts[0]).toContain('审核拒绝');
    expect(texts[0]).toContain('年底项目紧，请改期');
    expect(texts[1]).toContain('部门负责人审批');
    expect(texts[1]).toContain('审核通过');
    expect(texts[1]).toContain('同意，注意交接');
    expect(texts[2]).toContain('发起');
    expect(texts[2]).toContain('张伟');
    await emp.getByTestId('wf-record-end').getByText('流程结束').waitFor();
    await shot(emp, 'rejected-timeline');
    // the flow chart tab shows the tree with node states
    await emp.getByRole('tab', { name: '流程信息' }).click();
    await emp.getByTestId('flow-legend').waitFor();
    expect(errors).toEqual([]);
  });

  it('the head approves a short leave with a drawn signature and prints it', async () => {
    const launched = await launchLeave({ reason: '看病签名测试', leaveType: 'sick', day: 10 });

    const head = await session(HEAD);
    const errors: string[] = [];
    head.on('pageerror', (e) => errors.push(String(e)));
    await openTodo(head, '请假申请');
    await item(head, 'reason').getByText('看病签名测试').first().waitFor();
    await head.getByTestId('wf-btn-audit').click();
    await head.getByTestId('wf-sign-open').click();
    const pad = head.getByTestId('wf-sign-pad');
    await pad.waitFor();
    // confirming an empty pad warns 请签名
    await head.getByTestId('wf-sign-confirm').click();
    await head.locator('.ant-message').getByText('请签名').first().waitFor();
    const box = (await pad.boundingBox())!;
    await head.mouse.move(box.x + 40, box.y + 60);
    await head.mouse.down();
    for (let i = 1; i <= 12; i++)
      await head.mouse.move(box.x + 40 + i * 25, box.y + 60 + (i % 2 ? 80 : 0), { steps: 3 });
    await head.mouse.up();
    await head.getByTestId('wf-sign-confirm').click();
    await head.getByTestId('wf-sign-preview').waitFor();
    await head.getByTestId('wf-opinion').fill('同意，已签名');
    await head.getByTestId('wf-approve-ok').click();
    await toast(head, '审核成功');

    // done list → details → print preview with the signature → print
    await go(head, 'workFlow/flowDone');
    const row = head.locator('[data-testid="wf-list-2"] tr', { hasText: '请假申请' }).first();
    await row.waitFor();
    await row.getByTestId('wf-row-open').click();
    await head.getByTestId('wf-dialog-status').getByText('审核通过').waitFor();
    // print: the flow's print template is offered in the picker, filled with the data and the signed record
    await head.getByTestId('wf-btn-print').click();
    const picker = head.getByTestId('wf-print-picker');
    await picker.locator('tr', { hasText: '请假申请' }).first().waitFor();
    await picker
      .getByRole('button', { name: '确 定' })
      .or(picker.getByRole('button', { name: '确定' }))
      .first()
      .click();
    const frame = head.frameLocator('[data-testid="wf-print-frame"]');
    await frame.getByText('看病签名测试').waitFor();
    // placeholders show display values: the applicant's name, not his id
    await frame
      .locator('td', { hasText: /^张伟$/ })
      .first()
      .waitFor();
    expect(await frame.locator('body').innerText()).not.toContain(launched.userId);
    await frame.getByText('同意，已签名').waitFor();
    const src = await frame.locator('img').first().getAttribute('src');
    expect(src).toMatch(/^data:image\/png;base64,/);
    await shot(head, 'print-template');
    await head.evaluate(() => {
      const f = document.querySelector('[data-testid="wf-print-frame"]') as HTMLIFrameElement;
      const w = f.contentWindow as unknown as { __prints: number; print: () => void };
      w.__prints = 0;
      const orig = w.print.bind(w);
      w.print = () => {
        w.__prints++;
        orig();
      };
    });
    await head.getByTestId('wf-print-go').click();
    await expect
      .poll(() =>
        head.evaluate(
          () =>
            (
              (document.querySelector('[data-testid="wf-print-frame"]') as HTMLIFrameElement)
                .contentWindow as unknown as {
                __prints: number;
              }
            ).__prints,
        ),
      )
      .toBe(1);

    // Word download: a real .docx (a zip) holding the filled template
    const [download] = await Promise.all([
      head.waitForEvent('download'),
      head.getByTestId('wf-print-word').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const bytes = new Uint8Array(await readFile((await download.path()) as string));
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const xml = strFromU8(unzipSync(bytes)['word/document.xml']);
    expect(xml).toContain('看病签名测试');
    expect(xml).toContain('同意，已签名');
    expect(xml).toContain('张伟');
    expect(xml).toContain('<w:tbl>');
    await head
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /取\s*消/ })
      .last()
      .click();
    await head.getByTestId('wf-print-frame').waitFor({ state: 'detached' });

    // cc (知会) through the organisation user picker: search, pick, confirm
    await head.getByTestId('wf-btn-copy').click();
    const notify = head.locator('.ant-modal', { hasText: '选择知会人' }).first();
    await notify.waitFor();
    await pickUser(head, 'wf-notify-users', '刘志强');
    await head.getByTestId('wf-notify-ok').click();
    await toast(head, '知会成功');
    const gmTok = await apiToken(S.kp.base, GM, PW);
    const msgs = await api<{ list: Array<{ title: string }> }>(
      gmTok,
      'GET',
      '/api/message?currentPage=1&pageSize=50',
    );
    expect(msgs.data.list.some((m) => /^流程知会：.*请假申请/.test(m.title))).toBe(true);

    // comments page by 20 as the list is scrolled to its bottom, and end at a short page
    const headTok = await apiToken(S.kp.base, HEAD, PW);
    for (let i = 1; i <= 25; i++) {
      const c = await api(headTok, 'POST', '/api/workflow/Engine/FlowComment', {
        taskId: launched.taskId,
        text: `批注${i}`,
      });
      expect(c.code, c.msg).toBe(200);
    }
    const pages: string[] = [];
    head.on('request', (r) => {
      const u = new URL(r.url());
      if (r.method() === 'GET' && u.pathname.endsWith('/FlowComment'))
        pages.push(`${u.searchParams.get('currentPage')}/${u.searchParams.get('pageSize')}`);
    });
    await head.getByRole('tab', { name: '流程评论' }).click();
    const list = head.getByTestId('wf-comment-list');
    await list.getByText('批注25', { exact: true }).waitFor();
    const end = head.getByTestId('wf-comment-end');
    await expect
      .poll(
        async () => {
          await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
          return end.isVisible();
        },
        { timeout: T },
      )
      .toBe(true);
    expect(await head.getByTestId('wf-comment').count()).toBe(25);
    expect(pages.slice(0, 2)).toEqual(['1/20', '2/20']);
    await list.getByText('批注1', { exact: true }).waitFor();

    // a comment with an image attachment (uploaded through /api/file/Uploader/comment)
    await head.getByTestId('wf-comment-send').click();
    await head.locator('.ant-message').getByText('评论不能为空').first().waitFor();
    await head.getByTestId('wf-comment-text').fill('附上病历照片');
    await head.getByTestId('wf-comment-image-input').setInputFiles({
      name: 'scan.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1PX, 'base64'),
    });
    await head.getByTestId('wf-comment-pending').getByText('scan.png').waitFor();
    await head.getByTestId('wf-comment-send').click();
    await toast(head, '评论成功');
    const comment = head.getByTestId('wf-comment').filter({ hasText: '附上病历照片' }).first();
    const thumb = comment.locator('img').first();
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).toMatch(
      // a media code bound to this one path: <code>.<HMAC-SHA256(key, path)> (issue 34)
      /^\/api\/file\/Download\/comment\/[0-9a-f]{32}\.png\?code=[0-9a-f]{48}\.[0-9a-f]{64}$/,
    );
    await expect.poll(() => thumb.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(1);
    await comment.getByTestId('wf-comment-delete').waitFor();
    await shot(head, 'comment-image');
    expect(errors).toEqual([]);
  });

  it('cc through the organisation picker at launch and in the approve dialog (isCustomCopy nodes)', async () => {
    // a copy of the leave flow whose start and approver nodes let the launcher and the approver choose cc users
    const adminTok = await apiToken(S.kp.base, 'admin', 'admin123');
    const tpl = await api<Record<string, unknown> & { flowTemplateJson: FlowNodeJson }>(
      adminTok,
      'GET',
      '/api/workflow/Engine/FlowEngine/wf-leave',
    );
    const mark = (n: FlowNodeJson | null | undefined) => {
      if (!n) return;
      if (n.type === 'approver' || n.type === 'start') n.properties = { ...n.properties, isCustomCopy: true };
      mark(n.childNode);
      for (const c of n.conditionNodes ?? []) mark(c);
    };
    mark(tpl.data.flowTemplateJson);
    const created = await api<string>(adminTok, 'POST', '/api/workflow/Engine/FlowEngine', {
      enCode: 'leaveCc',
      fullName: '抄送请假',
      category: tpl.data.category,
      formType: tpl.data.formType,
      formData: tpl.data.formData,
      flowTemplateJson: tpl.data.flowTemplateJson,
      propertyJson: tpl.data.propertyJson,
    });
    expect(created.code, created.msg).toBe(200);
    const rel = await api(adminTok, 'POST', `/api/workflow/Engine/FlowEngine/Release/${created.data}`);
    expect(rel.code, rel.msg).toBe(200);

    // the employee launches it and copies 陈静 in the submit dialog
    const emp = await session(EMP);
    const errors: string[] = [];
    emp.on('pageerror', (e) => errors.push(String(e)));
    await go(emp, 'workFlow/flowLaunch/FlowIndex');
    await emp.getByTestId('wf-launch-leaveCc').click();
    await emp.getByTestId('wf-form').waitFor();
    await item(emp, 'applicant').getByText('张伟').first().waitFor();
    await fillLeave(emp, {
      type: '病假',
      from: '2026-12-15 09:00',
      to: '2026-12-15 18:00',
      days: 1,
      reason: '抄送测试',
    });
    await emp.getByTestId('wf-btn-submit').click();
    await pickUser(emp, 'wf-launch-copy-to', '陈静');
    await emp.getByTestId('wf-candidates-ok').click();
    await toast(emp, '提交成功');
    const cj = await session('chenjing');
    await go(cj, 'workFlow/flowCirculate');
    await cj.locator('[data-testid="wf-list-3"] tr', { hasText: '抄送请假' }).first().waitFor();

    const head = await session(HEAD);
    head.on('pageerror', (e) => errors.push(String(e)));
    await openTodo(head, '抄送请假');
    await head.getByTestId('wf-btn-audit').click();
    await pickUser(head, 'wf-copy-to', '刘志强');
    await head.getByTestId('wf-opinion').fill('同意，抄送总经理');
    await head.getByTestId('wf-approve-ok').click();
    await toast(head, '审核成功');

    // the general manager finds it among his circulated items
    const gm = await session(GM);
    await go(gm, 'workFlow/flowCirculate');
    await gm.locator('[data-testid="wf-list-3"] tr', { hasText: '抄送请假' }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it('batch approval, withdraw with a reason, monitor terminate, the flow design page', async () => {
    const launch = async (reason: string) =>
      (await launchLeave({ reason, leaveType: 'personal', day: 20 })).taskId;
    await launch('批量一');
    await launch('批量二');

    // the head approves both at once from the to-do list
    const head = await session(HEAD);
    await go(head, 'workFlow/flowTodo');
    const list = head.getByTestId('wf-list-1');
    await list.locator('tr', { hasText: '请假申请' }).first().waitFor();
    const before = await list.locator('tbody tr.ant-table-row').count();
    expect(before).toBeGreaterThanOrEqual(2);
    await list.locator('thead .ant-checkbox-input').check();
    await head.getByTestId('wf-batch-audit').click();
    await head.locator('.ant-modal:visible textarea').fill('批量同意');
    await head.locator('.ant-modal:visible .ant-btn-primary').click();
    await toast(head, '批量审批完成');
    await list.locator('.ant-empty').first().waitFor();

    // the employee withdraws a running flow: a reason is required
    await launch('撤回测试');
    const emp = await session(EMP);
    await go(emp, 'workFlow/flowLaunch');
    const row = emp.locator('[data-testid="wf-launched"] tr', { hasText: '等待审核' }).first();
    await row
      .getByRole('button', { name: '撤 回' })
      .or(row.getByRole('button', { name: '撤回' }))
      .first()
      .click();
    await emp.locator('.ant-modal:visible .ant-btn-primary').click();
    await emp.locator('.ant-message').getByText('输入不能为空').first().waitFor();
    await emp.locator('.ant-modal:visible textarea').fill('计划有变');
    await emp.locator('.ant-modal:visible .ant-btn-primary').click();
    await toast(emp, '撤回成功');
    await emp.locator('[data-testid="wf-launched"]').getByText('流程撤回').first().waitFor();

    // the administrator terminates a running flow from the monitor
    const running = await launch('监控终止');
    const admin = await S.context();
    const ap = await admin.newPage();
    ap.setDefaultTimeout(T);
    await loginAs(ap, S.kp.base, 'admin', 'admin123');
    await go(ap, 'workFlow/flowMonitor');
    const mon = ap.getByTestId('wf-monitor');
    const mrow = mon.locator('tr', { hasText: '等待审核' }).first();
    await mrow.waitFor();
    await mrow
      .getByRole('button', { name: '终 止' })
      .or(mrow.getByRole('button', { name: '终止' }))
      .first()
      .click();
    await ap.locator('.ant-modal-confirm-title', { hasText: '终止审核不可恢复' }).waitFor();
    await ap.locator('.ant-modal-confirm .ant-btn-primary').click();
    await toast(ap, '终止成功');
    const st = await api<{ flowTaskInfo: { status: number } }>(
      await apiToken(S.kp.base, 'admin', 'admin123'),
      'GET',
      `/api/workflow/Engine/FlowBefore/${running}`,
    );
    expect(st.data.flowTaskInfo.status).toBe(5);

    // the flow design list opens a template in the designer
    await go(ap, 'workFlow/flowEngine');
    const erow = ap.getByTestId('wf-engine').locator('tr', { hasText: '请假申请' }).first();
    await erow
      .getByRole('button', { name: '设 计' })
      .or(erow.getByRole('button', { name: '设计' }))
      .first()
      .click();
    await ap.getByRole('tab', { name: '流程设计' }).click();
    await ap.locator('.ant-modal:visible').getByText('总经理审批').first().waitFor();
    await shot(ap, 'designer');
    await ap.locator('.ant-modal:visible .ant-modal-close').first().click();
    // the form preview (预览) with only a cancel button
    await erow
      .getByRole('button', { name: '预 览' })
      .or(erow.getByRole('button', { name: '预览' }))
      .first()
      .click();
    await ap.locator('.ant-modal-title', { hasText: '预览' }).waitFor();
    await ap.locator('.ant-modal:visible [data-field="leaveType"]').waitFor();
    expect(await ap.locator('.ant-modal:visible .ant-modal-footer button').count()).toBe(1);
  });
});
