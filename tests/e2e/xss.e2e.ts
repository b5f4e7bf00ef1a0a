// Hostile input end to end (issue 10, "script payloads render as text"): a real server (PGlite, port 0)
// serving the built host, driven in Chromium. Hostile payloads are stored through the real API — user,
// organisation, department, position, role and group names, dictionary items, a notice (title, rich body,
// an attachment with a hostile file name), an issued document, the leave flow's name and a launched leave's
// reason and opinion, an online-development item (its menu name) and its records, a meeting and its type,
// a chat message, the user's own profile fields — and every screen that shows them is opened. Each screen
// must show the payload as literal text (so the test cannot pass by not rendering it), no dialog may fire,
// and no element may carry an onerror/onload attribute or a javascript: link.
// Meeting-room names have no API (seeded rows): one is renamed in its table, the only way to store it.
import { createHash } from 'node:crypto';
import path from 'node:path';
import JSZip from 'jszip';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, RESULTS_DIR } from './browser';
import { apiToken, type KpServer, loginAs, startKp } from './harness';

const PW = 'kp123456';
const T = 60_000;

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(1)</script>';
const SVG = '"><svg onload=alert(1)>';
const JS = 'javascript:alert(1)';
/** A file address of this site (the only kind, with http(s), form data may hold). */
const SAFE_FILE_URL = '/api/file/Download/annex/0123456789abcdef0123456789abcdef.txt';
const TPL = "{{constructor.constructor('alert(1)')()}}";
/** Every payload in one string (117 characters) for fields that take 200. */
const ALL = `${IMG}${SCRIPT}${SVG}${TPL}`;

// The stored names (each unique, so a screen is known to show this very value).
const ORG = `机构${ALL}`;
const DEPT = `部门${ALL}`;
const POSITION = `岗位${ALL}`;
const ROLE = `角色${ALL}`;
const GROUP = `分组${ALL}`;
/** realName takes 50 characters. */
const EMP_NAME = `张${IMG}`;
const NEW_NAME = `${SVG}${SCRIPT}`;
/** Dictionary names take 100. */
const MEETING_TYPE = `类型${IMG}${SVG}`;
const ROOM = `会议室${IMG}`;
const THEME = `会议${ALL}`;
const NOTICE = `通知${ALL}`;
const DOC = `公文${ALL}`;
const FLOW = `请假${TPL}${SVG}`;
const REASON = `事由${ALL} ${JS}`;
const OPINION = `同意${ALL}`;
const ITEM = `功能${IMG}${SVG}`;
const RECORD = `记录${ALL}`;
const HEADER = `栏目${ALL}`;
const LABEL = `标题${SVG}`;
const OPTION = `选项${IMG}${TPL}`;
/** sysName takes 50. */
const SYS_NAME = `系统${IMG}`;
const COPYRIGHT = `版权${ALL}`;
const CHAT = `你好${ALL}`;
const COMMENT = `评论${ALL}`;
const SIGNATURE = `签名${ALL}`;
/** No '"' (multipart encodes it as %22 on the way) and no '/' (a path separator). */
const FILE_NAME = `${IMG}<svg onload=alert(1)>${TPL}.txt`;
/** A rich body: every payload as markup, a javascript: link, and the template text as plain text. */
const BODY = `<p>正文${TPL}</p><img src=x onerror=alert(1)><script>alert(1)</script><svg onload=alert(1)></svg><a href="${JS}" data-x="1">点我</a><p>${JS}</p>`;

let kp: KpServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const dialogs: string[] = [];
const ids: Record<string, string> = {};
let dayText = '';

