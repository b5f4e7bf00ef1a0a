import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { newToken, sha256 } from './tokens';

export const DOWNLOAD_CODE_MS = 60_000;
export const MEDIA_CODE_MS = 3 * 60_000;

/** A new code for `sessionId` (answered once; only its hash is kept). */
export async function issueDownloadCode(
  db: Kysely<Database>,
  sessionId: string,
  kind: 'download' | 'media',
): Promise<{ code: string; expiresIn: number }> {
  const code = newToken().slice(0, 48);
  const ms = kind === 'media' ? MEDIA_CODE_MS : DOWNLOAD_CODE_MS;
  const d = db;
  await d.deleteFrom('download_code').where('expires_at', '<', new Date()).execute();
  await d
    .insertInto('download_code')
    .values({
      code_hash: sha256(code),
      session_id: sessionId,
      expires_at: new Date(Date.now() + ms),
      once: kind !== 'media',
    })
    .execute();
  return { code, expiresIn: Math.floor(ms / 1000) };
}

/** The session id a code stands for (a download code is spent here), or null. */
export async function redeemDownloadCode(db: Kysely<Database>, code: string): Promise<string | null> {
  if (!/^[0-9a-f]{48}$/.test(code)) return null;
  const d = db;
  const hash = sha256(code);
  const row = await d
    .selectFrom('download_code')
    .select(['session_id', 'expires_at', 'once'])
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return null;
  if (row.once) {
    // spent by whoever deletes it first (two concurrent uses: one wins)
    const del = await d.deleteFrom('download_code').where('code_hash', '=', hash).executeTakeFirst();
    if (Number(del.numDeletedRows) !== 1) return null;
  }
  return row.session_id;
}
