import { http, postFormData } from '../../api/http';
import { openWithDownloadCode } from '../../services/downloadCodes';

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
  return (
    await postFormData<{ fileId?: string; name?: string; url?: string }>(`/api/file/Uploader/${type}`, fd)
  ).data;
}

export { http };
