import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { userIds, useTestApp } from '../../test/suite';

const CHUNK = 5 * 1024 * 1024;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe(`files on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let token: string;
  useTestApp(async (app) => {
    t = app;
    token = await t.login('zhangwei');
  });

  const sendChunks = async (data: Buffer, name: string, ext: string, identifier = md5(data), tok = token) => {
    const total = Math.max(1, Math.ceil(data.length / CHUNK));
    const answers = [];
    for (let i = 0; i < total; i++) {
      const part = data.subarray(i * CHUNK, (i + 1) * CHUNK);
      const body = multipart(
        {
          identifier,
          chunkNumber: i + 1,
          totalChunks: total,
          chunkSize: CHUNK,
          currentChunkSize: part.length,
          totalSize: data.length,
          filename: name,
        },
        { name, data: part },
      );
      answers.push(
        await t.call<any>(tok, {
          method: 'POST',
          url: `/api/file/chunk?fileType=annex&extension=${ext}`,
          ...body,
        }),
      );
    }
    return answers;
  };

  it('uploads in chunks, merges with the MD5 checked, downloads the same bytes', async () => {
    const data = Buffer.alloc(CHUNK * 2 + 1234);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31) & 0xff;
    const answers = await sendChunks(data, '施工方案.pdf', 'pdf');
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200]);
    expect(answers[0].data).toEqual({ uploaded: false, merge: false, chunkNumbers: [1] });
    expect(answers[2].data).toEqual({ uploaded: true, merge: true, chunkNumbers: [1, 2, 3] });
    const m = await t.call<any>(token, {
      method: 'POST',
      url: '/api/file/merge',
      payload: {
        identifier: md5(data),
        fileName: '施工方案.pdf',
        fileSize: data.length,
        fileType: 'annex',
        extension: 'pdf',
        type: 'annex',
      },
    });
    expect(m.code).toBe(200);
    expect(m.data).toMatchObject({ name: '施工方案.pdf', size: data.length });
    expect(m.data.url).toMatch(/^\/api\/file\/Download\/annex\/[0-9a-f]{32}\.pdf$/);
    const row = await t.db.kysely
      .selectFrom('file_record')
      .selectAll()
      .where('id', '=', m.data.fileId)
      .executeTakeFirstOrThrow();
    expect(row.original_name).toBe('施工方案.pdf');
    expect(row.storage_key).not.toContain('施工');
    const dl = await t.app.inject({
      method: 'GET',
      url: m.data.url,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(dl.statusCode).toBe(200);
    expect(md5(dl.rawPayload)).toBe(md5(data));
    expect(dl.headers['content-disposition']).toContain(encodeURIComponent('施工方案.pdf'));
    const pv = await t.call<any>(token, {
      method: 'GET',
      url: `/api/file/Uploader/Preview?fileVersionId=${m.data.fileId}&fileName=x.pdf`,
    });
    expect(pv.data).toBe(m.data.url);
  });

  it("takes the renderer's merge payload: the kind in type, the MIME type in fileType; refuses unknown kinds", async () => {
    const data = Buffer.from('报价单 3200 元');
    expect((await sendChunks(data, '报价单.txt', 'txt')).map((a) => a.code)).toEqual([200]);
    const m = await t.call<any>(token, {
      method: 'POST',
      url: '/api/file/merge',
      payload: {
        identifier: md5(data),
        fileName: '报价单.txt',
        fileSize: data.length,
        fileType: 'text/plain',
        extension: 'txt',
        type: 'annex',
      },
    });
    expect(m.code, m.msg).toBe(200);
    expect(m.data.url).toMatch(/^\/api\/file\/Download\/annex\/[0-9a-f]{32}\.txt$/);
    for (const type of ['constructor', '__proto__', 'nope']) {
      const r = await t.call<any>(token, {
        method: 'POST',
        url: '/api/file/merge',
        payload: {
          identifier: md5(data),
          fileName: 'a.txt',
          fileSize: data.length,
          fileType: type,
          extension: 'txt',
        },
      });
      expect(r.code, type).toBe(400);
      expect(r.msg).toContain('fileType');
    }
  });

  it('refuses a merge whose MD5 does not match and removes the chunks', async () => {
    const data = Buffer.from('hello world, this is a document');
    const fake = md5(Buffer.from('something else'));
    await sendChunks(data, 'a.txt', 'txt', fake);
    const m = await t.call(token, {
      method: 'POST',
      url: '/api/file/merge',
      payload: {
        identifier: fake,
        fileName: 'a.txt',
        fileSize: data.length,
        fileType: 'annex',
        extension: 'txt',
      },
    });
    expect(m.code).toBe(400);
    expect(m.msg).toContain('MD5');
    const again = await t.call(token, {
      method: 'POST',
      url: '/api/file/merge',
      payload: {
        identifier: fake,
        fileName: 'a.txt',
        fileSize: data.length,
        fileType: 'annex',
        extension: 'txt',
      },
    });
    expect(again.msg).toContain('不完整');
  });

  it('refuses forbidden types, oversize files, bad fields and anonymous uploads', async () => {
    const data = Buffer.from('<html></html>');
    const [html] = await sendChunks(data, 'x.html', 'html');
    expect(html.code).toBe(400);
    const exe = multipart(
      {
        identifier: md5(data),
        chunkNumber: 1,
        totalChunks: 1,
        chunkSize: CHUNK,
        currentChunkSize: data.length,
        totalSize: data.length,
        filename: 'x.exe',
      },
      { name: 'x.exe', data },
    );
    expect(
      (await t.call(token, { method: 'POST', url: '/api/file/chunk?fileType=annex&extension=exe', ...exe }))
        .code,
    ).toBe(400);
    const big = multipart(
      {
        identifier: md5(data),
        chunkNumber: 1,
        totalChunks: 200,
        chunkSize: CHUNK,
        currentChunkSize: data.length,
        totalSize: 600 * 1024 * 1024,
        filename: 'x.pdf',
      },
      { name: 'x.pdf', data },
    );
    const r = await t.call(token, {
      method: 'POST',
      url: '/api/file/chunk?fileType=annex&extension=pdf',
      ...big,
    });
    expect(r).toMatchObject({ code: 400, msg: '文件大小超过500MB' });
    const noId = multipart(
      {
        chunkNumber: 1,
        totalChunks: 1,
        chunkSize: CHUNK,
        currentChunkSize: data.length,
        totalSize: data.length,
        filename: 'x.pdf',
      },
      { name: 'x.pdf', data },
    );
    expect(
      (await t.call(token, { method: 'POST', url: '/api/file/chunk?fileType=annex&extension=pdf', ...noId }))
        .msg,
    ).toBe('identifier: is required');
    const traversal = multipart(
      {
        identifier: '../../etc/passwd',
        chunkNumber: 1,
        totalChunks: 1,
        chunkSize: CHUNK,
        currentChunkSize: data.length,
        totalSize: data.length,
        filename: 'x.pdf',
      },
      { name: 'x.pdf', data },
    );
    expect(
      (
        await t.call(token, {
          method: 'POST',
          url: '/api/file/chunk?fileType=annex&extension=pdf',
          ...traversal,
        })
      ).code,
    ).toBe(400);
    const badQuery = await t.call(token, {
      method: 'POST',
      url: '/api/file/chunk?fileType=../x&extension=pdf',
      ...noId,
    });
    expect(badQuery.msg).toMatch(/^fileType: /);
    const anon = await t.call(null, {
      method: 'POST',
      url: '/api/file/chunk?fileType=annex&extension=pdf',
      ...noId,
    });
    expect(anon.code).toBe(602);
    const tooBig = Buffer.alloc(CHUNK + 4096);
    const over = multipart(
      {
        identifier: md5(tooBig),
        chunkNumber: 1,
        totalChunks: 1,
        chunkSize: CHUNK,
        currentChunkSize: tooBig.length,
        totalSize: tooBig.length,
        filename: 'x.pdf',
      },
      { name: 'x.pdf', data: tooBig },
    );
    expect(
      (await t.call(token, { method: 'POST', url: '/api/file/chunk?fileType=annex&extension=pdf', ...over }))
        .code,
    ).toBe(413);
  });

  it('annex takes one image and answers data.url; images download without a session', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const r = await t.call<any>(token, {
      method: 'POST',
      url: '/api/File/Uploader/annex',
      ...multipart({}, { name: 'pic.png', data: png }),
    });
    expect(r.code).toBe(200);
    expect(r.data.url).toMatch(/^\/api\/file\/Download\/annex\/[0-9a-f]{32}\.png$/);
    const dl = await t.app.inject({ method: 'GET', url: r.data.url });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    const pdf = await t.call(token, {
      method: 'POST',
      url: '/api/File/Uploader/annex',
      ...multipart({}, { name: 'a.pdf', data: png }),
    });
    expect(pdf.code).toBe(400);
    const none = await t.call(token, {
      method: 'POST',
      url: '/api/File/Uploader/annex',
      ...multipart({ a: 1 }, null),
    });
    expect(none.msg).toBe('file: is required');
    const badType = await t.call(token, {
      method: 'POST',
      url: '/api/File/Uploader/evil',
      ...multipart({}, { name: 'pic.png', data: png }),
    });
    expect(badType.code).toBe(400);
  });

  it('private files need a session (header or ?code=); unknown names are 404 or 400', async () => {
    const txt = Buffer.from('secret minutes');
    await sendChunks(txt, 'm.txt', 'txt');
    // document type: private
    const m = await t.call<any>(token, {
      method: 'POST',
      url: '/api/file/merge',
      payload: {
        identifier: md5(txt),
        fileName: 'm.txt',
        fileSize: txt.length,
        fileType: 'annex',
        extension: 'txt',
      },
    });
    await t.db.kysely
      .updateTable('file_record')
      .set({ file_type: 'document' })
      .where('id', '=', m.data.fileId)
      .execute();
    const url = m.data.url.replace('/annex/', '/document/');
    expect((await t.call(null, { method: 'GET', url })).code).toBe(602);
    // plain text is shown in place (the preview frames it), never sniffed as a page
    const shown = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.headers['content-disposition']).toMatch(/^inline;/);
    // the token is never accepted in a URL; a download code is (auth/download-codes.ts)
    const withToken = await t.app.inject({ method: 'GET', url: `${url}?token=${token}` });
    expect(withToken.json().code).toBe(602);
    // a code is bound to the one address it was issued for (auth/download-codes.ts)
    const code = (
      await t.call<any>(token, { method: 'POST', url: '/api/oauth/DownloadCode', payload: { url } })
    ).data.code;
    const withQuery = await t.app.inject({ method: 'GET', url: `${url}?code=${code}` });
    expect(withQuery.body).toBe('secret minutes');
    expect(
      (await t.call(null, { method: 'GET', url: '/api/file/Download/document/..%2F..%2Fpasswd' })).code,
    ).toBe(400);
    expect(
      (await t.call(null, { method: 'GET', url: `/api/file/Download/document/${'0'.repeat(32)}.txt` })).code,
    ).toBe(404);
  });
});

describe(`file downloads authorised by their object on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  useTestApp(async (app) => {
    t = app;
    Object.assign(ids, await userIds(t));
  });
  const upload = async (token: string, name: string, text: string) => {
    const r = await t.call<{ fileId: string; url: string; name: string }>(token, {
      method: 'POST',
      url: '/api/file/Uploader/document',
      ...multipart({}, { name, data: Buffer.from(text) }),
    });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.url).toMatch(/^\/api\/file\/Download\/document\//);
    return r.data;
  };
  const download = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('a private message attachment: its sender and recipient download it, nobody else (nor a locked screen)', async () => {
    const zw = await t.login('zhangwei');
    const wjg = await t.login('wangjianguo');
    const cj = await t.login('chenjing');
    const f = await upload(zw, '工资.txt', 'salary 12345');
    const sent = await t.call<string>(zw, {
      method: 'POST',
      url: '/api/Bussiness/Message',
      payload: { title: '私信', contents: 'x', acceptUsers: [ids.wangjianguo], files: [f] },
    });
    expect(sent.code, sent.msg).toBe(200);
    expect((await download(zw, f.url)).body).toBe('salary 12345');
    expect((await download(wjg, f.url)).body).toBe('salary 12345');
    const outsider = (await download(cj, f.url)).json();
    expect({ code: outsider.code, data: outsider.data }).toEqual({ code: 404, data: null });
    const preview = await t.call(cj, {
      method: 'GET',
      url: `/api/file/Uploader/Preview?fileVersionId=${f.fileId}`,
    });
    expect(preview.code).toBe(404);
    expect(
      (await t.call(wjg, { method: 'GET', url: `/api/file/Uploader/Preview?fileVersionId=${f.fileId}` }))
        .code,
    ).toBe(200);
    // a lock-screen session downloads nothing
    expect((await t.call(wjg, { method: 'POST', url: '/api/oauth/LockScreen', payload: {} })).code).toBe(200);
    const locked = (await download(wjg, f.url)).json();
    expect({ code: locked.code, data: locked.data }).toEqual({ code: 401, data: null });
  });

  it('a meeting attachment: its participants download it, others get 404', async () => {
    const zw = await t.login('zhangwei');
    const cj = await t.login('chenjing');
    const wjg = await t.login('wangjianguo');
    const f = await upload(zw, '纪要.txt', 'minutes');
    const day = new Date();
    day.setDate(day.getDate() + 2);
    day.setHours(14, 0, 0, 0);
    const booked = await t.call<string>(zw, {
      method: 'POST',
      url: '/api/Bussiness/Conference',
      payload: {
        crTheme: '保密会',
        crguid: 'room-101',
        crTypeGuid: 'dict-meeting-type-routine',
        crLeader: ids.zhangwei,
        startTime: day.getTime(),
        endTime: day.getTime() + 3_600_000,
        userList: [ids.chenjing],
        files: [f],
      },
    });
    expect(booked.code, booked.msg).toBe(200);
    expect((await download(cj, f.url)).body).toBe('minutes');
    const outsider = (await download(wjg, f.url)).json();
    expect({ code: outsider.code, data: outsider.data }).toEqual({ code: 404, data: null });
  });
});
