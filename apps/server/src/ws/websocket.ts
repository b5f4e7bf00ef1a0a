import { ApiCode } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { SESSION_ENDED, type SessionEndedEvent } from '../auth/sessions';
import { tokenFrom } from '../auth/tokens';
import type { AppContext } from '../context';
import { MSG } from '../http/api-error';
import { initCounts } from './counters';

/** Bus channel for pushes to every socket of a user: payload { userId, message }. */
export const WS_TO_USER = 'ws.user';

/** Sends `message` (an object with `method`) to every open socket of `userId`, in every process. */
export async function pushToUser(
  ctx: AppContext,
  userId: string,
  message: Record<string, unknown>,
): Promise<void> {
  await ctx.bus.publish(WS_TO_USER, { userId, message });
}

interface Conn {
  socket: WebSocket;
  sessionId: string;
  userId: string;
}

/**
 * /websocket: the client sends {method:'OnConnection', token, mobileDevice}; the server answers
 * initMessage with the counts, then pushes logout {msg} + closeSocket when the session ends anywhere.
 * Other messages (chat: SendMessage, MessageList, UpdateReadMessage) go to handlers registered with
 * `registerWsMethod` (the shell/chat work adds them).
 */
export type WsMethodHandler = (
  ctx: AppContext,
  conn: Conn,
  msg: Record<string, unknown>,
) => Promise<void> | void;
const methods = new Map<string, WsMethodHandler>();
export function registerWsMethod(name: string, handler: WsMethodHandler) {
  methods.set(name, handler);
}

const send = (socket: WebSocket, msg: unknown) => {
  if (socket.readyState === 1) socket.send(JSON.stringify(msg));
};

export async function registerWebsocket(app: FastifyInstance): Promise<void> {
  const ctx = app.kp;
  const conns = new Set<Conn>();

  const unsubs = [
    ctx.bus.subscribe(SESSION_ENDED, (p) => {
      const ev = p as SessionEndedEvent;
      for (const c of conns) {
        if (c.sessionId !== ev.sessionId) continue;
        send(c.socket, { method: 'logout', msg: ev.msg || MSG.tokenExpired });
        send(c.socket, { method: 'closeSocket' });
        conns.delete(c);
        setTimeout(() => c.socket.close(1000, 'session ended'), 50).unref();
      }
    }),
    ctx.bus.subscribe(WS_TO_USER, (p) => {
      const { userId, message } = p as { userId: string; message: unknown };
      for (const c of conns) if (c.userId === userId) send(c.socket, message);
    }),
  ];
  app.addHook('onClose', async () => {
    for (const u of unsubs) u();
    for (const c of conns) c.socket.terminate();
    conns.clear();
  });

  app.get('/websocket', { websocket: true, config: { auth: 'public' }, schema: { hide: true } }, (socket) => {
    let conn: Conn | null = null;
    socket.on('message', async (raw) => {
      let msg: Record<string, unknown>;
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return;
      }
      if (!msg || typeof msg !== 'object') return;
      try {
        if (msg.method === 'OnConnection') {
          const token = tokenFrom(typeof msg.token === 'string' ? msg.token : null);
          const s = token ? await ctx.sessions.resolve(token) : null;
          if (!s || s.endReason || s.expiresAt <= Date.now()) {
            const text = s?.endReason && s.endReason !== 'logout' ? MSG.tokenKicked : MSG.tokenExpired;
            send(socket, {
              method: 'logout',
              msg: text,
              code: s ? ApiCode.TOKEN_KICKED : ApiCode.TOKEN_INVALID,
            });
            send(socket, { method: 'closeSocket' });
            socket.close(1000);
            return;
          }
          if (conn) conns.delete(conn);
          conn = { socket, sessionId: s.id, userId: s.userId };
          conns.add(conn);
          send(socket, { method: 'initMessage', ...(await initCounts(ctx.db, s.userId)) });
          return;
        }
        if (!conn) return; // nothing but OnConnection before authentication
        const handler = typeof msg.method === 'string' ? methods.get(msg.method) : undefined;
        if (handler) await handler(ctx, conn, msg);
      } catch (err) {
        ctx.log.error({ err }, 'websocket message failed');
      }
    });
    socket.on('close', () => {
      if (conn) conns.delete(conn);
    });
    socket.on('error', () => {});
  });
}
