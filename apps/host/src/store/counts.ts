import { createStore } from './createStore';

/** Badge counts pushed by the websocket (initMessage, messagePush). */
export interface Counts {
  /** To-do (dealtCount). */
  todo: number;
  /** To-read (consultCount). */
  toRead: number;
  /** Unread chat messages (unreadNums summed / unreadMessageCount). */
  chat: number;
  /** Unread site messages (unreadNoticeCount). */
  notice: number;
}
export const countsStore = createStore<Counts>({ todo: 0, toRead: 0, chat: 0, notice: 0 });

/** Text of a badge: capped at 99 (spec 1 §9). */
export const badgeText = (n: number): string => (n > 99 ? '99+' : String(Math.max(0, n)));

/** Reading one item decrements, never below 0 (spec 1 §4). */
export function decrement(key: keyof Counts): void {
  countsStore.set((c) => ({ ...c, [key]: Math.max(0, c[key] - 1) }));
}
export function resetCounts(): void {
  countsStore.set({ todo: 0, toRead: 0, chat: 0, notice: 0 });
  siteCountStore.set(0);
  activeChatStore.set(null);
}

/**
 * Unread site messages other than notices (initMessage/messagePush unreadMessageCount; the server counts
 * notices, type 7, apart). The bell shows this plus Counts.notice.
 */
export const siteCountStore = createStore<number>(0);

/** The user whose chat window is open: his incoming messages do not raise the unread count (spec 1 §4). */
export const activeChatStore = createStore<string | null>(null);

/** The bell's number: every unread site message. */
export const bellCount = (c: Counts, site: number): number => c.notice + site;
