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
 *
 * Publishes are batched: those issued in the same turn of the event loop (concurrent requests, a push to
 * each of 50 users) leave as one NOTIFY `{"b":[msg,…]}` (packed up to the size limit, in publish order)
 * instead of one round trip each; a lone publish still leaves as the plain `{"c","p"}` message, which is
 * also what the migration-0002 triggers send. `await publish()` resolves once its NOTIFY has run, so a
 * publish awaited before the next is still delivered before it.
 */
export interface Bus {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

const PG_CHANNEL = 'kp_bus';
/** Largest NOTIFY text the bus sends (PostgreSQL refuses 8000 bytes and more). */
export const BUS_MAX_BYTES = 7900;

interface Pending {
  text: string;
  bytes: number;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Splits `items` (their JSON sizes in bytes) into consecutive runs whose JSON array, wrapped in `overhead`
 * bytes, fits in `max` bytes; returns each run's length (an item too large alone still gets a run).
 */
export function packRuns(
  items: readonly { bytes: number }[],
  overhead: number,
  max = BUS_MAX_BYTES,
): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < items.length) {
    let j = i + 1;
    let size = overhead + 2 + items[i]!.bytes; // [ … ]
    while (j < items.length && size + 1 + items[j]!.bytes <= max) size += 1 + items[j++]!.bytes;
    out.push(j - i);
    i = j;
  }
  return out;
}

/** Consecutive runs of `items` packed into NOTIFY texts of at most BUS_MAX_BYTES each. */
export function packBatches(items: { text: string; bytes: number }[]): { text: string; count: number }[] {
  const out: { text: string; count: number }[] = [];
  let i = 0;
  for (const count of packRuns(items, 6)) {
    const run = items.slice(i, i + count); // {"b": … }
    out.push({
      text: run.length === 1 ? run[0]!.text : `{"b":[${run.map((x) => x.text).join(',')}]}`,
      count,
    });
    i += count;
  }
  return out;
}

export async function createBus(notifier: Notifier, onError?: (err: unknown) => void): Promise<Bus> {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const deliver = (msg: { c: string; p: unknown }) => {
    for (const h of handlers.get(msg.c) ?? []) {
      try {
        h(msg.p);
      } catch (err) {
        onError?.(err);
      }
    }
  };
  const unlisten = await notifier.listen(PG_CHANNEL, (raw) => {
    let msg: { c: string; p: unknown } | { b: { c: string; p: unknown }[] };
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if ('b' in msg && Array.isArray(msg.b)) for (const m of msg.b) deliver(m);
    else deliver(msg as { c: string; p: unknown });
  });
  let closed = false;
  let queue: Pending[] = [];
  const flush = () => {
    const items = queue;
    queue = [];
    let at = 0;
    for (const batch of packBatches(items)) {
      const mine = items.slice(at, at + batch.count);
      at += batch.count;
      notifier.notify(PG_CHANNEL, batch.text).then(
        () => {
          for (const x of mine) x.resolve();
        },
        (err) => {
          for (const x of mine) x.reject(err);
        },
      );
    }
  };
  return {
    publish(channel, payload) {
      const text = JSON.stringify({ c: channel, p: payload });
      const bytes = Buffer.byteLength(text);
      if (bytes > BUS_MAX_BYTES) return Promise.reject(new Error(`bus payload on ${channel} too large`));
      return new Promise<void>((resolve, reject) => {
        if (!queue.length) setImmediate(flush);
        queue.push({ text, bytes, resolve, reject });
      });
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
