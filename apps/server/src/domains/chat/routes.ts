import {
  ChatConversationQuery,
  ChatHistoryQuery,
  makeValidator,
  WsMessageList,
  WsSendMessage,
  WsUpdateReadMessage,
} from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { ok } from '../../http/envelope';
import { translate } from '../../http/i18n';
import { registerWsMethod } from '../../ws/websocket';
import { me } from '../auth/guard';
import { bad } from '../message/texts';
import { chatBatcher, closeChatBatcher } from './batch';
import { ChatRefusal, conversations, history, markRead, sendChat } from './service';

const vSend = makeValidator(WsSendMessage);
const vList = makeValidator(WsMessageList);
const vRead = makeValidator(WsUpdateReadMessage);

const reply = (socket: WebSocket, msg: unknown) => {
  if (socket.readyState === 1) socket.send(JSON.stringify(msg));
};

/**
 * Chat: websocket methods SendMessage, MessageList, UpdateReadMessage (registered with the socket
 * module's registerWsMethod hook) and HTTP GET /api/chat/conversations, GET /api/chat/history.
 * Refused websocket input (empty text, bad image, unknown user) answers {method:'error', msg} to
 * that socket only; nothing is stored.
 */
export default async function chatRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  // listening for the other instances' batches from the start; on close, what is queued is stored first
  chatBatcher(ctx);
  app.addHook('onClose', () => closeChatBatcher(ctx));

  registerWsMethod('SendMessage', async (c, conn, msg) => {
    const v = vSend(msg);
    if (!v.ok)
      return reply(conn.socket, { method: 'error', msg: `${v.errors[0].path}: ${v.errors[0].message}` });
    try {
      await sendChat(c, conn.userId, v.value.toUserId, v.value.messageType, v.value.messageContent);
    } catch (err) {
      if (err instanceof ChatRefusal)
        return reply(conn.socket, { method: 'error', msg: translate(err.message, conn.lang) });
      throw err;
    }
  });

  registerWsMethod('MessageList', async (c, conn, msg) => {
    const v = vList(msg);
    if (!v.ok)
      return reply(conn.socket, { method: 'error', msg: `${v.errors[0].path}: ${v.errors[0].message}` });
    const q = v.value;
    // formUserId is the caller (taken from the session, never from the message)
    const page = await history(c, conn.userId, q.toUserId, {
      currentPage: q.currentPage,
      pageSize: q.pageSize ?? 30,
      keyword: q.keyword,
      sord: q.sord ?? 'desc',
    });
    reply(conn.socket, { method: 'messageList', toUserId: q.toUserId, ...page });
  });

  registerWsMethod('UpdateReadMessage', async (c, conn, msg) => {
    const v = vRead(msg);
    if (!v.ok)
      return reply(conn.socket, { method: 'error', msg: `${v.errors[0].path}: ${v.errors[0].message}` });
    await markRead(c, conn.userId, v.value.formUserId);
  });

  app.get(
    '/api/chat/conversations',
    {
      config: { permission: { signedIn: 'participant' } },
      schema: { tags: ['chat'], querystring: ChatConversationQuery },
    },
    async (req) => ok(await conversations(ctx, me(req).userId, req.query as ChatConversationQuery)),
  );

  app.get(
    '/api/chat/history',
    {
      config: { permission: { signedIn: 'participant' } },
      schema: { tags: ['chat'], querystring: ChatHistoryQuery },
    },
    async (req) => {
      const q = req.query as ChatHistoryQuery;
      const u = await ctx.db
        .selectFrom('base_user')
        .select('id')
        .where('id', '=', q.toUserId)
        .executeTakeFirst();
      if (!u) throw bad('toUserId: 用户不存在');
      return ok(await history(ctx, me(req).userId, q.toUserId, { ...q, sord: 'desc' }));
    },
  );

  /** Marks the chat with one user read (same as the socket's UpdateReadMessage). */
  app.post(
    '/api/chat/read/:userId',
    { config: { permission: { signedIn: 'participant' } }, schema: { tags: ['chat'] } },
    async (req) => {
      const { userId } = req.params as { userId: string };
      return ok(await markRead(ctx, me(req).userId, String(userId).slice(0, 64)));
    },
  );
}
