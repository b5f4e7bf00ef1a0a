// Statements sent together: several statements of one transaction written to PostgreSQL at once and
// answered in order (pg's pipeline mode), so they cost one round trip; a transaction's BEGIN rides with its
// first statement. The Kysely dialect for pg that does it (PipelineDialect) and `pipelined` for callers
// (on any other dialect — PGlite runs in this process, no round trips to save — one after the other).
import {
  type Compilable,
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresDialect,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';

/** What this process sent to its database: statements, the round trips they took, and its NOTIFYs (in both). */
export interface DbCounts {
  statements: number;
  roundTrips: number;
  notifies: number;
}

const PIPELINE = Symbol('kp.pipeline');
type PipelineQuery = CompiledQuery & { [PIPELINE]: readonly CompiledQuery[] };
const isPipeline = (q: CompiledQuery): q is PipelineQuery => PIPELINE in q;

/**
 * Runs `queries` in order as separate statements (each with its own snapshot, as if awaited one by one:
 * a statement behind a row lock reads what the lock's holder committed), written to PostgreSQL together
 * and answered in one round trip; one after the other elsewhere. Answers every result in order, or throws
 * the first statement's error (the statements after it fail too inside a transaction).
 */
export async function pipelined(
  db: Pick<Kysely<unknown>, 'executeQuery' | 'getExecutor'>,
  queries: Compilable[],
): Promise<QueryResult<unknown>[]> {
  const compiled = queries.map((q) => q.compile());
  if (!(db.getExecutor().adapter instanceof PipelineAdapter)) {
    const out: QueryResult<unknown>[] = [];
    for (const q of compiled) out.push(await db.executeQuery(q));
    return out;
  }
  const marker: PipelineQuery = { ...CompiledQuery.raw('/* kp pipeline */'), [PIPELINE]: compiled };
  return (await db.executeQuery(marker)).rows as QueryResult<unknown>[];
}

const resultOf = (r: pg.QueryResult): QueryResult<unknown> => ({
  numAffectedRows:
    r.command === 'INSERT' || r.command === 'UPDATE' || r.command === 'DELETE' || r.command === 'MERGE'
      ? BigInt(r.rowCount ?? 0)
      : undefined,
  rows: r.rows ?? [],
});

/** One pooled pg client (in pipeline mode) as Kysely's connection. */
class PipelineConnection implements DatabaseConnection {
  /** A BEGIN not sent yet: it goes with the transaction's first statement. */
  pendingBegin: string | null = null;

  constructor(
    readonly client: pg.PoolClient,
    private readonly counts: DbCounts,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const queries = isPipeline(compiled) ? compiled[PIPELINE] : [compiled];
    const texts = this.pendingBegin ? [{ sql: this.pendingBegin, parameters: [] }, ...queries] : queries;
    this.pendingBegin = null;
    const { stream } = this.client.connection;
    // one write for all of them: pipeline mode sends each at once; the cork holds them until the last
    stream.cork();
    let sent: Promise<pg.QueryResult>[];
    try {
      sent = texts.map((q) => this.client.query(q.sql, [...q.parameters]));
    } finally {
      stream.uncork();
    }
    this.counts.statements += texts.length;
    this.counts.roundTrips++;
    const settled = await Promise.allSettled(sent);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const results = settled.map((s) => resultOf((s as PromiseFulfilledResult<pg.QueryResult>).value));
    const own = texts.length > queries.length ? results.slice(1) : results;
    return (isPipeline(compiled) ? { rows: own } : own[0]) as QueryResult<R>;
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered (no cursor), as with Kysely's pg driver
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by this driver');
  }
}

/** Kysely's driver for a pg pool whose clients run in pipeline mode; BEGIN is sent with the next statement. */
class PipelineDriver implements Driver {
  private readonly connections = new WeakMap<pg.PoolClient, PipelineConnection>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly counts: DbCounts,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.pool.connect();
    let c = this.connections.get(client);
    if (!c) {
      c = new PipelineConnection(client, this.counts);
      this.connections.set(client, c);
    }
    return c;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let text = 'begin';
    if (settings.isolationLevel || settings.accessMode)
      text = [
        'start transaction',
        settings.isolationLevel && `isolation level ${settings.isolationLevel}`,
        settings.accessMode,
      ]
        .filter(Boolean)
        .join(' ');
    (connection as PipelineConnection).pendingBegin = text;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as PipelineConnection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as PipelineConnection, 'rollback');
  }

  /** A transaction that sent no statement never began: nothing to end. */
  private async end(c: PipelineConnection, text: string): Promise<void> {
    if (c.pendingBegin) {
      c.pendingBegin = null;
      return;
    }
    await c.executeQuery(CompiledQuery.raw(text));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as PipelineConnection;
    c.pendingBegin = null;
    c.client.release();
  }

  async destroy(): Promise<void> {
    await this.pool.end();
  }
}

/** The adapter of PipelineDialect: how `pipelined` knows its queries may go together. */
class PipelineAdapter extends PostgresAdapter {}

/** Kysely's PostgreSQL dialect over `pool` (created with `pipeline: true`) with the pipelining driver. */
export class PipelineDialect extends PostgresDialect {
  constructor(
    private readonly pgPool: pg.Pool,
    private readonly counts: DbCounts,
  ) {
    super({ pool: pgPool });
  }

  override createDriver(): Driver {
    return new PipelineDriver(this.pgPool, this.counts);
  }

  override createAdapter(): DialectAdapter {
    return new PipelineAdapter();
  }
}
