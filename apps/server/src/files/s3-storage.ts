// File bytes in an S3-compatible object store (issue 21): what several server instances on several
// machines share. Keys are the same server-made keys as on local disk (assertSafeKey), under an optional
// prefix. Streams go up as multipart uploads (lib-storage's Upload: 5 MiB parts), come down streamed.

import { PassThrough, type Readable, Transform } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, type FileStorage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Key prefix inside the bucket (no leading or trailing slash), e.g. 'kp'. */
  prefix?: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (http://host/bucket/key): what MinIO, Ceph and most on-premise stores want. */
  forcePathStyle?: boolean;
}

/** S3 options from the environment (FILE_STORAGE=s3), or null when the local disk is to be used. */
export function s3OptionsFromEnv(env: NodeJS.ProcessEnv = process.env): S3StorageOptions | null {
  if ((env.FILE_STORAGE ?? 'local').toLowerCase() !== 's3') return null;
  if (!env.S3_BUCKET) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET');
  return {
    bucket: env.S3_BUCKET,
    prefix: env.S3_PREFIX,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== 'false' : undefined,
  };
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

export class S3Storage implements FileStorage {
  private client: S3Client;
  private bucket: string;
  private prefix: string;

  constructor(o: S3StorageOptions) {
    const config: S3ClientConfig = {
      region: o.region ?? 'us-east-1',
      endpoint: o.endpoint,
      forcePathStyle: o.forcePathStyle ?? !!o.endpoint,
      // Checksums only where S3 requires them: on-premise stores often do not know the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (o.accessKeyId && o.secretAccessKey)
      config.credentials = { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey };
    this.client = new S3Client(config);
    this.bucket = o.bucket;
    this.prefix = (o.prefix ?? '').replace(/^\/+|\/+$/g, '');
  }

  private key(key: string): string {
    assertSafeKey(key);
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  private unkey(full: string): string {
    return this.prefix ? full.slice(this.prefix.length + 1) : full;
  }

  /** An object is written whole or not at all (S3 semantics; a failed multipart upload is aborted). */
  async put(key: string, data: Buffer | Readable): Promise<number> {
    let size = 0;
    const counted = Buffer.isBuffer(data)
      ? data
      : data.pipe(
          new Transform({
            transform(chunk: Buffer, _enc, cb) {
              size += chunk.length;
              cb(null, chunk);
            },
          }),
        );
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.key(key), Body: counted },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    await upload.done();
    return Buffer.isBuffer(data) ? data.length : size;
  }

  get(key: string): Readable {
    const out = new PassThrough();
    this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }))
      .then((res) => {
        const body = res.Body as Readable | undefined;
        if (!body) throw new Error(`empty object: ${key}`);
        body.on('error', (err) => out.destroy(err));
        body.pipe(out);
      })
      .catch((err) => {
        const e = isMissing(err) ? Object.assign(new Error(`ENOENT: ${key}`), { code: 'ENOENT' }) : err;
        out.destroy(e);
      });
    return out;
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** The direct children of a prefix (as the local disk's readdir lists them). */
  async list(prefix: string): Promise<string[]> {
    const base = `${this.key(prefix)}/`;
    const out: string[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: base,
          Delimiter: '/',
          ContinuationToken: token,
        }),
      );
      for (const o of res.Contents ?? []) if (o.Key) out.push(this.unkey(o.Key));
      for (const p of res.CommonPrefixes ?? [])
        if (p.Prefix) out.push(this.unkey(p.Prefix.replace(/\/$/, '')));
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async remove(key: string): Promise<void> {
    await this.deleteKeys([this.key(key)]);
  }

  async removeAll(prefix: string): Promise<void> {
    const full = this.key(prefix);
    await this.deleteKeys([full]);
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${full}/`, ContinuationToken: token }),
      );
      const keys = (res.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
      if (keys.length) await this.deleteKeys(keys);
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000)
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
  }

  destroy(): void {
    this.client.destroy();
  }
}
