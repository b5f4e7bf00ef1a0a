// Chat group commit: messages that arrive close together are stored by one multi-row insert and announced to
// the other server processes by one bus message (one NOTIFY while the batch fits in its size limit).
import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@kp/schema';
import { type Kysely, sql } from 'kysely';
import { BUS_MAX_BYTES, packRuns } from '../../bus/bus';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { ApiError } from '../../http/api-error';
import { deliverLocally, type UserPush } from '../../ws/websocket';
import { newId } from '../auth/tokens';
import { fileIdsOf, linkFiles } from '../file/links';
import { type UserBrief, usersById } from '../message/users';

/** A chat message refused: the text goes back to the sender's socket as {method:'error', msg}. */
export class ChatRefusal extends Error {}

/**
 * Bus channel of stored chat messages: payload { o: the storing batcher, m: the messages } when the batch fits in
 * one NOTIFY, else { o, i: their ids } (in order, one bus message per NOTIFY-sized run).
 */
export const CHAT_STORED = 'chat.stored';
/** Most messages stored by one insert (7 parameters each, far below PostgreSQL's 65,535). */
export const MAX_BATCH = 500;
/** What every sender of a batch whose insert failed is told (nothing of that batch is stored). */
export const SAVE_FAILED = '消息未能保存，请重新发送';

interface Item {
  m: ChatMessage;
  /** send time with microseconds (strictly increasing in this batcher: the order of the conversation) */
  at: string;
  resolve: (m: ChatMessage) => void;
  reject: (err: unknown) => void;
}

const userKey = (id: string) => `chat:user:${id}`;

/**
 * Names and avatars of `ids` from the shared read cache (dropped on any change of users, in every process);
 * the ones it misses are loaded by one query. An unknown user maps to null.
 */
async function briefs(ctx: AppContext, ids: Iterable<string>): Promise<Map<string, UserBrief | null>> {
  const cache = ctx.dbHandle.cache;
  const out = new Map<string, UserBrief | null>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const hit = cache.peek<UserBrief | null>(userKey(id));
    if (hit !== undefined) out.set(id, hit);
    else missing.push(id);
  }
  if (missing.length) {
    let loaded: Promise<Map<string, UserBrief>> | undefined;
    const load = () => {
      loaded ??= usersById(ctx.db, missing);
      return loaded;
    };
    await Promise.all(
      missing.map(async (id) =>
        out.set(id, await cache.get(userKey(id), async () => (await load()).get(id) ?? null)),
      ),
    );
  }
  return out;
}

/** The receiveMessage push to the recipient and the sendMessage echo to the sender of each message, in order. */
function pushesOf(messages: readonly ChatMessage[], users: Map<string, UserBrief | null>): UserPush[] {
  const out: UserPush[] = [];
  for (const m of messages) {
    const { id, sendUserId: from, receiveUserId: to, contentType: type, content, sendTime: dateTime } = m;
    const f = users.get(from);
    const t = users.get(to);
    out.push(
      {
        userId: to,
        message: {
          method: 'receiveMessage',
          id,
          formUserId: from,
          formMessage: content,
          messageType: type,
          dateTime,
          realName: f?.realName ?? '',
          account: f?.account ?? '',
          headIcon: f?.headIcon ?? null,
        },
      },
      {
        userId: from,
        message: {
          method: 'sendMessage',
          id,
          UserId: from,
          toUserId: to,
          toMessage: content,
          messageType: type,
          dateTime,
          realName: t?.realName ?? '',
          account: t?.account ?? '',
          headIcon: t?.headIcon ?? null,
        },
      },
    );
  }
  return out;
}

/** An im_content row as the API shows it. */
export const rowOut = (r: {
  id: string;
  send_user_id: string;
  receive_user_id: string;
  content_type: string;
  content: string;
  send_time: Date;
  state: number;
}): ChatMessage => ({
  id: r.id,
  sendUserId: r.send_user_id,
  receiveUserId: r.receive_user_id,
  contentType: r.content_type as ChatMessage['contentType'],
  content: r.content,
  sendTime: new Date(r.send_time).getTime(),
  state: r.state,
});

/** A stored message as another process announced it whole. */
function isMessage(x: unknown): x is ChatMessage {
  if (!x || typeof x !== 'object') return false;
  const m = x as Record<string, unknown>;
  return (
    typeof m.id === 'string' &&
    typeof m.sendUserId === 'string' &&
    typeof m.receiveUserId === 'string' &&
    (m.contentType === 'text' || m.contentType === 'image') &&
    typeof m.content === 'string' &&
    typeof m.sendTime === 'number' &&
    typeof m.state === 'number'
  );
}

