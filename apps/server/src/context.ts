import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Bus } from './bus/bus';
import type { Db } from './db/database';
import type { Database } from './db/types';
import type { AuthzCache } from './domains/auth/authz';
import type { SessionStore } from './domains/auth/sessions';
import type { Settings } from './domains/auth/settings';
import type { MailProvider } from './domains/portal/mail';
import type { FileStorage } from './files/storage';

/** Server options read from the environment (see config.ts). */
export interface ServerOptions {
  /** bcrypt cost for stored passwords (tests use 4). */
  bcryptCost: number;
  /** Folder of the built host served at /kpSystem/ (skipped when missing). */
  hostDist: string | null;
}

/** One registered route as the app declared it (for introspection: docs, hardening suites). */
export interface RouteInfo {
  method: string;
  url: string;
  config: {
    auth?: 'public' | 'session';
    permission?: { menu?: string; button?: string; admin?: true };
    allowLocked?: boolean;
    tokenInQuery?: boolean;
  };
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; hide?: boolean };
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
    /** What get() would answer without reading the database (this process's fresh copy), else undefined. */
    cached(): Settings | undefined;
    set(patch: Partial<Settings>): Promise<void>;
  };
  log: FastifyBaseLogger;
  /** Every route registered on the app (filled while the app is built). */
  routes: RouteInfo[];
  /** The mail source (MAIL_PROVIDER); null: none configured. */
  mail: MailProvider | null;
}
