import { enTexts, UploadQueue, zhTexts, zhtwTexts } from '@kp/renderer';
import type { ApiResponse } from '@kp/schema';
import { postFormData, request } from '../../api/http';
import i18n from '../../i18n';
import { httpFormProviders } from '../../services/formProviders';
import type { Attachment } from './model';

/** The renderer's upload texts in the current language. */
function rendererTexts(): { uploadFailed: string; readError: string } {
  const lang = i18n.language;
  return (lang === 'en' ? enTexts : lang === 'zhtw' ? zhtwTexts : zhTexts) as unknown as {
    uploadFailed: string;
    readError: string;
  };
}

/**
 * Uploads a file through the chunk API with the renderer's upload queue (POST /api/file/chunk per 5 MiB,
 * each chunk retried up to 5 times, then /api/file/merge with the MD5), as attachments up to 500 MB need.
 * `fileType` is the server's upload kind (document: private, 500 MB). Rejects with the server's msg.
 */
export function uploadChunked(
  file: File,
  fileType = 'document',
  onProgress?: (fraction: number) => void,
): Promise<Attachment> {
  const texts = rendererTexts();
  return new Promise((resolve, reject) => {
    const queue = new UploadQueue({
      upload: httpFormProviders().upload,
      fileType,
      onItems: (items) => {
        const it = items[0];
        if (!it) return;
        if (it.state === 'uploading') onProgress?.(it.progress / 100);
        if (it.state === 'error') reject(new Error(it.error || texts.uploadFailed));
      },
      onSuccess: (_, v) => {
        onProgress?.(1);
        resolve({ name: v.name, fileId: v.fileId, url: v.url, size: v.size });
      },
      onMessage: (text, kind) => kind === 'error' && reject(new Error(text)),
      texts: {
        readError: (name) => texts.readError.replace('{{name}}', name),
        uploadFailed: texts.uploadFailed,
      },
    });
    void queue.add(file);
  });
}

/** Single-request upload (chat images: /api/file/Uploader/IM, 5 MB; comments: comment). */
export function uploadSingle(file: File, type: string): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return postFormData<Attachment>(`/api/file/Uploader/${type}`, form).then((r) => r.data);
}

/** DELETE with a JSON body (DELETE /api/message/Record {ids}); the shared client sends DELETE data as query. */
export function deleteJson<T>(url: string, body: Record<string, unknown>): Promise<ApiResponse<T>> {
  return request<T>({ url, method: 'DELETE', data: body, deleteBody: true, silent: true });
}
