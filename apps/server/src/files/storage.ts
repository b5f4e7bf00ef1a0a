import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where file bytes live. Keys are server-made ('files/2026/ab/abcdef….pdf', 'chunks/<user>/<md5>/3'):
 * segments of [A-Za-z0-9._-] only, never a client string. Replace LocalDiskStorage by a shared store
 * (S3, NFS…) to run several servers on several machines.
 */
export interface FileStorage {
  put(key: string, data: Buffer | Readable): Promise<number>;
  get(key: string): Readable;
  size(key: string): Promise<number | null>;
  list(prefix: string): Promise<string[]>;
  remove(key: string): Promise<void>;
  /** Removes a key prefix and everything under it. */
  removeAll(prefix: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

export class LocalDiskStorage implements FileStorage {
  constructor(private root: string) {}

  private file(key: string): string {
    return path.join(this.root, assertSafeKey(key));
  }

  /**
   * Writes to a temporary name, flushes it to disk, then renames: a reader (or a restart after a kill)
   * sees the whole file or none of it, never a half-written one.
   */
  async put(key: string, data: Buffer | Readable): Promise<number> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.part-${randomBytes(6).toString('hex')}`;
    try {
      if (Buffer.isBuffer(data)) await writeFile(tmp, data);
      else await pipeline(data, createWriteStream(tmp));
      const fh = await open(tmp, 'r');
      try {
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return (await stat(file)).size;
  }

  get(key: string): Readable {
    return createReadStream(this.file(key));
  }

  async size(key: string): Promise<number | null> {
    const file = this.file(key); // an unsafe key throws, it is not "missing"
    try {
      return (await stat(file)).size;
    } catch {
      return null;
    }
  }

  async list(prefix: string): Promise<string[]> {
    try {
      return (await readdir(this.file(prefix)))
        .filter((n) => !n.includes('.part-'))
        .map((n) => `${prefix}/${n}`);
    } catch {
      return [];
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async removeAll(prefix: string): Promise<void> {
    await rm(this.file(prefix), { recursive: true, force: true });
  }
}
