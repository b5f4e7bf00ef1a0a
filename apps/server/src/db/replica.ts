// A PostgreSQL streaming replica for the reads that tolerate a little lag (READ_DATABASE_URL): the workflow
// lists and the other paged lists ask `Db.read(userId)` for their Kysely handle. The handle is the replica's
// unless the user wrote and the replica has not replayed that write yet (read-your-writes), or the replica is
// down; a replica statement that fails on a lost connection is answered by the primary instead.
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import type { Bus } from '../bus/bus';
import { type DbCounts, PipelineDialect } from './pipeline';
import type { Database } from './types';

/** The bus channel of read-your-writes pins: `{ u: userIds, l: 'X/Y' }` (the primary's WAL position). */
export const REPLICA_PIN = 'db.replica.pin';
/** A cached replay position is trusted this long before the replica is asked again (ms). */
const POLL_MS = 5;
/** A replica found down is tried again after this long (ms). */
const RETRY_MS = 1_000;
/** A pin whose WAL position could not be read keeps its user on the primary this long (ms). */
const BLIND_PIN_MS = 30_000;
const NEVER = (1n << 64n) - 1n;
/** Pins kept before the replay position is read to drop those replayed. */
const MAX_PINS = 10_000;

/** A WAL position ('16/B374D848') as a number. */
export function lsnOf(text: string): bigint {
  const [hi, lo] = text.split('/');
  if (!hi || !lo || !/^[0-9A-Fa-f]{1,8}$/.test(hi) || !/^[0-9A-Fa-f]{1,8}$/.test(lo))
    throw new Error(`not a WAL position: ${text.slice(0, 40)}`);
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/**
 * Errors after which the replica is taken as lost: no SQLSTATE (a socket error, a connection the server
 * ended), class 08 (connection exception), 57P0x (shutdown, cannot connect now). 40001 on a standby is a
 * query cancelled by a conflict with recovery: that one statement is answered by the primary.
 */
function replicaFault(err: unknown): 'down' | 'retry' | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (
    typeof code !== 'string' ||
    !/^[0-9A-Z]{5}$/.test(code) ||
    code.startsWith('08') ||
    code.startsWith('57P')
  )
    return 'down';
  return code === '40001' ? 'retry' : null;
}

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/** Where reads went: to the replica, to the primary (routed there, or answered there after a replica fault). */
export interface ReplicaStats {
  replicaReads: number;
  primaryReads: number;
  fallbacks: number;
}

/** The primary and its replica, and which of them each user's reads go to. */
export class ReadRouter {
  /** The replica's handle (statements the replica cannot answer go to the primary). */
  readonly kysely: Kysely<Database>;
  /** Statements and round trips sent to the replica. */
  readonly counts: DbCounts = { statements: 0, roundTrips: 0, notifies: 0 };
  readonly stats: ReplicaStats = { replicaReads: 0, primaryReads: 0, fallbacks: 0 };
  /** Write statements seen on the primary's handle (writePlugin): a request that moved it pins its user. */
  writes = 0;
  private readonly pool: pg.Pool;
  private up = true;
  private downAt = 0;
  private replay = 0n;
  private replayAt = 0;
  private refreshing: Promise<void> | null = null;
  /** Per user: reads go to the primary until the replica has replayed this position. */
  private readonly pins = new Map<string, { lsn: bigint; at: number }>();
  /** Per user: write requests whose position is being read (their reads go to the primary meanwhile). */
  private readonly pending = new Map<string, number>();
  private batch: { users: string[]; done: Promise<void> } | null = null;
  private bus: Bus | null = null;
  private log: Log = { warn: (o, m) => console.warn(m, o), info: (o, m) => console.info(m, o) };
  private offBus: (() => void) | null = null;

