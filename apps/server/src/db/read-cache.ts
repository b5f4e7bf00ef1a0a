import {
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely';
import type { Bus } from '../bus/bus';
import { WATCHED_TABLES } from './migrations/0002-table-change-notify';
import { runInScope, type ScopeRules, scopeOf, WORKFLOW_LIST_SCOPE, WriteScope } from './write-scope';

export { scopeKey, WORKFLOW_LIST_SCOPE, WriteScope } from './write-scope';

/**
 * Bus channel sent by the statement triggers of migration 0002 after a commit: payload { t: table }; also
 * a process's announcements of its own writes: { t, hold, from }, or per user { t, u: [user ids], from }.
 */
export const TABLE_CHANGED = 'table.changed';
/**
 * The tables behind the workflow task lists (to-do, done, circulated, launched; initiator names from
 * base_user). They have no commit triggers (a NOTIFY inside every approval's transaction would serialise
 * the commits): writes are announced by the writing process (ReadCache `announce`, `writing`).
 */
export const WORKFLOW_LIST_TABLES = [
  'wf_task',
  'wf_operator',
  'wf_record',
  'wf_circulate',
  'base_user',
] as const;
/** After a write statement in this process, serve nothing from the cache until its commit is surely announced. */
const HOLD_MS = 2_000;

/** Kinds with no table below them, not walked: a bound value (a form's JSON, a list of ids), a name, an operator. */
const LEAF_KINDS = new Set([
  'ValueNode',
  'PrimitiveValueListNode',
  'ColumnNode',
  'IdentifierNode',
  'OperatorNode',
  'DefaultInsertValueNode',
]);
/** Deepest level walked (a statement's subqueries and CTEs lie well within it). */
const MAX_DEPTH = 64;
/** The tables of nodes already walked: Kysely's nodes are frozen, and a statement is looked at several times. */
const tablesByNode = new WeakMap<object, ReadonlySet<string>>();

/**
 * The names of the tables a Kysely operation node names. A statement's node is walked once: the write
 * watch, the write batch and every compile of the same builder see the same frozen node.
 */
export function tablesIn(node: object): ReadonlySet<string> {
  let names = tablesByNode.get(node);
  if (!names) {
    const found = new Set<string>();
    walkTables(node, found, 0);
    tablesByNode.set(node, found);
    names = found;
  }
  return names;
}

function walkTables(node: object, out: Set<string>, depth: number): void {
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (n.kind === 'TableNode') {
    if (n.table?.identifier?.name) out.add(n.table.identifier.name);
    return;
  }
  if (n.kind !== undefined && LEAF_KINDS.has(n.kind)) return;
  if (depth >= MAX_DEPTH) return;
  const fields = node as Record<string, unknown>;
  for (const key in fields) {
    const v = fields[key];
    if (!v || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const x of v) if (x && typeof x === 'object') walkTables(x, out, depth + 1);
    } else walkTables(v, out, depth + 1);
  }
}

/** How often at most a process announces its own writes to the others (announcing caches; trailing edge). */
const ANNOUNCE_EVERY_MS = 250;
/** Most scopes one announcement carries (`table|user`, about 45 characters: well under the bus's 7.9 KB). */
const SCOPES_PER_ANNOUNCEMENT = 120;

export interface ReadCacheOptions {
  /** Most entries kept (LRU by insertion order). */
  max?: number;
  /**
   * Tables without a commit trigger (the workflow lists: a NOTIFY inside every approval's transaction
   * would serialise the commits): a write issued here is announced on the bus to the other processes.
   * A write outside any scope drops the cache and holds it off for HOLD_MS, here and in the others, at
   * most every ANNOUNCE_EVERY_MS (the last write always announced); the writes of a scope (`writing`)
   * drop only the entries of the users' lists they change, here and in the others, once committed.
   */
  announce?: boolean;
  /** Entries older than this are loaded again (a backstop for writes nobody announced, e.g. psql). */
  ttlMs?: number;
  /** How its tables' rows name their users (per-user invalidation, `writing`); default WORKFLOW_LIST_SCOPE. */
  scope?: ScopeRules;
}

/** Where a miss came from (the bench reports them). */
export interface MissCounts {
  /** Never loaded in this process (a cold start's first read of a list page). */
  cold: number;
  /** Loaded before, then dropped by a write (its list changed) or evicted by the size bound. */
  dropped: number;
  /** Older than ttlMs. */
  expired: number;
}

