// The list side of an online-development item's runtime: which fields the caller may read, the records
// matching the list's search values and keyword (inside the caller's data scope), their order, and a
// record as the list shows it.
import type { OnlineListBody } from '@kp/schema';
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types';
import { likeOf, ts } from '../../db/values';
import { badRequest } from '../../http/api-error';
import type { Principal } from '../auth/principal';
import { scopeFilter } from '../permission/data-scope';
import {
  type BaseRow,
  columnsOf,
  compiledOf,
  grantContext,
  mainFields,
  modelOf,
  readableKeys,
  VMSG,
} from './common';

export const SCOPE_COLS = { org: 'r.organize_id', dept: 'r.department_id', owner: 'r.creator_user_id' };

/** The main fields the caller may read in the list (column grants); search, sort and keyword stay inside them. */
export const listReadable = (user: Principal, row: BaseRow, menu: string) => {
  const model = modelOf(row);
  const access = model.access(grantContext(user, menu, 'list'));
  return { access, readable: readableKeys(model, access) };
};

/** The caller's rows of an item matching the list's search values (only searchList fields count). */
export const filtered = (
  db: Kysely<Database>,
  user: Principal,
  row: BaseRow,
  menu: string,
  b: OnlineListBody,
) => {
  const cols = columnsOf(row);
  const searchable = new Set((cols.searchList ?? []).map((s) => s.prop));
  const compiled = compiledOf(row);
  const main = mainFields(compiled);
  const { readable } = listReadable(user, row, menu);
  let q = db
    .selectFrom('visualdev_record as r')
    .where('r.module_id', '=', row.id)
    .where(scopeFilter(user, menu, SCOPE_COLS));
  for (const [k, v] of Object.entries(b.query ?? {})) {
    if (v === null || v === '') continue;
    if (!searchable.has(k)) throw badRequest(`query.${k}: 不是查询字段`);
    // A field the caller may not read is no search field either (its values would leak through the hits).
    if (!readable.has(k)) throw badRequest(`query.${k}: ${VMSG.fieldHidden}`);
    q = q.where(sql<SqlBool>`(r.data::jsonb ->> ${k}) ilike ${likeOf(String(v))}`);
  }
  if (b.keyword) {
    const like = likeOf(b.keyword);
    const texts = main
      .filter((f) => (f.shape === 'text' || f.shape === 'choice') && readable.has(f.vModel))
      .map((f) => f.vModel);
    if (texts.length) {
      q = q.where((eb) =>
        eb.or(texts.map((k) => sql<SqlBool>`(r.data::jsonb ->> ${k}) ilike ${like}` as Expression<SqlBool>)),
      );
    }
  }
  return { q, main, cols };
};

/** ORDER BY terms of a list: the asked (or default) field, then newest first, then id (stable pages). */
export const orderOf = (
  user: Principal,
  row: BaseRow,
  menu: string,
  b: { sidx?: string; sort?: 'asc' | 'desc' },
): RawBuilder<unknown>[] => {
  const cols = columnsOf(row);
  const dir = b.sort ?? cols.sort ?? 'desc';
  const sidx = b.sidx ?? cols.defaultSidx;
  const f = sidx ? mainFields(compiledOf(row)).find((x) => x.vModel === sidx) : undefined;
  if (sidx && sidx !== 'creatorTime' && !f) throw badRequest(`sidx: 字段${sidx}不存在`);
  // Sorting by a field the caller may not read would reveal its order: refused (the default sort is skipped).
  if (f && !listReadable(user, row, menu).readable.has(f.vModel)) {
    if (b.sidx) throw badRequest(`sidx: ${VMSG.fieldHidden}`);
    return [sql`r.creator_time ${sql.raw(dir)}`, sql`r.id`];
  }
  if (!f) return [sql`r.creator_time ${sql.raw(dir)}`, sql`r.id`];
  const expr =
    f.shape === 'number'
      ? sql`nullif(r.data::jsonb ->> ${f.vModel}, '')::numeric`
      : sql`r.data::jsonb ->> ${f.vModel}`;
  return [
    sql`${expr} ${sql.raw(dir === 'asc' ? 'asc nulls first' : 'desc nulls last')}`,
    sql`r.creator_time desc`,
    sql`r.id`,
  ];
};

export const listOut = (r: {
  id: string;
  data: string;
  creator_time: Date;
  creator_user_id: string;
  version: number;
}) => ({
  ...(JSON.parse(r.data) as Record<string, unknown>),
  id: r.id,
  creatorUserId: r.creator_user_id,
  creatorTime: ts(r.creator_time),
  version: r.version,
});