  /** `primary`: the primary's handle (its Kysely carries writePlugin, hence a function). */
  constructor(
    private readonly primaryOf: () => Kysely<Database>,
    url: string,
    poolSize = 10,
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      pipeline: true,
      application_name: 'kp-read',
      connectionTimeoutMillis: 2_000,
    });
    this.pool.on('error', () => {});
    this.kysely = new Kysely<Database>({
      dialect: new FallbackDialect(new PipelineDialect(this.pool, this.counts), this),
    });
  }

  /** Counts the primary's write statements (a plugin of the primary's Kysely). */
  readonly writePlugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
      const k = args.node.kind;
      if (
        k === 'InsertQueryNode' ||
        k === 'UpdateQueryNode' ||
        k === 'DeleteQueryNode' ||
        k === 'MergeQueryNode'
      )
        this.writes++;
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
  };

  /** Pins from other processes arrive on `bus`; replica faults and recoveries are logged to `log`. */
  attach(bus: Bus, log?: Log): void {
    this.bus = bus;
    if (log) this.log = log;
    this.offBus = bus.subscribe(REPLICA_PIN, (p) => {
      const { u, l } = (p ?? {}) as { u?: unknown; l?: unknown };
      if (!Array.isArray(u) || typeof l !== 'string') return;
      const lsn = lsnOf(l);
      for (const id of u) if (typeof id === 'string') this.pin(id, lsn);
    });
  }

  /** The handle `userId`'s reads use now: the replica's, or the primary's (pinned, pending, or replica down). */
  read(userId?: string): Kysely<Database> {
    if (!this.up) {
      if (Date.now() - this.downAt >= RETRY_MS) void this.refresh();
      return this.toPrimary();
    }
    if (userId && this.pinned(userId)) return this.toPrimary();
    this.stats.replicaReads++;
    return this.kysely;
  }

  /** Whether `userId` wrote something the replica has not replayed yet (or is writing now). */
  private pinned(userId: string): boolean {
    if ((this.pending.get(userId) ?? 0) > 0) return true;
    const pin = this.pins.get(userId);
    if (!pin || pin.lsn <= this.replay) return false;
    if (Date.now() - this.replayAt >= POLL_MS) void this.refresh();
    if (pin.lsn !== NEVER || Date.now() - pin.at < BLIND_PIN_MS) return true;
    this.pins.delete(userId);
    return false;
  }

  private get primary(): Kysely<Database> {
    return this.primaryOf();
  }

  private toPrimary(): Kysely<Database> {
    this.stats.primaryReads++;
    return this.primary;
  }

  /** Marks `userId` as writing: reads go to the primary until `wrote` has read the write's position. */
  writing(userId: string): void {
    this.pending.set(userId, (this.pending.get(userId) ?? 0) + 1);
  }

  /** Ends a `writing(userId)` mark of a request that wrote nothing. */
  written(userId: string): void {
    const n = (this.pending.get(userId) ?? 1) - 1;
    if (n > 0) this.pending.set(userId, n);
    else this.pending.delete(userId);
  }

  /**
   * After `userId`'s write request committed: their reads stay on the primary until the replica has replayed
   * the primary's WAL position read now (one statement for every write finished in the same turn of the event
   * loop), and every other process is told through the bus. Call after `writing(userId)`.
   */
  async wrote(userId: string): Promise<void> {
    if (!this.batch) {
      const users: string[] = [];
      const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.pinBatch(users));
      this.batch = { users, done };
    }
    this.batch.users.push(userId);
    await this.batch.done;
  }

  /**
   * Users whose lists a committed write changed (the workflow list cache's dropped scopes): pinned like the
   * writer, so that the page their next load stores in the list cache is not read from a replica that lags.
   */
  async affected(userIds: readonly string[]): Promise<void> {
    const users = [...new Set(userIds)];
    for (const u of users) this.writing(u);
    await Promise.all(users.map((u) => this.wrote(u)));
  }

  private async pinBatch(users: string[]): Promise<void> {
    this.batch = null;
    let text: string | null = null;
    try {
      const r = await this.primary.executeQuery<{ lsn: string }>(CompiledQuery.raw(CURRENT_LSN));
      text = r.rows[0]?.lsn ?? null;
    } catch (err) {
      this.log.warn(
        { err },
        'read replica: the primary WAL position could not be read; writers pinned to it',
      );
    }
    const lsn = text ? lsnOf(text) : NEVER;
    for (const u of users) {
      this.pin(u, lsn);
      this.written(u);
    }
    if (text && this.bus)
      await this.bus.publish(REPLICA_PIN, { u: [...new Set(users)], l: text }).catch((err) => {
        this.log.warn({ err }, 'read replica: pin not published');
      });
  }

  private pin(userId: string, lsn: bigint): void {
    const old = this.pins.get(userId);
    if (!old || old.lsn < lsn || (old.lsn === NEVER && lsn !== NEVER))
      this.pins.set(userId, { lsn, at: Date.now() });
    // pins are dropped when the replay position is read; pins of users who never read here ask for it too
    if (this.pins.size > MAX_PINS) void this.refresh();
  }

  /** Reads the replica's replay position (at most one at a time); a failure takes the replica down. */
  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const r = await this.pool.query<{ lsn: string | null }>(REPLAY_LSN);
        this.counts.statements++;
        this.counts.roundTrips++;
        const text = r.rows[0]?.lsn;
        if (text) this.replay = lsnOf(text);
        this.replayAt = Date.now();
        for (const [u, p] of this.pins) if (p.lsn <= this.replay) this.pins.delete(u);
        if (!this.up) {
          this.up = true;
          this.log.info({}, 'read replica: back, reads go to it again');
        }
      } catch (err) {
        this.down(err);
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /** Takes the replica out: reads go to the primary, and it is tried again after RETRY_MS. */
  down(err: unknown): void {
    this.downAt = Date.now();
    if (!this.up) return;
    this.up = false;
    this.log.warn({ err }, 'read replica unreachable: reads go to the primary');
  }

  get isUp(): boolean {
    return this.up;
  }

  /** A statement the replica could not answer, run on the primary. */
  async onPrimary<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    this.stats.fallbacks++;
    return this.primary.executeQuery<R>(q);
  }

  async close(): Promise<void> {
    this.offBus?.();
    await this.kysely.destroy();
  }
}

