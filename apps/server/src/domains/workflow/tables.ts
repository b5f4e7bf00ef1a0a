import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

export type {
  WfCirculateTable,
  WfCommentTable,
  WfDeadlineTable,
  WfEntrustTable,
  WfOperatorTable,
  WfPrintTemplateTable,
  WfRecordTable,
  WfTaskTable,
  WfTemplateTable,
} from '../../db/tables/workflow';

/** The workflow tables are part of Database (db/tables/workflow.ts); kept as a name for readers of older code. */
export type WfDatabase = Database;
/** The database or a transaction on it. */
export type WfDb = Kysely<Database> | Transaction<Database>;

/** @deprecated identity — Database already holds the workflow tables; kept for callers outside this domain. */
export const wdb = <D extends WfDb>(db: D): D => db;

/** jsonb written through pg/PGlite: pass JSON text. */
export const json = (v: unknown): string => JSON.stringify(v ?? null);
/**
 * jsonb read back: pg parses it; tolerate text. Without a fallback, a missing or unreadable value gives null
 * typed as T — for columns the schema declares not null (a task's state, a template's tree).
 */
export function parseJson<T>(v: unknown, fallback?: T): T {
  const otherwise = (fallback ?? null) as T;
  if (v === null || v === undefined) return otherwise;
  if (typeof v === 'string') {
    try {
      return JSON.parse(v) as T;
    } catch {
      return otherwise;
    }
  }
  return v as T;
}
