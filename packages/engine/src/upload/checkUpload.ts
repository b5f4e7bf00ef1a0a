import type { Lang } from '../format/lang';
import { SIZE_UNITS } from '../format/size';
import { uploadText } from './messages';

/** Extension groups of the accept types (spec 3 §5, spec 4 §9). */
export const FILE_TYPE_GROUPS = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg', 'ico', 'tif', 'tiff'],
  video: ['mp4', 'avi', 'mov', 'wmv', 'flv', 'mkv', 'webm', 'mpeg', 'mpg', '3gp', 'rmvb'],
  audio: ['mp3', 'wav', 'wma', 'ogg', 'aac', 'flac', 'm4a', 'amr'],
  excel: ['xls', 'xlsx'],
  word: ['doc', 'docx'],
  pdf: ['pdf'],
  txt: ['txt'],
} as const;
export type FileTypeGroup = keyof typeof FILE_TYPE_GROUPS;

export type SizeUnit = 'KB' | 'MB' | 'GB';

export interface UploadFileInfo {
  name: string;
  size: number;
  type?: string;
}

export interface UploadOptions {
  /** Maximum number of files in the list; unset or 0 means no limit. */
  limit?: number;
  /** Files already in the list. */
  currentCount?: number;
  /** Allowed size in sizeUnit; default 5 (MB). null or 0 switches the size check off. */
  fileSize?: number | null;
  sizeUnit?: SizeUnit;
  /**
   * Comma-separated: extensions ('.pdf' or 'pdf'), type groups ('image', 'excel', ...), MIME types
   * ('application/pdf') or wildcards ('image/*'). Empty accepts everything (files only).
   */
  accept?: string;
  kind?: 'file' | 'image';
  /** Replaces the oversize text (the chat preset's 图片大小不能超过5M). */
  sizeMessage?: string;
  lang?: Lang;
}

export type UploadCheck = { ok: true } | { ok: false; message: string };

export const DEFAULT_FILE_SIZE = 5;
export const DEFAULT_SIZE_UNIT: SizeUnit = 'MB';

export function fileExtension(name: string): string {
  const dot = typeof name === 'string' ? name.lastIndexOf('.') : -1;
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function isImage(file: Pick<UploadFileInfo, 'name' | 'type'>): boolean {
  const ext = fileExtension(file.name);
  if ((FILE_TYPE_GROUPS.image as readonly string[]).includes(ext)) return true;
  return ext === '' && typeof file.type === 'string' && file.type.startsWith('image/');
}

/** Does the file match the accept string? */
export function matchesAccept(file: Pick<UploadFileInfo, 'name' | 'type'>, accept: string): boolean {
  const ext = fileExtension(file.name);
  const mime = typeof file.type === 'string' ? file.type.toLowerCase() : '';
  return accept
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .some((item) => {
      if (item in FILE_TYPE_GROUPS)
        return (FILE_TYPE_GROUPS[item as FileTypeGroup] as readonly string[]).includes(ext);
      if (item.endsWith('/*')) {
        const group = item.slice(0, -2);
        if (
          group in FILE_TYPE_GROUPS &&
          (FILE_TYPE_GROUPS[group as FileTypeGroup] as readonly string[]).includes(ext)
        )
          return true;
        return mime.startsWith(`${group}/`);
      }
      if (item.includes('/')) return mime === item;
      return ext !== '' && ext === item.replace(/^\./, '');
    });
}

/**
 * Checks a file before upload (spec 3 §5 Uploaders), in this order: the count limit, the type (accept,
 * or "is an image" for the image kind), then the size, which is rejected when the size in the chosen unit
 * is NOT below the allowed size (default 5 MB). Never throws.
 */
export function checkUpload(file: UploadFileInfo, options: UploadOptions = {}): UploadCheck {
  const lang = options.lang ?? 'zh';
  const image = options.kind === 'image';
  const limit = Number(options.limit ?? 0);
  const count = Number(options.currentCount ?? 0);
  if (limit > 0 && count >= limit)
    return { ok: false, message: uploadText(image ? 'imageLimit' : 'fileLimit', { limit }, lang) };

  const f: UploadFileInfo =
    file && typeof file === 'object' ? file : { name: '', size: Number.NaN, type: '' };
  if (image && !isImage(f)) return { ok: false, message: uploadText('notImage', {}, lang) };
  const accept = typeof options.accept === 'string' ? options.accept.trim() : '';
  if (accept && !matchesAccept(f, accept))
    return { ok: false, message: uploadText('fileType', { accept }, lang) };

  const size = options.fileSize === undefined ? DEFAULT_FILE_SIZE : options.fileSize;
  const unit: SizeUnit =
    options.sizeUnit && options.sizeUnit in SIZE_UNITS ? options.sizeUnit : DEFAULT_SIZE_UNIT;
  if (size !== null && size > 0) {
    const inUnit = Number(f.size) / SIZE_UNITS[unit];
    if (!(inUnit < size)) {
      const message =
        options.sizeMessage ?? uploadText(image ? 'imageSize' : 'fileSize', { size, unit }, lang);
      return { ok: false, message };
    }
  }
  return { ok: true };
}

/** Comment attachments (spec 3 §5): at most 9 images, each under 50 MB. */
export const COMMENT_IMAGE_PRESET: Readonly<UploadOptions> = Object.freeze({
  kind: 'image',
  limit: 9,
  fileSize: 50,
  sizeUnit: 'MB',
});
/** Comment attachments: at most 9 files of 50 MB, types xls xlsx doc docx pdf txt ppt pptx. */
export const COMMENT_FILE_PRESET: Readonly<UploadOptions> = Object.freeze({
  kind: 'file',
  limit: 9,
  fileSize: 50,
  sizeUnit: 'MB',
  accept: '.xls,.xlsx,.doc,.docx,.pdf,.txt,.ppt,.pptx',
});
/** Chat or reply images: image files only, under 5 MB, with the spec's 图片大小不能超过5M. */
export const CHAT_IMAGE_PRESET: Readonly<UploadOptions> = Object.freeze({
  kind: 'image',
  fileSize: 5,
  sizeUnit: 'MB',
  sizeMessage: '图片大小不能超过5M',
});
/** News, notice and message attachments: up to 99 files of 500 MB (spec 1 §9, spec 3 §9). */
export const NOTICE_ATTACHMENT_PRESET: Readonly<UploadOptions> = Object.freeze({
  kind: 'file',
  limit: 99,
  fileSize: 500,
  sizeUnit: 'MB',
});
