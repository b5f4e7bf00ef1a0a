import { sanitizeRichHtml } from '@kp/renderer';
import { mediaUrl } from '../../services/downloadCodes';
import { DATE, DATE_TIME, formatTime as formatDateText } from '../../util/date';

/** Spec 1 §9: recipients shown before 还有N位接收人. */
export const RECIPIENTS_SHOWN = 20;
/** Spec 1 §9: attachments of notices, news and messages. */
export const MAX_FILES = 99;
export const MAX_FILE_BYTES = 500 * 1024 * 1024;
/** Chat images (spec 1 §5). */
export const MAX_CHAT_IMAGE_BYTES = 5 * 1024 * 1024;
/** Comment attachments (spec 1 §5). */
export const MAX_COMMENT_IMAGES = 9;
export const MAX_COMMENT_FILES = 9;
export const MAX_COMMENT_BYTES = 50 * 1024 * 1024;
export const COMMENT_FILE_EXTS = ['xls', 'xlsx', 'doc', 'docx', 'pdf', 'txt', 'ppt', 'pptx'];
export const IMAGE_EXTS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'];

export interface Attachment {
  name: string;
  fileId: string;
  url: string;
  size?: number;
  fileVersionId?: string;
}

/** First 20 recipients and how many more (还有N位接收人). */
export function splitRecipients<T>(list: T[], shown = RECIPIENTS_SHOWN): { shown: T[]; rest: number } {
  return { shown: list.slice(0, shown), rest: Math.max(0, list.length - shown) };
}

/**
 * Reminder button (spec 1 §4): it reads close reminder while the reminder is on and open reminder while it
 * is off. The call: POST /{id}/close/{x}, x 1 closes, 0 opens.
 */
export function reminderAction(isRemind: unknown): {
  labelKey: 'oa.closeRemind' | 'oa.openRemind';
  x: 0 | 1;
} {
  const on = isRemind === true || Number(isRemind) === 1;
  return on ? { labelKey: 'oa.closeRemind', x: 1 } : { labelKey: 'oa.openRemind', x: 0 };
}

export type SiteAction =
  | { kind: 'dialog' }
  | { kind: 'external'; url: string }
  | { kind: 'route'; path: string }
  | { kind: 'booking'; id: string }
  | { kind: 'workflow'; path: string }
  | { kind: 'error' };

/**
 * What opening a site message does, by type (spec 1 §4): 1 dialog; 5 external address in a new window
 * (where the spec appends the token, the opener appends a one-time code bound to that link, which the server
 * gives only for an allowed address: services/linkCodes.ts; the session token never goes into a URL);
 * 6 /oa/msgList; 7 /oa/notice; 8 /oa/news; 9 booking read-only; others the workflow detail. An empty body
 * gives the default error (except the dialog, which shows the title).
 */
export function siteMessageAction(type: number | string, bodyText: string | null | undefined): SiteAction {
  const t = Number(type);
  const body = (bodyText ?? '').trim();
  if (t === 1) return { kind: 'dialog' };
  if (!body) return { kind: 'error' };
  if (t === 5) return /^https?:\/\//i.test(body) ? { kind: 'external', url: body } : { kind: 'error' };
  const idQ = `?id=${encodeURIComponent(body)}`;
  if (t === 6) return { kind: 'route', path: `/oa/msgList${idQ}` };
  if (t === 7) return { kind: 'route', path: `/oa/notice${idQ}` };
  if (t === 8) return { kind: 'route', path: `/oa/news${idQ}` };
  if (t === 9) return { kind: 'booking', id: body };
  let config: Record<string, unknown>;
  try {
    const v = JSON.parse(body);
    config = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { id: body };
  } catch {
    config = { id: body };
  }
  return {
    kind: 'workflow',
    path: `/workFlowDetail?config=${encodeURIComponent(btoa(unescape(encodeURIComponent(JSON.stringify(config)))))}`,
  };
}

export type PreviewKind = 'image' | 'pdf' | 'word' | 'excel' | 'text' | 'none';

export function extOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i >= 0 ? name.slice(i + 1).toLowerCase() : '';
}

