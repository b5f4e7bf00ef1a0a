import type { Kysely } from 'kysely';
import type { Bus } from '../../bus/bus';
import {
  SESSION_CHANGED,
  SESSION_ENDED,
  type SessionEndedEvent,
  type SessionInfo,
} from '../../bus/session-events';
import type { Database, SessionRow } from '../../db/types';
import { newId, newToken, sha256 } from './tokens';

export {
  SESSION_CHANGED,
  SESSION_ENDED,
  type SessionEndedEvent,
  type SessionInfo,
} from '../../bus/session-events';

const CACHE_MS = 5_000;
const TOUCH_MS = 60_000;

/**
 * Sessions live in the user_session table (token stored as sha256). Lookups are cached for a few
 * seconds per process; every end or change is published on the bus so all processes drop their copy.
 */
export class SessionStore {
  /** By token (the request's own; the table keeps only its hash): a cached request hashes nothing. */
  private cache = new Map<string, { info: SessionInfo; at: number }>();
  private unsub: Array<() => void> = [];

  constructor(
    private db: Kysely<Database>,
    private bus: Bus,
    private timeoutMinutes: () => number,
  ) {
    const drop = (p: unknown) => this.dropLocal((p as { sessionId?: string })?.sessionId);
    this.unsub.push(bus.subscribe(SESSION_ENDED, drop), bus.subscribe(SESSION_CHANGED, drop));
  }

  /** Drops this process's cached copy of a session (no id: all). */
  private dropLocal(sessionId?: string) {
    if (!sessionId) this.cache.clear();
    for (const [k, v] of this.cache) if (v.info.id === sessionId) this.cache.delete(k);
  }

  dispose() {
    for (const u of this.unsub) u();
    this.cache.clear();
  }

  async create(userId: string, meta: { ip?: string; userAgent?: string; device?: string }) {
    const token = newToken();
    const now = Date.now();
    const id = newId();
    await this.db
      .insertInto('user_session')
      .values({
        id,
        token_hash: sha256(token),
        user_id: userId,
        created_at: new Date(now),
        last_active_at: new Date(now),
        expires_at: new Date(now + this.timeoutMinutes() * 60_000),
        ip: meta.ip ?? null,
        user_agent: meta.userAgent?.slice(0, 500) ?? null,
        device: meta.device ?? 'pc',
      })
      .execute();
    return { token, sessionId: id };
  }

  /** The session of a token, or null when unknown. Ended and expired sessions are returned as such. */
  async resolve(token: string): Promise<SessionInfo | null> {
    const now = Date.now();
    const fresh = this.fresh(token, now);
    if (fresh) return fresh;
    const row = await this.db
      .selectFrom('user_session')
      .select(['id', 'user_id', 'expires_at', 'last_active_at', 'locked', 'end_reason', 'ended_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row) {
      this.cache.delete(token);
      return null;
    }
    const info = sessionOf(row);
    this.cache.set(token, { info, at: now });
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value as string);
    return info;
  }

  /** This process's copy of a token's session while it is fresh (what resolve would answer), else undefined. */
  cached(token: string): SessionInfo | undefined {
    return this.fresh(token, Date.now());
  }

  private fresh(key: string, now: number): SessionInfo | undefined {
    const hit = this.cache.get(key);
    return hit && now - hit.at < CACHE_MS ? hit.info : undefined;
  }

  /** The session of an id (a download code's), uncached; null when unknown. */
  async resolveId(sessionId: string): Promise<SessionInfo | null> {
    const row = await this.db
      .selectFrom('user_session')
      .select(['id', 'user_id', 'expires_at', 'last_active_at', 'locked', 'end_reason', 'ended_at'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return row ? sessionOf(row) : null;
  }

  /** Sliding expiry: extends a live session at most once a minute (null when it is not due yet). */
  touch(info: SessionInfo): Promise<void> | null {
    const now = Date.now();
    if (now - info.lastActiveAt < TOUCH_MS) return null;
    info.lastActiveAt = now;
    info.expiresAt = now + this.timeoutMinutes() * 60_000;
    return this.db
      .updateTable('user_session')
      .set({ last_active_at: new Date(now), expires_at: new Date(info.expiresAt) })
      .where('id', '=', info.id)
      .where('ended_at', 'is', null)
      .execute()
      .then(() => {});
  }

  async setLocked(sessionId: string, locked: boolean): Promise<void> {
    await this.db.updateTable('user_session').set({ locked }).where('id', '=', sessionId).execute();
    this.dropLocal(sessionId);
    await this.bus.publish(SESSION_CHANGED, { sessionId });
  }

  /** Ends one session for real and tells every process (websockets push logout + closeSocket). */
  async end(sessionId: string, reason: string, msg: string): Promise<boolean> {
    const row = await this.db
      .updateTable('user_session')
      .set({ ended_at: new Date(), end_reason: reason })
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .returning(['id', 'user_id'])
      .executeTakeFirst();
    if (!row) return false;
    this.dropLocal(sessionId);
    const ev: SessionEndedEvent = { sessionId: row.id, userId: row.user_id, reason, msg };
    await this.bus.publish(SESSION_ENDED, ev);
    return true;
  }

  /** Ends every live session of a user (optionally but one). Returns how many ended. */
  async endAllOfUser(userId: string, reason: string, msg: string, exceptSessionId?: string): Promise<number> {
    let q = this.db
      .selectFrom('user_session')
      .select('id')
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', new Date());
    if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
    const rows = await q.execute();
    let n = 0;
    for (const r of rows) if (await this.end(r.id, reason, msg)) n++;
    return n;
  }
}

/** A user_session row as the guard reads it. */
function sessionOf(
  row: Pick<
    SessionRow,
    'id' | 'user_id' | 'expires_at' | 'last_active_at' | 'locked' | 'end_reason' | 'ended_at'
  >,
): SessionInfo {
  return {
    id: row.id,
    userId: row.user_id,
    expiresAt: new Date(row.expires_at).getTime(),
    lastActiveAt: new Date(row.last_active_at).getTime(),
    locked: row.locked,
    endReason: row.ended_at ? (row.end_reason ?? 'logout') : null,
  };
}
