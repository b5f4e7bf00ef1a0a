import type { FastifyInstance } from 'fastify';
import { buildApp, serverLogger } from './app';
import type { ServerConfig } from './config';
import { type Db, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './seed/seed';

/** Opens the database, migrates, seeds on first start, builds the app. Caller listens and closes. */
export async function startServer(
  cfg: ServerConfig,
  logger: boolean | object = true,
): Promise<{ app: FastifyInstance; db: Db }> {
  const db = await openDatabase(cfg.db);
  try {
    await migrateToLatest(db.kysely);
    await seedIfEmpty(db.kysely, { bcryptCost: cfg.bcryptCost });
    const app = await buildApp({
      db,
      dataDir: cfg.dataDir,
      logger: logger === true ? serverLogger(cfg.logLevel) : (logger as object | false),
      options: { bcryptCost: cfg.bcryptCost, hostDist: cfg.hostDist },
      trustProxy: cfg.trustProxy,
      apiDocs: cfg.apiDocs,
      mail: cfg.mail ?? null,
    });
    app.addHook('onClose', async () => db.close());
    return { app, db };
  } catch (err) {
    await db.close();
    throw err;
  }
}
