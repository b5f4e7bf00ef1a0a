// Files open by the objects they are attached to (file_link), not by where their id appears as text: an attacker
// who writes another user's private file id into his own draft, comment, chat image, meeting or form is refused
// at write time and still cannot download the file; form uploads are a checked kind.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { backfillFileLinks } from '../../db/migrations/0187-file-links';
import { fieldConfig, formConfig, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { userIds, useTestApp } from '../../test/suite';
import { ChatRefusal, sendChat } from '../chat/service';
import { grantEmployee } from '../visualdev/visualdev.fixture';

const REFUSED = '附件不存在或无权使用';
type Up = { fileId: string; url: string; name: string; size: number };

describe(`file links on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let ids: Record<string, string>;
  useTestApp(async (app) => {
    t = app;
    ids = await userIds(t);
  });

  const upload = async (token: string, kind: string, name: string, data: Buffer): Promise<Up> => {
    const r = await t.call<Up>(token, {
      method: 'POST',
      url: `/api/file/Uploader/${kind}`,
      ...multipart({}, { name, data }),
    });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  /** A form field's upload as the renderer sends it: one chunk, then the merge, of kind `form`. */
  const formUpload = async (token: string, name: string, text: string): Promise<Up> => {
    const data = Buffer.from(text);
    const identifier = createHash('md5').update(data).digest('hex');
    const c = await t.call(token, {
      method: 'POST',
      url: '/api/file/chunk?fileType=form&extension=txt',
      ...multipart(
        {
          identifier,
          chunkNumber: 1,
          totalChunks: 1,
          chunkSize: 5 * 1024 * 1024,
          currentChunkSize: data.length,
          totalSize: data.length,
          filename: name,
        },
        { name, data },
      ),
    });
    expect(c.code, c.msg).toBe(200);
    const m = await t.call<Up>(token, {
      method: 'POST',
      url: '/api/file/merge',
      payload: { identifier, fileName: name, fileSize: data.length, fileType: 'form', extension: 'txt' },
    });
    expect(m.code, m.msg).toBe(200);
    return m.data;
  };
  const download = async (token: string | null, url: string) => {
    const r = await t.app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return r.headers['content-type']?.toString().startsWith('application/json')
      ? { code: r.json().code as number, body: '' }
      : { code: r.statusCode, body: r.body };
  };
  /** Rows of `table` whose column `col` is `v` (the places a refused write would have stored something). */
  const count = async (table: string, col: string, v: string) => {
    const r = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(col)} = ${v}`.execute(t.db.kysely);
    return Number(r.rows[0]?.n);
  };

  it("another user's private file in my own draft message or my comment: refused, nothing stored, no download", async () => {
    const zw = await t.login('zhangwei');
    const cj = await t.login('chenjing');
    const secret = await upload(zw, 'document', '工资单.txt', Buffer.from('salary 12345'));
    // a draft business message of the attacker naming the victim's file
    const draft = await t.call<string>(cj, {
      method: 'POST',
      url: '/api/Bussiness/Message',
      payload: { title: '我的草稿', contents: 'x', isDraft: 1, files: [secret] },
    });
    expect({ code: draft.code, msg: draft.msg }).toEqual({ code: 400, msg: `files: ${REFUSED}` });
    expect(await count('oa_item', 'title', '我的草稿')).toBe(0);
    // his own draft (no files), then a comment on it carrying the victim's file
    const own = await t.call<string>(cj, {
      method: 'POST',
      url: '/api/Bussiness/Message',
      payload: { title: '我的草稿2', contents: 'x', isDraft: 1 },
    });
    expect(own.code, own.msg).toBe(200);
    const comment = await t.call(cj, {
      method: 'POST',
      url: '/api/Bussiness/Comment',
      payload: { ownerId: own.data, contents: '看看', files: [secret] },
    });
    expect({ code: comment.code, msg: comment.msg }).toEqual({ code: 400, msg: `files: ${REFUSED}` });
    expect(await count('oa_comment', 'owner_id', own.data)).toBe(0);
    // the text search of before found the id in his own draft or comment: now nothing opens it
    expect((await download(cj, secret.url)).code).toBe(404);
    // an edit of his own draft cannot add it either
    const edit = await t.call(cj, {
      method: 'PUT',
      url: `/api/Bussiness/Message/${own.data}`,
      payload: { title: '我的草稿2', contents: 'x', isDraft: 1, files: [secret] },
    });
    expect(edit.code).toBe(400);
    expect((await download(cj, secret.url)).code).toBe(404);
  });

  it('the recipient of a message with an attached file downloads it; the author re-saving keeps it', async () => {
    const zw = await t.login('zhangwei');
    const wjg = await t.login('wangjianguo');
    const f = await upload(zw, 'document', '方案.txt', Buffer.from('plan'));
    const sent = await t.call<string>(zw, {
      method: 'POST',
      url: '/api/Bussiness/Message',
      payload: { title: '方案', contents: 'x', acceptUsers: [ids.wangjianguo], files: [f] },
    });
    expect(sent.code, sent.msg).toBe(200);
    expect(await download(wjg, f.url)).toEqual({ code: 200, body: 'plan' });
    const link = await t.db.kysely
      .selectFrom('file_link')
      .select(['object_type', 'object_id', 'created_by'])
      .where('file_id', '=', f.fileId)
      .execute();
    expect(link).toEqual([{ object_type: 'oa_item', object_id: sent.data, created_by: ids.zhangwei }]);
  });

  it("a chat image naming another user's upload: refused, not stored, no download", async () => {
    const zw = await t.login('zhangwei');
    const cj = await t.login('chenjing');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const img = await upload(zw, 'IM', '私照.png', png);
    const before = await count('im_content', 'send_user_id', ids.chenjing);
    await expect(
      sendChat(t.app.kp, ids.chenjing, ids.chenjing, 'image', {
        name: 'x.png',
        width: 1,
        height: 1,
        path: img.url,
      }),
    ).rejects.toBeInstanceOf(ChatRefusal);
    expect(await count('im_content', 'send_user_id', ids.chenjing)).toBe(before);
    expect((await download(cj, img.url)).code).toBe(404);
    // the sender's own image reaches its receiver
    await sendChat(t.app.kp, ids.zhangwei, ids.chenjing, 'image', {
      name: 'x.png',
      width: 1,
      height: 1,
      path: img.url,
    });
    expect((await download(cj, img.url)).code).toBe(200);
  });

  it("a meeting booked with another user's file: refused, not stored, no download", async () => {
    const zw = await t.login('zhangwei');
    const cj = await t.login('chenjing');
    const secret = await upload(cj, 'document', '人事.txt', Buffer.from('hr'));
    const day = new Date();
    day.setDate(day.getDate() + 3);
    day.setHours(9, 0, 0, 0);
    const booked = await t.call<string>(zw, {
      method: 'POST',
      url: '/api/Bussiness/Conference',
      payload: {
        crTheme: '偷看会',
        crguid: 'room-101',
        crTypeGuid: 'dict-meeting-type-routine',
        crLeader: ids.zhangwei,
        startTime: day.getTime(),
        endTime: day.getTime() + 3_600_000,
        userList: [ids.zhangwei],
        files: [secret],
      },
    });
    expect({ code: booked.code, msg: booked.msg }).toEqual({ code: 400, msg: `files: ${REFUSED}` });
    expect(await count('oa_meeting', 'theme', '偷看会')).toBe(0);
    expect((await download(zw, secret.url)).code).toBe(404);
  });

  it("flow form data naming another user's file: refused at launch (draft too), no download", async () => {
    const zw = await t.login('zhangwei');
    const cj = await t.login('chenjing');
    const secret = await formUpload(zw, '病历.txt', 'medical');
    const before = await count('wf_task', 'initiator_id', ids.chenjing);
    const draft = await t.call(cj, {
      method: 'POST',
      url: '/api/workflow/Engine/FlowTask',
      payload: { flowId: 'wf-leave', status: 1, formData: { reason: '草稿', attachments: [secret] } },
    });
    expect({ code: draft.code, msg: draft.msg }).toEqual({ code: 400, msg: `data: ${REFUSED}` });
    expect(await count('wf_task', 'initiator_id', ids.chenjing)).toBe(before);
    expect((await download(cj, secret.url)).code).toBe(404);
  });

  it('a flow form attachment (kind form) downloads for the flow parties only, never without a session', async () => {
    const zw = await t.login('zhangwei');
    const cj = await t.login('chenjing');
    const f = await formUpload(zw, '诊断.txt', 'diagnosis');
    expect(f.url).toMatch(/^\/api\/file\/Download\/form\/[0-9a-f]{32}\.txt$/);
    const me = await t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'department_id'])
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    const launched = await t.call<string>(zw, {
      method: 'POST',
      url: '/api/workflow/Engine/FlowTask',
      payload: {
        flowId: 'wf-leave',
        formData: {
          applicant: me.id,
          department: me.department_id,
          leaveType: 'annual',
          startTime: 1767225600000,
          endTime: 1767225600000 + 86_400_000,
          reason: '看病',
          attachments: [f],
        },
      },
    });
    expect(launched.code, launched.msg).toBe(200);
    // the first approver: a flow party who did not upload the file
    const op = await t.db.kysely
      .selectFrom('base_user')
      .select('account')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('wf_operator')
          .select('user_id')
          .where('task_id', '=', launched.data)
          .where('status', '=', 0),
      )
      .executeTakeFirstOrThrow();
    const approver = await t.login(op.account);
    expect(await download(approver, f.url)).toEqual({ code: 200, body: 'diagnosis' });
    if (op.account !== 'chenjing') expect((await download(cj, f.url)).code).toBe(404);
    // no session: refused (the public annex kind of before opened for anyone holding the address)
    expect((await download(null, f.url)).code).not.toBe(200);
  });

  it('a form attachment uploaded as the public annex kind becomes the checked form kind when a flow stores it', async () => {
    const zw = await t.login('zhangwei');
    const f = await upload(zw, 'annex', '旧.png', Buffer.from('89504e470d0a1a0a', 'hex'));
    const draft = await t.call<string>(zw, {
      method: 'POST',
      url: '/api/workflow/Engine/FlowTask',
      payload: { flowId: 'wf-leave', status: 1, formData: { reason: '旧附件', attachments: [f] } },
    });
    expect(draft.code, draft.msg).toBe(200);
    const row = await t.db.kysely
      .selectFrom('file_record')
      .select('file_type')
      .where('id', '=', f.fileId)
      .executeTakeFirstOrThrow();
    expect(row.file_type).toBe('form');
    // its stored address (annex) still opens it, for a session that may read it
    expect((await download(zw, f.url)).code).toBe(200);
    expect((await download(null, f.url)).code).not.toBe(200);
  });

  it('the migration links what was attached before (a meeting, a flow form) and turns a form annex into form', async () => {
    const zw = await t.login('zhangwei');
    const cj = await t.login('chenjing');
    const doc = await upload(zw, 'document', '旧纪要.txt', Buffer.from('old minutes'));
    const pic = await upload(zw, 'annex', '旧图.png', Buffer.from('89504e470d0a1a0a', 'hex'));
    const day = new Date();
    day.setDate(day.getDate() + 4);
    day.setHours(15, 0, 0, 0);
    const booked = await t.call<string>(zw, {
      method: 'POST',
      url: '/api/Bussiness/Conference',
      payload: {
        crTheme: '旧会',
        crguid: 'room-101',
        crTypeGuid: 'dict-meeting-type-routine',
        crLeader: ids.zhangwei,
        startTime: day.getTime(),
        endTime: day.getTime() + 3_600_000,
        userList: [ids.chenjing],
        files: [doc],
      },
    });
    expect(booked.code, booked.msg).toBe(200);
    const draft = await t.call<string>(zw, {
      method: 'POST',
      url: '/api/workflow/Engine/FlowTask',
      payload: { flowId: 'wf-leave', status: 1, formData: { reason: '旧', attachments: [pic] } },
    });
    expect(draft.code, draft.msg).toBe(200);
    // as stored before migration 0187: no links, the form's picture still the public annex kind
    await t.db.kysely.deleteFrom('file_link').where('file_id', 'in', [doc.fileId, pic.fileId]).execute();
    await t.db.kysely
      .updateTable('file_record')
      .set({ file_type: 'annex' })
      .where('id', '=', pic.fileId)
      .execute();
    expect((await download(cj, doc.url)).code).toBe(404);
    await backfillFileLinks(t.db.kysely);
    expect(await download(cj, doc.url)).toEqual({ code: 200, body: 'old minutes' });
    const links = await t.db.kysely
      .selectFrom('file_link')
      .select(['file_id', 'object_type', 'object_id'])
      .where('file_id', 'in', [doc.fileId, pic.fileId])
      .orderBy('object_type')
      .execute();
    expect(links).toEqual([
      { file_id: doc.fileId, object_type: 'meeting', object_id: booked.data },
      { file_id: pic.fileId, object_type: 'wf_task', object_id: draft.data },
    ]);
    const kind = await t.db.kysely
      .selectFrom('file_record')
      .select('file_type')
      .where('id', '=', pic.fileId)
      .executeTakeFirstOrThrow();
    expect(kind.file_type).toBe('form');
    expect((await download(null, pic.url)).code).not.toBe(200);
  });

  it("an online-form record naming another user's file: refused on create and update, nothing stored", async () => {
    const admin = await t.login('admin');
    const zw = await t.login('zhangwei');
    const cj = await t.login('chenjing');
    const B = '/api/visualdev/Base';
    const created = await t.call<string>(admin, {
      method: 'POST',
      url: B,
      payload: {
        fullName: '资料登记',
        enCode: 'docRegister',
        formData: formConfig([
          { __config__: fieldConfig('comInput', '标题', { formId: 101 }), __vModel__: 'title' },
          { __config__: fieldConfig('uploadFz', '附件', { formId: 102 }), __vModel__: 'files' },
        ]),
      },
    });
    expect(created.code, created.msg).toBe(200);
    const rel = await t.call(admin, {
      method: 'POST',
      url: `${B}/${created.data}/Actions/Release`,
      payload: {},
    });
    expect(rel.code, rel.msg).toBe(200);
    await grantEmployee(t, admin, 'docRegister', []);
    const R = `/api/visualdev/OnlineDev/${created.data}`;
    const secret = await upload(cj, 'document', '档案.txt', Buffer.from('file'));
    const mine = await formUpload(zw, '我的.txt', 'mine');
    const bad = await t.call(zw, {
      method: 'POST',
      url: R,
      payload: { data: { title: '偷', files: [secret] } },
    });
    expect({ code: bad.code, msg: bad.msg }).toEqual({ code: 400, msg: `data: ${REFUSED}` });
    const rows = () =>
      t.db.kysely.selectFrom('visualdev_record').select('id').where('module_id', '=', created.data).execute();
    expect(await rows()).toEqual([]);
    const good = await t.call<string>(zw, {
      method: 'POST',
      url: R,
      payload: { data: { title: '我的', files: [mine] } },
    });
    expect(good.code, good.msg).toBe(200);
    const edit = await t.call(zw, {
      method: 'PUT',
      url: `${R}/${good.data}`,
      payload: { data: { title: '我的', files: [mine, secret] } },
    });
    expect(edit.code).toBe(400);
    expect((await download(zw, secret.url)).code).toBe(404);
    // the record's own attachment: linked to it, opens with a session only
    expect(await download(zw, mine.url)).toEqual({ code: 200, body: 'mine' });
    expect((await download(null, mine.url)).code).not.toBe(200);
  });
});
