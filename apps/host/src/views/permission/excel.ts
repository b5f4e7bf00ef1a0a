import { http } from '../../api/http';
import { openWithDownloadCode } from '../../services/downloadCodes';
import { getToken } from '../../store/session';

/** Downloads a stored file or an export: the address gets a one-time download code, never the token. */
export function saveFile(url: string): Promise<void> {
  return openWithDownloadCode(url, { download: true });
}

/** Calls a route that answers {name, url} of a stored file and downloads it. */
export async function exportThen(call: () => Promise<{ data: { url?: string } }>): Promise<void> {
  const r = await call();
  if (r.data?.url) await saveFile(r.data.url);
}

/** Uploads a file to /api/file/Uploader/{type} (multipart) and answers the stored record. */
export async function uploadFile(
  file: File,
  type = 'document',
): Promise<{ fileId?: string; name?: string; url?: string; id?: string }> {
  const fd = new FormData();
  fd.append('file', file);
  const token = getToken();
  const r = await fetch(`/api/file/Uploader/${type}`, {
    method: 'POST',
    headers: token ? { Authorization: token.startsWith('Bearer ') ? token : `Bearer ${token}` } : {},
    body: fd,
  });
  const body = (await r.json()) as {
    code: number;
    msg: string;
    data: { fileId?: string; name?: string; url?: string };
  };
  if (body.code !== 200) throw new Error(body.msg || '上传失败');
  return body.data;
}

export { http };
