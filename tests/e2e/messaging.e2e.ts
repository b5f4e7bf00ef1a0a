// Messaging end to end (issue 7): a real server (PGlite, port 0) serving the built host, driven in Chromium.
// Two demo users in two browser contexts exchange a chat message and watch the unread badge change; a user
// opens a notice from the notification drawer, toggles its reminder, comments and replies. Script payloads in
// names, notices, comments and chat text must render as text: any dialog (alert) fails the suite.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, loginAs } from './harness';
import { T, useSuite } from './suite';

const PASSWORD = 'kp123456';
const XSS = '<img src=x onerror=alert(1)>';

const suite = useSuite('msg');
const dialogs: string[] = [];

const newPage = () =>
  suite.session(undefined, { viewport: { width: 1366, height: 800 }, onDialog: (m) => dialogs.push(m) });
const { api } = suite;

/** The badge number of a navbar tool ('' when no badge is shown). */
async function badge(page: Page, tool: string): Promise<string> {
  const sup = page.locator(`[data-testid="${tool}"] sup.ant-badge-count`);
  if ((await sup.count()) === 0) return '';
  return (await sup.first().getAttribute('title')) ?? '';
}

/** A one-sheet workbook made with exceljs (the same library the preview reads it with). */
async function xlsxFile(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('销售');
  ws.addRow(['季度销售', 'Q1']);
  ws.addRow(['<b>金额</b>', 1200]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A minimal Word document (WordprocessingML in a zip). */
async function docxFile(text: string): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('messaging in Chromium', () => {
  it('two users exchange a chat message; the unread badge rises, blinks and clears; payloads stay text', async () => {
    const a = await newPage();
    const b = await newPage();
    await loginAs(a, suite.kp.base, 'liuzhiqiang', PASSWORD);
    await loginAs(b, suite.kp.base, 'chenjing', PASSWORD);
    await b.locator('[data-testid="tool-chat"]').waitFor({ timeout: T });
    expect(await badge(b, 'tool-chat')).toBe('');

    // A: chat tool → contacts → search chenjing → chat window → send text with emoji and a script payload
    await a.click('[data-testid="tool-chat"]');
    await a.getByRole('tab', { name: '联系人' }).click();
    const search = a.locator('[data-testid="chat-contact-search"] input');
    await search.fill('chenjing');
    await search.press('Enter');
    await a.locator('[data-testid="chat-contact"][data-user="chenjing"]').click({ timeout: T });
    await expect
      .poll(() => a.locator('[data-testid="chat-window-title"]').textContent(), { timeout: T })
      .toBe('陈静');
    const text = `你好 ${XSS} [微笑]`;
    await a.fill('[data-testid="chat-input"]', text);
    await a.click('[data-testid="chat-send"]');
    const mine = a.locator('[data-testid="chat-bubble-mine"]').last();
    await expect.poll(() => mine.textContent(), { timeout: T }).toBe('你好 <img src=x onerror=alert(1)> 🙂');
    expect(await mine.locator('img').count()).toBe(0);

    // B: the badge shows 1 and blinks; the conversation lists 1 unread; opening it clears both
    await expect.poll(() => badge(b, 'tool-chat'), { timeout: T }).toBe('1');
    expect(await b.locator('[data-testid="tool-chat"]').getAttribute('class')).toContain('kp-blink');
    await b.click('[data-testid="tool-chat"]');
    const conv = b.locator('[data-testid="chat-conversation"][data-user="liuzhiqiang"]');
    await conv.waitFor({ timeout: T });
    await expect
      .poll(() => conv.locator('sup.ant-badge-count').first().getAttribute('title'), { timeout: T })
      .toBe('1');
    await conv.click();
    const theirs = b.locator('[data-testid="chat-bubble-theirs"]').last();
    await expect
      .poll(() => theirs.textContent(), { timeout: T })
      .toBe('你好 <img src=x onerror=alert(1)> 🙂');
    expect(await theirs.locator('img').count()).toBe(0);
    await expect.poll(() => badge(b, 'tool-chat'), { timeout: T }).toBe('');
    await expect
      .poll(async () => (await b.locator('[data-testid="tool-chat"]').getAttribute('class')) ?? '', {
        timeout: T,
      })
      .not.toContain('kp-blink');

    // B replies; A (chat open) sees it at once and its badge stays clear
    await b.fill('[data-testid="chat-input"]', '收到');
    await b.press('[data-testid="chat-input"]', 'Enter');
    await expect
      .poll(() => a.locator('[data-testid="chat-bubble-theirs"]').last().textContent(), { timeout: T })
      .toBe('收到');
    expect(await badge(a, 'tool-chat')).toBe('');

    // the unread state is on the server too: after a reload B has no unread chat
    await b.reload();
    await b.locator('[data-testid="tool-chat"]').waitFor({ timeout: T });
    await expect.poll(() => badge(b, 'tool-chat'), { timeout: T }).toBe('');

    // B opens the chat again (history loads over the socket)
    await b.click('[data-testid="tool-chat"]');
    await b.locator('[data-testid="chat-conversation"][data-user="liuzhiqiang"]').click({ timeout: T });
    await expect
      .poll(() => b.locator('[data-testid="chat-bubble-theirs"]').first().textContent(), { timeout: T })
      .toBe('你好 <img src=x onerror=alert(1)> 🙂');

    // emoji panel inserts a bracket code; an image message (IM upload) shows on both sides
    await a.click('[data-testid="chat-emoji"]');
    await expect
      .poll(() => a.locator('[data-testid="emoji-panel"] button').count(), { timeout: T })
      .toBe(120);
    await a.locator('[data-testid="emoji-panel"] button[title="强"]').click();
    expect(await a.inputValue('[data-testid="chat-input"]')).toBe('[强]');
    await a.click('[data-testid="chat-send"]');
    await expect
      .poll(() => b.locator('[data-testid="chat-bubble-theirs"]').last().textContent(), { timeout: T })
      .toBe('👍');
    await a.setInputFiles('[data-testid="chat-image-input"]', {
      name: 'dot.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    const sent = a.locator('[data-testid="chat-bubble-mine"] [data-testid="chat-image"]').last();
    await expect
      .poll(() => sent.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: T })
      .toBe(1);
    const got = b.locator('[data-testid="chat-bubble-theirs"] [data-testid="chat-image"]').last();
    await expect
      .poll(() => got.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: T })
      .toBe(1);
    // a non-image is refused in the browser with the spec's text
    await a.setInputFiles('[data-testid="chat-image-input"]', {
      name: 'a.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    });
    await a.locator('.ant-message', { hasText: '只能上传图片' }).waitFor({ timeout: T });

    // history search finds the message
    await a.click('[data-testid="chat-history"]');
    const hs = a.locator('[data-testid="chat-history-search"] input');
    await hs.fill('你好');
    await hs.press('Enter');
    await expect
      .poll(() => a.locator('[data-testid="chat-history-row"]').allTextContents(), { timeout: T })
      .toEqual([expect.stringContaining('<img src=x onerror=alert(1)>')]);

    // feedback opens a chat with the administrator
    await b.reload();
    await b.hover('[data-testid="user-menu"]', { timeout: T });
    await b.getByRole('menuitem', { name: '意见反馈' }).click();
    await expect
      .poll(() => b.locator('[data-testid="chat-window-title"]').last().textContent(), { timeout: T })
      .toBe('管理员');
    expect(dialogs).toEqual([]);
  }, 240_000);

  it('a user opens a notice from the drawer, toggles its reminder, comments and replies; payloads stay text', async () => {
    const admin = await apiToken(suite.kp.base, 'admin', 'admin123');
    const users = await api<{ list: { id: string; account: string }[] }>(
      admin,
      'GET',
      '/api/permission/Users/ImUser?keyword=liuzhiqiang',
    );
    const lzq = users.data.list.find((u) => u.account === 'liuzhiqiang');
    expect(lzq).toBeTruthy();
    const title = `季度通知 ${XSS}`;
    const created = await api<string>(admin, 'POST', '/api/Bussiness/CompanyNotice', {
      title,
      contents: `<p>正文<b>加粗</b></p><img src=x onerror="alert(2)"><script>alert(3)</script>`,
      isRemind: 1,
      acceptUsers: [lzq?.id],
      isDraft: 0,
    });
    expect(created.code).toBe(200);

    const a = await newPage();
    await loginAs(a, suite.kp.base, 'liuzhiqiang', PASSWORD);
    await expect.poll(() => badge(a, 'tool-notice'), { timeout: T }).not.toBe('');

    // notification drawer → the notice (type 7) → /oa/notice?id=…
    await a.click('[data-testid="tool-notice"]');
    const item = a.locator('[data-testid="notice-item"]', { hasText: '季度通知' }).first();
    await expect
      .poll(() => item.locator('[data-testid="notice-item-title"]').textContent(), { timeout: T })
      .toBe(title);
    await item.click();
    await a.waitForURL((u) => u.pathname.endsWith('/oa/notice') && u.searchParams.has('id'), { timeout: T });
    await expect
      .poll(() => a.locator('[data-testid="item-detail-title"]').textContent(), { timeout: T })
      .toBe(title);
    const body = a.locator('[data-testid="item-body"]');
    expect(await body.locator('b').textContent()).toBe('加粗');
    expect(await body.locator('script').count()).toBe(0);
    expect((await body.innerHTML()).includes('onerror')).toBe(false);
    expect(await a.locator('[data-testid="recipient"]').allTextContents()).toEqual(['刘志强/liuzhiqiang']);
    // not the creator: no add/remove recipients
    expect(await a.locator('[data-testid="recipient-add"]').count()).toBe(0);

    // reminder: on → close reminder; toggled → open reminder, and back
    const remind = a.locator('[data-testid="item-remind"]');
    await expect.poll(() => remind.textContent(), { timeout: T }).toBe('关闭提醒');
    await remind.click();
    await expect.poll(() => remind.textContent(), { timeout: T }).toBe('开启提醒');
    await remind.click();
    await expect.poll(() => remind.textContent(), { timeout: T }).toBe('关闭提醒');

    // comment with a script payload and a '<' that must survive as text, then a reply and a like
    await a.fill('[data-testid="comment-input"]', `同意 ${XSS} a < b`);
    await a.click('[data-testid="comment-submit"]');
    const first = a.locator('[data-testid="comment-item"]').first();
    await expect
      .poll(() => first.locator('[data-testid="comment-text"]').first().textContent(), { timeout: T })
      .toBe('同意  a < b');
    await first.locator('[data-testid="comment-reply"]').first().click();
    await a.fill('[data-testid="reply-input"]', '补充一点');
    await a.click('[data-testid="reply-submit"]');
    await expect
      .poll(() => a.locator('[data-testid="comment-text"]').allTextContents(), { timeout: T })
      .toEqual(['同意  a < b', '补充一点']);
    await first.locator('[data-testid="comment-like"]').first().click();
    await expect
      .poll(() => first.locator('[data-testid="comment-like"]').first().textContent(), { timeout: T })
      .toBe('1');

    // read-all asks for confirmation, then the bell clears
    await a.click('[data-testid="tool-notice"]');
    await a.click('[data-testid="notice-read-all"]');
    const confirm = a.locator('.ant-modal-confirm', { hasText: '您确定全部为已读状态, 是否继续?' });
    await confirm.waitFor({ timeout: T });
    await confirm.locator('.ant-btn-primary').click();
    await expect.poll(() => badge(a, 'tool-notice'), { timeout: T }).toBe('');
    await a.keyboard.press('Escape');

    // the list shows the notice as read, its title as text
    await a.goto(`${suite.kp.base}/kpSystem/oa/notice`);
    const row = a.locator('[data-testid="item-open"]', { hasText: '季度通知' });
    await expect.poll(() => row.textContent(), { timeout: T }).toBe(title);
    expect(await a.locator('[data-testid="oa-notice-list"] img').count()).toBe(0);
    expect(dialogs).toEqual([]);
  }, 240_000);

  it('a message with attachments goes out through the editor; the recipient previews Excel, Word and an image', async () => {
    const a = await newPage();
    await loginAs(a, suite.kp.base, 'liuzhiqiang', PASSWORD);
    await a.goto(`${suite.kp.base}/kpSystem/oa/msgList`);
    await a.click('[data-testid="item-add"]', { timeout: T });
    const title = `附件消息 ${XSS}`;
    await a.fill('[data-testid="item-title"]', title);
    await a.click('[data-testid="item-pick-recipients"]');
    const picker = a.locator('.ant-modal', { hasText: '候选人员' });
    await picker.locator('[data-testid="picker-search"] input').fill('chenjing');
    await picker.locator('[data-testid="picker-user"]', { hasText: '陈静' }).click({ timeout: T });
    await picker.locator('.ant-modal-footer .ant-btn-primary').click();
    await a.locator('[data-testid="rich-editor"]').click();
    await a.keyboard.type('请查收附件');
    await a.setInputFiles('[data-testid="item-files-input"]', [
      {
        name: 'report.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await xlsxFile(),
      },
      {
        name: 'memo.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: await docxFile('Hello 文档预览'),
      },
      { name: 'pic.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect.poll(() => a.locator('[data-testid="item-files"] li').count(), { timeout: T }).toBe(3);
    await a.click('[data-testid="item-send"]');
    await a.locator('[data-testid="item-send"]').waitFor({ state: 'detached', timeout: T });

    // the creator adds a recipient from the sent message's detail
    await a.getByRole('tab', { name: '已发送' }).click();
    await a.locator('[data-testid="item-open"]', { hasText: '附件消息' }).click({ timeout: T });
    await expect
      .poll(() => a.locator('[data-testid="recipient"]').allTextContents(), { timeout: T })
      .toEqual(['陈静/chenjing']);
    await a.click('[data-testid="recipient-add"]');
    const picker2 = a.locator('.ant-modal', { hasText: '候选人员' });
    await picker2.locator('[data-testid="picker-search"] input').fill('wangjianguo');
    await picker2.locator('[data-testid="picker-user"]', { hasText: '王建国' }).click({ timeout: T });
    await picker2.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect
      .poll(() => a.locator('[data-testid="recipient"]').allTextContents(), { timeout: T })
      .toEqual(['陈静/chenjing', '王建国/wangjianguo']);

    const b = await newPage();
    await loginAs(b, suite.kp.base, 'chenjing', PASSWORD);
    await b.goto(`${suite.kp.base}/kpSystem/oa/msgList`);
    const row = b.locator('[data-testid="item-open"]', { hasText: '附件消息' });
    await expect.poll(() => row.textContent(), { timeout: T }).toBe(title);
    await row.click();
    await expect
      .poll(() => b.locator('[data-testid="item-body"]').textContent(), { timeout: T })
      .toBe('请查收附件');
    // a recipient sees both recipients but may not change them
    await expect.poll(() => b.locator('[data-testid="recipient"]').count(), { timeout: T }).toBe(2);
    expect(await b.locator('[data-testid="recipient-add"]').count()).toBe(0);
    const files = b.locator('[data-testid="item-attachments"] li');
    await expect.poll(() => files.count(), { timeout: T }).toBe(3);

    const preview = async (name: string) => {
      await files.filter({ hasText: name }).getByRole('button', { name: /预览/ }).click();
      return b.locator('.ant-modal', { hasText: name });
    };
    let modal = await preview('report.xlsx');
    await expect
      .poll(() => modal.locator('[data-testid="preview-excel"] td').allTextContents(), { timeout: T })
      .toEqual(['季度销售', 'Q1', '<b>金额</b>', '1200']);
    await modal.locator('.ant-modal-close').click();
    await modal.waitFor({ state: 'detached', timeout: T });
    modal = await preview('memo.docx');
    await expect
      .poll(() => modal.locator('[data-testid="preview-word"]').textContent(), { timeout: T })
      .toContain('Hello 文档预览');
    await modal.locator('.ant-modal-close').click();
    await modal.waitFor({ state: 'detached', timeout: T });
    modal = await preview('pic.png');
    const img = modal.locator('img').first();
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: T })
      .toBe(1);
    expect(dialogs).toEqual([]);
  }, 240_000);

  it('an administrator drafts and releases news; the message centre lists and deletes site messages', async () => {
    const a = await newPage();
    await loginAs(a, suite.kp.base, 'admin', 'admin123');
    await a.goto(`${suite.kp.base}/kpSystem/oa/news`);
    await a.click('[data-testid="item-add"]', { timeout: T });
    const title = `公司新闻 ${XSS}`;
    await a.fill('[data-testid="item-title"]', title);
    await a.locator('[data-testid="rich-editor"]').click();
    await a.keyboard.type('新闻正文');
    await a.click('[data-testid="item-save-draft"]');
    await a.locator('[data-testid="item-save-draft"]').waitFor({ state: 'detached', timeout: T });
    await a.getByRole('tab', { name: '草稿箱' }).click();
    const draftRow = a.locator('tr', { hasText: '公司新闻' });
    await draftRow.locator('[data-testid="item-release"]').click({ timeout: T });
    await a.locator('.ant-modal-confirm', { hasText: '确定发布吗?' }).locator('.ant-btn-primary').click();
    await expect.poll(() => a.locator('tr', { hasText: '公司新闻' }).count(), { timeout: T }).toBe(0);
    await a.getByRole('tab', { name: '全部' }).click();
    await expect
      .poll(() => a.locator('[data-testid="item-open"]', { hasText: '公司新闻' }).textContent(), {
        timeout: T,
      })
      .toBe(title);

    // zhangwei sees it (for everyone) and a site message sent to him lands in the message centre
    const zw = await apiToken(suite.kp.base, 'zhangwei', PASSWORD);
    const admin = await apiToken(suite.kp.base, 'admin', 'admin123');
    const users = await api<{ list: { id: string; account: string }[] }>(
      admin,
      'GET',
      '/api/permission/Users/ImUser?keyword=zhangwei',
    );
    const zwId = users.data.list.find((u) => u.account === 'zhangwei')?.id;
    const draft = await api<string>(admin, 'POST', '/api/message', {
      title: `系统消息 ${XSS}`,
      type: 1,
      bodyText: '维护通知 <script>alert(5)</script>',
      toUserIds: [zwId],
    });
    expect((await api(admin, 'PUT', `/api/message/${draft.data}/Actions/Release`)).code).toBe(200);
    const b = await newPage();
    await loginAs(b, suite.kp.base, 'zhangwei', PASSWORD);
    await b.goto(`${suite.kp.base}/kpSystem/messageRecord`);
    const row = b.locator('tr', { hasText: '系统消息' });
    await expect
      .poll(() => row.locator('[data-testid="record-open"]').textContent(), { timeout: T })
      .toBe(`系统消息 ${XSS}`);
    // type 1 opens the view-message dialog with the body as text
    await row.locator('[data-testid="record-open"]').click();
    const dialog = b.locator('[data-testid="site-message-dialog"]');
    await expect
      .poll(() => dialog.locator('p').textContent(), { timeout: T })
      .toBe('维护通知 <script>alert(5)</script>');
    await b.locator('.ant-modal', { hasText: '查看消息' }).locator('.ant-modal-close').click();
    await row.locator('.ant-checkbox-input').check();
    await b.click('[data-testid="record-delete"]');
    await b.locator('.ant-modal-confirm').locator('.ant-btn-primary').click();
    await expect.poll(() => b.locator('tr', { hasText: '系统消息' }).count(), { timeout: T }).toBe(0);
    const left = await api<{ list: { title: string }[] }>(
      zw,
      'GET',
      '/api/message?keyword=%E7%B3%BB%E7%BB%9F',
    );
    expect(left.data.list).toEqual([]);
    expect(dialogs).toEqual([]);
  }, 240_000);
});
