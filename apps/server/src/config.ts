import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbTarget } from './db/database';

/** The repository root (apps/server/src -> ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  db: DbTarget;
  bcryptCost: number;
  hostDist: string;
  logLevel: string;
}

/**
 * Environment: HOST (default localhost), PORT (3000), DATA_DIR (<repo>/data), DATABASE_URL
 * (postgres://…; unset: PGlite in <DATA_DIR>/pglite), BCRYPT_COST (10), HOST_DIST
 * (<repo>/apps/host/dist), LOG_LEVEL (info).
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data'));
  const url = env.DATABASE_URL;
  return {
    host: env.HOST || 'localhost',
    port: Number.parseInt(env.PORT || '3000', 10),
    dataDir,
    db: url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    bcryptCost: Number.parseInt(env.BCRYPT_COST || '10', 10),
    hostDist: path.resolve(env.HOST_DIST || path.join(REPO_ROOT, 'apps/host/dist')),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
