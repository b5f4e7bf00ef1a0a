// The hostile payloads of the script-payload suites (xss.e2e.ts) and what they share: storing every payload
// through the real API, and the detectors that tell a payload shown as text from one that became markup.
import { createHash } from 'node:crypto';
import path from 'node:path';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { RESULTS_DIR } from './browser';
import { apiToken } from './harness';
import { type Suite, T } from './suite';

/** The seeded staff's password. */
const PW = 'kp123456';

export const IMG = '<img src=x onerror=alert(1)>';
export const SCRIPT = '<script>alert(1)</script>';
export const SVG = '"><svg onload=alert(1)>';
export const JS = 'javascript:alert(1)';
/** A file address of this site (the only kind, with http(s), form data may hold). */
export const SAFE_FILE_URL = '/api/file/Download/annex/0123456789abcdef0123456789abcdef.txt';
export const TPL = "{{constructor.constructor('alert(1)')()}}";
/** Every payload in one string (117 characters) for fields that take 200. */
export const ALL = `${IMG}${SCRIPT}${SVG}${TPL}`;

// The stored names (each unique, so a screen is known to show this very value).
export const ORG = `机构${ALL}`;
export const DEPT = `部门${ALL}`;
export const POSITION = `岗位${ALL}`;
export const ROLE = `角色${ALL}`;
export const GROUP = `分组${ALL}`;
/** realName takes 50 characters. */
export const EMP_NAME = `张${IMG}`;
export const NEW_NAME = `${SVG}${SCRIPT}`;
/** Dictionary names take 100. */
export const MEETING_TYPE = `类型${IMG}${SVG}`;
export const ROOM = `会议室${IMG}`;
export const THEME = `会议${ALL}`;
export const NOTICE = `通知${ALL}`;
export const DOC = `公文${ALL}`;
export const FLOW = `请假${TPL}${SVG}`;
export const REASON = `事由${ALL} ${JS}`;
export const OPINION = `同意${ALL}`;
export const ITEM = `功能${IMG}${SVG}`;
export const RECORD = `记录${ALL}`;
export const HEADER = `栏目${ALL}`;
export const LABEL = `标题${SVG}`;
export const OPTION = `选项${IMG}${TPL}`;
/** sysName takes 50. */
export const SYS_NAME = `系统${IMG}`;
export const COPYRIGHT = `版权${ALL}`;
export const CHAT = `你好${ALL}`;
export const COMMENT = `评论${ALL}`;
export const SIGNATURE = `签名${ALL}`;
/** No '"' (multipart encodes it as %22 on the way) and no '/' (a path separator). */
export const FILE_NAME = `${IMG}<svg onload=alert(1)>${TPL}.txt`;
/** A rich body: every payload as markup, a javascript: link, and the template text as plain text. */
export const BODY = `<p>正文${TPL}</p><img src=x onerror=alert(1)><script>alert(1)</script><svg onload=alert(1)></svg><a href="${JS}" data-x="1">点我</a><p>${JS}</p>`;

/** The id a create answers: the id itself or `{ id }`, depending on the route. */
async function created(S: Suite, token: string, url: string, body: unknown): Promise<string> {
  const d = await S.must<string | { id: string }>(token, 'POST', url, body);
  const id = typeof d === 'string' ? d : d?.id;
  expect(typeof id, `${url} answered no id`).toBe('string');
  return id;
}