/**
 * Read cache over a set of tables (by default the organisation's: users, units, roles, relations,
 * grants, menus; the workflow lists have their own over WORKFLOW_LIST_TABLES). Entries are dropped:
 *  - in this process, at once, when a Kysely insert/update/delete on one of its tables is issued outside
 *    a write scope (the plugin): all of them, and the cache stays off for HOLD_MS so a transaction that
 *    has not committed yet is not cached over;
 *  - in every process, after commit, by the statement triggers' NOTIFY (migration 0002), whoever wrote;
 *    or, for an announcing cache, when the writing process announces the write it issued (options);
 *  - per user: an entry may belong to one user's list from one table (`get`'s scope: scopeKey); the
 *    writes of a unit of work run in `writing` drop, after it (its commit), only the entries of the lists
 *    they change (write-scope.ts), in this process and, announced, in every other. A load under way for
 *    such a list is not stored.
 * A value computed while a change arrived is not stored. Bounded (LRU by insertion order).
 */
export class ReadCache {
  private entries = new Map<string, { v: unknown; at: number; scope: string }>();
  /** Keys per scope (a user's list): what a per-user drop removes. */
  private byScope = new Map<string, Set<string>>();
  /** Loads under way per scope, and how often that scope was dropped meanwhile. */
  private flights = new Map<string, { n: number; drops: number }>();
  private generation = 0;
  private holdUntil = 0;
  private unsub: () => void = () => {};
  private listeners = new Set<() => void>();
  private scopeListeners = new Set<(scopes: readonly string[]) => Promise<void> | void>();
  private bus: Bus | null = null;
  private announceAt = 0;
  private announceTimer: NodeJS.Timeout | null = null;
  /** This cache among the bus's listeners (its own announcements come back to it and are skipped). */
  private readonly id = `${process.pid}.${Math.random().toString(36).slice(2, 10)}`;
  hits = 0;
  misses = 0;
  /** The misses by cause (cold, expired); the rest of `misses` came while held or dropped. */
  readonly missCounts: MissCounts = { cold: 0, dropped: 0, expired: 0 };
  /** Entries removed by the size bound (`max`). */
  evicted = 0;
  /** Keys loaded so far (for missCounts: first reads told from reloads), forgotten past 8 × max. */
  private loaded = new Set<string>();
  /** Drops of the whole cache, and per-user drops (scopes dropped, here or announced). */
  drops = { all: 0, scopes: 0 };
  /** Entries older than this are loaded again (options.ttlMs; undefined: no age limit). */
  ttlMs: number | undefined;
  /** Off: every get loads (env KP_READ_CACHE=0; the bench measures the uncached path this way). */
  enabled = process.env.KP_READ_CACHE !== '0';

  /** The tables whose writes drop this cache. */
  readonly tables: ReadonlySet<string>;
  private readonly max: number;
  private readonly rules: ScopeRules;

  constructor(
    tables: readonly string[] = WATCHED_TABLES,
    private readonly options: ReadCacheOptions = {},
  ) {
    this.tables = new Set(tables);
    this.max = options.max ?? 2_000;
    this.rules = options.scope ?? WORKFLOW_LIST_SCOPE;
    this.ttlMs = options.ttlMs;
  }

  attach(bus: Bus): void {
    this.bus = bus;
    this.unsub = bus.subscribe(TABLE_CHANGED, (p) => {
      const m = (p ?? {}) as { t?: unknown; hold?: unknown; from?: unknown; u?: unknown };
      if (m.from === this.id) return;
      if (typeof m.t === 'string' && !this.tables.has(m.t)) return;
      // scopes named: only theirs; an announcement without a table name drops everything (never serve stale)
      if (typeof m.t === 'string' && Array.isArray(m.u))
        this.dropScopes(m.u.filter((u): u is string => typeof u === 'string'));
      else this.changed(m.hold === true);
    });
  }

  /** Called on every change (local write issued: hold = true; committed change announced: false). */
  changed(hold: boolean): void {
    this.generation++;
    this.drops.all++;
    this.entries.clear();
    this.byScope.clear();
    if (hold) this.holdUntil = Math.max(this.holdUntil, Date.now() + HOLD_MS);
    for (const l of this.listeners) l();
  }

