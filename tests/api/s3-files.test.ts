// Files in S3-compatible storage (issue 21): with FILE_STORAGE=s3 the server keeps uploads in the bucket
// (s3rver, a local S3 server) — chunks, the merged file and its download — and nothing in its data folder.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../apps/server/src/test/harness';
import { multipart } from '../../apps/server/src/test/multipart';
import { type LocalS3, startLocalS3 } from '../../apps/server/src/test/s3';

const CHUNK = 5 * 1024 * 1024;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const ENV = [
  'FILE_STORAGE',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PREFIX',
];

let dir: string;
let s3: LocalS3;
let t: TestApp;
let token: string;

async function walk(d: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kp-s3-'));
  s3 = await startLocalS3(path.join(dir, 's3'), ['kp-files']);
  Object.assign(process.env, {
    FILE_STORAGE: 's3',
    S3_BUCKET: 'kp-files',
    S3_PREFIX: 'kp',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  t = await createTestApp({ dataDir: path.join(dir, 'data') });
  token = await t.login('zhangwei');
});
afterAll(async () => {
  for (const k of ENV) delete process.env[k];
  await t?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('files in S3-compatible storage', () => {
  it('takes a chunked upload, merges it in the bucket and streams it back', async () => {
    const data = Buffer.alloc(CHUNK * 2 + 777);
    for (let i = 0; i < data.length; i++) data[i] = (i * 17) & 0xff;
    const identifier = md5(data);
    for (let i = 0; i < 3; i++) {
      const part = data.subarray(i * CHUNK, (i + 1) * CHUNK);
      const body = multipart(
        {
          identifier,
          chunkNumber: i + 1,
          totalChunks: 3,
          chunkSize: CHUNK,
          currentChunkSize: part.length,
          totalSize: data.length,
          filename: '监理日志.pdf',
        },
        { name: '监理日志.pdf', data: part },
      );
      const res = await t.call(token, {
        method: 'POST',
        url: '/api/file/chunk?fileType=annex&extension=pdf',
        ...body,
      });
      expect(res.code).toBe(200);
    }
    const m = await t.call<{ url: string; fileId: string; size: number }>(token, {
      method: 'POST',
      url: '/api/file/merge',
      payload: {
        identifier,
        fileName: '监理日志.pdf',
        fileSize: data.length,
        fileType: 'annex',
        extension: 'pdf',
        type: 'annex',
      },
    });
    expect(m.code).toBe(200);
    expect(m.data.size).toBe(data.length);
    const dl = await t.app.inject({
      method: 'GET',
      url: m.data.url,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(dl.statusCode).toBe(200);
    expect(md5(dl.rawPayload)).toBe(identifier);
    // The bytes are in the bucket under the prefix; the data folder holds no file and no chunk.
    const row = await t.db.kysely
      .selectFrom('file_record')
      .select('storage_key')
      .where('id', '=', m.data.fileId)
      .executeTakeFirstOrThrow();
    const inBucket = await walk(path.join(dir, 's3', 'kp-files'));
    expect(inBucket.some((p) => p.includes(`kp/${row.storage_key}`))).toBe(true);
    expect(inBucket.some((p) => p.includes('/chunks/'))).toBe(false);
    expect(await walk(path.join(dir, 'data', 'files'))).toEqual([]);
  });
});
