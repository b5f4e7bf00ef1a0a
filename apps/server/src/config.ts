import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbTarget } from './db/database';
import { type MailProvider, mailProviderFromEnv } from './domains/portal/mail';

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
  /**
   * Addresses or CIDRs of the reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY); empty:
   * none, the client address is the socket's.
   */
  trustProxy?: string[];
  /** Serve the OpenAPI document at /api/docs (to administrators): on unless NODE_ENV=production. */
  apiDocs?: boolean;
  /** The mail source (MAIL_PROVIDER; unset: none). */
  mail?: MailProvider | null;
}

/**
 * TRUST_PROXY: comma-separated addresses or CIDRs (e.g. `127.0.0.1,10.0.0.0/8`). Unset, empty, `0` or
 * `false`: no proxy is trusted. `true`/`*` (trust any sender) is refused: anyone could then choose
 * the address the lockout and the logs see.
 */
export function parseTrustProxy(value: string | undefined): string[] {
  const v = (value ?? '').trim();
  if (!v || v === '0' || v.toLowerCase() === 'false') return [];
  const parts = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const p of parts)
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(p) && !['loopback', 'linklocal', 'uniquelocal'].includes(p))
      throw new Error(
        `TRUST_PROXY: "${p}" is not an address or CIDR (list the proxies, e.g. 127.0.0.1,10.0.0.0/8)`,
      );
  return parts;
}

/**
 * Environment: HOST (default localhost), PORT (3000), DATA_DIR (<repo>/data), DATABASE_URL
 * (postgres://…; unset: PGlite in <DATA_DIR>/pglite), READ_DATABASE_URL (a streaming replica of
 * DATABASE_URL for the lists and reports, see db/replica.ts; unset: none), BCRYPT_COST (10), HOST_DIST
 * (<repo>/apps/host/dist), LOG_LEVEL (warn), TRUST_PROXY (none: see parseTrustProxy), NODE_ENV
 * (production: no /api/docs unless API_DOCS=1), MAIL_PROVIDER (none: see domains/portal/mail.ts).
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data'));
  const url = env.DATABASE_URL;
  const readUrl = env.READ_DATABASE_URL || undefined;
  return {
    host: env.HOST || 'localhost',
    port: Number.parseInt(env.PORT || '3000', 10),
    dataDir,
    db: url
      ? { kind: 'postgres', url, ...(readUrl ? { readUrl } : {}) }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    bcryptCost: Number.parseInt(env.BCRYPT_COST || '10', 10),
    hostDist: path.resolve(env.HOST_DIST || path.join(REPO_ROOT, 'apps/host/dist')),
    logLevel: env.LOG_LEVEL || 'warn',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    apiDocs: env.NODE_ENV !== 'production' || env.API_DOCS === '1',
    mail: mailProviderFromEnv(env),
  };
}
