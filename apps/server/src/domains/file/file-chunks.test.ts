import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { useTestApp } from '../../test/suite';

const CHUNK = 5 * 1024 * 1024;
const _md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe(`chunk storage bounded and swept on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let token: string;
  let userId: string;
  useTestApp(async (app) => {
    t = app;
    token = await t.login('wangjianguo');
    userId = (await t.ctx.sessions.resolve(token))!.userId;
  });
  const chunk = (identifier: string, n: number, total: number, totalSize: number, data: Buffer) =>
    t.call<{ chunkNumbers: number[] }>(token, {
      method: 'POST',
      url: '/api/file/chunk?fileType=annex&extension=pdf',
      ...multipart(
        {
          identifier,
          chunkNumber: n,
          totalChunks: total,
          chunkSize: CHUNK,
          currentChunkSize: data.length,
          totalSize,
          filename: 'x.pdf',
        },
        { name: 'x.pdf', data },
      ),
    });

  it('chunks of one upload cannot add up to more than its declared size', async () => {
    const id = 'a'.repeat(32);
    expect((await chunk(id, 1, 3, 10, Buffer.alloc(10))).code).toBe(200);
    const over = await chunk(id, 2, 3, 10, Buffer.alloc(10));
    expect({ code: over.code, msg: over.msg }).toEqual({
      code: 413,
      msg: 'totalSize: 已上传的分片超过文件大小',
    });
    const body = multipart(
      {
        identifier: id,
        chunkNumber: 2,
        totalChunks: 3,
        chunkSize: CHUNK,
        currentChunkSize: 10,
        totalSize: 10,
        filename: 'x.pdf',
      },
      { name: 'x.pdf', data: Buffer.alloc(10) },
    );
    const en = await t.call(token, {
      method: 'POST',
      url: '/api/file/chunk?fileType=annex&extension=pdf',
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': 'en' },
    });
    expect(en.msg).toBe('totalSize: the chunks uploaded exceed the file size');
    // re-sending the same chunk replaces it (no double count)
    expect((await chunk(id, 1, 3, 10, Buffer.alloc(10))).code).toBe(200);
    expect(await t.ctx.storage.list(`chunks/${userId}/${id}`)).toHaveLength(1);
  });

  it("a user's unfinished uploads stay within the quota, also when chunks arrive at once", async () => {
    const { reserveChunk, chunkBytesOf } = await import('../../files/chunks');
    const other = 'quota-user';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        reserveChunk(
          t.ctx.db,
          { userId: other, identifier: `${i}`.padStart(32, 'b'), chunkNumber: 1, size: 10, totalSize: 10 },
          100,
        ),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(10);
    expect(answers.filter((a) => !a.ok && a.reason === 'quota')).toHaveLength(10);
    expect(await chunkBytesOf(t.ctx.db, other)).toBe(100);
  });

  it('abandoned uploads are swept (storage and ledger), once, even by two processes at the same time', async () => {
    const { sweepAbandonedChunks, chunkBytesOf, CHUNK_TTL_MS } = await import('../../files/chunks');
    const id = 'c'.repeat(32);
    expect((await chunk(id, 1, 2, 20, Buffer.alloc(10))).code).toBe(200);
    const prefix = `chunks/${userId}/${id}`;
    expect(await t.ctx.storage.list(prefix)).toHaveLength(1);
    // nothing is swept while the upload is recent
    await sweepAbandonedChunks(t.ctx.db, t.ctx.storage);
    expect(await t.ctx.storage.list(prefix)).toHaveLength(1);
    const later = Date.now() + CHUNK_TTL_MS + 60_000;
    const [a, b] = await Promise.all([
      sweepAbandonedChunks(t.ctx.db, t.ctx.storage, later),
      sweepAbandonedChunks(t.ctx.db, t.ctx.storage, later),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.storage.list(prefix)).toEqual([]);
    expect(await chunkBytesOf(t.ctx.db, userId)).toBe(0);
    expect(await sweepAbandonedChunks(t.ctx.db, t.ctx.storage, later)).toBe(0);
  });
});
