import type { Kysely, Transaction, Updateable } from 'kysely';
import type { WfPrintTemplateTable, WfTemplateTable } from '../../db/tables/workflow';
import type { Database } from '../../db/types';
import { notFound } from '../../http/api-error';

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

/** Flow tables whose rows are deleted softly (`deleted` 1): templates and print templates. */
type SoftTable = 'wf_template' | 'wf_print_template';

/** Sets `values` on the live (not deleted) row `id` of a template table; 404 when there is none. */
export async function updateLive(
  db: WfDb,
  table: 'wf_template',
  id: string,
  values: Updateable<WfTemplateTable>,
): Promise<void>;
export async function updateLive(
  db: WfDb,
  table: 'wf_print_template',
  id: string,
  values: Updateable<WfPrintTemplateTable>,
): Promise<void>;
export async function updateLive(
  db: WfDb,
  table: SoftTable,
  id: string,
  values: Updateable<WfTemplateTable> | Updateable<WfPrintTemplateTable>,
): Promise<void> {
  const r = await db
    .updateTable(table)
    .set(values)
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw notFound();
}
