import type { Kysely } from 'kysely';
import type { Bus } from '../../bus/bus';
import type { Database } from '../../db/types';
import { loadPrincipal, type Principal } from './principal';

/** Bus channel: roles, grants, menus, users or organisations changed. Payload { userId? } (none: everyone). */
export const AUTHZ_CHANGED = 'authz.changed';

/**
 * Per-process cache of principals. Whoever changes roles, grants, menus, relations, a user's
 * organisation or administrator flag MUST call `invalidate(userId?)` after committing: it tells every
 * process through the bus.
 */
export class AuthzCache {
  private cache = new Map<string, { p: Principal; at: number; gen: number }>();
  private generation = 0;
  private unsub: () => void;

  constructor(
    private db: Kysely<Database>,
    private bus: Bus,
    private ttlMs = 60_000,
  ) {
    this.unsub = bus.subscribe(AUTHZ_CHANGED, (payload) =>
      this.drop((payload as { userId?: string })?.userId),
    );
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
    this.unsub();
    this.cache.clear();
  }
}
