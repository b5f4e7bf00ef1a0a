import { type Static, Type } from '@sinclair/typebox';

/** Site messages (/api/message, spec 1 §3, §7). type: 1 dialog, 5 web address, 6 msgList, 7 notice, 8 news, 9 booking, other workflow. */
export const SiteMessageListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  /** '0' unread, '1' read. */
  isRead: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
});
export type SiteMessageListQuery = Static<typeof SiteMessageListQuery>;

export const SiteMessageBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 500 }),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, default: 1 })),
  bodyText: Type.Optional(Type.String({ maxLength: 200_000 })),
  files: Type.Optional(Type.Unknown()),
  /** Recipients: user ids (array or comma-joined). */
  toUserIds: Type.Union([Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20_000 }), Type.String()]),
});
export type SiteMessageBody = Static<typeof SiteMessageBody>;

export const MessageIdsBody = Type.Object({
  ids: Type.Union([
    Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 1000 }),
    Type.String({ minLength: 1 }),
  ]),
});
export type MessageIdsBody = Static<typeof MessageIdsBody>;

export const SiteMessageItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  type: Type.Integer(),
  creatorUser: Type.String(),
  creatorUserId: Type.Union([Type.String(), Type.Null()]),
  lastModifyTime: Type.Union([Type.Integer(), Type.Null()]),
  isRead: Type.Union([Type.Literal('0'), Type.Literal('1')]),
});
export type SiteMessageItem = Static<typeof SiteMessageItem>;

export const SiteMessageDetail = Type.Composite([
  SiteMessageItem,
  Type.Object({ bodyText: Type.Union([Type.String(), Type.Null()]), files: Type.Array(Type.Unknown()) }),
]);
export type SiteMessageDetail = Static<typeof SiteMessageDetail>;
