import { type Kysely, sql } from 'kysely';
import type { Database } from './types';

/** How long an ended or expired session row is kept (online-user history, audits) before it is removed. */
export const SESSION_KEEP_MS = 7 * 24 * 3600_000;
/** Rows removed per table per pass, so one pass never holds the database for long. */
export const CLEANUP_BATCH = 1_000;

export interface CleanupResult {
  sessions: number;
  captchas: number;
  userCodes: number;
}

/**
 * One bounded cleanup pass: sessions ended or expired more than SESSION_KEEP_MS ago, expired captchas and
 * one-time user codes, at most CLEANUP_BATCH rows of each. Safe to run from several processes at once.
 */
export async function cleanupExpired(db: Kysely<Database>, now = new Date()): Promise<CleanupResult> {
  const before = new Date(now.getTime() - SESSION_KEEP_MS);
  const sessions = await db
    .deleteFrom('user_session')
    .where(
      'id',
      'in',
      db
        .selectFrom('user_session')
        .select('id')
        .where((eb) => eb.or([eb('expires_at', '<', before), eb('ended_at', '<', before)]))
        .limit(CLEANUP_BATCH),
    )
    .executeTakeFirst();
  const captchas = await db
    .deleteFrom('captcha')
    .where(
      'id',
      'in',
      db.selectFrom('captcha').select('id').where('expires_at', '<', now).limit(CLEANUP_BATCH),
    )
    .executeTakeFirst();
  const userCodes = await db
    .deleteFrom('user_code')
    .where(
      'code_hash',
      'in',
      db.selectFrom('user_code').select('code_hash').where('expires_at', '<', now).limit(CLEANUP_BATCH),
    )
    .executeTakeFirst();
  return {
    sessions: Number(sessions.numDeletedRows),
    captchas: Number(captchas.numDeletedRows),
    userCodes: Number(userCodes.numDeletedRows),
  };
}

/**
 * Starts the periodic maintenance of a server process: the cleanup pass every `everyMs` (repeated at
 * once while a pass hit its batch limit, up to 10 passes), and on PGlite, which has no autovacuum,
 * ANALYZE every `analyzeEveryMs` so the planner keeps its statistics. Returns a stop function.
 */
export function startMaintenance(
  db: Kysely<Database>,
  opts: {
    kind: 'pglite' | 'postgres';
    everyMs?: number;
    analyzeEveryMs?: number;
    onError?: (e: unknown) => void;
  },
): () => void {
  let stopped = false;
  let running = false;
  let lastAnalyze = Date.now();
  const pass = async () => {
    if (running || stopped) return;
    running = true;
    try {
      for (let i = 0; i < 10 && !stopped; i++) {
        const r = await cleanupExpired(db);
        if (r.sessions < CLEANUP_BATCH && r.captchas < CLEANUP_BATCH && r.userCodes < CLEANUP_BATCH) break;
      }
      if (
        !stopped &&
        opts.kind === 'pglite' &&
        Date.now() - lastAnalyze >= (opts.analyzeEveryMs ?? 3600_000)
      ) {
        lastAnalyze = Date.now();
        await sql`analyze`.execute(db);
      }
    } catch (err) {
      if (!stopped) opts.onError?.(err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void pass(), opts.everyMs ?? 10 * 60_000);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
