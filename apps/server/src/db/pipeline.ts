// Statements sent together: several statements of one transaction written to PostgreSQL at once and
// answered in order (pg's pipeline mode), so they cost one round trip; a transaction's BEGIN rides with its
// first statement. The Kysely dialect for pg that does it (PipelineDialect) and `pipelined` for callers
// (on any other dialect — PGlite runs in this process, no round trips to save — one after the other).
import { createHash } from 'node:crypto';
import {
  type Compilable,
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type Expression,
  type Kysely,
  PostgresAdapter,
  PostgresDialect,
  type QueryResult,
  sql,
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
/** A pipeline that ends its transaction: COMMIT is sent with it (pipelinedCommit). */
const COMMIT = Symbol('kp.commit');
type PipelineQuery = CompiledQuery & { [PIPELINE]: readonly CompiledQuery[]; [COMMIT]?: true };
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

/**
 * `pipelined` as the last statements of the caller's transaction, with its COMMIT in the same round trip
 * (PostgreSQL; Kysely's own commit is then a no-op). Each statement is answered on its own, so one that fails
 * aborts the transaction, the COMMIT after it rolls it back, and its error is thrown (Kysely's rollback is
 * then a no-op too). A check that must undo the transaction has to fail in SQL among `queries`: their results
 * arrive after the commit. Elsewhere the statements run one after the other and the transaction commits as
 * usual.
 */
export async function pipelinedCommit(
  tx: Pick<Kysely<unknown>, 'executeQuery' | 'getExecutor'>,
  queries: Compilable[],
): Promise<QueryResult<unknown>[]> {
  if (!(tx.getExecutor().adapter instanceof PipelineAdapter)) return pipelined(tx, queries);
  const marker: PipelineQuery = {
    ...CompiledQuery.raw('/* kp pipeline */'),
    [PIPELINE]: queries.map((q) => q.compile()),
    [COMMIT]: true,
  };
  return (await tx.executeQuery(marker)).rows as QueryResult<unknown>[];
}

/** The end of a statement's text that asks the pg driver to keep it prepared (see `prepared`). */
export const PREPARED_MARK = '/* kp prepared */';
/** Texts prepared at most per process (each costs memory in every connection's backend). */
export const MAX_PREPARED = 64;
/** A marked text is prepared from its this-many-th call on: texts that run once are not kept. */
export const PREPARE_AFTER = 3;
/** Marked texts seen and not prepared yet (how often), forgotten past this many. */
const MAX_SEEN = 2_000;
const preparedNames = new Map<string, string>();
const seen = new Map<string, number>();

/** The name the marked statement `text` is prepared under on each connection; undefined: send it unprepared. */
function preparedName(text: string): string | undefined {
  if (!text.endsWith(PREPARED_MARK)) return undefined;
  const name = preparedNames.get(text);
  if (name || preparedNames.size >= MAX_PREPARED) return name;
  const n = (seen.get(text) ?? 0) + 1;
  if (n < PREPARE_AFTER) {
    if (seen.size >= MAX_SEEN) seen.clear();
    seen.set(text, n);
    return undefined;
  }
  seen.delete(text);
  const named = `kp_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  preparedNames.set(text, named);
  return named;
}

/** A compiled statement with the mark of `prepared`. */
export const preparedQuery = (q: CompiledQuery): CompiledQuery =>
  q.sql.endsWith(PREPARED_MARK) ? q : CompiledQuery.raw(`${q.sql} ${PREPARED_MARK}`, [...q.parameters]);

/**
 * Marks a query that runs often with the same text: on PostgreSQL, from its PREPARE_AFTER-th call on, each
 * connection parses it once and, after its first executions, plans it once (PostgreSQL's generic plan)
 * instead of on every call (MAX_PREPARED texts at most) — for the hot statements of the audit path, where
 * parsing and planning cost more than running. A select names its columns (no `select *`): a prepared
 * statement whose result columns change under it (a migration adding one while the process runs) fails.
 * Elsewhere (PGlite) the mark is a comment.
 */
export function prepared<B extends { modifyEnd(modifier: Expression<unknown>): B }>(query: B): B {
  return query.modifyEnd(sql.raw(PREPARED_MARK));
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
  /** The transaction's COMMIT went with its last statements (pipelinedCommit): nothing left to end. */
  ended = false;

  constructor(
    readonly client: pg.PoolClient,
    private readonly counts: DbCounts,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const queries = isPipeline(compiled) ? compiled[PIPELINE] : [compiled];
    const commit = isPipeline(compiled) && compiled[COMMIT] === true;
    const begin = this.pendingBegin ? [{ sql: this.pendingBegin, parameters: [] }] : [];
    const texts = [...begin, ...queries, ...(commit ? [{ sql: 'commit', parameters: [] }] : [])];
    this.pendingBegin = null;
    if (commit) this.ended = true;
    const { stream } = this.client.connection;
    // one write for all of them: pipeline mode sends each at once; the cork holds them until the last
    stream.cork();
    let sent: Promise<pg.QueryResult>[];
    try {
      sent = texts.map((q) => {
        const name = preparedName(q.sql);
        const values = [...q.parameters];
        return name ? this.client.query({ name, text: q.sql, values }) : this.client.query(q.sql, values);
      });
    } finally {
      stream.uncork();
    }
    this.counts.statements += texts.length;
    this.counts.roundTrips++;
    const settled = await Promise.allSettled(sent);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const results = settled.map((s) => resultOf((s as PromiseFulfilledResult<pg.QueryResult>).value));
    const own = results.slice(begin.length, begin.length + queries.length);
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
    if (c.pendingBegin || c.ended) {
      c.pendingBegin = null;
      c.ended = false;
      return;
    }
    await c.executeQuery(CompiledQuery.raw(text));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as PipelineConnection;
    c.pendingBegin = null;
    c.ended = false;
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
