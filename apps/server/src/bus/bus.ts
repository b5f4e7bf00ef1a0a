/** How this process reaches the notification channel of its database (LISTEN/NOTIFY). */
export interface Notifier {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
}

/**
 * The one way pushes travel between server processes: publish(channel, payload) reaches every
 * subscriber of that channel in every process on the same database (PostgreSQL LISTEN/NOTIFY; PGlite
 * delivers in-process). Payloads are JSON and must stay under ~7 KB (NOTIFY limit 8000 bytes):
 * send ids, not documents.
 */
export interface Bus {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

const PG_CHANNEL = 'kp_bus';

export async function createBus(notifier: Notifier, onError?: (err: unknown) => void): Promise<Bus> {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const unlisten = await notifier.listen(PG_CHANNEL, (raw) => {
    let msg: { c: string; p: unknown };
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    for (const h of handlers.get(msg.c) ?? []) {
      try {
        h(msg.p);
      } catch (err) {
        onError?.(err);
      }
    }
  });
  let closed = false;
  return {
    async publish(channel, payload) {
      const text = JSON.stringify({ c: channel, p: payload });
      if (Buffer.byteLength(text) > 7900) throw new Error(`bus payload on ${channel} too large`);
      await notifier.notify(PG_CHANNEL, text);
    },
    subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      return () => set.delete(handler);
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await unlisten().catch(() => {});
    },
  };
}