  /**
   * Drops the entries of `scopes` (and those that belong to no scope), here only; a load under way for one
   * of them is not stored.
   */
  dropScopes(scopes: Iterable<string>): void {
    for (const u of [...scopes, '']) {
      const keys = this.byScope.get(u);
      if (keys) for (const k of keys) this.entries.delete(k);
      this.byScope.delete(u);
      const f = this.flights.get(u);
      if (f) f.drops++;
      if (u) this.drops.scopes++;
    }
  }

  /**
   * Runs a unit of work (a transaction) whose writes on this cache's tables drop only the entries of the
   * users' lists they change (write-scope.ts; `scope.key` declares a task and its lists before it is
   * written). When it ends, committed or not, those entries are dropped here and the drop is announced to
   * the other processes (awaited: it has reached the database before this resolves, so a request that
   * follows the answer finds them dropped there too). A statement that cannot be bounded drops everything.
   */
  async writing<T>(fn: (scope: WriteScope) => Promise<T>): Promise<T> {
    const scope = new WriteScope(this, this.rules);
    try {
      return await runInScope(scope, () => fn(scope));
    } finally {
      scope.open = false;
      if (scope.wrote) await this.settle(scope);
    }
  }

  private async settle(scope: WriteScope): Promise<void> {
    if (scope.unbounded) {
      this.changed(false);
      return;
    }
    this.dropScopes(scope.scopes);
    if (!scope.scopes.size) return;
    const scopes = [...scope.scopes];
    await Promise.all([...this.scopeListeners].map((l) => l(scopes))).catch(() => {});
    if (!this.options.announce || !this.bus) return;
    const table = this.tables.values().next().value as string;
    const sent: Promise<void>[] = [];
    for (let i = 0; i < scopes.length; i += SCOPES_PER_ANNOUNCEMENT)
      sent.push(
        this.bus.publish(TABLE_CHANGED, {
          t: table,
          u: scopes.slice(i, i + SCOPES_PER_ANNOUNCEMENT),
          from: this.id,
        }),
      );
    await Promise.all(sent).catch(() => {});
  }

  /**
   * A write on `table` issued in this process (the plugin). Inside a write scope of this cache, when the
   * lists it changes are found, it only adds them to the scope; otherwise everything is dropped and held
   * here and announced.
   */
  wrote(table: string, node?: object): void {
    const scope = scopeOf(this);
    if (scope) {
      if (node && scope.see(table, node)) return;
      scope.unbounded = scope.wrote = true;
    }
    this.changed(true);
    if (!this.options.announce || !this.bus || this.announceTimer) return;
    const wait = this.announceAt + ANNOUNCE_EVERY_MS - Date.now();
    const send = () => {
      this.announceTimer = null;
      this.announceAt = Date.now();
      this.bus?.publish(TABLE_CHANGED, { t: table, hold: true, from: this.id }).catch(() => {});
    };
    if (wait <= 0) send();
    else {
      this.announceTimer = setTimeout(send, wait);
      this.announceTimer.unref();
    }
  }

  /**
   * Runs `fn` (awaited before `writing` resolves) with the scopes a unit of work dropped, once committed: e.g.
   * to keep those users' reads on the primary until a read replica has replayed the change, as their next
   * load would otherwise store a page read from a replica that lags.
   */
  onScopes(fn: (scopes: readonly string[]) => Promise<void> | void): () => void {
    this.scopeListeners.add(fn);
    return () => this.scopeListeners.delete(fn);
  }

  /** Runs `fn` on every change of the whole cache (e.g. to drop derived caches elsewhere). */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /**
   * The generation of what the cache serves now (it moves on every change), or null while it serves nothing
   * (off, or held after a write of this process): a value derived from cached entries may be kept under it.
   */
  servingGeneration(): number | null {
    return this.enabled && Date.now() >= this.holdUntil ? this.generation : null;
  }

  /** The value get(key) would serve from the cache (counted as a hit), else undefined: get without a promise. */
  peek<T>(key: string): T | undefined {
    if (!this.enabled || Date.now() < this.holdUntil) return undefined;
    const hit = this.entries.get(key);
    if (!hit || (this.ttlMs !== undefined && Date.now() - hit.at >= this.ttlMs)) return undefined;
    this.hits++;
    return hit.v as T;
  }

