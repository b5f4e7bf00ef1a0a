/**
 * What may be uploaded. Extensions by kind (spec 4 §9 accepted types: image, video, audio, excel, word,
 * pdf, txt; plus ppt and archives for attachments). Anything else (html, svg, js, exe…) is refused,
 * whatever the client says. Sizes: attachments up to 500 MB (spec 1 §9), chunks 5 MiB, editor images
 * (annex/annexpic) 10 MB, chat images (IM) 5 MB, avatars 2 MB.
 *
 * The server stores and serves uploads as bytes: it never decodes, resizes or unpacks an image or an archive.
 * The one container it opens is an xlsx import, and only through src/untrusted/xlsx.ts (size, entry, ratio,
 * row and cell limits, in a worker with a heap and a time limit); any new parse of an upload goes there too.
 */
export const EXT_KINDS: Record<string, string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'],
  video: ['mp4', 'avi', 'mov', 'wmv', 'flv', 'mkv', 'webm'],
  audio: ['mp3', 'wav', 'aac', 'ogg', 'm4a', 'amr'],
  excel: ['xls', 'xlsx', 'csv'],
  word: ['doc', 'docx', 'wps'],
  ppt: ['ppt', 'pptx'],
  pdf: ['pdf'],
  txt: ['txt'],
  archive: ['zip', 'rar', '7z'],
};
const ALL = new Set(Object.values(EXT_KINDS).flat());
const IMAGES = new Set(EXT_KINDS.image);

export const MB = 1024 * 1024;
export const CHUNK_LIMIT = 5 * MB;
export const MAX_FILE_SIZE = 500 * MB;

/** Upload kinds (the {type} path segment and the chunk fileType): allowed extensions and size limit. */
// under: the spec gives the limit as "under N MB" (spec 1 §5: comment files and images under 50 MB, chat
// images under 5 MB): a file of exactly N MB is refused. Elsewhere the limit itself is allowed.
const TYPES: Record<string, { images: boolean; max: number; public: boolean; under?: true }> = {
  annex: { images: false, max: MAX_FILE_SIZE, public: true },
  annexpic: { images: true, max: 10 * MB, public: true },
  userAvatar: { images: true, max: 2 * MB, public: true },
  IM: { images: true, max: 5 * MB, public: false, under: true },
  document: { images: false, max: MAX_FILE_SIZE, public: false },
  workFlow: { images: false, max: MAX_FILE_SIZE, public: false },
  mail: { images: false, max: MAX_FILE_SIZE, public: false },
  comment: { images: false, max: 50 * MB, public: false, under: true },
  // attachments and images of form fields (uploadFz, uploadImg): read by the form's readers only (file/links.ts)
  form: { images: false, max: MAX_FILE_SIZE, public: false },
  formpic: { images: true, max: MAX_FILE_SIZE, public: false },
};

/**
 * A form attachment uploaded as a public kind (before the form kinds, or by an old client) takes the checked
 * form kind when a form stores it (file/links.ts); its address keeps the kind it was uploaded as.
 */
export const FORM_KIND: Record<string, string> = { annex: 'form', annexpic: 'formpic' };

/** Whether a download address of kind `asked` names a file stored as `stored`. */
export const sameKind = (asked: string, stored: string) => asked === stored || FORM_KIND[asked] === stored;
export const UPLOAD_TYPES = Object.keys(TYPES);

export function normaliseExt(ext: string): string {
  return ext.replace(/^\./, '').toLowerCase();
}

/** null when allowed, otherwise the refusal text. */
export function checkUpload(type: string, ext: string, size: number): string | null {
  const t = Object.hasOwn(TYPES, type) ? TYPES[type] : undefined;
  if (!t) return `fileType: 不支持的上传类型 ${type.slice(0, 32)}`;
  const e = normaliseExt(ext);
  if (!ALL.has(e) || (t.images && !IMAGES.has(e)))
    return `请选择${t.images ? EXT_KINDS.image.join(',') : [...ALL].join(',')}类型的文件`;
  if (t.under ? size >= t.max : size > t.max) return `文件大小超过${Math.round(t.max / MB)}MB`;
  return null;
}

/** Files of these types may be downloaded without a session (ids are 128-bit random, unguessable). */
export const isPublicType = (type: string) => TYPES[type]?.public ?? false;

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
};
