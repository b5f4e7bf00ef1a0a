import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import { type Db, type DbTarget, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { md5Hex } from '../domains/auth/tokens';
import type { MailProvider } from '../domains/portal/mail';
import { ADMIN_PASSWORD, DEMO_PASSWORD, seedIfEmpty } from '../seed/seed';

/**
 * Which database the server tests use: PGlite in memory, or — when TEST_DATABASE_URL is set
 * (CI: postgres://postgres@127.0.0.1:5432/test) — a fresh PostgreSQL database per test file.
 */
export const TEST_DB_KIND: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Creates `kp_t_<random>` next to TEST_DATABASE_URL's database; returns its URL and a drop(). */
export async function createPostgresDatabase(
  baseUrl = process.env.TEST_DATABASE_URL!,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kp_t_${randomBytes(6).toString('hex')}`;
  const admin = new URL(baseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A fresh, empty database of TEST_DB_KIND (PGlite in memory, or a new PostgreSQL database with a pool of
 * `poolSize`), or `target`; close() closes it and drops a database it created.
 */
export async function openTestDatabase(
  target?: DbTarget,
  poolSize = 5,
): Promise<{ db: Db; close: () => Promise<void> }> {
  let drop: (() => Promise<void>) | null = null;
  if (!target) {
    if (TEST_DB_KIND === 'postgres') {
      const created = await createPostgresDatabase();
      drop = created.drop;
      target = { kind: 'postgres', url: created.url, poolSize };
    } else target = { kind: 'pglite' };
  }
  const db = await openDatabase(target);
  return {
    db,
    close: async () => {
      await db.close();
      if (drop) await drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  dataDir: string;
  /** Logs in and returns the token (throws with the msg when login fails). */
  login(account: string, password?: string): Promise<string>;
  /** inject with `Authorization: Bearer <token>`; returns the parsed envelope. */
  call<T = unknown>(
    token: string | null,
    opts: InjectOptions,
  ): Promise<{ code: number; msg: string; data: T }>;
  close(): Promise<void>;
}

export const md5 = md5Hex;
/** An inject body posted as a form (application/x-www-form-urlencoded), as the host's login does. */
export const urlencoded = (o: Record<string, string>) => ({
  payload: new URLSearchParams(o).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
export const passwordOf = (account: string) => (account === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);

/**
 * A whole server on a fresh, migrated, seeded database (call once per test file, in beforeAll).
 * bcrypt cost 4; files in a temp folder. `target` overrides the database (e.g. a PGlite dataDir).
 */
export async function createTestApp(
  opts: {
    target?: DbTarget;
    dataDir?: string;
    seed?: boolean;
    /** Built host folder to serve at /kpSystem/. */
    hostDist?: string;
    /** The mail source (tests: a MemoryMailProvider); default none. */
    mail?: MailProvider;
    /** Extra routes registered before ready (e.g. probes of the guard). */
    extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
  } = {},
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'kp-server-')));
  const { db, close: closeDb } = await openTestDatabase(opts.target);
  await migrateToLatest(db.kysely);
  if (opts.seed !== false) await seedIfEmpty(db.kysely, { bcryptCost: 4 });
  const app = await buildApp({
    db,
    dataDir,
    logger: false,
    options: { bcryptCost: 4, hostDist: opts.hostDist ?? null },
    mail: opts.mail ?? null,
  });
  if (opts.extraRoutes) await app.register(async (scope) => opts.extraRoutes!(scope));
  await app.ready();
  const call: TestApp['call'] = async (token, o) => {
    const res = await app.inject({
      ...o,
      headers: { ...(o.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return res.json();
  };
  return {
    app,
    ctx: app.kp,
    db,
    dataDir,
    call,
    async login(account, password = passwordOf(account)) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/oauth/Login',
        payload: new URLSearchParams({
          account,
          password: md5Hex(password),
          grant_type: 'password',
          scope: 'all',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const body = res.json();
      if (body.code !== 200) throw new Error(`login ${account}: ${body.code} ${body.msg}`);
      return body.data.token as string;
    },
    async close() {
      await app.close();
      await closeDb();
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export { type Initiators, initiatorsOf, SEEDED_FLOW_DETAIL, seededInitiators, startNode } from './flows';
export { fieldConfig, formConfig } from './forms';