  /** The cached value of `key`, else `load()`'s (stored); `scope`: the list it belongs to (scopeKey). */
  async get<T>(key: string, load: () => Promise<T>, scope = ''): Promise<T> {
    if (!this.enabled || Date.now() < this.holdUntil) {
      this.misses++;
      return load();
    }
    const hit = this.peek<T>(key);
    if (hit !== undefined) return hit;
    this.misses++;
    this.missCounts[this.entries.has(key) ? 'expired' : this.loaded.has(key) ? 'dropped' : 'cold']++;
    const gen = this.generation;
    const at = Date.now();
    let flight = this.flights.get(scope);
    if (!flight) {
      flight = { n: 0, drops: 0 };
      this.flights.set(scope, flight);
    }
    const drops = flight.drops;
    flight.n++;
    let value: T;
    try {
      value = await load();
    } finally {
      if (--flight.n === 0 && this.flights.get(scope) === flight) this.flights.delete(scope);
    }
    if (gen === this.generation && drops === flight.drops && Date.now() >= this.holdUntil)
      this.store(key, value, at, scope);
    return value;
  }

  private store(key: string, v: unknown, at: number, scope: string): void {
    this.forget(key);
    if (this.entries.size >= this.max) {
      this.forget(this.entries.keys().next().value as string);
      this.evicted++;
    }
    this.entries.set(key, { v, at, scope });
    if (this.loaded.size >= 8 * this.max) this.loaded.clear();
    this.loaded.add(key);
    let keys = this.byScope.get(scope);
    if (!keys) {
      keys = new Set();
      this.byScope.set(scope, keys);
    }
    keys.add(key);
  }

  private forget(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    const keys = this.byScope.get(e.scope);
    keys?.delete(key);
    if (keys && !keys.size) this.byScope.delete(e.scope);
  }

  /** A Kysely plugin that reports write statements on this cache's tables to it. */
  plugin(): KyselyPlugin {
    return writeWatch([this]);
  }

  dispose(): void {
    if (this.announceTimer) clearTimeout(this.announceTimer);
    this.announceTimer = null;
    this.bus = null;
    this.unsub();
    this.entries.clear();
    this.byScope.clear();
    this.loaded.clear();
    this.listeners.clear();
    this.scopeListeners.clear();
  }
}

/** The table an insert/update/delete/merge writes (its target), or null. */
function targetOf(statement: object): string | null {
  const node = statement as { kind?: string } & Record<string, unknown>;
  const name = (t: unknown): string | null => {
    const n = t as { kind?: string; node?: unknown; table?: { identifier?: { name?: string } } } | undefined;
    if (n?.kind === 'AliasNode') return name(n.node);
    return n?.kind === 'TableNode' ? (n.table?.identifier?.name ?? null) : null;
  };
  if (node.kind === 'InsertQueryNode') return name(node.into);
  if (node.kind === 'UpdateQueryNode') return name(node.table);
  if (node.kind === 'DeleteQueryNode') {
    const froms = (node.from as { froms?: unknown[] } | undefined)?.froms;
    return froms?.length === 1 ? name(froms[0]) : null;
  }
  return null;
}

/**
 * One Kysely plugin for several caches: the tables of each insert/update/delete/merge statement are
 * found once (walking the statement), and every cache holding one of them is told (ReadCache.wrote): it
 * drops and holds, or, inside its write scope, notes the users' lists the statement changes.
 */
export function writeWatch(caches: readonly ReadCache[]): KyselyPlugin {
  return {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
      const k = args.node.kind;
      if (
        k === 'InsertQueryNode' ||
        k === 'UpdateQueryNode' ||
        k === 'DeleteQueryNode' ||
        k === 'MergeQueryNode'
      ) {
        const names = tablesIn(args.node);
        const target = targetOf(args.node);
        for (const cache of caches) {
          for (const t of names) {
            if (cache.tables.has(t)) {
              // a scope bounds a statement by what it writes; one naming other tables of the cache is not bounded
              cache.wrote(t, t === target && names.size === 1 ? args.node : undefined);
              break;
            }
          }
        }
      }
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
  };
}

/**
 * Runs writes that no cached read depends on (a login's bookkeeping: last login time and address) so
 * that they drop no read cache, here or in another process: in a transaction with kp.quiet_cache = 'on'
 * (the statement triggers announce nothing, migration 0181) and past the write-watch plugin.
 */
export function quietly<D, T>(db: Kysely<D>, fn: (tx: Kysely<D>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('kp.quiet_cache', 'on', true)`.execute(tx);
    return fn(tx.withoutPlugins());
  });
}