async function api<D>(
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ code: number; msg: string; data: D }> {
  const res = await fetch(`${kp.base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { code: number; msg: string; data: D };
}

/** An API call that must succeed; answers its data. */
async function must<D>(token: string, method: string, url: string, body?: unknown): Promise<D> {
  const r = await api<D>(token, method, url, body);
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}

async function session(account: string, password = PW): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.setDefaultTimeout(T);
  page.on('dialog', (d) => {
    dialogs.push(`${account}: ${d.message()}`);
    void d.dismiss();
  });
  await loginAs(page, kp.base, account, password);
  return page;
}

const go = async (page: Page, p: string) => {
  await page.goto(`${kp.base}/kpSystem/${p}`);
};

/** The id a create answers: the id itself or `{ id }`, depending on the route. */
async function created(token: string, url: string, body: unknown): Promise<string> {
  const d = await must<string | { id: string }>(token, 'POST', url, body);
  const id = typeof d === 'string' ? d : d?.id;
  expect(typeof id, `${url} answered no id`).toBe('string');
  return id;
}

/** Waits until `text` is shown (visible) as literal text inside `scope` (the page by default). */
async function shows(page: Page, text: string, scope = 'body') {
  try {
    await page.locator(scope).getByText(text).filter({ visible: true }).first().waitFor({ timeout: T });
  } catch (e) {
    await page.screenshot({ path: path.join(RESULTS_DIR, `xss-failure-${Date.now()}.png`) });
    const seen = await page
      .locator(scope)
      .first()
      .textContent({ timeout: 1000 })
      .catch(() => '(no such element)');
    throw new Error(`${scope} does not show ${text}; it shows: ${seen?.slice(0, 2000)}`, { cause: e });
  }
}

/** A form in view mode: the value is shown as text or as an input's value (never as markup). */
async function showsValue(page: Page, text: string, scope: string) {
  await expect
    .poll(
      () =>
        page
          .locator(scope)
          .first()
          .evaluate((el) => [
            el.textContent ?? '',
            ...[...el.querySelectorAll('input,textarea')].map((i) => (i as HTMLInputElement).value),
          ]),
      { timeout: T },
    )
    .toEqual(expect.arrayContaining([expect.stringContaining(text)]));
}

/** React 19 writes this in place of a javascript: URL given to href/src: it cannot run the payload. */
const REACT_BLOCKED =
  "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";

/** What a payload would leave behind had it become markup: handler attributes, javascript: links, scripts. */
function findings(page: Page) {
  return page.evaluate((blocked) => {
    const links = [...document.querySelectorAll('a[href],iframe[src]')].map(
      (e) => e.getAttribute('href') ?? e.getAttribute('src') ?? '',
    );
    return {
      handlers: [...document.querySelectorAll('[onerror],[onload]')].map((e) => e.outerHTML.slice(0, 120)),
      jsLinks: links.filter((h) => /^\s*javascript:/i.test(h) && h !== blocked),
      scripts: [...document.querySelectorAll('script')].filter((s) => s.textContent?.includes('alert('))
        .length,
    };
  }, REACT_BLOCKED);
}

/** Nothing from a payload became markup, and no dialog fired on any page so far. */
async function clean(page: Page) {
  expect({ ...(await findings(page)), dialogs }).toEqual({
    handlers: [],
    jsLinks: [],
    scripts: 0,
    dialogs: [],
  });
}

/**
 * A Word document a hostile user could attach: an embedded HTML part (altChunk) with a script and an image
 * handler, and a hyperlink whose external target is a javascript: address.
 */
async function hostileDocx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="html" ContentType="text/html"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdLink" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="javascript:alert('docx-link')" TargetMode="External"/><Relationship Id="rIdAlt" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/aFChunk" Target="chunk.html"/></Relationships>`,
  );
  zip.file(
    'word/chunk.html',
    `<html><body><p>嵌入</p><script>alert('docx-altchunk')</script><img src=x onerror="alert('docx-img')"></body></html>`,
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body><w:p><w:r><w:t>公文正文</w:t></w:r></w:p><w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>文档链接</w:t></w:r></w:hyperlink></w:p><w:altChunk r:id="rIdAlt"/></w:body></w:document>',
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** Uploads a file (by default a small text file) with a hostile name through the real upload route. */
async function upload(token: string, name: string, data: Buffer = Buffer.from('hello')) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${kp.base}/api/file/Uploader/comment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const r = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
  expect(r.code, r.msg).toBe(200);
  return r.data;
}

const cfg = (jnpfKey: string, label: string, extra: Record<string, unknown> = {}) => ({
  jnpfKey,
  label,
  showLabel: true,
  required: false,
  span: 24,
  ...extra,
});
const FORM = {
  formRef: 'elForm',
  formModel: 'dataForm',
  size: 'default',
  labelPosition: 'right',
  labelWidth: 100,
  formRules: 'rules',
  gutter: 15,
  disabled: false,
  span: 24,
  formBtns: false,
  idGlobal: 200,
  fields: [
    { __config__: cfg('comInput', LABEL, { formId: 101 }), __vModel__: 'title' },
    { __config__: cfg('textarea', '说明', { formId: 102 }), __vModel__: 'note' },
    {
      __config__: cfg('select', '类别', { formId: 103, dataType: 'static' }),
      __vModel__: 'kind',
      __slot__: { options: [{ id: 'x', fullName: OPTION }] },
    },
    { __config__: cfg('link', '链接', { formId: 104 }), href: JS, content: '点我链接' },
    { __config__: cfg('JNPFText', '文本', { formId: 105 }), content: `文本${ALL}` },
    { __config__: cfg('uploadFz', '附件', { formId: 106 }), __vModel__: 'files' },
  ],
};

/** Stores every payload through the API (as the administrator, and the user's own fields as the user). */
async function seed() {
  const admin = await apiToken(kp.base, 'admin', 'admin123');
  const db = kp.app.kp.db;
  const user = (account: string) =>
    db
      .selectFrom('base_user')
      .select(['id', 'department_id'])
      .where('account', '=', account)
      .executeTakeFirstOrThrow();
  const zw = await user('zhangwei');
  const head = await user('wangjianguo');
  ids.zhangwei = zw.id;
  ids.wangjianguo = head.id;
  const root = await db
    .selectFrom('base_organize')
    .select('id')
    .where('full_name', '=', '集团总部')
    .executeTakeFirstOrThrow();

  // the system's name and copyright (login page, shell, about dialog)
  await must(admin, 'PUT', '/api/system/SysConfig', { sysName: SYS_NAME, copyright: COPYRIGHT });

  // organisation, department, position, role, group
  ids.org = await created(admin, '/api/permission/Organize', {
    parentId: root.id,
    fullName: ORG,
    enCode: 'xss.org',
  });
  ids.dept = await created(admin, '/api/permission/Organize/Department', {
    parentId: ids.org,
    fullName: DEPT,
    enCode: 'xss.dept',
  });
  ids.position = await created(admin, '/api/permission/Position', {
    organizeId: ids.dept,
    fullName: POSITION,
    enCode: 'xss.position',
  });
  ids.role = await created(admin, '/api/permission/Role', {
    fullName: ROLE,
    enCode: 'xss.role',
    globalMark: 1,
  });
  // a user in the hostile department holding the hostile position and role
  ids.newUser = await created(admin, '/api/permission/Users', {
    account: 'xssuser',
    realName: NEW_NAME,
    organizeId: ids.dept,
    positionIds: [ids.position],
    roleIds: [ids.role],
    password: createHash('md5').update(PW).digest('hex'),
    description: ALL,
    headIcon: `x" onerror="alert(1)`,
  });
  ids.group = await created(admin, '/api/system/groupcustom', {
    fullName: GROUP,
    enCode: 'xss.group',
    type: 1,
    userIds: [zw.id, ids.newUser],
  });
  // the employee's real name (kept in his department, so his leave still goes to his head)
  const detail = await must<Record<string, unknown>>(admin, 'GET', `/api/permission/Users/${zw.id}`);
  await must(admin, 'PUT', `/api/permission/Users/${zw.id}`, { ...detail, realName: EMP_NAME });

  // dictionary: a meeting type; a meeting room's name (no API: the seeded table)
  ids.meetingType = await created(admin, '/api/system/DictionaryData', {
    dictionaryTypeId: 'dict-meeting-type',
    fullName: MEETING_TYPE,
    enCode: 'xssType',
  });
  await db
    .updateTable('oa_meeting_room' as never)
    .set({ room_name: ROOM } as never)
    .where('id' as never, '=', 'room-201' as never)
    .execute();

  // a notice to the employee: hostile title, rich body and attachment name
  const file = await upload(admin, FILE_NAME);
  const docx = await upload(admin, 'report.docx', await hostileDocx());
  ids.notice = await created(admin, '/api/Bussiness/CompanyNotice', {
    title: NOTICE,
    contents: BODY,
    isRemind: 1,
    acceptUsers: [zw.id],
    isDraft: 0,
    files: [file, docx],
  });
  // an issued document to the employee
  await must(admin, 'POST', '/api/Bussiness/personalfile', {
    title: DOC,
    contents: BODY,
    acceptUsers: [zw.id],
    isDraft: 0,
  });

  // the leave flow renamed; the employee launches a leave with a hostile reason
  const W = '/api/workflow/Engine';
  const tpl = await must<Record<string, unknown>>(admin, 'GET', `${W}/FlowEngine/wf-leave`);
  await must(admin, 'PUT', `${W}/FlowEngine/wf-leave`, { ...tpl, fullName: FLOW });
  const emp = await apiToken(kp.base, 'zhangwei', PW);
  const start = Date.now() + 7 * 86_400_000;
  ids.leave = await created(emp, '/api/workflow/Form/Leave', {
    applicant: zw.id,
    department: zw.department_id,
    leaveType: 'annual',
    startTime: start,
    endTime: start + 86_400_000,
    days: 1,
    reason: REASON,
    status: 0,
  });

  // a comment on the flow with an attachment of a hostile name
  const commentFile = await upload(emp, FILE_NAME);
  await must(emp, 'POST', `${W}/FlowComment`, { taskId: ids.leave, text: COMMENT, file: [commentFile] });

  // the user's own profile fields
  await must(emp, 'PUT', '/api/permission/Users/Current/BaseInfo', {
    signature: SIGNATURE,
    urgentContacts: NEW_NAME,
  });

  // a meeting tomorrow in the renamed room, of the hostile type
  const d = new Date(Date.now() + 86_400_000);
  dayText = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const at = (h: number) => new Date(`${dayText}T${String(h).padStart(2, '0')}:00:00`).getTime();
  ids.meeting = await created(emp, '/api/Bussiness/Conference', {
    crTheme: THEME,
    crguid: 'room-201',
    crTypeGuid: ids.meetingType,
    crLeader: zw.id,
    crDescription: ALL,
    startTime: at(10),
    endTime: at(11),
    userList: [zw.id],
  });

  // the portal: every widget's header, released
  const portal = await must<{ id: string }>(admin, 'GET', '/api/portal/info');
  const full = await must<{ formData: { layout: Record<string, unknown>[] } }>(
    admin,
    'GET',
    `/api/portal/${portal.id}`,
  );
  const layout = full.formData.layout.map((w) => ({ ...w, header: HEADER }));
  await must(admin, 'PUT', `/api/portal/formdataUpdate/${portal.id}`, {
    formData: { ...full.formData, layout },
  });
  await must(admin, 'POST', `/api/portal/release/${portal.id}`, {});

  // an online-development item (its menu takes the item's name) and a record
  ids.item = await created(admin, '/api/visualdev/Base', {
    fullName: ITEM,
    enCode: 'xssItem',
    formData: JSON.stringify(FORM),
    columnData: {
      columnList: [
        { prop: 'title', label: LABEL },
        { prop: 'note', label: '说明' },
        { prop: 'kind', label: '类别' },
      ],
      searchList: [],
      btnsList: ['add'],
      columnBtnsList: ['edit', 'detail', 'remove'],
      hasPage: true,
      pageSize: 20,
    },
  });
  await must(admin, 'POST', `/api/visualdev/Base/${ids.item}/Actions/Release`, {});
  // a javascript: (or //other-host) file address in form data is refused by the server, naming the field
  const refused = await api(admin, 'POST', `/api/visualdev/OnlineDev/${ids.item}`, {
    data: { title: RECORD, note: JS, kind: 'x', files: [{ name: FILE_NAME, fileId: 'f1', url: JS }] },
  });
  expect(refused).toMatchObject({ code: 400, msg: 'files[0].url: 文件地址无效' });
  await must(admin, 'POST', `/api/visualdev/OnlineDev/${ids.item}`, {
    data: {
      title: RECORD,
      note: JS,
      kind: 'x',
      files: [{ name: FILE_NAME, fileId: 'f1', url: SAFE_FILE_URL }],
    },
  });
}

beforeAll(async () => {
  kp = await startKp('xss');
  browser = await launchBrowser();
  await seed();
}, 300_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await kp?.close();
});

