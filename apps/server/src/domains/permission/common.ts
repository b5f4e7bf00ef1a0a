// Small helpers shared by the route modules of the organisation and permission API.
import { ApiCode } from '@kp/schema';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import { requestLanguage } from '../../http/i18n';
import { type Lang, type MsgKey, msg } from './messages';

/** Module enCodes (seed/menus.ts) each route's permission names. */
export const MENU = {
  organize: 'permission.organize',
  department: 'permission.department',
  position: 'permission.position',
  user: 'permission.user',
  role: 'permission.role',
  group: 'permission.group',
  authorize: 'permission.authorize',
} as const;

export const BTN = {
  add: 'btn_add',
  edit: 'btn_edit',
  remove: 'btn_remove',
  state: 'btn_state',
  resetPassword: 'btn_resetPassword',
  unlock: 'btn_unlock',
  export: 'btn_export',
  import: 'btn_import',
} as const;

/** The language of the answer: the request's Accept-Language, else the user's saved language (zh default). */
export const lang = (req: FastifyRequest): Lang => requestLanguage(req);

/** Throws `{code, msg}` with the text of `key` in the caller's language. */
export function refuse(
  req: FastifyRequest,
  code: number,
  key: MsgKey,
  vars?: Record<string, string | number>,
): never {
  throw new ApiError(code, msg(key, lang(req), vars));
}
/** 409 (编码已存在) when another row of `table` than `existing` already has this code. */
export async function refuseDuplicateCode(
  req: FastifyRequest,
  table: 'base_organize' | 'base_position' | 'base_role',
  enCode: string,
  existing?: { id: string },
): Promise<void> {
  const dupe = await req.server.kp.db
    .selectFrom(table)
    .select('id')
    .where('en_code', '=', enCode)
    .$if(!!existing, (q) => q.where('id', '<>', existing?.id ?? ''))
    .executeTakeFirst();
  if (dupe) refuse(req, ApiCode.CONFLICT, 'duplicateCode');
}
export const notFoundErr = (req: FastifyRequest): never => refuse(req, ApiCode.NOT_FOUND, 'notFound');
export const outOfScope = (req: FastifyRequest): never => refuse(req, ApiCode.FORBIDDEN, 'outOfScope');
export const badInput = (text: string): never => {
  throw new ApiError(ApiCode.BAD_REQUEST, text);
};

/** `%kw%` for LIKE with the wildcards of the keyword escaped; milliseconds of a timestamp column. */
export { likeOf, ts as ms } from '../../db/values';

/** Parent id as the client sends it: '-1', '0', '' and null all mean "no parent". */
export const parentOf = (v: string | null | undefined): string | null =>
  v == null || v === '' || v === '-1' || v === '0' ? null : v;

/** Page numbers with the spec's defaults (20 per page). */
export function paging(q: { currentPage?: number; pageSize?: number }): {
  page: number;
  size: number;
  offset: number;
} {
  const page = q.currentPage ?? 1;
  const size = q.pageSize ?? 20;
  return { page, size, offset: (page - 1) * size };
}

export const IdParam = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['id'],
} as const;
export type IdParam = { id: string };
