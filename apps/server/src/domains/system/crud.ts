// Small shared steps of the CRUD routes (system dictionaries, areas, rules, data interfaces): the same
// queries the routes wrote out each time, built with Kysely (so the read cache sees the writes). The tree
// steps (parent checks, deletes refused while children exist) are db/tree-crud.ts.
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types';
import { conflict, notFound } from '../../http/api-error';
import { nextMark } from './system-tables';

/** Tables these steps run on: each has an `id` primary key and an `enabled_mark`. */
export type MarkTable = 'sys_area' | 'sys_dictionary_data' | 'sys_data_interface' | 'sys_bill_rule';

/** Deletes the row `id` of `table`; 404 when there was none. */
export async function deleteById(
  db: Kysely<Database>,
  table: keyof Database & string,
  id: string,
): Promise<void> {
  const r = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
  if (!Number(r.numDeletedRows)) throw notFound();
}

/** Sets `enabled_mark` of row `id` from the body's enabledMark, or flips it (nextMark); 404 when missing. */
export async function toggleMark(
  db: Kysely<Database>,
  table: MarkTable,
  id: string,
  body: unknown,
): Promise<number> {
  const cur = await db.selectFrom(table).select('enabled_mark').where('id', '=', id).executeTakeFirst();
  if (!cur) throw notFound();
  const enabledMark = nextMark(body, cur.enabled_mark);
  await db.updateTable(table).set({ enabled_mark: enabledMark }).where('id', '=', id).execute();
  return enabledMark;
}

/** Name or code contains the keyword as typed (the admin lists' search; LIKE, wildcards not escaped). */
export const nameOrCodeLike = (kw: string) =>
  sql<SqlBool>`(${sql.ref('full_name')} like ${`%${kw}%`} or ${sql.ref('en_code')} like ${`%${kw}%`})`;

/**
 * 409 when another row (not `selfId`) of `table` already has this code or this name; dictionary data
 * compare within their type (`typeId`).
 */
export async function refuseDuplicate(
  db: Kysely<Database>,
  table: 'sys_dictionary_type' | 'sys_dictionary_data' | 'sys_data_interface' | 'sys_bill_rule',
  body: { enCode: string; fullName: string },
  selfId: string | null,
  typeId?: string,
): Promise<void> {
  const dup = await db
    .selectFrom(table)
    .select('en_code')
    .$if(typeId !== undefined, (q) => q.where(sql.ref('type_id'), '=', typeId))
    .where((eb) => eb.or([eb('en_code', '=', body.enCode), eb('full_name', '=', body.fullName)]))
    .$if(!!selfId, (q) => q.where('id', '<>', selfId ?? ''))
    .executeTakeFirst();
  if (dup) throw conflict(dup.en_code === body.enCode ? '编码已存在' : '名称已存在');
}