/** Waits until `text` is shown (visible) as literal text inside `scope` (the page by default). */
export async function shows(page: Page, text: string, scope = 'body') {
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
export async function showsValue(page: Page, text: string, scope: string) {
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
export function findings(page: Page) {
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
export async function cleanOf(page: Page, dialogs: string[]) {
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
async function upload(S: Suite, token: string, name: string, data: Buffer = Buffer.from('hello')) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${S.kp.base}/api/file/Uploader/comment`, {
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
/** Stores every payload; fills `ids` with what the screens look up. */
export async function seedPayloads(S: Suite, ids: Record<string, string>): Promise<void> {
  let dayText = '';
  const admin = await apiToken(S.kp.base, 'admin', 'admin123');
  const db = S.kp.app.kp.db;
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
  await S.must(admin, 'PUT', '/api/system/SysConfig', { sysName: SYS_NAME, copyright: COPYRIGHT });

  // organisation, department, position, role, group
  ids.org = await created(S, admin, '/api/permission/Organize', {
    parentId: root.id,
    fullName: ORG,
    enCode: 'xss.org',
  });
  ids.dept = await created(S, admin, '/api/permission/Organize/Department', {
    parentId: ids.org,
    fullName: DEPT,
    enCode: 'xss.dept',
  });
  ids.position = await created(S, admin, '/api/permission/Position', {
    organizeId: ids.dept,
    fullName: POSITION,
    enCode: 'xss.position',
  });
  ids.role = await created(S, admin, '/api/permission/Role', {
    fullName: ROLE,
    enCode: 'xss.role',
    globalMark: 1,
  });
  // a user in the hostile department holding the hostile position and role
  ids.newUser = await created(S, admin, '/api/permission/Users', {
    account: 'xssuser',
    realName: NEW_NAME,
    organizeId: ids.dept,
    positionIds: [ids.position],
    roleIds: [ids.role],
    password: createHash('md5').update(PW).digest('hex'),
    description: ALL,
    headIcon: `x" onerror="alert(1)`,
  });
  ids.group = await created(S, admin, '/api/system/groupcustom', {
    fullName: GROUP,
    enCode: 'xss.group',
    type: 1,
    userIds: [zw.id, ids.newUser],
  });
  // the employee's real name (kept in his department, so his leave still goes to his head)
  const detail = await S.must<Record<string, unknown>>(admin, 'GET', `/api/permission/Users/${zw.id}`);
  await S.must(admin, 'PUT', `/api/permission/Users/${zw.id}`, { ...detail, realName: EMP_NAME });

  // dictionary: a meeting type; a meeting room's name (no API: the seeded table)
  ids.meetingType = await created(S, admin, '/api/system/DictionaryData', {
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
  const file = await upload(S, admin, FILE_NAME);
  const docx = await upload(S, admin, 'report.docx', await hostileDocx());
  ids.notice = await created(S, admin, '/api/Bussiness/CompanyNotice', {
    title: NOTICE,
    contents: BODY,
    isRemind: 1,
    acceptUsers: [zw.id],
    isDraft: 0,
    files: [file, docx],
  });
  // an issued document to the employee
  await S.must(admin, 'POST', '/api/Bussiness/personalfile', {
    title: DOC,
    contents: BODY,
    acceptUsers: [zw.id],
    isDraft: 0,
  });

  // the leave flow renamed; the employee launches a leave with a hostile reason
  const W = '/api/workflow/Engine';
  const tpl = await S.must<Record<string, unknown>>(admin, 'GET', `${W}/FlowEngine/wf-leave`);
  await S.must(admin, 'PUT', `${W}/FlowEngine/wf-leave`, { ...tpl, fullName: FLOW });
  const emp = await apiToken(S.kp.base, 'zhangwei', PW);
  const start = Date.now() + 7 * 86_400_000;
  ids.leave = await created(S, emp, '/api/workflow/Form/Leave', {
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
  const commentFile = await upload(S, emp, FILE_NAME);
  await S.must(emp, 'POST', `${W}/FlowComment`, { taskId: ids.leave, text: COMMENT, file: [commentFile] });

  // the user's own profile fields
  await S.must(emp, 'PUT', '/api/permission/Users/Current/BaseInfo', {
    signature: SIGNATURE,
    urgentContacts: NEW_NAME,
  });

  // a meeting tomorrow in the renamed room, of the hostile type
  const d = new Date(Date.now() + 86_400_000);
  dayText = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const at = (h: number) => new Date(`${dayText}T${String(h).padStart(2, '0')}:00:00`).getTime();
  ids.meeting = await created(S, emp, '/api/Bussiness/Conference', {
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
  const portal = await S.must<{ id: string }>(admin, 'GET', '/api/portal/info');
  const full = await S.must<{ formData: { layout: Record<string, unknown>[] } }>(
    admin,
    'GET',
    `/api/portal/${portal.id}`,
  );
  const layout = full.formData.layout.map((w) => ({ ...w, header: HEADER }));
  await S.must(admin, 'PUT', `/api/portal/formdataUpdate/${portal.id}`, {
    formData: { ...full.formData, layout },
  });
  await S.must(admin, 'POST', `/api/portal/release/${portal.id}`, {});

  // an online-development item (its menu takes the item's name) and a record
  ids.item = await created(S, admin, '/api/visualdev/Base', {
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
  await S.must(admin, 'POST', `/api/visualdev/Base/${ids.item}/Actions/Release`, {});
  // a javascript: (or //other-host) file address in form data is refused by the server, naming the field
  const refused = await S.api(admin, 'POST', `/api/visualdev/OnlineDev/${ids.item}`, {
    data: { title: RECORD, note: JS, kind: 'x', files: [{ name: FILE_NAME, fileId: 'f1', url: JS }] },
  });
  expect(refused).toMatchObject({ code: 400, msg: 'files[0].url: 文件地址无效' });
  await S.must(admin, 'POST', `/api/visualdev/OnlineDev/${ids.item}`, {
    data: {
      title: RECORD,
      note: JS,
      kind: 'x',
      files: [{ name: FILE_NAME, fileId: 'f1', url: SAFE_FILE_URL }],
    },
  });
}
