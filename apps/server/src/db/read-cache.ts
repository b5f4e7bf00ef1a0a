import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Bus } from '../bus/bus';
import { WATCHED_TABLES } from './migrations/0002-table-change-notify';

/** Bus channel sent by the statement triggers of migration 0002 after a commit: payload { t: table }. */
export const TABLE_CHANGED = 'table.changed';
const WATCHED = new Set<string>(WATCHED_TABLES);
/** After a write statement in this process, serve nothing from the cache until its commit is surely announced. */
const HOLD_MS = 2_000;

function tablesOf(node: unknown, out: Set<string>, depth = 0): void {
  if (!node || typeof node !== 'object' || depth > 12) return;
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (n.kind === 'TableNode' && n.table?.identifier?.name) out.add(n.table.identifier.name);
  for (const v of Object.values(node)) {
    if (Array.isArray(v)) for (const x of v) tablesOf(x, out, depth + 1);
    else if (v && typeof v === 'object') tablesOf(v, out, depth + 1);
  }
}

/**
 * Read cache for the organisation tables (users, units, roles, relations, grants, menus). Entries are
 * dropped whenever any of those tables changes:
 *  - in this process, at once, when a Kysely insert/update/delete on one of them is issued (the plugin);
 *    the cache then stays off for HOLD_MS so a transaction that has not committed yet is not cached over;
 *  - in every process, after commit, by the statement triggers' NOTIFY (migration 0002), whoever wrote.
 * A value computed while a change arrived is not stored. Bounded (LRU by insertion order).
 */
export class ReadCache {
  private entries = new Map<string, unknown>();
  private generation = 0;
  private holdUntil = 0;
  private unsub: () => void = () => {};
  private listeners = new Set<() => void>();
  hits = 0;
  misses = 0;
  /** Off: every get loads (env KP_READ_CACHE=0; the bench measures the uncached path this way). */
  enabled = process.env.KP_READ_CACHE !== '0';

  constructor(private max = 2_000) {}

  attach(bus: Bus): void {
    this.unsub = bus.subscribe(TABLE_CHANGED, () => this.changed(false));
  }

  /** Called on every change (local write issued: hold = true; committed change announced: false). */
  changed(hold: boolean): void {
    this.generation++;
    this.entries.clear();
    if (hold) this.holdUntil = Date.now() + HOLD_MS;
    for (const l of this.listeners) l();
  }

  /** Runs `fn` on every change (e.g. to drop derived caches elsewhere). */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled || Date.now() < this.holdUntil) return load();
    if (this.entries.has(key)) {
      this.hits++;
      return this.entries.get(key) as T;
    }
    this.misses++;
    const gen = this.generation;
    const value = await load();
    if (gen === this.generation && Date.now() >= this.holdUntil) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, value);
    }
    return value;
  }

  /** A Kysely plugin that reports write statements on watched tables to this cache. */
  plugin(): KyselyPlugin {
    return {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
        const k = args.node.kind;
        if (
          k === 'InsertQueryNode' ||
          k === 'UpdateQueryNode' ||
          k === 'DeleteQueryNode' ||
          k === 'MergeQueryNode'
        ) {
          const names = new Set<string>();
          tablesOf(args.node as OperationNode, names);
          for (const t of names) {
            if (WATCHED.has(t)) {
              this.changed(true);
              break;
            }
          }
        }
        return args.node;
      },
      transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> =>
        args.result,
    };
  }

  dispose(): void {
    this.unsub();
    this.entries.clear();
    this.listeners.clear();
  }
}
