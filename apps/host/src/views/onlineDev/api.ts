import type { FormConfig, VisualDevColumnData } from '@kp/schema';
import { ApiError, defaultErrorText, http, postFormData } from '../../api/http';
import { openWithDownloadCode } from '../../services/downloadCodes';

export interface ItemSummary {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  webType: number;
  state: number;
  enabledMark: number;
  sortCode: number;
  description: string | null;
  menuId: string | null;
  creatorTime: number | null;
  lastModifyTime: number | null;
  releaseTime: number | null;
}
export interface Item extends ItemSummary {
  formData: FormConfig;
  columnData: VisualDevColumnData;
}
export interface RuntimeConfig {
  id: string;
  fullName: string;
  enCode: string;
  webType: number;
  formData: FormConfig;
  columnData: VisualDevColumnData;
  menuId: string;
  /** The user's buttons on the released menu; null for administrators (every button). */
  buttons: string[] | null;
  /** Fields outside the user's form grants: hidden and not written. */
  formOperates?: Array<{ id: string; read?: boolean; write?: boolean }>;
}
export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}
export type RecordRow = Record<string, unknown> & { id: string; version: number };
export interface ImportCheck {
  snum: number;
  fnum: number;
  list?: Array<{ data: Record<string, unknown>; errorsInfo: string }>;
  failResult?: Array<{ data: Record<string, unknown>; errorsInfo: string }>;
}

const B = '/api/visualdev/Base';
const R = '/api/visualdev/OnlineDev';

export const api = {
  items: (q: { keyword?: string; currentPage?: number; pageSize?: number }) =>
    http.get<Paged<ItemSummary>>(B, q).then((r) => r.data),
  item: (id: string) => http.get<Item>(`${B}/${id}`).then((r) => r.data),
  create: (body: Record<string, unknown>) =>
    http.post<string>(B, body, { showSuccess: true }).then((r) => r.data),
  update: (id: string, body: Record<string, unknown>) => http.put(`${B}/${id}`, body, { showSuccess: true }),
  remove: (id: string) => http.delete(`${B}/${id}`, undefined, { showSuccess: true }),
  copy: (id: string) => http.post(`${B}/${id}/Actions/Copy`, {}, { showSuccess: true }),
  /** Release; `parentId` is the parent menu (a directory), the server's 在线开发 directory when left out. */
  release: (id: string, parentId?: string) =>
    http.post(`${B}/${id}/Actions/Release`, parentId ? { pcModuleParentId: parentId } : {}, {
      showSuccess: true,
    }),
  config: (id: string) => http.get<RuntimeConfig>(`${R}/${id}/Config`).then((r) => r.data),
  list: (id: string, body: Record<string, unknown>) =>
    http.post<Paged<RecordRow>>(`${R}/${id}/List`, body).then((r) => r.data),
  record: (id: string, rid: string) =>
    http
      .get<{ id: string; data: Record<string, unknown>; version: number }>(`${R}/${id}/${rid}`)
      .then((r) => r.data),
  add: (id: string, data: Record<string, unknown>) =>
    http.post<string>(`${R}/${id}`, { data }, { showSuccess: true }),
  save: (id: string, rid: string, data: Record<string, unknown>, version: number) =>
    http.put(`${R}/${id}/${rid}`, { data, version }, { showSuccess: true }),
  del: (id: string, rid: string) => http.delete(`${R}/${id}/${rid}`, undefined, { showSuccess: true }),
  batchDel: (id: string, ids: string[]) =>
    http.post(`${R}/batchDelete/${id}`, { ids }, { showSuccess: true }),
  exportRows: (id: string, body: Record<string, unknown>) =>
    http.post<{ name: string; url: string }>(`${R}/${id}/Actions/Export`, body).then((r) => r.data),
  template: (id: string) =>
    http.get<{ name: string; url: string }>(`${R}/${id}/Template`).then((r) => r.data),
  importPreview: (id: string, fileId: string) =>
    http.post<ImportCheck>(`${R}/${id}/Actions/ImportPreview`, { fileId }).then((r) => r.data),
  importRun: (id: string, fileId: string) =>
    http.post<ImportCheck>(`${R}/${id}/Actions/Import`, { fileId }).then((r) => r.data),
  exportFailed: (id: string, list: ImportCheck['failResult']) =>
    http.post<{ name: string; url: string }>(`${R}/${id}/Actions/ExportData`, { list }).then((r) => r.data),
  areas: () => http.get<string[]>('/api/visualdev/Generater/AreasName').then((r) => r.data),
  /** The enabled print templates of online forms (print design type 2), for the form's 打印模板 picker. */
  printTemplates: () =>
    http
      .get<{ list: Array<{ id: string; fullName: string }> }>('/api/system/printDev/Selector', { type: 2 })
      .then((r) => r.data.list),
  preview: (id: string, body: Record<string, unknown>) =>
    http
      .post<{ list: Array<{ fileName: string; fileType: string; fileContent: string }> }>(
        `/api/visualdev/Generater/${id}/Actions/CodePreview`,
        body,
      )
      .then((r) => r.data.list),
  downloadCode: (id: string, body: Record<string, unknown>) =>
    http
      .post<{ name: string; url: string }>(`/api/visualdev/Generater/${id}/Actions/DownloadCode`, body)
      .then((r) => r.data),
};

/** Opens a generated file's download address with a one-time download code (never the token). */
export function openDownload(url: string): Promise<void> {
  return openWithDownloadCode(url);
}

/** Uploads one file (multipart) to the caller's private documents; answers its file id. */
export async function uploadDocument(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await postFormData<{ fileId?: string }>('/api/file/Uploader/document', form);
  if (!res.data?.fileId) throw new ApiError(res.code, res.msg || defaultErrorText(), res);
  return res.data.fileId;
}
