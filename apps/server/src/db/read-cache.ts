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

/**
 * Bus channel sent by the statement triggers of migrations 0002 and 0180 after a commit: payload { t: table }.
 */
export const TABLE_CHANGED = 'table.changed';
/**
 * The tables behind the workflow task lists (to-do, done, circulated; initiator names from base_user):
 * their statement triggers (migration 0180) announce commits as TABLE_CHANGED like the organisation's.
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
/** This process among the bus's listeners (its own announcements come back to it and are skipped). */
const PROCESS_ID = `${process.pid}.${Math.random().toString(36).slice(2, 10)}`;

export interface ReadCacheOptions {
  /** Most entries kept (LRU by insertion order). */
  max?: number;
  /**
   * Tables without a commit trigger (the workflow lists: a NOTIFY inside every approval's transaction
   * would serialise the commits): a write issued here is announced on the bus to the other processes,
   * which drop the cache and hold it off for HOLD_MS as this process does, at most every
   * ANNOUNCE_EVERY_MS (the last write always announced).
   */
  announce?: boolean;
  /** Entries older than this are loaded again (a backstop for writes nobody announced, e.g. psql). */
  ttlMs?: number;
}

/**
 * Read cache over a set of tables (by default the organisation's: users, units, roles, relations,
 * grants, menus; the workflow lists have their own over WORKFLOW_LIST_TABLES). Entries are dropped
 * whenever any of its tables changes:
 *  - in this process, at once, when a Kysely insert/update/delete on one of them is issued (the plugin);
 *    the cache then stays off for HOLD_MS so a transaction that has not committed yet is not cached over;
 *  - in every process, after commit, by the statement triggers' NOTIFY (migration 0002), whoever wrote;
 *    or, for an announcing cache, when the writing process announces the write it issued (options).
 * A value computed while a change arrived is not stored. Bounded (LRU by insertion order).
 */
export class ReadCache {
  private entries = new Map<string, { v: unknown; at: number }>();
  private generation = 0;
  private holdUntil = 0;
  private unsub: () => void = () => {};
  private listeners = new Set<() => void>();
  private bus: Bus | null = null;
  private announceAt = 0;
  private announceTimer: NodeJS.Timeout | null = null;
  hits = 0;
  misses = 0;
  /** Off: every get loads (env KP_READ_CACHE=0; the bench measures the uncached path this way). */
  enabled = process.env.KP_READ_CACHE !== '0';

  /** The tables whose writes drop this cache. */
  readonly tables: ReadonlySet<string>;
  private readonly max: number;

  constructor(
    tables: readonly string[] = WATCHED_TABLES,
    private readonly options: ReadCacheOptions = {},
  ) {
    this.tables = new Set(tables);
    this.max = options.max ?? 2_000;
  }

  attach(bus: Bus): void {
    this.bus = bus;
    this.unsub = bus.subscribe(TABLE_CHANGED, (p) => {
      const m = (p ?? {}) as { t?: unknown; hold?: unknown; from?: unknown };
      if (m.from === PROCESS_ID) return;
      // an announcement without a table name drops everything (never serve what may be stale)
      if (typeof m.t !== 'string' || this.tables.has(m.t)) this.changed(m.hold === true);
    });
  }

  /** Called on every change (local write issued: hold = true; committed change announced: false). */
  changed(hold: boolean): void {
    this.generation++;
    this.entries.clear();
    if (hold) this.holdUntil = Math.max(this.holdUntil, Date.now() + HOLD_MS);
    for (const l of this.listeners) l();
  }

  /** A write on `table` issued in this process (the plugin): dropped and held here, announced if asked. */
  wrote(table: string): void {
    this.changed(true);
    if (!this.options.announce || !this.bus || this.announceTimer) return;
    const wait = this.announceAt + ANNOUNCE_EVERY_MS - Date.now();
    const send = () => {
      this.announceTimer = null;
      this.announceAt = Date.now();
      this.bus?.publish(TABLE_CHANGED, { t: table, hold: true, from: PROCESS_ID }).catch(() => {});
    };
    if (wait <= 0) send();
    else {
      this.announceTimer = setTimeout(send, wait);
      this.announceTimer.unref();
    }
  }

  /** Runs `fn` on every change (e.g. to drop derived caches elsewhere). */
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
    if (!hit || (this.options.ttlMs !== undefined && Date.now() - hit.at >= this.options.ttlMs))
      return undefined;
    this.hits++;
    return hit.v as T;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled || Date.now() < this.holdUntil) return load();
    const hit = this.peek<T>(key);
    if (hit !== undefined) return hit;
    this.misses++;
    const gen = this.generation;
    const at = Date.now();
    const value = await load();
    if (gen === this.generation && Date.now() >= this.holdUntil) {
      this.entries.delete(key);
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { v: value, at });
    }
    return value;
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
    this.listeners.clear();
  }
}

/**
 * One Kysely plugin for several caches: the tables of each insert/update/delete/merge statement are
 * found once (walking the statement), and every cache holding one of them is dropped and held.
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
        for (const cache of caches) {
          for (const t of names) {
            if (cache.tables.has(t)) {
              cache.wrote(t);
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
