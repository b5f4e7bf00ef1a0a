import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHAT_IMAGE_PRESET,
  COMMENT_FILE_PRESET,
  COMMENT_IMAGE_PRESET,
  checkUpload,
  matchesAccept,
} from './checkUpload';
import { CHUNK_SIZE, MAX_CHUNK_RETRIES, md5SlicePlan, planChunks, uploadProgress } from './chunks';
import { uploadText } from './messages';

const MB = 1048576;

describe('checkUpload', () => {
  it('refuses over the count limit', () => {
    expect(checkUpload({ name: 'a.pdf', size: 1 }, { limit: 3, currentCount: 3 })).toEqual({
      ok: false,
      message: '当前限制最多可以上传3个文件',
    });
    expect(checkUpload({ name: 'a.png', size: 1 }, { limit: 9, currentCount: 9, kind: 'image' })).toEqual({
      ok: false,
      message: '当前限制最多可以上传9张图片',
    });
    expect(checkUpload({ name: 'a.pdf', size: 1 }, { limit: 3, currentCount: 2 }).ok).toBe(true);
  });

  it('rejects a size that is not below the limit (default 5 MB)', () => {
    expect(checkUpload({ name: 'a.pdf', size: 5 * MB - 1 }).ok).toBe(true);
    expect(checkUpload({ name: 'a.pdf', size: 5 * MB })).toEqual({ ok: false, message: '文件大小超过5MB' });
    expect(checkUpload({ name: 'a.pdf', size: 2048 }, { fileSize: 2, sizeUnit: 'KB' })).toEqual({
      ok: false,
      message: '文件大小超过2KB',
    });
    expect(checkUpload({ name: 'a.pdf', size: 2047 }, { fileSize: 2, sizeUnit: 'KB' }).ok).toBe(true);
    expect(checkUpload({ name: 'a.png', size: 6 * MB }, { kind: 'image' })).toEqual({
      ok: false,
      message: '图片大小超过5MB',
    });
    expect(checkUpload({ name: 'a.pdf', size: 6 * 1024 * MB }, { fileSize: null }).ok).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 * MB }), fc.integer({ min: 1, max: 20 }), (size, limit) => {
        const r = checkUpload({ name: 'x.txt', size }, { fileSize: limit, sizeUnit: 'MB' });
        expect(r.ok).toBe(size < limit * MB);
      }),
    );
  });

  it('checks types by accept string and image kind', () => {
    expect(checkUpload({ name: 'a.exe', size: 1 }, { accept: '.pdf,.doc' })).toEqual({
      ok: false,
      message: '请选择.pdf,.doc类型的文件',
    });
    expect(checkUpload({ name: 'A.PDF', size: 1 }, { accept: '.pdf,.doc' }).ok).toBe(true);
    expect(matchesAccept({ name: 'x.xlsx' }, 'excel')).toBe(true);
    expect(matchesAccept({ name: 'x.mp4' }, 'video/*')).toBe(true);
    expect(matchesAccept({ name: 'noext', type: 'audio/mpeg' }, 'audio/*')).toBe(true);
    expect(matchesAccept({ name: 'x.docx' }, 'word,pdf')).toBe(true);
    expect(matchesAccept({ name: 'x.txt' }, 'word,pdf')).toBe(false);
    expect(checkUpload({ name: 'a.pdf', size: 1 }, { kind: 'image' })).toEqual({
      ok: false,
      message: '请上传图片',
    });
    expect(checkUpload({ name: 'a.jpg', size: 1 }, { kind: 'image', lang: 'en' }).ok).toBe(true);
  });

  it('has the comment and chat presets', () => {
    expect(checkUpload({ name: 'a.pptx', size: 49 * MB }, COMMENT_FILE_PRESET).ok).toBe(true);
    expect(checkUpload({ name: 'a.zip', size: 1 }, COMMENT_FILE_PRESET).ok).toBe(false);
    expect(checkUpload({ name: 'a.pdf', size: 50 * MB }, COMMENT_FILE_PRESET)).toEqual({
      ok: false,
      message: '文件大小超过50MB',
    });
    expect(checkUpload({ name: 'a.png', size: 1 }, { ...COMMENT_IMAGE_PRESET, currentCount: 9 })).toEqual({
      ok: false,
      message: '当前限制最多可以上传9张图片',
    });
    expect(checkUpload({ name: 'a.png', size: 5 * MB }, CHAT_IMAGE_PRESET)).toEqual({
      ok: false,
      message: '图片大小不能超过5M',
    });
    expect(checkUpload({ name: 'a.doc', size: 1 }, CHAT_IMAGE_PRESET)).toEqual({
      ok: false,
      message: '请上传图片',
    });
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (file, options) => {
        const r = checkUpload(file as never, (options ?? {}) as never);
        expect(typeof r.ok).toBe('boolean');
      }),
    );
  });

  it('has the read-error text', () => {
    expect(uploadText('readError', { name: 'a.pdf' })).toBe('文件a.pdf读取出错，请检查该文件');
  });
});

describe('chunk and MD5 plans', () => {
  it('cuts 5242880-byte chunks that tile the file', () => {
    expect(CHUNK_SIZE).toBe(5242880);
    expect(MAX_CHUNK_RETRIES).toBe(5);
    expect(planChunks(0)).toEqual([
      {
        chunkNumber: 1,
        start: 0,
        end: 0,
        currentChunkSize: 0,
        totalChunks: 1,
        chunkSize: CHUNK_SIZE,
        totalSize: 0,
      },
    ]);
    expect(planChunks(CHUNK_SIZE + 1).map((c) => c.currentChunkSize)).toEqual([CHUNK_SIZE, 1]);
    expect(planChunks(-1)).toEqual([]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 * CHUNK_SIZE }), (size) => {
        const plan = planChunks(size);
        expect(plan.length).toBe(Math.ceil(size / CHUNK_SIZE));
        let pos = 0;
        plan.forEach((c, i) => {
          expect(c.chunkNumber).toBe(i + 1);
          expect(c.start).toBe(pos);
          expect(c.currentChunkSize).toBe(c.end - c.start);
          expect(c.currentChunkSize).toBeGreaterThan(0);
          expect(c.currentChunkSize).toBeLessThanOrEqual(CHUNK_SIZE);
          expect(c.totalChunks).toBe(plan.length);
          pos = c.end;
        });
        expect(pos).toBe(size);
      }),
    );
  });

  it('slices the MD5 in 10240000-byte pieces', () => {
    expect(md5SlicePlan(25000000)).toEqual([
      { index: 0, start: 0, end: 10240000 },
      { index: 1, start: 10240000, end: 20480000 },
      { index: 2, start: 20480000, end: 25000000 },
    ]);
    expect(md5SlicePlan(0)).toEqual([]);
  });

  it('caps progress at 99 until complete', () => {
    expect(uploadProgress(100, 100)).toBe(99);
    expect(uploadProgress(100, 100, true)).toBe(100);
    expect(uploadProgress(50, 100)).toBe(50);
    expect(uploadProgress(1, 0)).toBe(0);
  });
});
