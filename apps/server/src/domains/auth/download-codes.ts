import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DownloadCodeBody } from '@kp/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { badRequest } from '../../http/api-error';
import { newToken, sha256 } from './tokens';

export const DOWNLOAD_CODE_MS = 60_000;
export const MEDIA_CODE_MS = 3 * 60_000;

/**
 * Download and media codes (`?code=`, table download_code): what a link the browser opens by itself
 * carries instead of the session token. Each opens ONE resource: its path, the resource id in it included.
 *  - a download code is issued for one path (the address the browser is about to open) and spent there;
 *  - a media code comes with a key (kept in the page's memory, never in a URL); the page derives one
 *    code per path, `<code>.<HMAC-SHA256(key, path) hex>`, so an address seen in a log, the history or a
 *    Referer opens that one image or preview and nothing else (no other file, no export).
 */

/** The path a code is bound to: the address without origin, query or fragment, percent-decoded; else null. */
export function resourcePath(url: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, 'http://kp.invalid').pathname);
  } catch {
    return null;
  }
  return path.startsWith('/api/') && path.length <= 2000 ? path : null;
}

/** The per-path code of a media key (the browser computes the same: apps/host services/downloadCodes.ts). */
export const mediaMac = (key: string, path: string): string =>
  createHmac('sha256', key).update(path, 'utf8').digest('hex');

export interface IssuedCode {
  code: string;
  expiresIn: number;
  /** A media code's key: the page derives `${code}.${mediaMac(key, path)}` for each path. */
  key?: string;
}

/**
 * A new code for `sessionId` (answered once; only its hash is kept): a download code for `resource` (a
 * path, resourcePath), or a media code with its key.
 */
export async function issueDownloadCode(
  db: Kysely<Database>,
  sessionId: string,
  kind: 'download' | 'media',
  resource: string | null = null,
): Promise<IssuedCode> {
  const code = newToken().slice(0, 48);
  const media = kind === 'media';
  if (!media && !resource) throw new Error('a download code needs its resource');
  const key = media ? newToken() : null;
  const ms = media ? MEDIA_CODE_MS : DOWNLOAD_CODE_MS;
  await db.deleteFrom('download_code').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('download_code')
    .values({
      code_hash: sha256(code),
      session_id: sessionId,
      expires_at: new Date(Date.now() + ms),
      once: !media,
      resource: media ? null : resource,
      mac_key: key,
    })
    .execute();
  return { code, expiresIn: Math.floor(ms / 1000), ...(key ? { key } : {}) };
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The session id a code stands for on the request path `path` (a download code is spent here), or null:
 * an unknown or expired code, or one issued for another resource.
 */
export async function redeemDownloadCode(
  db: Kysely<Database>,
  code: string,
  path: string | null,
): Promise<string | null> {
  const m = /^([0-9a-f]{48})(?:\.([0-9a-f]{64}))?$/.exec(code);
  if (!m || !path) return null;
  const hash = sha256(m[1]);
  const row = await db
    .selectFrom('download_code')
    .select(['session_id', 'expires_at', 'once', 'resource', 'mac_key'])
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return null;
  const mac = m[2];
  if (mac) {
    // a media code: its HMAC of this very path
    if (!row.mac_key || !sameHex(mac, mediaMac(row.mac_key, path))) return null;
  } else if (row.mac_key || row.resource !== path) {
    return null; // a bare media code, or a download code of another resource
  }
  if (row.once) {
    // spent by whoever deletes it first (two concurrent uses: one wins)
    const del = await db.deleteFrom('download_code').where('code_hash', '=', hash).executeTakeFirst();
    if (Number(del.numDeletedRows) !== 1) return null;
  }
  return row.session_id;
}

/** POST /api/oauth/DownloadCode: a media code, or a download code for the address `url` (required). */
export async function downloadCodeFor(
  db: Kysely<Database>,
  sessionId: string,
  body: DownloadCodeBody,
): Promise<IssuedCode> {
  if (body.kind === 'media') return issueDownloadCode(db, sessionId, 'media');
  const resource = body.url ? resourcePath(body.url) : null;
  if (!resource) throw badRequest('url: 请指定下载地址');
  return issueDownloadCode(db, sessionId, 'download', resource);
}