/**
 * The primary's WAL insert position: past the commit record of every transaction committed before it, also
 * with synchronous_commit off (the write position, pg_current_wal_lsn, may then still be short of it).
 */
const CURRENT_LSN = 'select pg_current_wal_insert_lsn()::text as lsn';
const REPLAY_LSN =
  'select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end)::text as lsn';

/** The replica's dialect whose connections hand a statement to the primary when the replica fails it. */
class FallbackDialect implements Dialect {
  constructor(
    private readonly inner: PipelineDialect,
    private readonly router: ReadRouter,
  ) {}
  createAdapter() {
    return this.inner.createAdapter();
  }
  createDriver(): Driver {
    return new FallbackDriver(this.inner.createDriver(), this.router);
  }
  createIntrospector(db: Kysely<unknown>) {
    return this.inner.createIntrospector(db);
  }
  createQueryCompiler() {
    return this.inner.createQueryCompiler();
  }
}

/** A replica connection, or none (the replica is down): then each statement runs on the primary. */
class FallbackConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection | null,
    private readonly router: ReadRouter,
  ) {}
  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.inner) return this.router.onPrimary<R>(q);
    try {
      return await this.inner.executeQuery<R>(q);
    } catch (err) {
      const fault = replicaFault(err);
      if (!fault) throw err;
      if (fault === 'down') this.router.down(err);
      return this.router.onPrimary<R>(q);
    }
  }
  // biome-ignore lint/correctness/useYield: the read handle streams nothing (as the pipeline driver)
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the read handle');
  }
}

class FallbackDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly router: ReadRouter,
  ) {}
  init(): Promise<void> {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.router.isUp) return new FallbackConnection(null, this.router);
    try {
      return new FallbackConnection(await this.inner.acquireConnection(), this.router);
    } catch (err) {
      this.router.down(err);
      return new FallbackConnection(null, this.router);
    }
  }
  beginTransaction(): Promise<void> {
    return Promise.reject(new Error('the read handle runs no transactions: write on the primary'));
  }
  commitTransaction(): Promise<void> {
    return this.beginTransaction();
  }
  rollbackTransaction(): Promise<void> {
    return this.beginTransaction();
  }
  async releaseConnection(c: DatabaseConnection): Promise<void> {
    if (c instanceof FallbackConnection && c.inner) await this.inner.releaseConnection(c.inner);
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * One reader per handle, made once: `perHandle(make)(db.read(uid))` gives the reader `make` built for the
 * primary or for the replica (readers that compile their statements once keep doing so).
 */
export function perHandle<F>(make: (db: Kysely<Database>) => F): (db: Kysely<Database>) => F {
  const made = new WeakMap<Kysely<Database>, F>();
  return (db) => {
    let f = made.get(db);
    if (!f) {
      f = make(db);
      made.set(db, f);
    }
    return f;
  };
}