describe('script payloads render as text in Chromium', () => {
  it('the detectors see a payload that does become markup (so a pass means something)', async () => {
    // The site's CSP refuses inline handlers, so the calibration turns it off: it checks the detectors, not the site.
    const ctx = await browser.newContext({ bypassCSP: true });
    contexts.push(ctx);
    const page = await ctx.newPage();
    const seen: string[] = [];
    page.on('dialog', (d) => {
      seen.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${kp.base}/kpSystem/login`);
    const probe = `<img src=x onerror=alert('probe')>`;
    await page.evaluate(
      (html) => document.body.insertAdjacentHTML('beforeend', html),
      `${probe}<a href="${JS}">x</a>`,
    );
    await expect.poll(() => seen).toEqual(['probe']);
    const f = await findings(page);
    expect(f.handlers).toEqual([`<img src="x" onerror="alert('probe')">`]);
    expect(f.jsLinks).toEqual([JS]);
    // the literal text is not there once the payload is markup
    expect(await page.getByText(probe).count()).toBe(0);
  });

  it('the login page shows the system name; the administrator sends a chat message over the websocket', async () => {
    const ctx = await browser.newContext({ locale: 'zh-CN' });
    contexts.push(ctx);
    const login = await ctx.newPage();
    login.on('dialog', (d) => {
      dialogs.push(`login: ${d.message()}`);
      void d.dismiss();
    });
    await login.goto(`${kp.base}/kpSystem/login`);
    await shows(login, SYS_NAME, '.kp-login-sys');
    await clean(login);

    const page = await session('admin', 'admin123');
    await shows(page, SYS_NAME);
    await clean(page);
    const answer = await page.evaluate(
      async ({ to, text }) => {
        const token = JSON.parse(localStorage.getItem('jnpf_token') ?? '""') as string;
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/websocket`);
        return new Promise<string>((resolve, reject) => {
          ws.onerror = () => reject(new Error('websocket error'));
          ws.onmessage = (e) => {
            const m = JSON.parse(String(e.data)) as { method: string; msg?: string };
            if (m.method === 'initMessage')
              ws.send(
                JSON.stringify({
                  method: 'SendMessage',
                  toUserId: to,
                  messageType: 'text',
                  messageContent: text,
                }),
              );
            else if (m.method === 'sendMessage' || m.method === 'error') {
              ws.close();
              resolve(m.method === 'error' ? `error ${m.msg}` : 'sent');
            }
          };
          ws.onopen = () => ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false }));
        });
      },
      { to: ids.zhangwei ?? '', text: CHAT },
    );
    expect(answer).toBe('sent');
    await clean(page);
  });

  it('administration screens: users, organisation tree, positions, roles, groups, dictionary, menus, online development', async () => {
    const page = await session('admin', 'admin123');

    await go(page, 'permission/user');
    await shows(page, EMP_NAME, '[data-testid="page-user"]');
    await shows(page, NEW_NAME, '[data-testid="page-user"]');
    await shows(page, DEPT, '[data-testid="page-user"]');
    await clean(page);
    // the user dialog: the unit, position and role pickers show the chosen names
    await page
      .locator('[data-testid="page-user"] .ant-table-row', { hasText: NEW_NAME })
      .getByRole('button', { name: /编\s?辑/ })
      .click();
    await shows(page, DEPT, '[data-testid="user-organize"]');
    await shows(page, POSITION, '[data-testid="user-positions"]');
    await shows(page, ROLE, '[data-testid="user-roles"]');
    await clean(page);
    await page.keyboard.press('Escape');

    await go(page, 'permission/organize');
    await shows(page, ORG, '[data-testid="page-organize"]');
    await clean(page);

    await go(page, 'permission/position');
    await shows(page, POSITION);
    await clean(page);

    await go(page, 'permission/role');
    await shows(page, ROLE, '[data-testid="page-role"]');
    await clean(page);

    await go(page, 'permission/group');
    await shows(page, GROUP);
    await clean(page);

    await go(page, 'systemData/dictionary');
    const dict = page.locator('[data-testid="page-dictionary"]');
    await dict.locator('.ant-tree-title', { hasText: '会议类型' }).click();
    await shows(page, MEETING_TYPE, '[data-testid="page-dictionary"]');
    await clean(page);

    // the system configuration form holds the name and copyright as values
    await go(page, 'system/sysConfig');
    await showsValue(page, COPYRIGHT, 'body');
    await showsValue(page, SYS_NAME, 'body');
    await clean(page);

    // the released item: its name in the design list and as a side-bar menu entry; its records listed
    await go(page, 'onlineDev/webDesign');
    await shows(page, ITEM);
    await clean(page);
    await go(page, 'model/xssItem');
    await shows(page, RECORD, '[data-testid="page-dynamicModel"]');
    await shows(page, JS, '[data-testid="page-dynamicModel"]');
    await shows(page, LABEL, '[data-testid="page-dynamicModel"]');
    await shows(page, OPTION, '[data-testid="page-dynamicModel"]');
    await shows(page, ITEM, '.kp-sider');
    await clean(page);
    await page
      .locator('[data-testid="page-dynamicModel"] .ant-table-row', { hasText: RECORD })
      .getByRole('button', { name: /详\s?情/ })
      .click();
    await showsValue(page, RECORD, '[data-testid="dm-form"]');
    await showsValue(page, JS, '[data-testid="dm-form"]');
    await shows(page, LABEL, '[data-testid="dm-form"]');
    await shows(page, OPTION, '[data-testid="dm-form"]');
    await shows(page, `文本${ALL}`, '[data-testid="dm-form"]');
    await page.locator('[data-testid="dm-form"]').getByText('点我链接').click();
    // the record's file entry (the server refused a javascript: address for it) links where it was stored
    const fileLink = page.locator('[data-testid="dm-form"] a', { hasText: FILE_NAME });
    await fileLink.waitFor();
    expect(await fileLink.getAttribute('href')).toBe(SAFE_FILE_URL);
    await clean(page);

    // workflow administration: the flow designer's list and the monitor (flow title)
    await go(page, 'workFlow/flowEngine');
    await shows(page, FLOW, '[data-testid="wf-engine"]');
    await clean(page);
    await go(page, 'workFlow/flowMonitor');
    await shows(page, `${EMP_NAME}的${FLOW}`, '[data-testid="wf-monitor"]');
    await clean(page);

    // the menu search offers the item by its name
    await page
      .locator('input[data-testid="header-search"], [data-testid="header-search"] input')
      .first()
      .fill('功能');
    await shows(page, ITEM, '.ant-select-dropdown');
    await clean(page);
    await page.keyboard.press('Escape');

    // the chat: the conversation with the employee (his name) and the message sent
    await page.click('[data-testid="tool-chat"]');
    const conv = page.locator('[data-testid="chat-conversation"]', { hasText: EMP_NAME });
    await conv.first().waitFor();
    await conv.first().click();
    await shows(page, EMP_NAME, '[data-testid="chat-window-title"]');
    await shows(page, CHAT, '[data-testid="chat-bubble-mine"]');
    await clean(page);
  }, 300_000);

  it('the employee: profile, portal home, notice and attachment, document, chat, meeting, my launched', async () => {
    const page = await session('zhangwei');
    await shows(page, EMP_NAME, '[data-testid="user-menu"]');

    await go(page, 'profile');
    await shows(page, SIGNATURE, '[data-testid="profile-base"]');
    await shows(page, EMP_NAME, '[data-testid="profile-base"]');
    await clean(page);

    await go(page, 'home');
    await page.locator('[data-testid="home-page"]').waitFor();
    await shows(page, NOTICE, '[data-testid="home-page"]');
    await shows(page, HEADER, '[data-testid="home-page"]');
    await clean(page);

    // the notification drawer lists the notice by its title
    await page.click('[data-testid="tool-notice"]');
    await shows(page, NOTICE, '[data-testid="notice-item-title"]');
    await clean(page);
    await page.keyboard.press('Escape');

    // notice detail: the title as text, the body sanitised (text kept, markup dropped), the file name as text
    await go(page, `oa/notice?id=${ids.notice}`);
    await shows(page, NOTICE, '[data-testid="item-detail-title"]');
    const body = page.locator('[data-testid="item-body"]');
    await shows(page, `正文${TPL}`, '[data-testid="item-body"]');
    await shows(page, JS, '[data-testid="item-body"]');
    // the sanitiser keeps a plain <img src=x> (no handler) and drops script, svg and the javascript: href
    expect(await body.locator('script, svg').count()).toBe(0);
    await body.getByText('点我').click();
    await shows(page, FILE_NAME, '[data-testid="item-attachments"]');
    await clean(page);
    // the Word preview of a hostile document: its text shows, its embedded HTML and javascript: link do nothing
    await page
      .locator('[data-testid="item-attachments"] li', { hasText: 'report.docx' })
      .getByRole('button', { name: /预览/ })
      .click();
    const word = page.locator('[data-testid="preview-word"]');
    await word.getByText('公文正文').waitFor();
    // the embedded HTML part is not rendered (it would be a same-origin iframe running its script)
    expect(await word.locator('iframe').count()).toBe(0);
    await word.getByText('文档链接').click();
    await page.waitForTimeout(500); // a handler would alert within this time; there is no event to wait on
    await clean(page);
    await page.locator('.ant-modal', { hasText: 'report.docx' }).locator('.ant-modal-close').click();

    await go(page, 'WDQC01');
    const row = page.locator('[data-testid="document-page"] tr').filter({ hasText: DOC });
    await row.waitFor();
    await shows(page, DOC, '[data-testid="document-page"]');
    await row.getByRole('button', { name: '查看' }).click();
    await shows(page, `正文${TPL}`, '[data-testid="document-contents"]');
    await page.locator('[data-testid="document-contents"]').getByText('点我').click();
    await page.keyboard.press('Escape');
    await clean(page);

    // chat: a contact of the hostile department found by account, then the conversation and the message
    await page.click('[data-testid="tool-chat"]');
    await page.getByRole('tab', { name: '联系人' }).click();
    const search = page.locator('[data-testid="chat-contact-search"] input');
    await search.fill('xssuser');
    await search.press('Enter');
    await shows(page, NEW_NAME, '[data-testid="chat-contact"]');
    await page.getByRole('tab', { name: '消息' }).click();
    await page.locator('[data-testid="chat-conversation"]').first().click();
    await shows(page, CHAT, '[data-testid="chat-bubble-theirs"]');
    await clean(page);
    await page.keyboard.press('Escape');

    // meetings: the day timeline, the booking form (room and type names), my bookings
    await go(page, 'oa/conference');
    await page.locator('[data-testid="conference-page"]').waitFor();
    await shows(page, ROOM, '[data-testid="conference-page"]');
    await page.click('[data-testid="day-next"]');
    await shows(page, THEME, '[data-testid="room-row-room-201"]');
    await page.click('[data-testid="tab-mine"]');
    await shows(page, THEME, '[data-testid="my-bookings"]');
    await clean(page);
    // the booking opened read-only (the target of the meeting widget): theme, room and type
    await go(page, `oa/conference?id=${ids.meeting}`);
    const form = '[data-testid="booking-form"][data-mode="view"]';
    await showsValue(page, THEME, form);
    await shows(page, ROOM, form);
    await shows(page, MEETING_TYPE, form);
    await clean(page);
    await page.keyboard.press('Escape');

    // the launch page lists the flow by its name
    await go(page, 'workFlow/flowLaunch/FlowIndex');
    await shows(page, FLOW, '[data-testid="wf-launch-index"]');
    await clean(page);

    // my launched: the flow title (initiator and flow names); the task dialog shows the reason
    await go(page, 'workFlow/flowLaunch');
    const launched = page.locator('[data-testid="wf-launched"] tr', { hasText: FLOW }).first();
    await launched.waitFor();
    await shows(page, `${EMP_NAME}的${FLOW}`, '[data-testid="wf-launched"]');
    await launched.getByText(FLOW).first().click();
    await page.getByTestId('wf-form').waitFor();
    await shows(page, REASON, '[data-testid="wf-form"]');
    await clean(page);
  }, 300_000);

  it('the head: the to-do list, the task dialog and, after approving with a hostile opinion, the record timeline', async () => {
    const page = await session('wangjianguo');
    await go(page, 'home');
    await page.locator('[data-testid="home-page"]').waitFor();
    await shows(page, FLOW, '[data-testid="home-page"]');
    await clean(page);
    await go(page, 'messageRecord');
    await shows(page, FLOW);
    await clean(page);

    await go(page, 'workFlow/flowTodo');
    const row = page.locator('[data-testid="wf-list-1"] tr', { hasText: FLOW }).first();
    await row.waitFor();
    await shows(page, `${EMP_NAME}的${FLOW}`, '[data-testid="wf-list-1"]');
    await clean(page);
    await row.getByTestId('wf-row-open').click();
    await page.getByTestId('wf-form').waitFor();
    await shows(page, REASON, '[data-testid="wf-form"]');
    await page.getByRole('tab', { name: '流程评论' }).click();
    await shows(page, COMMENT, '[data-testid="wf-comment"]');
    await shows(page, EMP_NAME, '[data-testid="wf-comment"]');
    await shows(page, FILE_NAME, '[data-testid="wf-comment"]');
    await clean(page);
    await page.getByRole('tab', { name: '表单信息' }).click();
    await page.getByTestId('wf-btn-audit').click();
    await page.getByTestId('wf-opinion').fill(OPINION);
    await page.getByTestId('wf-approve-ok').click();
    await page.locator('.ant-message').getByText('审核成功').first().waitFor();
    await clean(page);

    // the done list, the record timeline with the opinion and the names, and the print preview
    await go(page, 'workFlow/flowDone');
    const done = page.locator('[data-testid="wf-list-2"] tr', { hasText: FLOW }).first();
    await done.waitFor();
    await shows(page, `${EMP_NAME}的${FLOW}`, '[data-testid="wf-list-2"]');
    await done.getByTestId('wf-row-open').click();
    await page.getByTestId('wf-form').waitFor();
    await page.getByRole('tab', { name: '流程记录' }).click();
    await shows(page, OPINION, '[data-testid="wf-record"]');
    await shows(page, EMP_NAME, '[data-testid="wf-record"]');
    await clean(page);
    await page.getByTestId('wf-btn-print').click();
    const picker = page.getByTestId('wf-print-picker');
    await picker.locator('tr', { hasText: '请假申请' }).first().waitFor();
    await picker
      .getByRole('button', { name: '确 定' })
      .or(picker.getByRole('button', { name: '确定' }))
      .first()
      .click();
    const frame = page.frameLocator('[data-testid="wf-print-frame"]');
    await frame.getByText(REASON).first().waitFor();
    await frame.getByText(OPINION).first().waitFor();
    const inFrame = await frame
      .locator('body')
      .evaluate((b) => b.querySelectorAll('[onerror],[onload],script,svg').length);
    expect(inFrame).toBe(0);
    await clean(page);
  }, 300_000);
});
