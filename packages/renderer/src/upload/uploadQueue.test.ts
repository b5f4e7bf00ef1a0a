import { describe, expect, it, vi } from 'vitest';
import { createMemoryProviders } from '../providers/memory';
import type { FormProviders } from '../providers/types';
import { CHUNK_SIZE, chunkPlan, md5Slices } from './plan';
import { md5OfFile, type UploadItem, UploadQueue } from './uploadQueue';

const file = (size: number, name = 'a.pdf') =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

function setup(upload: FormProviders['upload']) {
  const states: UploadItem[][] = [];
  const messages: string[] = [];
  const done: unknown[] = [];
  const q = new UploadQueue({
    upload,
    onItems: (i) => states.push(i),
    onSuccess: (_, v) => done.push(v),
    onMessage: (m) => messages.push(m),
    texts: { readError: (n) => `文件${n}读取出错，请检查该文件`, uploadFailed: '上传失败' },
  });
  return { q, states, messages, done };
}

describe('chunked upload', () => {
  it('plans 5 MiB chunks and 10240000-byte MD5 slices', () => {
    expect(chunkPlan(CHUNK_SIZE * 2 + 1).map((c) => c.end - c.start)).toEqual([CHUNK_SIZE, CHUNK_SIZE, 1]);
    expect(md5Slices(10240000 * 2 + 5)).toHaveLength(3);
  });

  it('goes checking -> waiting -> uploading -> success, caps progress at 99 until merged, emits the file', async () => {
    const p = createMemoryProviders();
    const chunk = vi.spyOn(p.upload, 'chunk');
    const { q, states, done } = setup(p.upload);
    const f = file(CHUNK_SIZE + 10);
    await q.add(f);
    const seen = states.map((s) => s[0]?.state);
    expect(seen[0]).toBe('checking');
    expect(seen).toContain('waiting');
    expect(seen).toContain('uploading');
    expect(seen.at(-1)).toBe('success');
    const beforeMerge = states.filter((s) => s[0]?.state === 'uploading').map((s) => s[0].progress);
    expect(Math.max(...beforeMerge)).toBe(99);
    expect(states.at(-1)?.[0].progress).toBe(100);
    expect(chunk).toHaveBeenCalledTimes(2);
    expect(chunk.mock.calls[0][0]).toMatchObject({
      chunkNumber: 1,
      totalChunks: 2,
      extension: 'pdf',
      identifier: await md5OfFile(f),
    });
    expect(done).toEqual([
      {
        name: 'a.pdf',
        fileId: await md5OfFile(f),
        fileVersionId: expect.any(String),
        url: 'memory://a.pdf',
        size: f.size,
      },
    ]);
  });

  it('retries a failing chunk 5 times, then turns to error; retry resumes and succeeds', async () => {
    const p = createMemoryProviders();
    let fail = 6;
    const real = p.upload.chunk;
    const chunk = vi.fn((r: Parameters<typeof real>[0]) =>
      fail-- > 0 ? Promise.reject(new Error('net')) : real(r),
    );
    const { q, states, done } = setup({ ...p.upload, chunk });
    await q.add(file(100));
    expect(chunk).toHaveBeenCalledTimes(6);
    expect(states.at(-1)?.[0]).toMatchObject({ state: 'error', error: '上传失败' });
    await q.retry(states.at(-1)?.[0].uid as string);
    expect(states.at(-1)?.[0].state).toBe('success');
    expect(done).toHaveLength(1);
  });

  it('shows the server msg and removes the file when the merge answers non-200', async () => {
    const p = createMemoryProviders({ failMerge: { code: 400, msg: '合并失败' } });
    const { q, states, messages, done } = setup(p.upload);
    await q.add(file(10));
    expect(messages).toEqual(['合并失败']);
    expect(states.at(-1)).toEqual([]);
    expect(done).toEqual([]);
  });

  it('shows the server msg and cancels the file when a chunk answers non-200', async () => {
    const p = createMemoryProviders({ failChunk: { code: 500, msg: '分片错误' } });
    const { q, states, messages } = setup(p.upload);
    await q.add(file(10));
    expect(messages).toEqual(['分片错误']);
    expect(states.at(-1)).toEqual([]);
  });

  it('pauses between chunks and resumes where it stopped', async () => {
    const p = createMemoryProviders();
    const real = p.upload.chunk;
    let q!: UploadQueue;
    const chunk = vi.fn(async (r: Parameters<typeof real>[0]) => {
      const res = await real(r);
      if (r.chunkNumber === 1) q.pause(q.list()[0].uid);
      return res;
    });
    const s = setup({ ...p.upload, chunk });
    q = s.q;
    await q.add(file(CHUNK_SIZE * 2 + 1));
    expect(q.list()[0]).toMatchObject({ state: 'paused', nextChunk: 2 });
    await q.resume(q.list()[0].uid);
    expect(chunk.mock.calls.map((c) => c[0].chunkNumber)).toEqual([1, 2, 3]);
    expect(q.list()[0].state).toBe('success');
  });

  it('reports a read error with 文件{name}读取出错，请检查该文件 and drops the file', async () => {
    const p = createMemoryProviders();
    const { q, messages, states } = setup(p.upload);
    const bad = new File(['x'], 'bad.txt', { type: 'text/plain' });
    bad.slice = () => {
      throw new Error('unreadable');
    };
    await q.add(bad);
    expect(messages).toEqual(['文件bad.txt读取出错，请检查该文件']);
    expect(states.at(-1)).toEqual([]);
  });

  it('remove drops an item', async () => {
    const p = createMemoryProviders();
    const { q } = setup(p.upload);
    await q.add(file(5));
    q.remove(q.list()[0].uid);
    expect(q.list()).toEqual([]);
  });
});
