// Project lookups: plain functions over the typed database, used by the routes and the seed.
import type { ProjectBaseInfo, ProjectCategoryNode, ProjectLine, ProjectSelectorQuery } from '@kp/schema';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types';
import { likeOf } from '../../db/values';

function baseQuery(db: Kysely<Database>, line: ProjectLine) {
  return db
    .selectFrom('base_project as p')
    .innerJoin('base_project_category as c', 'c.id', 'p.category_id')
    .leftJoin('base_organize as o', 'o.id', 'p.organize_id')
    .leftJoin('base_user as u', 'u.id', 'p.manager_id')
    .where('p.line', '=', line)
    .where('p.enabled_mark', '=', 1);
}

type Row = {
  id: string;
  line: string;
  en_code: string;
  full_name: string;
  category_id: string;
  category_name: string;
  organize_id: string | null;
  organize_name: string | null;
  manager_id: string | null;
  manager_name: string | null;
  address: string | null;
  status: number;
  start_date: string | null;
  end_date: string | null;
  contract_amount: string | null;
};

const COLUMNS = [
  'p.id',
  'p.line',
  'p.en_code',
  'p.full_name',
  'p.category_id',
  'c.full_name as category_name',
  'p.organize_id',
  'o.full_name as organize_name',
  'p.manager_id',
  'u.real_name as manager_name',
  'p.address',
  'p.status',
  // Dates and the amount as text in SQL: no time-zone shift, no float rounding.
  sql<string | null>`to_char(p.start_date, 'YYYY-MM-DD')`.as('start_date'),
  sql<string | null>`to_char(p.end_date, 'YYYY-MM-DD')`.as('end_date'),
  sql<string | null>`p.contract_amount::text`.as('contract_amount'),
] as const;

const toInfo = (r: Row): ProjectBaseInfo => ({
  id: r.id,
  line: r.line as ProjectLine,
  enCode: r.en_code,
  fullName: r.full_name,
  categoryId: r.category_id,
  categoryName: r.category_name,
  organizeId: r.organize_id,
  organizeName: r.organize_name,
  managerId: r.manager_id,
  managerName: r.manager_name,
  address: r.address,
  status: r.status,
  startDate: r.start_date,
  endDate: r.end_date,
  contractAmount: r.contract_amount,
});

/** Category ids of `id` and every category below it. */
async function categoryAndBelow(db: Kysely<Database>, id: string): Promise<string[]> {
  const all = await db.selectFrom('base_project_category').select(['id', 'parent_id']).execute();
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const c of all) if (c.parent_id === out[i]) out.push(c.id);
  return out;
}

/** One page of a line's enabled projects, by keyword (name or code), category (and below) and company. */
export async function selectProjects(
  db: Kysely<Database>,
  line: ProjectLine,
  q: ProjectSelectorQuery,
): Promise<{
  list: ProjectBaseInfo[];
  pagination: { currentPage: number; pageSize: number; total: number };
}> {
  const currentPage = q.currentPage ?? 1;
  const pageSize = q.pageSize ?? 20;
  let query = baseQuery(db, line);
  if (q.keyword?.trim()) {
    const kw = likeOf(q.keyword.trim());
    query = query.where((eb) => eb.or([eb('p.full_name', 'like', kw), eb('p.en_code', 'like', kw)]));
  }
  if (q.categoryId) query = query.where('p.category_id', 'in', await categoryAndBelow(db, q.categoryId));
  if (q.organizeId) query = query.where('p.organize_id', '=', q.organizeId);
  const [{ total }] = await query.select((eb) => eb.fn.countAll<string | number>().as('total')).execute();
  const rows = await query
    .select(COLUMNS)
    .orderBy('p.sort_code')
    .orderBy('p.en_code')
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  return {
    list: (rows as Row[]).map(toInfo),
    pagination: { currentPage, pageSize, total: Number(total) },
  };
}

/** The projects of a line with these ids, in the order asked (unknown or disabled ids are left out). */
export async function projectsByIds(
  db: Kysely<Database>,
  line: ProjectLine,
  ids: string[],
): Promise<ProjectBaseInfo[]> {
  if (ids.length === 0) return [];
  const rows = (await baseQuery(db, line).where('p.id', 'in', ids).select(COLUMNS).execute()) as Row[];
  const byId = new Map(rows.map((r) => [r.id, toInfo(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The enabled category tree, ordered by sortCode. */
export async function categoryTree(db: Kysely<Database>): Promise<ProjectCategoryNode[]> {
  const rows = await db
    .selectFrom('base_project_category')
    .selectAll()
    .where('enabled_mark', '=', 1)
    .orderBy('sort_code')
    .orderBy('en_code')
    .execute();
  const nodes = new Map<string, ProjectCategoryNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        parentId: r.parent_id,
        fullName: r.full_name,
        enCode: r.en_code,
        sortCode: r.sort_code,
        hasChildren: false,
        children: [],
      },
    ]),
  );
  const roots: ProjectCategoryNode[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId);
    if (parent) {
      parent.children.push(n);
      parent.hasChildren = true;
    } else roots.push(n);
  }
  return roots;
}
