import { ApiCode } from '@kp/schema';
import type { Kysely } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import type { Database } from '../../db/types';
import { ApiError } from '../../http/api-error';

export const bad = (msg: string) => new ApiError(ApiCode.BAD_REQUEST, msg);

/** Texts of the messaging modules (spec 1, spec 3; the rest are ours). */
export const MMSG = {
  tooManyFiles: '当前限制最多可以上传99个文件',
  commentEmpty: '评论不能为空',
  tooManyImages9: '当前限制最多可以上传9张图片',
  tooManyFiles9: '当前限制最多可以上传9个文件',
  onlyCreator: '只有创建人可以修改接收人',
  saved: '保存成功',
  created: '新建成功',
  updated: '修改成功',
  deleted: '删除成功',
  released: '发布成功',
  sent: '发送成功',
  readAll: '已全部标记为已读',
  recipientsAdded: '添加接收人成功',
  recipientsRemoved: '删除接收人成功',
  remindOn: '已开启提醒',
  remindOff: '已关闭提醒',
  marked: '标记成功',
  unmarked: '已取消标记',
  recovered: '恢复成功',
  checkedIn: '打卡成功',
  noRecipients: 'acceptUsers: 请选择接收人',
} as const;

/** Attachments of messages, news and notices (spec 1 §9): up to 99 files. */
export const MAX_ATTACHMENTS = 99;

/**
 * Rich text is sanitised on the way in: normal formatting, tables, images and links stay; scripts,
 * event handlers (on*), javascript:/vbscript: URLs, iframes and forms are removed.
 */
export function sanitizeRich(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags,
      'img',
      'span',
      'font',
      'u',
      's',
      'del',
      'ins',
      'sub',
      'sup',
      'h1',
      'h2',
    ],
    allowedAttributes: {
      a: ['href', 'name', 'target', 'rel', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      font: ['color', 'size', 'face'],
      td: ['colspan', 'rowspan', 'align', 'valign'],
      th: ['colspan', 'rowspan', 'align', 'valign'],
      '*': ['style', 'class', 'align'],
    },
    allowedStyles: {
      '*': {
        color: [/^[#\w(),.\s%]+$/],
        'background-color': [/^[#\w(),.\s%]+$/],
        'text-align': [/^(left|right|center|justify)$/],
        'font-size': [/^[\d.]+(px|pt|em|rem|%)$/],
        'font-weight': [/^(normal|bold|\d{3})$/],
        'font-style': [/^(normal|italic)$/],
        'text-decoration': [/^[\w\s-]+$/],
        'line-height': [/^[\d.]+(px|em|%)?$/],
        width: [/^[\d.]+(px|%)$/],
        height: [/^[\d.]+(px|%)$/],
        'text-indent': [/^[\d.]+(px|em)$/],
      },
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: false,
  });
}

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

/** User ids from an array or a comma-joined string (JNPF sends both), deduplicated. */
export function idList(input: unknown, field: string): string[] {
  let list: unknown[];
  if (input === undefined || input === null || input === '') list = [];
  else if (typeof input === 'string') list = input.split(',');
  else if (Array.isArray(input)) list = input;
  else throw bad(`${field}: must be a list of user ids`);
  const out = new Set<string>();
  for (const x of list) {
    if (typeof x !== 'string') throw bad(`${field}: must be a list of user ids`);
    const s = x.trim();
    if (s) out.add(s.slice(0, 64));
  }
  return [...out];
}

/** Refuses ids that are not existing users. */
export async function checkUsers(db: Kysely<Database>, ids: string[], field: string): Promise<void> {
  if (!ids.length) return;
  const rows = await db.selectFrom('base_user').select('id').where('id', 'in', ids).execute();
  if (rows.length !== ids.length) {
    const known = new Set(rows.map((r) => r.id));
    throw bad(`${field}: 用户不存在 ${ids.find((i) => !known.has(i))}`);
  }
}

export interface UserBrief {
  id: string;
  realName: string;
  account: string;
  headIcon: string | null;
  userName: string;
}

export async function usersById(
  db: Kysely<Database>,
  ids: Iterable<string>,
): Promise<Map<string, UserBrief>> {
  const list = [...new Set(ids)].filter(Boolean);
  const map = new Map<string, UserBrief>();
  if (!list.length) return map;
  const rows = await db
    .selectFrom('base_user')
    .select(['id', 'real_name', 'account', 'head_icon'])
    .where('id', 'in', list)
    .execute();
  for (const r of rows)
    map.set(r.id, {
      id: r.id,
      realName: r.real_name,
      account: r.account,
      headIcon: r.head_icon,
      userName: `${r.real_name}/${r.account}`,
    });
  return map;
}

export const pageOf = (q: { currentPage?: number; pageSize?: number }) => {
  const currentPage = q.currentPage ?? 1;
  const pageSize = q.pageSize ?? 20;
  return { currentPage, pageSize, offset: (currentPage - 1) * pageSize };
};

export const paged = <T>(
  list: T[],
  p: { currentPage: number; pageSize: number },
  total: number | bigint | string,
) => ({
  list,
  pagination: { currentPage: p.currentPage, pageSize: p.pageSize, total: Number(total) },
});

/** Escapes LIKE wildcards of a keyword. */
export const likeOf = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const ts = (d: Date | string | null | undefined): number | null =>
  d === null || d === undefined ? null : new Date(d).getTime();
