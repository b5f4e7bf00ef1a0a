// A flow task's version check sent with its transaction's COMMIT (engine.ts actOnTask, WriteBatch.commit).
import { sql, type Transaction } from 'kysely';
import { prepared } from '../../db/pipeline';
import type { Database } from '../../db/types';
import { conflict } from '../../http/api-error';
import { WF_MSG } from './task';

/**
 * The task row's version check in SQL, sent with the transaction's writes and its COMMIT in one round trip:
 * unless the row holds `version` (where the transition's update took it), it divides by zero, which aborts
 * the transaction before the COMMIT behind it (busyIfStale answers 409). The update's own row count is
 * checked too, but that answer comes after the commit.
 */
export const versionCheck = (tx: Transaction<Database>, id: string, version: number) =>
  prepared(
    tx.selectNoFrom(
      sql<number>`1 / (select count(*)::int from wf_task where id = ${id} and version = ${version})`.as('ok'),
    ),
  );

/** versionCheck's failure (PostgreSQL's division_by_zero, 22012) as the busy refusal; other errors as they are. */
export const busyIfStale = (e: unknown): never => {
  const code = typeof e === 'object' && e !== null && 'code' in e ? e.code : undefined;
  throw code === '22012' ? conflict(WF_MSG.busy) : e;
};
