import { type Static, Type } from '@sinclair/typebox';

/** Chat (spec 1 §7 websocket). Client -> server. */
export const WsSendMessage = Type.Object({
  method: Type.Literal('SendMessage'),
  toUserId: Type.String({ minLength: 1, maxLength: 64 }),
  messageType: Type.Union([Type.Literal('text'), Type.Literal('image')]),
  /** text: the text; image: {name, width, height, path} (object or its JSON text). */
  messageContent: Type.Unknown(),
  token: Type.Optional(Type.String()),
});
export type WsSendMessage = Static<typeof WsSendMessage>;

export const WsMessageList = Type.Object({
  method: Type.Literal('MessageList'),
  toUserId: Type.String({ minLength: 1, maxLength: 64 }),
  formUserId: Type.Optional(Type.String({ maxLength: 64 })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  sord: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  token: Type.Optional(Type.String()),
});
export type WsMessageList = Static<typeof WsMessageList>;

export const WsUpdateReadMessage = Type.Object({
  method: Type.Literal('UpdateReadMessage'),
  formUserId: Type.String({ minLength: 1, maxLength: 64 }),
  token: Type.Optional(Type.String()),
});
export type WsUpdateReadMessage = Static<typeof WsUpdateReadMessage>;

export const ChatImage = Type.Object({
  name: Type.String({ maxLength: 500 }),
  width: Type.Number({ minimum: 0 }),
  height: Type.Number({ minimum: 0 }),
  path: Type.String({ maxLength: 1000, pattern: '^(/|https?:)' }),
});
export type ChatImage = Static<typeof ChatImage>;

/** One stored chat message (spec 1 §3). content: text, or the image object's JSON text. */
export interface ChatMessage {
  id: string;
  sendUserId: string;
  receiveUserId: string;
  contentType: 'text' | 'image' | 'voice' | 'video';
  content: string;
  sendTime: number;
  state: number;
}

/** GET /api/chat/conversations row (spec 1 §3 Conversation). */
export interface ChatConversation {
  id: string;
  realName: string;
  account: string;
  headIcon: string | null;
  department: string;
  unreadMessage: number;
  latestMessage: string;
  messageType: string;
  latestDate: number;
}

export const ChatHistoryQuery = Type.Object({
  toUserId: Type.String({ minLength: 1, maxLength: 64 }),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export type ChatHistoryQuery = Static<typeof ChatHistoryQuery>;

export const ChatConversationQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })),
});
export type ChatConversationQuery = Static<typeof ChatConversationQuery>;
