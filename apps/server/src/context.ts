import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthzCache } from './auth/authz';
import type { SessionStore } from './auth/sessions';
import type { Settings } from './auth/settings';
import type { Bus } from './bus/bus';
import type { Db } from './db/database';
import type { Database } from './db/types';
import type { FileStorage } from './files/storage';

/** Server options read from the environment (see config.ts). */
export interface ServerOptions {
  /** bcrypt cost for stored passwords (tests use 4). */
  bcryptCost: number;
  /** Folder of the built host served at /kpSystem/ (skipped when missing). */
  hostDist: string | null;
}

/** What every route reaches through `app.kp` (decorated on the Fastify instance). */
export interface AppContext {
  db: Kysely<Database>;
  dbHandle: Db;
  bus: Bus;
  sessions: SessionStore;
  authz: AuthzCache;
  storage: FileStorage;
  dataDir: string;
  options: ServerOptions;
  settings: {
    get(): Promise<Settings>;
    set(patch: Partial<Settings>): Promise<void>;
  };
  log: FastifyBaseLogger;
}
