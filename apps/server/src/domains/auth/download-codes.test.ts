import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { useTestApp } from '../../test/suite';

describe(`download codes instead of tokens in URLs (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let token: string;
  let url: string;

  let urlB: string;

  /** Uploads a private file (type document) of the caller; answers its download address. */
  const upload = async (text: string, name: string) => {
    const data = Buffer.from(text);
    const up = await t.call<{ uploaded: boolean }>(token, {
      method: 'POST',
      url: '/api/file/chunk?fileType=annex&extension=txt',
      ...multipart(
        {
          identifier: md5(data),
          chunkNumber: 1,
          totalChunks: 1,
          chunkSize: 1024 * 1024,
          currentChunkSize: data.length,
          totalSize: data.length,
          filename: name,
        },
        { name, data },
      ),
    });
    expect(up.code).toBe(200);
    const m = await t.call<{ fileId: string; url: string }>(token, {
      method: 'POST',
      url: '/api/file/merge',
      payload: {
        identifier: md5(data),
        fileName: name,
        fileSize: data.length,
        fileType: 'annex',
        extension: 'txt',
      },
    });
    await t.db.kysely
      .updateTable('file_record')
      .set({ file_type: 'document' })
      .where('id', '=', m.data.fileId)
      .execute();
    return m.data.url.replace('/annex/', '/document/');
  };

  useTestApp(async (app) => {
    t = app;
    token = await t.login('admin');
    url = await upload('secret minutes', 'm.txt');
    urlB = await upload('other secret', 'b.txt');
  });

  const get = (u: string) => t.app.inject({ method: 'GET', url: u });
  /** A download code for `forUrl` (the private file by default), or a media code (with its key). */
  const codeOf = async (tok: string, kind?: 'download' | 'media', forUrl = url) =>
    (
      await t.call<{ code: string; expiresIn: number; key?: string }>(tok, {
        method: 'POST',
        url: '/api/oauth/DownloadCode',
        payload: kind === 'media' ? { kind } : { ...(kind ? { kind } : {}), url: forUrl },
      })
    ).data;
  /** A media code's code for one address: `<code>.<HMAC-SHA256(key, path)>`. */
  const mediaFor = (c: { code: string; key?: string }, u: string) =>
    `${c.code}.${createHmac('sha256', c.key ?? '')
      .update(decodeURIComponent(u.split('?')[0]))
      .digest('hex')}`;
  const EXPORT = '/api/system/DictionaryData/x/Action/Export';

  it('the session token is not accepted in a URL', async () => {
    const r = await get(`${url}?token=${token}`);
    expect(r.body).not.toBe('secret minutes');
    expect(r.json().code).toBe(602);
    // a download route that needs a permission refuses ?token= as well
    const ex = await get(`/api/system/DictionaryData/x/Action/Export?token=${token}`);
    expect(ex.json().code).toBe(602);
  });

  it('a download code works once, within its minute', async () => {
    const c = await codeOf(token);
    expect(c.expiresIn).toBe(60);
    expect(c.code).toMatch(/^[0-9a-f]{48}$/);
    expect((await get(`${url}?code=${c.code}`)).body).toBe('secret minutes');
    expect((await get(`${url}?code=${c.code}`)).json().code).toBe(602);
    // expired
    const old = await codeOf(token);
    await t.db.kysely
      .updateTable('download_code')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await get(`${url}?code=${old.code}`)).json().code).toBe(602);
    expect((await get(`${url}?code=${'0'.repeat(48)}`)).json().code).toBe(602);
  });

  it('a media code may be reused until it expires', async () => {
    const c = await codeOf(token, 'media');
    expect(c.expiresIn).toBe(180);
    expect(c.key).toMatch(/^[0-9a-f]{64}$/);
    expect((await get(`${url}?code=${mediaFor(c, url)}`)).body).toBe('secret minutes');
    expect((await get(`${url}?code=${mediaFor(c, url)}`)).body).toBe('secret minutes');
  });

  it('codes are worth their session: none without one, refused once it is locked or ended', async () => {
    expect((await t.call(null, { method: 'POST', url: '/api/oauth/DownloadCode', payload: {} })).code).toBe(
      602,
    );
    const other = await t.login('admin');
    const media = await codeOf(other, 'media');
    const once = await codeOf(other);
    await t.call(other, { method: 'POST', url: '/api/oauth/LockScreen', payload: {} });
    expect((await get(`${url}?code=${mediaFor(media, url)}`)).json().code).toBe(602);
    await t.call(other, {
      method: 'POST',
      url: '/api/oauth/LockScreen',
      payload: { account: 'admin', password: md5('admin123') },
    });
    expect((await get(`${url}?code=${mediaFor(media, url)}`)).body).toBe('secret minutes');
    await t.call(other, { method: 'GET', url: '/api/oauth/Logout' });
    expect((await get(`${url}?code=${mediaFor(media, url)}`)).json().code).toBe(602);
    expect((await get(`${url}?code=${once.code}`)).json().code).toBe(602);
  });

  it('a permission route opened by the browser takes a code and still checks the permission', async () => {
    const emp = await t.login('zhangwei');
    const c = await codeOf(emp, 'download', EXPORT);
    const r = await get(`${EXPORT}?code=${c.code}`);
    expect(r.json().code).toBe(403);
    const a = await codeOf(token, 'download', EXPORT);
    const ok = await get(`${EXPORT}?code=${a.code}`);
    expect(ok.json().code).not.toBe(602);
    expect(ok.json().code).not.toBe(403);
  });

  it('a code opens the one resource it was issued for: not another file, not an export (finding 4)', async () => {
    // a download code minted for file A
    const a = await codeOf(token, 'download', url);
    expect((await get(`${urlB}?code=${a.code}`)).json().code).toBe(602);
    expect((await get(`${EXPORT}?code=${a.code}`)).json().code).toBe(602);
    // still good for A (a refused use elsewhere does not spend it)
    expect((await get(`${url}?code=${a.code}`)).body).toBe('secret minutes');
    // a media code seen in A's address opens neither B nor an export
    const m = await codeOf(token, 'media');
    const seen = mediaFor(m, url);
    expect((await get(`${url}?code=${seen}`)).body).toBe('secret minutes');
    expect((await get(`${urlB}?code=${seen}`)).json().code).toBe(602);
    expect((await get(`${EXPORT}?code=${seen}`)).json().code).toBe(602);
    // the bare media code opens nothing; B's own derived code opens B
    expect((await get(`${url}?code=${m.code}`)).json().code).toBe(602);
    expect((await get(`${urlB}?code=${mediaFor(m, urlB)}`)).body).toBe('other secret');
    // a download code needs the address it is for
    const none = await t.call(token, { method: 'POST', url: '/api/oauth/DownloadCode', payload: {} });
    expect(none.code).toBe(400);
    expect(none.msg).toBe('url: 请指定下载地址');
  });
});
