import type { Socket } from 'node:net';
import { ApiCode } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  SESSION_CHANGED,
  SESSION_ENDED,
  type SessionEndedEvent,
  type SessionInfo,
} from '../bus/session-events';
import type { AppContext } from '../context';
import { MSG } from '../http/api-error';
import { tokenFrom } from '../http/bearer';
import { languageIn, translate } from '../http/i18n';
import type { Lang } from '../http/messages';
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

/** A message for every open socket of one user (deliverLocally). */
export interface UserPush {
  userId: string;
  message: Record<string, unknown>;
}
/** Each app's local delivery (its own open sockets), set by registerWebsocket. */
const localDelivery = new WeakMap<AppContext, (pushes: readonly UserPush[]) => Promise<void>>();

/**
 * Sends each push to the open sockets of its user in THIS process only, in the given order (each socket
 * is checked once per call, as a bus push checks it): for callers that carry their own messages between
 * processes (chat batches). Nothing happens when the app has no websocket.
 */
export function deliverLocally(ctx: AppContext, pushes: readonly UserPush[]): Promise<void> {
  return localDelivery.get(ctx)?.(pushes) ?? Promise.resolve();
}

interface Conn {
  socket: WebSocket;
  sessionId: string;
  userId: string;
  /** The session's token (kept in memory only) to re-check the session before every push. */
  token: string;
  /** The user's saved language: the logout text is sent in it (the socket has no Accept-Language of ours). */
  lang: Lang;
}

/** How often open sockets are checked for expired sessions (ms). */
export const WS_SWEEP_MS = 30_000;

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

/**
 * What an open socket may do for its session now: 'live'; 'locked' (screen locked: no pushes, the
 * socket is closed with closeSocket and the host reconnects after unlocking); or the logout text and
 * code when the session is gone (ended, expired, unknown).
 */
type SessionState =
  | { state: 'live'; session: SessionInfo }
  | { state: 'locked' }
  | { state: 'gone'; msg: string; code: number };
async function sessionState(ctx: AppContext, token: string | null): Promise<SessionState> {
  const s = token ? await ctx.sessions.resolve(token) : null;
  if (!s) return { state: 'gone', msg: MSG.tokenExpired, code: ApiCode.TOKEN_INVALID };
  if (s.endReason) {
    if (s.endReason === 'logout')
      return { state: 'gone', msg: MSG.tokenExpired, code: ApiCode.TOKEN_INVALID };
    const msg = s.endReason === 'kicked' ? MSG.forcedOffline : MSG.tokenKicked;
    return { state: 'gone', msg, code: ApiCode.TOKEN_KICKED };
  }
  if (s.expiresAt <= Date.now()) return { state: 'gone', msg: MSG.tokenExpired, code: ApiCode.TOKEN_EXPIRED };
  return s.locked ? { state: 'locked' } : { state: 'live', session: s };
}

/** How long a closing server waits for its sockets' close handshakes before cutting them (ms). */
export const WS_SHUTDOWN_GRACE_MS = 2_000;

/**
 * @fastify/websocket's preClose (app.close(), SIGTERM): every open socket is told — closeSocket, as
 * when its session ends, so the host reconnects (to another instance) — and closed with 1001 "going
 * away"; a socket whose peer does not answer the close handshake within WS_SHUTDOWN_GRACE_MS is cut,
 * so it cannot hold the HTTP server (and the process) open. New upgrades are refused while closing
 * (the routes are closed). Replaces the plugin's default, which closed them without a word.
 */
export function closeSocketsOnShutdown(this: FastifyInstance, done: () => void): void {
  // undefined when the websocket plugin was not registered (its type says it always is)
  const wss: FastifyInstance['websocketServer'] | undefined = this.websocketServer;
  const clients = [...(wss?.clients ?? [])];
  for (const socket of clients) {
    send(socket, { method: 'closeSocket' });
    if (socket.readyState <= 1) socket.close(1001, 'server shutting down');
  }
  if (clients.length)
    setTimeout(() => {
      for (const socket of clients) if (socket.readyState !== 3) socket.terminate();
    }, WS_SHUTDOWN_GRACE_MS).unref();
  done();
}

