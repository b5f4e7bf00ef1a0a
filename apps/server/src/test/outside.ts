// Test helpers for what happens outside the server under test: a write by another connection (as another
// process or psql would make it) and waiting until the server has seen it.
import { CompiledQuery, type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/types';

/** Calls `fn` every 50 ms until `ok` holds of its value or `ms` pass; the last value. */
export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await fn();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await fn();
  }
  return v;
}

/**
 * Runs `text` with `params` past the server's query builder: on PostgreSQL on a connection of its own to the
 * test's database (only the database's triggers can tell the server), on PGlite on the same database.
 */
export async function writeOutside(db: Kysely<Database>, text: string, params: unknown[]): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    await db.executeQuery(CompiledQuery.raw(text, params));
    return;
  }
  const name = await sql<{ n: string }>`select current_database() as n`.execute(db);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name.rows[0]!.n}`;
  const other = new pg.Client({ connectionString: url.toString() });
  await other.connect();
  try {
    await other.query(text, params);
  } finally {
    await other.end();
  }
}
