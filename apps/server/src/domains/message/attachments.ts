// Attachment lists of messages, news, notices and comments (spec 1 §3, §9): parsed and bounded on the way in.
import { bad, MMSG } from './texts';

/** Attachments of messages, news and notices (spec 1 §9): up to 99 files. */
export const MAX_ATTACHMENTS = 99;

/** Attachment item (spec 1 §3): name, fileId, url. */
export interface FileItem {
  name: string;
  fileId?: string;
  url: string;
  [k: string]: unknown;
}

/** Files arrive as an array or its JSON text; refuses more than `max`. */
export function parseFiles(
  input: unknown,
  field: string,
  max = MAX_ATTACHMENTS,
  tooMany: string = MMSG.tooManyFiles,
) {
  let v = input;
  if (v === undefined || v === null || v === '') return [] as FileItem[];
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw bad(`${field}: is not valid JSON`);
    }
  }
  if (!Array.isArray(v)) throw bad(`${field}: must be an array`);
  if (v.length > max) throw bad(tooMany);
  return v.map((f, i) => {
    if (!f || typeof f !== 'object') throw bad(`${field}[${i}]: must be an object`);
    const o = f as Record<string, unknown>;
    if (typeof o.name !== 'string' || typeof o.url !== 'string')
      throw bad(`${field}[${i}]: name and url are required`);
    if (!/^(\/|https?:)/.test(o.url)) throw bad(`${field}[${i}].url: must be a web address`);
    return {
      name: o.name.slice(0, 500),
      url: o.url.slice(0, 1000),
      ...(typeof o.fileId === 'string' ? { fileId: o.fileId } : {}),
      ...(typeof o.fileVersionId === 'string' ? { fileVersionId: o.fileVersionId } : {}),
      ...(typeof o.size === 'number' ? { size: o.size } : {}),
    } as FileItem;
  });
}

export const jsonList = (text: string | null | undefined): unknown[] => {
  if (!text) return [];
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};