export async function registerWebsocket(app: FastifyInstance): Promise<void> {
  const ctx = app.kp;
  const conns = new Set<Conn>();

  /** Ends a socket: logout {msg} + closeSocket for a gone session, closeSocket alone for a locked one. */
  const shut = (socket: WebSocket, st: Exclude<SessionState, { state: 'live' }>, lang: Lang = 'zh') => {
    if (st.state === 'gone') send(socket, { method: 'logout', msg: translate(st.msg, lang), code: st.code });
    send(socket, { method: 'closeSocket' });
    setTimeout(
      () => socket.close(1000, st.state === 'locked' ? 'screen locked' : 'session ended'),
      50,
    ).unref();
  };
  /** Re-checks a connection's session; false (and the socket shut) unless it may still receive. */
  const stillLive = async (c: Conn): Promise<boolean> => {
    const st = await sessionState(ctx, c.token);
    if (st.state === 'live') return true;
    if (conns.delete(c)) shut(c.socket, st, c.lang);
    return false;
  };

  localDelivery.set(ctx, async (pushes) => {
    const byUser = new Map<string, UserPush['message'][]>();
    for (const p of pushes) {
      const list = byUser.get(p.userId);
      if (list) list.push(p.message);
      else byUser.set(p.userId, [p.message]);
    }
    // every socket's session checked at once (a check that must read the database holds no other socket)
    const targets = [...conns].filter((c) => byUser.has(c.userId));
    const live = await Promise.all(targets.map((c) => stillLive(c)));
    for (const [k, c] of targets.entries()) {
      const list = byUser.get(c.userId);
      if (!list || !live[k]) continue;
      // a socket's frames of this call leave in one write (ws corks each frame alone)
      const raw: Partial<Pick<Socket, 'cork' | 'uncork'>> | undefined = Reflect.get(c.socket, '_socket');
      raw?.cork?.();
      try {
        for (const m of list) send(c.socket, m);
      } finally {
        raw?.uncork?.();
      }
    }
  });
  const unsubs = [
    ctx.bus.subscribe(SESSION_ENDED, (p) => {
      const ev = p as SessionEndedEvent;
      for (const c of conns) {
        if (c.sessionId !== ev.sessionId) continue;
        conns.delete(c);
        shut(
          c.socket,
          { state: 'gone', msg: ev.msg || MSG.tokenExpired, code: ApiCode.TOKEN_KICKED },
          c.lang,
        );
      }
    }),
    // Lock screen (and any other change of a session): re-check its sockets.
    ctx.bus.subscribe(SESSION_CHANGED, async (p) => {
      const sessionId = (p as { sessionId?: string })?.sessionId;
      for (const c of [...conns]) if (!sessionId || c.sessionId === sessionId) await stillLive(c);
    }),
    ctx.bus.subscribe(WS_TO_USER, async (p) => {
      const { userId, message } = p as { userId: string; message: unknown };
      for (const c of [...conns]) if (c.userId === userId && (await stillLive(c))) send(c.socket, message);
    }),
  ];
  // Sessions also end by expiry, which nothing announces: sweep the open sockets.
  const sweep = setInterval(() => {
    void (async () => {
      for (const c of [...conns]) await stillLive(c);
    })().catch((err) => ctx.log.warn({ err }, 'websocket sweep failed'));
  }, WS_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    localDelivery.delete(ctx);
    for (const u of unsubs) u();
    for (const c of conns) c.socket.terminate();
    conns.clear();
  });

  app.get(
    '/websocket',
    { websocket: true, config: { auth: 'public', upgrade: true }, schema: { hide: true } },
    (socket) => {
      let conn: Conn | null = null;
      const failed = (err: unknown) => ctx.log.error({ err }, 'websocket message failed');
      /**
       * One frame: OnConnection is answered before the next frame is looked at; any other method waits for
       * its session check and for its handler to start (a chat message takes its place in the send queue
       * then), not for the handler to finish — so a socket's messages keep their order without waiting for
       * each other's database writes.
       */
      const admit = async (msg: Record<string, unknown>) => {
        if (msg.method === 'OnConnection') {
          const token = tokenFrom(typeof msg.token === 'string' ? msg.token : null);
          const st = await sessionState(ctx, token);
          if (!token || st.state !== 'live') {
            if (conn) conns.delete(conn);
            conn = null;
            shut(
              socket,
              st.state === 'live'
                ? { state: 'gone', msg: MSG.tokenExpired, code: ApiCode.TOKEN_INVALID }
                : st,
            );
            return;
          }
          const s = st.session;
          if (conn) conns.delete(conn);
          const lang = languageIn((await ctx.authz.get(s.userId))?.profile.language) ?? 'zh';
          conn = { socket, sessionId: s.id, userId: s.userId, token, lang };
          conns.add(conn);
          send(socket, { method: 'initMessage', ...(await initCounts(ctx.db, s.userId)) });
          return;
        }
        if (!conn) return; // nothing but OnConnection before authentication
        const handler = typeof msg.method === 'string' ? methods.get(msg.method) : undefined;
        // a locked, ended or expired session does nothing more over its socket
        if (handler && (await stillLive(conn))) void Promise.resolve(handler(ctx, conn, msg)).catch(failed);
      };
      let turn: Promise<void> = Promise.resolve();
      socket.on('message', (raw) => {
        let msg: Record<string, unknown>;
        try {
          msg = JSON.parse(String(raw));
        } catch {
          return;
        }
        if (!msg || typeof msg !== 'object') return;
        turn = turn.then(() => admit(msg)).catch(failed);
      });
      socket.on('close', () => {
        if (conn) conns.delete(conn);
      });
      socket.on('error', () => {});
    },
  );
}
