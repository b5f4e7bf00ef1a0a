/**
 * A bounded cache of compiled form models keyed by form id + version: least recently used entries go
 * first when it is full, and `evict(id)` drops every version of a form (on release, on delete).
 */
export class ModelCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(readonly max = 200) {}

  private static key(id: string, version: string | number): string {
    return `${id}\u0000${version}`;
  }

  /** The cached value, or `build()`'s (cached unless it throws). */
  get(id: string, version: string | number, build: () => T): T {
    const k = ModelCache.key(id, version);
    const hit = this.entries.get(k);
    if (hit !== undefined || this.entries.has(k)) {
      this.entries.delete(k);
      this.entries.set(k, hit as T);
      return hit as T;
    }
    const value = build();
    this.entries.set(k, value);
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return value;
  }

  /** The cached value (refreshed as used), or undefined; nothing is built. */
  peek(id: string, version: string | number): T | undefined {
    const k = ModelCache.key(id, version);
    if (!this.entries.has(k)) return undefined;
    const hit = this.entries.get(k) as T;
    this.entries.delete(k);
    this.entries.set(k, hit);
    return hit;
  }

  /** Drops every cached version of a form. */
  evict(id: string): void {
    const prefix = `${id}\u0000`;
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
