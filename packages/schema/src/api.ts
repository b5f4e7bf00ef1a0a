import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** Codes of the envelope: 200 success; 600 expired, 601 kicked out or logged out elsewhere, 602 invalid token. */
export const ApiCode = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
  TOKEN_EXPIRED: 600,
  TOKEN_KICKED: 601,
  TOKEN_INVALID: 602,
} as const;
export type ApiCodeValue = (typeof ApiCode)[keyof typeof ApiCode];

/** Codes after which the client drops its token and goes to login (not on the login and lock-screen calls). */
export const SESSION_GONE_CODES: readonly number[] = [600, 601, 602];

/** Every response: `{ code, msg, data }`. */
export const ApiEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), data });
export interface ApiResponse<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const Pagination = Type.Object({
  currentPage: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
});
export type Pagination = Static<typeof Pagination>;

/** A paged list: `{ list, pagination: { currentPage, pageSize, total } }`. */
export const PagedList = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), pagination: Pagination });
export interface PagedList<T> {
  list: T[];
  pagination: Pagination;
}

/** Paging defaults of the spec: sizes 20, 30, 50; default 20. */
export const PAGE_SIZES = [20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** The query most list calls take. */
export const PageQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 20_000, default: DEFAULT_PAGE_SIZE })),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  menuId: Type.Optional(Type.String({ maxLength: 64 })),
  sort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  sidx: Type.Optional(Type.String({ maxLength: 64 })),
});
export type PageQuery = Static<typeof PageQuery>;
