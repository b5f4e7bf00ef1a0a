import { type Static, Type } from '@sinclair/typebox';

/** GET /api/system/onlineUser: live sessions (paged; keyword matches account or name). */
export const OnlineUserQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
});
export type OnlineUserQuery = Static<typeof OnlineUserQuery>;

export const OnlineUserItem = Type.Object({
  /** The session id (force offline by this id). */
  id: Type.String(),
  userId: Type.String(),
  account: Type.String(),
  userName: Type.String(),
  loginTime: Type.Number(),
  lastActiveTime: Type.Number(),
  loginIPAddress: Type.Union([Type.String(), Type.Null()]),
  device: Type.Union([Type.String(), Type.Null()]),
  locked: Type.Boolean(),
});
export type OnlineUserItem = Static<typeof OnlineUserItem>;

/** DELETE /api/system/onlineUser (batch force offline). */
export const OnlineUserBatchBody = Type.Object({
  ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 500 }),
});
export type OnlineUserBatchBody = Static<typeof OnlineUserBatchBody>;
