import SparkMD5 from 'spark-md5';
import type { FormProviders } from '../providers/types';
import { CHUNK_SIZE, chunkPlan, MAX_CHUNK_RETRIES, md5Slices } from './plan';

export type UploadState = 'checking' | 'waiting' | 'uploading' | 'paused' | 'success' | 'error';

/** The object an uploader emits into the form data (spec 3 §3). */
export interface UploadedFileValue {
  name: string;
  fileId: string;
  fileVersionId?: string;
  url: string;
  size?: number;
}

export interface UploadItem {
  uid: string;
  name: string;
  size: number;
  state: UploadState;
  /** Displayed progress 0..100; capped at 99 until the merge succeeded. */
  progress: number;
  identifier?: string;
  error?: string;
  result?: UploadedFileValue;
  file: Blob & { name: string; type: string };
  /** Next chunk to send (1-based). */
  nextChunk: number;
}

export interface UploadQueueOptions {
  upload: FormProviders['upload'];
  /** Storage folder kind passed as fileType (pathType of the field). */
  fileType?: string;
  onItems(items: UploadItem[]): void;
  onSuccess(item: UploadItem, value: UploadedFileValue): void;
  /** A message to show (server msg, read error, 上传失败). */
  onMessage(text: string, kind: 'error' | 'warning'): void;
  texts: { readError(name: string): string; uploadFailed: string };
}

const extOf = (name: string): string => {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i + 1).toLowerCase();
};

let seq = 0;

/** MD5 of a file computed in 10240000-byte slices with spark-md5 (spec 3 §9). */
export async function md5OfFile(file: Blob): Promise<string> {
  const spark = new SparkMD5.ArrayBuffer();
  for (const s of md5Slices(file.size)) spark.append(await file.slice(s.start, s.end).arrayBuffer());
  return spark.end();
}

/**
 * Chunked upload of several files: checking (MD5) → waiting → uploading → success, with pause, resume,
 * retry (each chunk is retried up to 5 times before the file turns to error) and remove. Chunks of 5 MiB go
 * through `providers.upload.chunk`, then `providers.upload.merge` completes the file.
 */
export class UploadQueue {
  private items: UploadItem[] = [];
  constructor(private readonly opts: UploadQueueOptions) {}

  list(): UploadItem[] {
    return this.items;
  }

  private patch(uid: string, p: Partial<UploadItem>): void {
    this.items = this.items.map((i) => (i.uid === uid ? { ...i, ...p } : i));
    this.opts.onItems(this.items);
  }

  private get(uid: string): UploadItem | undefined {
    return this.items.find((i) => i.uid === uid);
  }

  async add(file: Blob & { name: string; type: string }): Promise<void> {
    const uid = `u${++seq}`;
    const item: UploadItem = {
      uid,
      name: file.name,
      size: file.size,
      state: 'checking',
      progress: 0,
      file,
      nextChunk: 1,
    };
    this.items = [...this.items, item];
    this.opts.onItems(this.items);
    let identifier: string;
    try {
      identifier = await md5OfFile(file);
    } catch {
      // Spec 3 §5: a read error shows 文件{name}读取出错，请检查该文件 and cancels the file.
      this.opts.onMessage(this.opts.texts.readError(file.name), 'error');
      this.remove(uid);
      return;
    }
    if (!this.get(uid)) return;
    this.patch(uid, { identifier, state: 'waiting' });
    await this.run(uid);
  }

  pause(uid: string): void {
    const it = this.get(uid);
    if (it && (it.state === 'uploading' || it.state === 'waiting')) this.patch(uid, { state: 'paused' });
  }

  async resume(uid: string): Promise<void> {
    const it = this.get(uid);
    if (it?.state !== 'paused') return;
    this.patch(uid, { state: 'waiting' });
    await this.run(uid);
  }

  async retry(uid: string): Promise<void> {
    const it = this.get(uid);
    if (it?.state !== 'error') return;
    this.patch(uid, { state: 'waiting', error: undefined });
    await this.run(uid);
  }

  remove(uid: string): void {
    this.items = this.items.filter((i) => i.uid !== uid);
    this.opts.onItems(this.items);
  }

  private async run(uid: string): Promise<void> {
    const start = this.get(uid);
    if (!start?.identifier) return;
    const { file, identifier } = start;
    const plan = chunkPlan(file.size);
    const extension = extOf(file.name);
    const fileType = this.opts.fileType ?? 'annex';
    this.patch(uid, { state: 'uploading' });
    for (const c of plan) {
      const cur = this.get(uid);
      if (cur?.state !== 'uploading') return; // paused or removed
      if (c.number < cur.nextChunk) continue;
      let attempt = 0;
      for (;;) {
        try {
          const res = await this.opts.upload.chunk({
            identifier,
            filename: file.name,
            chunkNumber: c.number,
            totalChunks: plan.length,
            chunkSize: CHUNK_SIZE,
            currentChunkSize: c.end - c.start,
            totalSize: file.size,
            fileType,
            extension,
            file: file.slice(c.start, c.end),
          });
          if (res.code !== 200) {
            // Spec 3 §8: a chunk answer with a non-200 code shows the server msg and cancels the file.
            this.opts.onMessage(res.msg || this.opts.texts.uploadFailed, 'error');
            this.remove(uid);
            return;
          }
          break;
        } catch {
          attempt++;
          if (attempt > MAX_CHUNK_RETRIES) {
            this.patch(uid, { state: 'error', error: this.opts.texts.uploadFailed });
            return;
          }
        }
      }
      if (!this.get(uid)) return;
      const progress = Math.min(99, Math.floor((c.end / Math.max(1, file.size)) * 100));
      this.patch(uid, { nextChunk: c.number + 1, progress });
    }
    const before = this.get(uid);
    if (before?.state !== 'uploading') return;
    try {
      const res = await this.opts.upload.merge({
        identifier,
        fileName: file.name,
        fileSize: file.size,
        fileType: file.type,
        extension,
        type: fileType,
      });
      if (res.code !== 200) {
        this.opts.onMessage(res.msg || this.opts.texts.uploadFailed, 'error');
        this.remove(uid);
        return;
      }
      const value: UploadedFileValue = {
        name: file.name,
        // the stored file's id when the host's merge answers one (KP's server), else its stored name (JNPF)
        fileId: res.data.fileId ?? res.data.name,
        fileVersionId: res.data.fileVersionId,
        url: res.data.url,
        size: res.data.size ?? file.size,
      };
      this.patch(uid, { state: 'success', progress: 100, result: value });
      const done = this.get(uid);
      if (done) this.opts.onSuccess(done, value);
    } catch {
      this.patch(uid, { state: 'error', error: this.opts.texts.uploadFailed });
    }
  }
}
