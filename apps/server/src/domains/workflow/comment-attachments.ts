import { EXT_KINDS, MB } from '../../files/policy';
import { badRequest } from '../../http/api-error';
import { parseJson, type WfDb } from './tables';

/** One attachment of a flow comment, as stored and listed (spec 2 §3 Comment file/image JSON lists). */
export interface CommentAttachment {
  fileId: string;
  url: string;
  name: string;
  size: number;
}

/** Spec 2 §5 / §9: at most 9 images (image types) and 9 files (these types), 50 MB each. */
export const COMMENT_LIMITS = {
  max: 9,
  maxBytes: 50 * MB,
  images: EXT_KINDS.image ?? ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'],
  files: ['xls', 'xlsx', 'doc', 'docx', 'pdf', 'txt', 'ppt', 'pptx'],
} as const;

export const COMMENT_MSG = {
  empty: '评论不能为空',
  tooManyImages: 'image: 最多上传9张图片',
  tooManyFiles: 'file: 最多上传9个文件',
  notImage: 'image: 请上传图片（jpg、jpeg、png、gif、bmp、webp）',
  badFileType: 'file: 仅支持xls、xlsx、doc、docx、pdf、txt、ppt、pptx类型的文件',
  tooLarge: (field: string) => `${field}: 文件大小不能超过50MB`,
  badEntry: (field: string) => `${field}: 每个附件需要 fileId 或 url`,
  unknown: (field: string) => `${field}: 附件不存在或无权使用`,
  notList: (field: string) => `${field}: 必须是数组`,
  tooLong: (field: string) => `${field}: 内容过长`,
} as const;

const DOWNLOAD_ID = /\/api\/file\/Download\/[^/]+\/([0-9a-f]{32})\.[A-Za-z0-9]{1,16}$/i;

/** The file id an entry points at: fileId / fileVersionId, or the id inside a download url. */
function idOf(entry: unknown): string | null {
  if (!entry || typeof entry !== 'object') return null;
  const e = entry as Record<string, unknown>;
  for (const k of ['fileId', 'fileVersionId'] as const)
    if (typeof e[k] === 'string' && /^[0-9a-f]{32}$/i.test(e[k] as string))
      return (e[k] as string).toLowerCase();
  if (typeof e.url === 'string') return DOWNLOAD_ID.exec(e.url)?.[1]?.toLowerCase() ?? null;
  return null;
}

const asList = (field: string, v: unknown): unknown[] => {
  if (typeof v === 'string' && v.length > 20000) throw badRequest(COMMENT_MSG.tooLong(field));
  const list = typeof v === 'string' ? parseJson<unknown>(v.trim() || '[]', null) : (v ?? []);
  if (!Array.isArray(list)) throw badRequest(COMMENT_MSG.notList(field));
  return list;
};

/**
 * Checks a comment's attachments against file_record (the uploads of /api/file): counts, types, the
 * stored size (not the client's), and that the commenter uploaded each file or it is already attached to
 * a comment of the same task (readable to every participant). Returns the entries as stored.
 */
export async function checkCommentAttachments(
  db: WfDb,
  input: { taskId: string; userId: string; text?: string | null; file?: unknown; image?: unknown },
): Promise<{ file: CommentAttachment[]; image: CommentAttachment[] }> {
  const file = asList('file', input.file);
  const image = asList('image', input.image);
  if (image.length > COMMENT_LIMITS.max) throw badRequest(COMMENT_MSG.tooManyImages);
  if (file.length > COMMENT_LIMITS.max) throw badRequest(COMMENT_MSG.tooManyFiles);
  if (!input.text?.trim() && !file.length && !image.length) throw badRequest(COMMENT_MSG.empty);
  if (!file.length && !image.length) return { file: [], image: [] };
  const ids = (field: string, list: unknown[]) =>
    list.map((e) => {
      const id = idOf(e);
      if (!id) throw badRequest(COMMENT_MSG.badEntry(field));
      return id;
    });
  const fileIds = ids('file', file);
  const imageIds = ids('image', image);
  const all = [...new Set([...fileIds, ...imageIds])];
  const rows = await db
    .selectFrom('file_record')
    .select(['id', 'owner_user_id', 'original_name', 'extension', 'file_type', 'size'])
    .where('id', 'in', all)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Files already on a comment of this task are readable to its participants: they may be reposted.
  const notMine = rows.filter((r) => r.owner_user_id !== input.userId).map((r) => r.id);
  const shared = new Set<string>();
  if (notMine.length) {
    const existing = await db
      .selectFrom('wf_comment')
      .select(['file', 'image'])
      .where('task_id', '=', input.taskId)
      .where('deleted', '=', 0)
      .execute();
    for (const c of existing)
      for (const e of [...parseJson<unknown[]>(c.file, []), ...parseJson<unknown[]>(c.image, [])]) {
        const id = idOf(e);
        if (id) shared.add(id);
      }
  }
  const build = (field: 'file' | 'image', list: string[]): CommentAttachment[] =>
    list.map((id) => {
      const r = byId.get(id);
      if (!r || (r.owner_user_id !== input.userId && !shared.has(id)))
        throw badRequest(COMMENT_MSG.unknown(field));
      const ext = r.extension.toLowerCase();
      if (field === 'image' && !(COMMENT_LIMITS.images as readonly string[]).includes(ext))
        throw badRequest(COMMENT_MSG.notImage);
      if (field === 'file' && !(COMMENT_LIMITS.files as readonly string[]).includes(ext))
        throw badRequest(COMMENT_MSG.badFileType);
      // "under 50 MB" (spec 2 §5): exactly 50 MB is refused.
      if (Number(r.size) >= COMMENT_LIMITS.maxBytes) throw badRequest(COMMENT_MSG.tooLarge(field));
      return {
        fileId: r.id,
        url: `/api/file/Download/${r.file_type}/${r.id}.${r.extension}`,
        name: r.original_name,
        size: Number(r.size),
      };
    });
  return { file: build('file', fileIds), image: build('image', imageIds) };
}
