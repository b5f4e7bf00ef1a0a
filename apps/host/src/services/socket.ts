import { toastError } from '../api/feedback';
import { ERROR_MSG_SECONDS } from '../config';
import i18n from '../i18n';
import { activeChatStore, countsStore, siteCountStore } from '../store/counts';
import { resetSession, sessionStore } from '../store/session';

/** A message from the server over /websocket; `method` names it (initMessage, logout, closeSocket …). */
export interface SocketMessage {
  method?: string;
  type?: string;
  msg?: string;
  [k: string]: unknown;
}

type Listener = (m: SocketMessage) => void;
const listeners = new Set<Listener>();
let socket: WebSocket | null = null;

/** Other modules (chat, notifications) subscribe to server pushes here. */
export function onSocketMessage(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function socketUrl(loc: Pick<Location, 'protocol' | 'host'> = globalThis.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/websocket`;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

/**
 * Applies a push to the badge counts. initMessage: chat = the per-sender unread chat counts (unreadNums)
 * summed; notice = unreadNoticeCount; the other unread site messages (unreadMessageCount) go to
 * siteCountStore. messagePush updates the site-message counts; receiveMessage raises the chat count
 * unless that sender's chat is open.
 */
export function applyCounts(m: SocketMessage): void {
  const method = m.method ?? m.type;
  if (method === 'initMessage') {
    const unreadNums = m.unreadNums;
    const chat =
      unreadNums && typeof unreadNums === 'object'
        ? Object.values(unreadNums as Record<string, unknown>).reduce<number>((a, b) => a + num(b), 0)
        : num(m.unreadMessageCount);
    countsStore.set({
      todo: num(m.dealtCount),
      toRead: num(m.consultCount),
      chat,
      notice: num(m.unreadNoticeCount),
    });
    if (unreadNums && typeof unreadNums === 'object') siteCountStore.set(num(m.unreadMessageCount));
  } else if (method === 'messagePush') {
    countsStore.set((c) => ({
      ...c,
      notice: num(m.unreadNoticeCount),
      // the workflow's pushes carry the live to-do and to-read counts too
      ...(m.dealtCount !== undefined ? { todo: num(m.dealtCount) } : {}),
      ...(m.consultCount !== undefined ? { toRead: num(m.consultCount) } : {}),
    }));
    if (m.unreadMessageCount !== undefined) siteCountStore.set(num(m.unreadMessageCount));
  } else if (method === 'receiveMessage') {
    if (String(m.formUserId ?? '') !== activeChatStore.get())
      countsStore.set((c) => ({ ...c, chat: c.chat + 1 }));
  }
}

/** Reconnect after an unexpected close: 1 s, 2 s, 4 s … at most 30 s; reset once a socket opens. */
let retryDelay = 1000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
export const RECONNECT_MAX_MS = 30_000;

/** Logged (never shown) when the socket session cannot be registered (spec 1 §8 error catalogue). */
export const SESSION_FAILED = '登录Session失败';

/** Opens the socket; on open sends OnConnection (spec 1 §4). A dropped socket reconnects by itself. */
export function connectSocket(): void {
  if (retryTimer) {
    clearTimeout(retryTimer);
    retryTimer = null;
  }
  if (socket || typeof WebSocket === 'undefined') return;
  const token = sessionStore.get().token;
  if (!token) return;
  const ws = new WebSocket(socketUrl());
  socket = ws;
  ws.onopen = () => {
    retryDelay = 1000;
    try {
      ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false }));
    } catch (e) {
      console.warn(SESSION_FAILED, e);
    }
  };
  // The connection could not be made or broke: only logged; onclose reconnects.
  ws.onerror = () => console.warn(SESSION_FAILED);
  ws.onmessage = (ev) => {
    let m: SocketMessage;
    try {
      m = JSON.parse(String(ev.data));
    } catch {
      return;
    }
    const method = m.method ?? m.type;
    if (method === 'logout') {
      // Socket logout: the msg or 登录过期,请重新登录, then reset the token and reload.
      toastError(m.msg || i18n.t('socket.expired'), ERROR_MSG_SECONDS);
      closeSocket();
      resetSession();
      setTimeout(() => globalThis.location.reload(), 1000);
      return;
    }
    if (method === 'closeSocket') {
      closeSocket();
      return;
    }
    applyCounts(m);
    for (const l of [...listeners]) l(m);
  };
  ws.onclose = () => {
    if (socket !== ws) return; // closed on purpose (closeSocket) or replaced
    socket = null;
    // The server went away (restart, network): come back with the same token while the session lasts;
    // the server answers a dead token with logout, which ends the session as usual.
    if (!sessionStore.get().token) return;
    const delay = retryDelay;
    retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connectSocket();
    }, delay);
  };
}

/** Sends a message with the current token; false when the socket is not open. */
export function sendSocket(payload: Record<string, unknown>): boolean {
  if (socket?.readyState !== 1) return false;
  socket.send(JSON.stringify({ token: sessionStore.get().token, ...payload }));
  return true;
}

export function closeSocket(): void {
  if (retryTimer) {
    clearTimeout(retryTimer);
    retryTimer = null;
  }
  const ws = socket;
  socket = null;
  if (ws && ws.readyState <= 1) ws.close();
}