/** Which in-browser viewer an attachment gets (legacy .doc/.xls have no browser renderer: download). */
export function previewKind(name: string): PreviewKind {
  const e = extOf(name);
  if (IMAGE_EXTS.includes(e)) return 'image';
  if (e === 'pdf') return 'pdf';
  if (e === 'docx') return 'word';
  if (e === 'xlsx' || e === 'csv') return 'excel';
  if (e === 'txt') return 'text';
  return 'none';
}

/**
 * The files one preview shows (spec 4 §2): the chosen file; when it is an image and the preview is not in
 * single-view mode, every other image of the list after it (the gallery's order: the chosen one first).
 */
export function previewSet(file: Attachment, list: readonly Attachment[], single = false): Attachment[] {
  if (single || previewKind(file.name) !== 'image') return [file];
  return [file, ...list.filter((f) => f !== file && previewKind(f.name) === 'image')];
}

/**
 * A download address that works for private files: the current media code in the query (never the
 * session token; services/downloadCodes.ts). `_token` is kept for the callers' signature.
 */
export function fileHref(url: string, _token?: string): string {
  if (!url) return '';
  return mediaUrl(url);
}

/** Human size, 1024-based (spec 1 §9). */
export function formatSize(n: number | undefined): string {
  if (!n || n < 0) return '';
  const u = ['B', 'KB', 'MB', 'GB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < u.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)}${u[i]}`;
}

/** Refusal text key when adding `adding` files to `current` would break the attachment limits. */
export function checkAttachments(
  current: number,
  adding: { size: number }[],
): 'oa.maxFiles' | 'oa.maxSize' | null {
  if (current + adding.length > MAX_FILES) return 'oa.maxFiles';
  if (adding.some((f) => f.size > MAX_FILE_BYTES)) return 'oa.maxSize';
  return null;
}

/** Chat image check (spec 1 §5): images only, under 5 MB (exactly 5 MB is refused, as the server does). */
export function checkChatImage(f: {
  name: string;
  type?: string;
  size: number;
}): 'chat.imageOnly' | 'chat.imageSize' | null {
  const isImage = (f.type ?? '').startsWith('image/') || IMAGE_EXTS.includes(extOf(f.name));
  if (!isImage) return 'chat.imageOnly';
  if (f.size >= MAX_CHAT_IMAGE_BYTES) return 'chat.imageSize';
  return null;
}

/**
 * Rich text of notices, news, messages and mail: sanitised again in the browser before it is shown — no
 * script, style or form, only the editor's own classes, no remote image (a tracking pixel): sanitizeRichHtml.
 */
export function safeHtml(html: string | null | undefined): string {
  return sanitizeRichHtml(html ?? '', { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}

/** Parses a JSON list of attachments (the server sends arrays; old rows may be JSON text). */
export function attachmentsOf(v: unknown): Attachment[] {
  let arr: unknown = v;
  if (typeof v === 'string') {
    try {
      arr = JSON.parse(v);
    } catch {
      return [];
    }
  }
  return Array.isArray(arr)
    ? arr.filter(
        (x): x is Attachment => !!x && typeof x === 'object' && typeof (x as Attachment).url === 'string',
      )
    : [];
}

/** Relative time of chat lists (spec 1 §9): under 30 s just now, under 1 h minutes, under 24 h hours, under 48 h 1天前. */
export function relativeTime(
  date: number | string | Date,
  now = Date.now(),
): { key: 'justNow' | 'minutes' | 'hours' | 'yesterday' | 'date'; n?: number; date?: Date } {
  const d = new Date(date);
  const diff = (now - d.getTime()) / 1000;
  if (diff < 30) return { key: 'justNow' };
  if (diff < 3600) return { key: 'minutes', n: Math.floor(diff / 60) || 1 };
  if (diff < 86400) return { key: 'hours', n: Math.floor(diff / 3600) };
  if (diff < 172800) return { key: 'yesterday' };
  return { key: 'date', date: d };
}

/** yyyy-MM-dd HH:mm (or yyyy-MM-dd) from the server's millisecond timestamps or date text. */
export function formatTime(v: string | number | null | undefined, withTime = true): string {
  return formatDateText(v, withTime ? DATE_TIME : DATE);
}
