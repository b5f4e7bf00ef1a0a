// Files open by the objects they are attached to (file_link), not by where their id appears as text: an attacker
// who writes another user's private file id into his own draft, comment, chat image, meeting or form is refused
// at write time and still cannot download the file; form uploads are a checked kind.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { userIds, useTestApp } from '../../test/suite';
import { ChatRefusal, sendChat } from '../chat/service';

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
  const count = async (
    table: 'oa_item' | 'oa_comment' | 'oa_meeting' | 'im_content' | 'wf_task',
    col: string,
    v: string,
  ) =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where(col as never, '=', v as never)
          .executeTakeFirstOrThrow()
      ).n,
    );

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
    const op = await t.db.kysely
      .selectFrom('wf_operator as o')
      .innerJoin('base_user as u', 'u.id', 'o.user_id')
      .select('u.account')
      .where('o.task_id', '=', launched.data)
      .where('o.status', '=', 0)
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
});
