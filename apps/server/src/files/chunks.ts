// Chunked uploads in progress: a ledger row per stored chunk (table file_chunk, migration 0125) bounds
// what one user may keep in chunk storage, and a periodic sweep removes uploads abandoned for a while.
// Chunks live in storage under chunks/<userId>/<identifier>/<n>.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types';
import { MB } from './policy';
import type { FileStorage } from './storage';

/** Bytes one user may hold in unfinished chunked uploads (two of the largest attachments at once). */
export const CHUNK_QUOTA = 1024 * MB;
/** An upload whose last chunk arrived longer ago than this is abandoned: its chunks are swept. */
export const CHUNK_TTL_MS = 24 * 3600_000;
/** Uploads swept per pass, so one pass stays short; the next pass takes the rest. */
export const SWEEP_BATCH = 200;

export const chunkPrefix = (userId: string, identifier: string) =>
  `chunks/${userId}/${identifier.toLowerCase()}`;

export type Reservation = { ok: true } | { ok: false; reason: 'quota' | 'upload' };

/**
 * Reserves room for one chunk before it is written: the user's chunks (this one replacing an earlier
 * copy of the same number) must stay within CHUNK_QUOTA, and this upload's within its declared total
 * size. Serialised per user across processes (a transaction-scoped advisory lock).
 */
export async function reserveChunk(
  db: Kysely<Database>,
  o: { userId: string; identifier: string; chunkNumber: number; size: number; totalSize: number },
  quota = CHUNK_QUOTA,
): Promise<Reservation> {
  const identifier = o.identifier.toLowerCase();
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`kp.chunks:${o.userId}`}))`.execute(tx);
    const t = tx;
    const others = (field: 'user' | 'upload') =>
      t
        .selectFrom('file_chunk')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), sql<string>`0`).as('n'))
        .where('user_id', '=', o.userId)
        .where((eb) =>
          field === 'upload'
            ? eb.and([eb('identifier', '=', identifier), eb('chunk_number', '!=', o.chunkNumber)])
            : eb.or([eb('identifier', '!=', identifier), eb('chunk_number', '!=', o.chunkNumber)]),
        )
        .executeTakeFirstOrThrow();
    const [user, upload] = await Promise.all([others('user'), others('upload')]);
    if (Number(upload.n) + o.size > o.totalSize) return { ok: false, reason: 'upload' } as const;
    if (Number(user.n) + o.size > quota) return { ok: false, reason: 'quota' } as const;
    await t
      .insertInto('file_chunk')
      .values({ user_id: o.userId, identifier, chunk_number: o.chunkNumber, size: o.size })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'identifier', 'chunk_number'])
          .doUpdateSet({ size: o.size, updated_at: sql`now()` }),
      )
      .execute();
    return { ok: true } as const;
  });
}

/** Drops the ledger rows of one upload (after its merge, or when its chunks were removed). */
export async function forgetUpload(
  db: Kysely<Database>,
  userId: string,
  identifier: string,
  chunkNumber?: number,
): Promise<void> {
  let q = db
    .deleteFrom('file_chunk')
    .where('user_id', '=', userId)
    .where('identifier', '=', identifier.toLowerCase());
  if (chunkNumber !== undefined) q = q.where('chunk_number', '=', chunkNumber);
  await q.execute();
}

/** Bytes the user holds in unfinished uploads. */
export async function chunkBytesOf(db: Kysely<Database>, userId: string): Promise<number> {
  const r = await db
    .selectFrom('file_chunk')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), sql<string>`0`).as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * One bounded sweep pass: uploads with no chunk newer than CHUNK_TTL_MS (at most SWEEP_BATCH of them)
 * lose their stored chunks and ledger rows. Idempotent and safe from several processes at once: storage
 * removal of a missing prefix is a no-op, and only rows still older than the cut-off are deleted (an
 * upload resumed meanwhile keeps its new chunks' rows; its merge then asks for the missing ones).
 */
export async function sweepAbandonedChunks(
  db: Kysely<Database>,
  storage: FileStorage,
  now = Date.now(),
  ttlMs = CHUNK_TTL_MS,
): Promise<number> {
  const cutoff = new Date(now - ttlMs);
  const stale = await db
    .selectFrom('file_chunk')
    .select(['user_id', 'identifier'])
    .groupBy(['user_id', 'identifier'])
    .having((eb) => eb.fn.max('updated_at'), '<', cutoff)
    .limit(SWEEP_BATCH)
    .execute();
  for (const u of stale) {
    await storage.removeAll(chunkPrefix(u.user_id, u.identifier));
    await db
      .deleteFrom('file_chunk')
      .where('user_id', '=', u.user_id)
      .where('identifier', '=', u.identifier)
      .where('updated_at', '<', cutoff)
      .execute();
  }
  return stale.length;
}

/** Runs the sweep every `everyMs` (again at once while a pass was full). Returns a stop function. */
export function startChunkSweep(
  db: Kysely<Database>,
  storage: FileStorage,
  opts: { everyMs?: number; onError?: (err: unknown) => void } = {},
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const pass = async () => {
    try {
      for (let i = 0; i < 10 && !stopped; i++)
        if ((await sweepAbandonedChunks(db, storage)) < SWEEP_BATCH) break;
    } catch (err) {
      opts.onError?.(err);
    }
    if (!stopped) timer = setTimeout(pass, opts.everyMs ?? 3600_000).unref();
  };
  timer = setTimeout(pass, 60_000).unref();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
