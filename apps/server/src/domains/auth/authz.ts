import type { Kysely } from 'kysely';
import type { Bus } from '../../bus/bus';
import type { ReadCache } from '../../db/read-cache';
import type { Database } from '../../db/types';
import { loadPrincipal, type Principal } from './principal';

/** Bus channel: roles, grants, menus, users or organisations changed. Payload { userId? } (none: everyone). */
export const AUTHZ_CHANGED = 'authz.changed';

/**
 * Per-process cache of principals. Whoever changes roles, grants, menus, relations, a user's
 * organisation or administrator flag MUST call `invalidate(userId?)` after committing: it tells every
 * process through the bus. A principal is read from the organisation tables only, so every change the
 * organisation read cache hears of (`orgCache`: a write issued here, a commit announced by any process,
 * psql's too) drops every principal as well: a change nobody invalidated (a user's own theme, name or
 * avatar) is seen at once, and no principal older than the organisation cache outlives it.
 */
export class AuthzCache {
  private cache = new Map<string, { p: Principal; at: number; gen: number }>();
  private generation = 0;
  private unsub: Array<() => void>;

  constructor(
    private db: Kysely<Database>,
    private bus: Bus,
    orgCache?: Pick<ReadCache, 'onChange'>,
    private ttlMs = 60_000,
  ) {
    this.unsub = [
      bus.subscribe(AUTHZ_CHANGED, (payload) => this.drop((payload as { userId?: string })?.userId)),
    ];
    if (orgCache) this.unsub.push(orgCache.onChange(() => this.drop()));
  }

  private drop(userId?: string) {
    this.generation++;
    if (userId) this.cache.delete(userId);
    else this.cache.clear();
  }

  /** This process's copy of a user's principal while it is fresh (what get would answer), else undefined. */
  cached(userId: string): Principal | undefined {
    const hit = this.cache.get(userId);
    return hit && Date.now() - hit.at < this.ttlMs ? hit.p : undefined;
  }

  async get(userId: string): Promise<Principal | null> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.p;
    const gen = this.generation;
    const p = await loadPrincipal(this.db, userId);
    // Do not cache a value computed while an invalidation arrived.
    if (p && gen === this.generation) this.cache.set(userId, { p, at: Date.now(), gen });
    return p;
  }

  /** Drop cached principals here and in every other process (await it after your transaction commits). */
  async invalidate(userId?: string): Promise<void> {
    this.drop(userId);
    await this.bus.publish(AUTHZ_CHANGED, userId ? { userId } : {});
  }

  dispose() {
    for (const u of this.unsub) u();
    this.cache.clear();
  }
}
