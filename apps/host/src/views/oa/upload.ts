import type { ApiResponse } from '@kp/schema';
import SparkMD5 from 'spark-md5';
import { ApiError, http, postFormData } from '../../api/http';
import { getToken } from '../../store/session';
import { type Attachment, extOf } from './model';

/** The server's chunk size (CHUNK_LIMIT, 5 MiB). */
export const CHUNK_BYTES = 5 * 1024 * 1024;

async function md5OfFile(file: Blob): Promise<string> {
  const spark = new SparkMD5.ArrayBuffer();
  for (let start = 0; start < file.size; start += CHUNK_BYTES) {
    spark.append(await file.slice(start, start + CHUNK_BYTES).arrayBuffer());
  }
  return spark.end();
}

async function postForm<T>(url: string, form: FormData): Promise<T> {
  return (await postFormData<T>(url, form)).data as T;
}

/**
 * Uploads a file through the chunk API (POST /api/file/chunk per 5 MiB, then /api/file/merge with the MD5),
 * as attachments up to 500 MB need. `fileType` is the server's upload kind (document: private, 500 MB).
 */
export async function uploadChunked(
  file: File,
  fileType = 'document',
  onProgress?: (fraction: number) => void,
): Promise<Attachment> {
  const extension = extOf(file.name);
  const identifier = await md5OfFile(file);
  const totalChunks = Math.max(1, Math.ceil(file.size / CHUNK_BYTES));
  const q = `fileType=${encodeURIComponent(fileType)}&extension=${encodeURIComponent(extension)}`;
  for (let n = 1; n <= totalChunks; n++) {
    const part = file.slice((n - 1) * CHUNK_BYTES, n * CHUNK_BYTES);
    const form = new FormData();
    form.append('identifier', identifier);
    form.append('chunkNumber', String(n));
    form.append('totalChunks', String(totalChunks));
    form.append('chunkSize', String(CHUNK_BYTES));
    form.append('currentChunkSize', String(part.size));
    form.append('totalSize', String(file.size));
    form.append('filename', file.name);
    form.append('file', part, file.name);
    await postForm(`/api/file/chunk?${q}`, form);
    onProgress?.(n / totalChunks);
  }
  const res = await http.post<Attachment>(
    '/api/file/merge',
    { identifier, fileName: file.name, fileSize: file.size, fileType, extension },
    { silent: true },
  );
  return res.data;
}

/** Single-request upload (chat images: /api/file/Uploader/IM, 5 MB; comments: comment). */
export function uploadSingle(file: File, type: string): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return postForm<Attachment>(`/api/file/Uploader/${type}`, form);
}

/** DELETE with a JSON body (DELETE /api/message/Record {ids}); the shared client sends DELETE data as query. */
export async function deleteJson<T>(url: string, body: unknown): Promise<ApiResponse<T>> {
  const token = getToken();
  const r = await fetch(url, {
    method: 'DELETE',
    headers: {
      'Content-Type': 'application/json;charset=UTF-8',
      ...(token ? { Authorization: token.startsWith('Bearer ') ? token : `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const res = (await r.json().catch(() => null)) as ApiResponse<T> | null;
  if (!res || res.code !== 200)
    throw new ApiError(res?.code ?? 0, res?.msg || '请求出错，请重试', res ?? undefined);
  return res;
}
