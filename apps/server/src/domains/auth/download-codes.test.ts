import { describe, expect, it } from 'vitest';
import { md5, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { useTestApp } from '../../test/suite';

describe(`download codes instead of tokens in URLs (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let token: string;
  let url: string;

  useTestApp(async (app) => {
    t = app;
    token = await t.login('admin');
    // a private file (type document) of the caller
    const data = Buffer.from('secret minutes');
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
          filename: 'm.txt',
        },
        { name: 'm.txt', data },
      ),
    });
    expect(up.code).toBe(200);
    const m = await t.call<{ fileId: string; url: string }>(token, {
      method: 'POST',
      url: '/api/file/merge',
      payload: {
        identifier: md5(data),
        fileName: 'm.txt',
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
    url = m.data.url.replace('/annex/', '/document/');
  });

  const get = (u: string) => t.app.inject({ method: 'GET', url: u });
  const codeOf = async (tok: string, kind?: 'download' | 'media') =>
    (
      await t.call<{ code: string; expiresIn: number }>(tok, {
        method: 'POST',
        url: '/api/oauth/DownloadCode',
        payload: kind ? { kind } : {},
      })
    ).data;

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
    expect((await get(`${url}?code=${c.code}`)).body).toBe('secret minutes');
    expect((await get(`${url}?code=${c.code}`)).body).toBe('secret minutes');
  });

  it('codes are worth their session: none without one, refused once it is locked or ended', async () => {
    expect((await t.call(null, { method: 'POST', url: '/api/oauth/DownloadCode', payload: {} })).code).toBe(
      602,
    );
    const other = await t.login('admin');
    const media = await codeOf(other, 'media');
    const once = await codeOf(other);
    await t.call(other, { method: 'POST', url: '/api/oauth/LockScreen', payload: {} });
    expect((await get(`${url}?code=${media.code}`)).json().code).toBe(602);
    await t.call(other, {
      method: 'POST',
      url: '/api/oauth/LockScreen',
      payload: { account: 'admin', password: md5('admin123') },
    });
    expect((await get(`${url}?code=${media.code}`)).body).toBe('secret minutes');
    await t.call(other, { method: 'GET', url: '/api/oauth/Logout' });
    expect((await get(`${url}?code=${media.code}`)).json().code).toBe(602);
    expect((await get(`${url}?code=${once.code}`)).json().code).toBe(602);
  });

  it('a permission route opened by the browser takes a code and still checks the permission', async () => {
    const emp = await t.login('zhangwei');
    const c = await codeOf(emp);
    const r = await get(`/api/system/DictionaryData/x/Action/Export?code=${c.code}`);
    expect(r.json().code).toBe(403);
    const a = await codeOf(token);
    const ok = await get(`/api/system/DictionaryData/x/Action/Export?code=${a.code}`);
    expect(ok.json().code).not.toBe(602);
    expect(ok.json().code).not.toBe(403);
  });
});
