// Small query helpers between the API and the columns: LIKE patterns of a keyword, timestamps as
// milliseconds, the row count of a list query.
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

/** Escapes LIKE wildcards of a keyword. */
export const likeOf = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Name or code contains the keyword in any case (wildcards escaped): the design lists' search. */
export const nameOrCodeIlike = (keyword: string) => {
  const like = likeOf(keyword);
  return sql<SqlBool>`(${sql.ref('full_name')} ilike ${like} or ${sql.ref('en_code')} ilike ${like})`;
};

/** Milliseconds of a timestamp column (the API's time format); null stays null. */
export const ts = (d: Date | string | null | undefined): number | null =>
  d === null || d === undefined ? null : new Date(d).getTime();

/** How many rows a list query (its tables and conditions, before paging) finds. */
export async function countOf<DB, TB extends keyof DB>(
  qb: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const r = await qb
    .select((eb) => eb.fn.countAll().as('n'))
    .$castTo<{ n: string | number | bigint }>()
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
