import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Notifier } from '../bus/bus';
import { type DbCounts, PipelineDialect } from './pipeline';
import { ReadCache, WORKFLOW_LIST_TABLES, writeWatch } from './read-cache';
import { ReadRouter } from './replica';
import type { Database } from './types';

export type { Notifier };

/**
 * The workflow lists' cache: announced writes (no commit triggers on wf_*), entries at most 60 s old. Every
 * write the server issues drops the lists it changes, here and in the other instances (per user's list, or
 * everything when it cannot be bounded: read-cache.ts), so the age limit only bounds how long a write nobody
 * announced (psql, another program) may go unseen; 60 s, not 5 s: at 5 s, 54 % of a morning's misses were
 * entries merely past their age (README, list cache).
 */
const LIST_CACHE = { announce: true, ttlMs: 60_000 } as const;

/** An open database: the Kysely handle, its kind, its notifier, and close(). */
export interface Db {
  kysely: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  notifier: Notifier;
  /** Read cache of the organisation tables, dropped on every write to them (see read-cache.ts). */
  cache: ReadCache;
  /** Read cache of the workflow task lists, dropped on every write to their tables (WORKFLOW_LIST_TABLES). */
  lists: ReadCache;
  /**
   * Statements sent so far (begin, commit and NOTIFY included), the round trips they took (statements
   * pipelined together take one: db/pipeline.ts) and the NOTIFYs among them. Tests and benches count a
   * request's with it.
   */
  readonly counts: Readonly<DbCounts>;
  /**
   * The handle for `userId`'s lag-tolerant reads (lists, reports): the read replica's (READ_DATABASE_URL),
   * unless that user wrote something it has not replayed yet or it is down; without a replica, `kysely`.
   */
  read(userId?: string): Kysely<Database>;
  /** The read replica's router (db/replica.ts), or null without one. */
  replica: ReadRouter | null;
  close(): Promise<void>;
}

export type DbTarget =
  | { kind: 'pglite'; dataDir?: string } // dataDir undefined: in memory
  | { kind: 'postgres'; url: string; poolSize?: number; readUrl?: string }; // readUrl: a streaming replica

// int8 (count(*), bigint) comes back from pg as text; our counts and sizes fit a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * PGlite runs each query synchronously inside this process (WebAssembly). A queue of queries would run
 * back to back on microtasks and starve timers, sockets and file writes until it drains (40 concurrent
 * transactions: a 10 ms timer did not fire once in 446 ms). Each query first lets the event loop turn once.
 */
function yieldBeforeEachQuery(pglite: PGlite, counts: DbCounts): void {
  const query = pglite.query.bind(pglite);
  pglite.query = (async (...args: Parameters<typeof query>) => {
    counts.statements++;
    counts.roundTrips++;
    await new Promise<void>((resolve) => setImmediate(resolve));
    return query(...args);
  }) as typeof pglite.query;
}

export async function openDatabase(target: DbTarget): Promise<Db> {
  const counts: DbCounts = { statements: 0, roundTrips: 0, notifies: 0 };
  if (target.kind === 'pglite') {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
    // relaxedDurability stays false (the default): each commit is written to the files before it is
    // acknowledged, so a killed process keeps acknowledged writes (tested in durability.test.ts).
    // shared_buffers 16 MB, not PostgreSQL's 128 MB: PGlite's files already sit in this process's memory (in
    // memory) or the OS page cache (a data directory), and the WebAssembly heap the buffers fill never
    // shrinks (issue 40: the server's RSS after the soak bench)
    const pglite = new PGlite({
      dataDir: target.dataDir,
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    });
    await pglite.waitReady;
    yieldBeforeEachQuery(pglite, counts);
    const cache = new ReadCache();
    const lists = new ReadCache(WORKFLOW_LIST_TABLES, LIST_CACHE);
    const kysely = new Kysely<Database>({
      dialect: new PGliteDialect(pglite),
      plugins: [writeWatch([cache, lists])],
    });
    const notifier: Notifier = {
      listen: async (channel, cb) => {
        const off = await pglite.listen(channel, cb);
        return async () => {
          if (!pglite.closed) await off();
        };
      },
      notify: async (channel, payload) => {
        counts.notifies++;
        await pglite.query('select pg_notify($1, $2)', [channel, payload]);
      },
    };
    let closed = false;
    return {
      kysely,
      kind: 'pglite',
      notifier,
      cache,
      lists,
      counts,
      read: () => kysely,
      replica: null,
      close: async () => {
        if (closed) return;
        closed = true;
        await kysely.destroy(); // closes the PGlite instance too
      },
    };
  }
  // pipeline mode: a statement is written at once, even while an earlier one waits for its answer (the
  // driver sends a transaction's BEGIN with its first statement, and `pipelined` statements together)
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, pipeline: true });
  // An idle pooled connection that the server ends (restart, admin terminate, dropped database) emits
  // 'error'; unhandled, that would crash the process. The pool discards that client and opens a new one.
  pool.on('error', () => {});
  const cache = new ReadCache();
  const lists = new ReadCache(WORKFLOW_LIST_TABLES, LIST_CACHE);
  const replica = target.readUrl ? new ReadRouter(() => kysely, target.readUrl, target.poolSize) : null;
  const kysely: Kysely<Database> = new Kysely<Database>({
    dialect: new PipelineDialect(pool, counts),
    plugins: replica ? [writeWatch([cache, lists]), replica.writePlugin] : [writeWatch([cache, lists])],
  });
  // the users whose lists a flow change dropped load them next from the primary until the replica has it
  // (else the list cache would keep a page read from a replica that lags); a scope is `table|user`
  if (replica)
    lists.onScopes((scopes) => replica.affected(scopes.map((sc) => sc.slice(sc.indexOf('|') + 1))));
  const listeners: pg.Client[] = [];
  const notifier: Notifier = {
    listen: async (channel, cb) => {
      // One dedicated connection per listened channel: LISTEN needs a session that stays open.
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      client.on('notification', (n) => {
        if (n.channel === channel) cb(n.payload ?? '');
      });
      client.on('error', () => {});
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      listeners.push(client);
      return async () => {
        const i = listeners.indexOf(client);
        if (i >= 0) listeners.splice(i, 1);
        await client.end().catch(() => {});
      };
    },
    notify: async (channel, payload) => {
      counts.statements++;
      counts.roundTrips++;
      counts.notifies++;
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
  };
  let closed = false;
  return {
    kysely,
    kind: 'postgres',
    notifier,
    cache,
    lists,
    counts,
    read: replica ? (userId) => replica.read(userId) : () => kysely,
    replica,
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all(listeners.splice(0).map((c) => c.end().catch(() => {})));
      await replica?.close();
      await kysely.destroy();
    },
  };
}
