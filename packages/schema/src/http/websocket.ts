import { type Static, Type } from '@sinclair/typebox';

/** First message on /websocket. */
export const WsOnConnection = Type.Object({
  method: Type.Literal('OnConnection'),
  token: Type.String(),
  mobileDevice: Type.Optional(Type.Boolean()),
});
export type WsOnConnection = Static<typeof WsOnConnection>;

/** Pushed after OnConnection. */
export const WsInitMessage = Type.Object({
  method: Type.Literal('initMessage'),
  dealtCount: Type.Integer(),
  consultCount: Type.Integer(),
  unreadNums: Type.Record(Type.String(), Type.Integer()),
  unreadMessageCount: Type.Integer(),
  unreadNoticeCount: Type.Integer(),
});
export type WsInitMessage = Static<typeof WsInitMessage>;

export const WsLogout = Type.Object({ method: Type.Literal('logout'), msg: Type.String() });
export type WsLogout = Static<typeof WsLogout>;
export const WsCloseSocket = Type.Object({ method: Type.Literal('closeSocket') });
export type WsCloseSocket = Static<typeof WsCloseSocket>;
