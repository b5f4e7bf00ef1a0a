import { http } from '../../api/http';
import { getToken } from '../../store/session';

/** Opens a stored file's download address with the session token in the query (the download route accepts it). */
export function downloadUrl(url: string): string {
  const token = getToken().replace(/^Bearer /, '');
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
export function saveFile(url: string): void {
  const a = document.createElement('a');
  a.href = downloadUrl(url);
  a.rel = 'noopener';
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Calls a route that answers {name, url} of a stored file and downloads it. */
export async function exportThen(call: () => Promise<{ data: { url?: string } }>): Promise<void> {
  const r = await call();
  if (r.data?.url) saveFile(r.data.url);
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