/** Stored messages by id, in the order of `ids` (another process's batch, announced by its ids). */
async function storedMessages(db: Kysely<Database>, ids: readonly string[]): Promise<ChatMessage[]> {
  const rows = await db.selectFrom('im_content').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, rowOut(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `micros` (µs since the epoch) as an ISO timestamp with its six decimals. */
const isoMicros = (micros: number) =>
  new Date(Math.floor(micros / 1000))
    .toISOString()
    .replace('Z', `${String(micros % 1000).padStart(3, '0')}Z`);

/**
 * One INSERT for the whole batch, its columns passed as seven arrays (unnest): a constant number of
 * parameters whatever the batch's size, so the statement is as cheap to encode as to run.
 */
async function insertRows(db: Kysely<Database>, items: readonly Item[]): Promise<void> {
  if (!items.length) return;
  const col = <T>(f: (it: Item) => T) => items.map(f);
  await sql`
    insert into im_content (id, send_user_id, receive_user_id, content_type, content, state, send_time)
    select * from unnest(
      ${col((it) => it.m.id)}::varchar[], ${col((it) => it.m.sendUserId)}::varchar[],
      ${col((it) => it.m.receiveUserId)}::varchar[], ${col((it) => it.m.contentType)}::varchar[],
      ${col((it) => it.m.content)}::text[], ${col((it) => it.m.state)}::int[], ${col((it) => it.at)}::timestamptz[])
  `.execute(db);
}

/**
 * One per app: the send queue and the delivery of stored messages to this process's sockets.
 *  - add() queues a checked message; the queue is flushed on the next turn of the event loop, and while a
 *    flush runs the next batch gathers (group commit), at most MAX_BATCH per insert.
 *  - A flush: names of every sender and recipient (cache, one query for its misses; an unknown user refuses
 *    that message only); image messages' files linked (a file not the sender's refuses that message only);
 *    one multi-row insert (a transaction when images are linked). The insert failing refuses every message
 *    of the batch (SAVE_FAILED) — nothing is stored, nothing delivered. Then each add() resolves (the message
 *    is stored), the pushes go to this process's sockets, and the batch goes to the other processes on the
 *    bus — whole when it fits in one NOTIFY, else as its ids (one NOTIFY per ~220), which they read — and
 *    they deliver it to theirs.
 *  - Deliveries (this process's batches and the others') run one after another: a conversation's messages
 *    reach a socket in the order they were queued.
 */
export class ChatBatcher {
  private queue: Item[] = [];
  private running: Promise<void> | null = null;
  private delivering: Promise<void> = Promise.resolve();
  private lastMicros = 0;
  private readonly origin = randomUUID();
  private readonly unsubscribe: () => void;
  /** batches stored and messages in them (for tests and the bench) */
  readonly stats = { batches: 0, messages: 0 };

  constructor(private readonly ctx: AppContext) {
    this.unsubscribe = ctx.bus.subscribe(CHAT_STORED, (p) => {
      const { o, i, m } = (p ?? {}) as { o?: unknown; i?: unknown; m?: unknown };
      if (o === this.origin) return;
      if (Array.isArray(m)) {
        const list = m.filter(isMessage);
        if (list.length) this.deliver(async () => list);
      } else if (Array.isArray(i)) {
        const ids = i.filter((x): x is string => typeof x === 'string');
        if (ids.length) this.deliver(() => storedMessages(ctx.db, ids));
      }
    });
  }

  /** Queues a checked message; resolves once it is stored, rejects (ChatRefusal) when it is not. */
  add(from: string, to: string, type: ChatMessage['contentType'], content: string): Promise<ChatMessage> {
    const micros = Math.max(Date.now() * 1000, this.lastMicros + 1);
    this.lastMicros = micros;
    const m: ChatMessage = {
      id: newId(),
      sendUserId: from,
      receiveUserId: to,
      contentType: type,
      content,
      sendTime: Math.floor(micros / 1000),
      state: from === to ? 1 : 0,
    };
    return new Promise<ChatMessage>((resolve, reject) => {
      this.queue.push({ m, at: isoMicros(micros), resolve, reject });
      this.running ??= new Promise<void>((r) => setImmediate(r)).then(() => this.run());
    });
  }

  /** Waits for every queued message to be stored (or refused) and delivered here; stops listening. */
  async close(): Promise<void> {
    this.unsubscribe();
    while (this.running) await this.running;
    await this.delivering;
  }

  private async run(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, MAX_BATCH);
        // flush settles every message itself; anything it did not foresee refuses those still waiting
        await this.flush(batch).catch((err) => this.refuse(batch, err));
      }
    } finally {
      this.running = null;
    }
  }

  private async flush(batch: Item[]): Promise<void> {
    const { ctx } = this;
    let users: Map<string, UserBrief | null>;
    try {
      users = await briefs(
        ctx,
        batch.flatMap((it) => [it.m.sendUserId, it.m.receiveUserId]),
      );
    } catch (err) {
      return this.refuse(batch, err);
    }
    let ok = batch.filter((it) => {
      if (users.get(it.m.receiveUserId) && users.get(it.m.sendUserId)) return true;
      it.reject(new ChatRefusal('toUserId: 用户不存在'));
      return false;
    });
    try {
      if (ok.some((it) => it.m.contentType === 'image'))
        ok = await ctx.db.transaction().execute(async (tx) => {
          const kept: Item[] = [];
          for (const it of ok) {
            // an image: the sender's own upload (file/links.ts); another user's file refuses this message
            if (it.m.contentType === 'image') {
              const refused = await linkFiles(
                tx,
                { userId: it.m.sendUserId },
                'chat',
                it.m.id,
                fileIdsOf(JSON.parse(it.m.content)),
                'messageContent',
              ).then(
                () => null,
                (err) => {
                  if (err instanceof ApiError) return new ChatRefusal(err.message);
                  throw err;
                },
              );
              if (refused) {
                it.reject(refused);
                continue;
              }
            }
            kept.push(it);
          }
          await insertRows(tx, kept);
          return kept;
        });
      else await insertRows(ctx.db, ok);
    } catch (err) {
      return this.refuse(ok, err);
    }
    if (!ok.length) return;
    this.stats.batches++;
    this.stats.messages += ok.length;
    for (const it of ok) it.resolve(it.m);
    const stored = ok.map((it) => it.m);
    this.deliver(async () => stored, users);
    // the other processes: a batch that fits in one NOTIFY goes whole (they deliver it as it is); a larger
    // one as its ids, one bus message per run that fits (about 220 ids), and they read the rows (committed)
    const whole = JSON.stringify(stored);
    if (Buffer.byteLength(whole) <= BUS_MAX_BYTES - 100) {
      ctx.bus
        .publish(CHAT_STORED, { o: this.origin, m: stored })
        .catch((err) =>
          ctx.log.error({ err, messages: stored.length }, 'chat batch not announced to other instances'),
        );
      return;
    }
    const ids = stored.map((m) => m.id);
    let at = 0;
    for (const count of packRuns(
      ids.map((id) => ({ bytes: id.length + 2 })),
      80,
    )) {
      const i = ids.slice(at, at + count);
      at += count;
      ctx.bus
        .publish(CHAT_STORED, { o: this.origin, i })
        .catch((err) =>
          ctx.log.error({ err, messages: i.length }, 'chat batch not announced to other instances'),
        );
    }
  }

  /** Every message of a batch whose storing failed is refused; nothing of it was stored. */
  private refuse(batch: readonly Item[], err: unknown): void {
    this.ctx.log.error({ err, messages: batch.length }, 'chat batch not stored');
    for (const it of batch) it.reject(new ChatRefusal(SAVE_FAILED));
  }

  /** Pushes stored messages to this process's sockets, after every earlier delivery. */
  private deliver(messages: () => Promise<ChatMessage[]>, known?: Map<string, UserBrief | null>): void {
    const { ctx } = this;
    this.delivering = this.delivering
      .then(async () => {
        const list = await messages();
        const users =
          known ??
          (await briefs(
            ctx,
            list.flatMap((m) => [m.sendUserId, m.receiveUserId]),
          ));
        await deliverLocally(ctx, pushesOf(list, users));
      })
      .catch((err) => ctx.log.error({ err }, 'chat batch not delivered'));
  }
}

const batchers = new WeakMap<AppContext, ChatBatcher>();

/** The app's chat batcher (created, and listening for the other processes' batches, on first use). */
export function chatBatcher(ctx: AppContext): ChatBatcher {
  let b = batchers.get(ctx);
  if (!b) {
    b = new ChatBatcher(ctx);
    batchers.set(ctx, b);
  }
  return b;
}

/** Stops the app's batcher after its queue is stored and delivered (app close). */
export async function closeChatBatcher(ctx: AppContext): Promise<void> {
  const b = batchers.get(ctx);
  batchers.delete(ctx);
  await b?.close();
}
