import { createStore } from '../../store/createStore';

export interface ChatUser {
  id: string;
  realName: string;
  account: string;
  headIcon?: string | null;
  department?: string;
}

export interface Conversation extends ChatUser {
  unreadMessage: number;
  latestMessage: string | null;
  messageType: string | null;
  latestDate: string | number | null;
}

export interface ChatMessage {
  id: string;
  sendUserId: string;
  receiveUserId: string;
  contentType: string;
  content: string;
  sendTime: string | number;
  state?: number;
}

export interface ChatImage {
  name?: string;
  width?: number;
  height?: number;
  path: string;
}

/** The chat drawer's state: open or not, and the chat window's partner (feedback opens the administrator). */
export const chatUiStore = createStore<{ open: boolean; target: ChatUser | null }>({
  open: false,
  target: null,
});

export function openChat(target: ChatUser | null = null): void {
  chatUiStore.set({ open: true, target });
}

/** An image message's content (JSON text or object); null when it is not a usable image. */
export function imageOf(content: unknown): ChatImage | null {
  let v: unknown = content;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (!v || typeof v !== 'object') return null;
  const p = (v as ChatImage).path;
  return typeof p === 'string' && p.startsWith('/api/file/Download/IM/') ? (v as ChatImage) : null;
}

/** Newest-first pages merged into one oldest-first list without duplicates. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of [...current, ...incoming]) byId.set(m.id, m);
  const time = (m: ChatMessage) => {
    const v = m.sendTime;
    const n = typeof v === 'number' ? v : /^\d+$/.test(String(v)) ? Number(v) : Date.parse(String(v));
    return Number.isFinite(n) ? n : 0;
  };
  return [...byId.values()].sort((a, b) => time(a) - time(b) || a.id.localeCompare(b.id));
}

/** A conversation list after a message arrives: unread +1 unless that chat is open; moved to the top. */
export function bumpConversation(
  list: Conversation[],
  from: ChatUser,
  msg: { content: string; messageType: string; date: string | number },
  active: string | null,
  incoming: boolean,
): Conversation[] {
  const old = list.find((c) => c.id === from.id);
  const next: Conversation = {
    ...(old ?? { ...from, unreadMessage: 0, latestMessage: null, messageType: null, latestDate: null }),
    latestMessage: msg.content,
    messageType: msg.messageType,
    latestDate: msg.date,
    unreadMessage: (old?.unreadMessage ?? 0) + (incoming && active !== from.id ? 1 : 0),
  };
  return [next, ...list.filter((c) => c.id !== from.id)];
}
