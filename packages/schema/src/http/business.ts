import { type Static, Type } from '@sinclair/typebox';

const Ids = Type.Union([Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20_000 }), Type.String()]);
const Flag = Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Boolean()]);

/**
 * GET /api/Bussiness/Message/List/{type}: 0 received, 1 sent, 2 drafts, 3 marked, 4 deleted (recycle).
 * News and notices list/{type}: 0 released and visible to me, 1 mine (drafts and released), 2 drafts.
 */
export const OaListParams = Type.Object({ type: Type.Integer({ minimum: 0, maximum: 4 }) });
export type OaListParams = Static<typeof OaListParams>;

export const OaListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  menuId: Type.Optional(Type.String({ maxLength: 64 })),
  /** 'false' only unread, 'true' only read. */
  readType: Type.Optional(Type.Boolean()),
});
export type OaListQuery = Static<typeof OaListQuery>;

/** Business message (spec 1 §3 Message detail). */
export const BusinessMessageBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 500 }),
  contents: Type.Optional(Type.String({ maxLength: 2_000_000 })),
  files: Type.Optional(Type.Unknown()),
  isImportant: Type.Optional(Flag),
  isRemind: Type.Optional(Flag),
  acceptUsers: Type.Optional(Ids),
  isDraft: Type.Optional(Flag),
});
export type BusinessMessageBody = Static<typeof BusinessMessageBody>;

/** Company news and notices (spec 1 §3 News). Without acceptUsers every user may read them. */
export const NewsBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 500 }),
  contents: Type.Optional(Type.String({ maxLength: 2_000_000 })),
  coverFiles: Type.Optional(Type.Unknown()),
  files: Type.Optional(Type.Unknown()),
  isRemind: Type.Optional(Flag),
  isImportant: Type.Optional(Flag),
  acceptUsers: Type.Optional(Ids),
  isDraft: Type.Optional(Flag),
  reportUserName: Type.Optional(Type.String({ maxLength: 200 })),
});
export type NewsBody = Static<typeof NewsBody>;

export const RecipientParams = Type.Object({
  objectId: Type.String({ minLength: 1, maxLength: 64 }),
  /** message | news | notice (also 1, 2, 3). */
  objectType: Type.String({ minLength: 1, maxLength: 16 }),
});
export type RecipientParams = Static<typeof RecipientParams>;

export const RecipientBody = Type.Object({ userIds: Ids });
export type RecipientBody = Static<typeof RecipientBody>;

export const CloseParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  /** 0 open the reminder, 1 close it (spec 3 §4 'Message reminder'). */
  x: Type.Integer({ minimum: 0, maximum: 1 }),
});
export type CloseParams = Static<typeof CloseParams>;

export const OaItemListRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  userName: Type.String(),
  creatorUserName: Type.String(),
  creatorTime: Type.Union([Type.Integer(), Type.Null()]),
  readType: Type.Boolean(),
  isMark: Type.Boolean(),
  isDraft: Type.Boolean(),
  isRemind: Type.Boolean(),
  isImportant: Type.Boolean(),
});
export type OaItemListRow = Static<typeof OaItemListRow>;

/** POST /api/Bussiness/Comment (spec 3 §3 Comments). */
export const CommentBody = Type.Object({
  contents: Type.Optional(Type.String({ maxLength: 20_000 })),
  ownerId: Type.String({ minLength: 1, maxLength: 64 }),
  files: Type.Optional(Type.Unknown()),
  toUserId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  parentId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
});
export type CommentBody = Static<typeof CommentBody>;

export interface CommentReply {
  id: string;
  fromId: string;
  fromName: string;
  fromAvatar: string | null;
  toId: string | null;
  toName: string;
  date: number;
  content: string;
  files: unknown[];
  isLike: boolean;
  likeNum: number;
  isDel: boolean;
}
export interface CommentTreeItem extends CommentReply {
  children: CommentReply[];
}

/** Attendance: summary of a month and check-in. */
export const AttendanceQuery = Type.Object({
  /** YYYY-MM; default the current month. */
  month: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}$' })),
  startdate: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}' })),
  enddate: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}' })),
});
export type AttendanceQuery = Static<typeof AttendanceQuery>;
