// One contract for every file storage (issue 21): the local disk and an S3-compatible store (s3rver, a
// local S3 server started here) keep, stream, list and remove the same bytes the same way.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../test/s3';
import { S3Storage } from './s3-storage';
import { type FileStorage, LocalDiskStorage } from './storage';

const read = async (s: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c));
  return Buffer.concat(parts);
};
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

let dir: string;
let s3: LocalS3;
const backends: Array<[string, () => FileStorage]> = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kp-storage-'));
  s3 = await startLocalS3(path.join(dir, 's3'), ['kp-files']);
  backends.push(['local disk', () => new LocalDiskStorage(path.join(dir, 'disk'))]);
  backends.push([
    's3',
    () =>
      new S3Storage({
        bucket: 'kp-files',
        prefix: 'tenant-a',
        endpoint: s3.endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
  ]);
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(['local disk', 's3'])('file storage: %s', (name) => {
  const storage = () => backends.find(([n]) => n === name)![1]();

  it('keeps a buffer and a large stream whole, with their sizes', async () => {
    const st = storage();
    const small = Buffer.from('合同.pdf bytes');
    expect(await st.put('files/2026/ab/one.pdf', small)).toBe(small.length);
    expect((await read(st.get('files/2026/ab/one.pdf'))).equals(small)).toBe(true);
    // 12 MiB in 1 MiB pieces: more than two 5 MiB parts of a multipart upload.
    const big = randomBytes(12 * 1024 * 1024);
    const pieces = Array.from({ length: 12 }, (_, i) => big.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    expect(await st.put('files/2026/cd/big.bin', Readable.from(pieces))).toBe(big.length);
    expect(await st.size('files/2026/cd/big.bin')).toBe(big.length);
    expect(md5(await read(st.get('files/2026/cd/big.bin')))).toBe(md5(big));
  });

  it('lists the direct children of a prefix, and removes one key or a whole prefix', async () => {
    const st = storage();
    for (const n of [1, 2, 3]) await st.put(`chunks/u1/abc/${n}`, Buffer.from(`part ${n}`));
    await st.put('chunks/u1/abd/1', Buffer.from('other upload'));
    expect((await st.list('chunks/u1/abc')).sort()).toEqual([
      'chunks/u1/abc/1',
      'chunks/u1/abc/2',
      'chunks/u1/abc/3',
    ]);
    expect((await st.list('chunks/u1')).sort()).toEqual(['chunks/u1/abc', 'chunks/u1/abd']);
    expect(await st.list('chunks/nobody')).toEqual([]);
    await st.remove('chunks/u1/abc/2');
    expect((await st.list('chunks/u1/abc')).sort()).toEqual(['chunks/u1/abc/1', 'chunks/u1/abc/3']);
    await st.removeAll('chunks/u1/abc');
    expect(await st.list('chunks/u1/abc')).toEqual([]);
    expect(await st.list('chunks/u1')).toEqual(['chunks/u1/abd']);
  });

  it('answers a missing key: no size, and a read that fails', async () => {
    const st = storage();
    expect(await st.size('files/none/missing.txt')).toBeNull();
    await expect(read(st.get('files/none/missing.txt'))).rejects.toThrow();
    await st.remove('files/none/missing.txt');
  });

  it('refuses keys that are not server-made', async () => {
    const st = storage();
    await expect(st.put('../escape', Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
    await expect(st.size('files/../../etc/passwd')).rejects.toThrow(/unsafe storage key/);
  });
});
