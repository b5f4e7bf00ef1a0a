// Demo projects of the group (seeded with the organisation): categories, and projects of the two
// business lines held by the seeded engineering companies, each with a manager from its company.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { newId } from '../auth/tokens';

const CATEGORIES: Array<{ code: string; name: string; children: Array<[string, string]> }> = [
  {
    code: 'FJ',
    name: '房屋建筑工程',
    children: [
      ['FJ-ZZ', '住宅'],
      ['FJ-GJ', '公共建筑'],
      ['FJ-GY', '工业厂房'],
    ],
  },
  {
    code: 'JC',
    name: '基础设施工程',
    children: [
      ['JC-SZ', '市政道路'],
      ['JC-QL', '桥梁'],
      ['JC-SD', '隧道'],
    ],
  },
  {
    code: 'ZY',
    name: '专业工程',
    children: [
      ['ZY-JD', '机电安装'],
      ['ZY-ZS', '装饰装修'],
    ],
  },
];

/** line, code, name, category code, company code, address, status, start, end, amount (yuan). */
const PROJECTS: Array<
  [string, string, string, string, string, string, number, string, string | null, string]
> = [
  [
    'ly',
    'LY-2024-001',
    '滨江花园二期住宅工程',
    'FJ-ZZ',
    'JGJT-YJ',
    '江苏省南京市建邺区滨江大道88号',
    1,
    '2024-03-01',
    null,
    '268500000.00',
  ],
  [
    'ly',
    'LY-2024-002',
    '市民文化中心工程',
    'FJ-GJ',
    'JGJT-YJ',
    '江苏省南京市江宁区文化路1号',
    1,
    '2024-06-18',
    null,
    '415200000.00',
  ],
  [
    'ly',
    'LY-2023-007',
    '高新区标准厂房工程',
    'FJ-GY',
    'JGJT-YJ',
    '江苏省苏州市高新区科技大道66号',
    2,
    '2023-02-10',
    '2024-09-30',
    '98600000.00',
  ],
  [
    'ly',
    'LY-2025-003',
    '城东安置房工程',
    'FJ-ZZ',
    'JGJT-EJ',
    '安徽省合肥市瑶海区东二环路12号',
    0,
    '2025-04-01',
    null,
    '152000000.00',
  ],
  [
    'ly',
    'LY-2024-009',
    '第一人民医院门诊楼工程',
    'FJ-GJ',
    'JGJT-EJ',
    '安徽省合肥市蜀山区长江西路200号',
    1,
    '2024-08-08',
    null,
    '236700000.00',
  ],
  [
    'zy',
    'ZY-2024-001',
    '跨江大桥引桥工程',
    'JC-QL',
    'JGJT-YJ',
    '江苏省南京市浦口区江浦街道',
    1,
    '2024-01-15',
    null,
    '532000000.00',
  ],
  [
    'zy',
    'ZY-2024-004',
    '环城快速路三标段',
    'JC-SZ',
    'JGJT-EJ',
    '安徽省合肥市包河区',
    1,
    '2024-05-20',
    null,
    '318400000.00',
  ],
  [
    'zy',
    'ZY-2023-011',
    '山岭隧道二期工程',
    'JC-SD',
    'JGJT-EJ',
    '浙江省杭州市临安区',
    2,
    '2023-03-01',
    '2025-06-30',
    '287900000.00',
  ],
  [
    'zy',
    'ZY-2025-002',
    '数据中心机电安装工程',
    'ZY-JD',
    'JGJT-YJ',
    '江苏省南京市雨花台区软件大道',
    0,
    '2025-07-01',
    null,
    '76300000.00',
  ],
  [
    'zy',
    'ZY-2024-006',
    '会展中心装饰装修工程',
    'ZY-ZS',
    'JGJT-EJ',
    '安徽省合肥市滨湖新区',
    1,
    '2024-10-10',
    null,
    '64800000.00',
  ],
];

/** Inserts the demo categories and projects (call inside the seed's transaction, after users). */
export async function seedProjects(tx: Kysely<Database>): Promise<void> {
  const db = tx;
  const catIds = new Map<string, string>();
  const cats: Array<{
    id: string;
    parent_id: string;
    full_name: string;
    en_code: string;
    sort_code: number;
  }> = [];
  CATEGORIES.forEach((c, i) => {
    const id = newId();
    catIds.set(c.code, id);
    cats.push({ id, parent_id: '-1', full_name: c.name, en_code: c.code, sort_code: i });
    c.children.forEach(([code, name], j) => {
      const cid = newId();
      catIds.set(code, cid);
      cats.push({ id: cid, parent_id: id, full_name: name, en_code: code, sort_code: j });
    });
  });
  await db.insertInto('base_project_category').values(cats).execute();

  const companies = await tx
    .selectFrom('base_organize')
    .select(['id', 'en_code', 'manager_id'])
    .where('category', '=', 'company')
    .execute();
  const companyByCode = new Map(companies.map((c) => [c.en_code, c]));
  // A manager per project: the company's users, taken in turn (the company head first).
  const staff = await tx
    .selectFrom('base_user')
    .select(['id', 'organize_id'])
    .where('is_administrator', '=', false)
    .orderBy('sort_code')
    .execute();
  const turn = new Map<string, number>();
  const managerOf = (companyId: string, head: string | null): string | null => {
    const pool = staff.filter((u) => u.organize_id === companyId).map((u) => u.id);
    if (head) pool.unshift(head);
    if (pool.length === 0) return null;
    const i = turn.get(companyId) ?? 0;
    turn.set(companyId, i + 1);
    return pool[i % pool.length];
  };
  const rows = PROJECTS.map(([line, code, name, cat, company, address, status, start, end, amount], i) => {
    const org = companyByCode.get(company) ?? null;
    return {
      id: newId(),
      line,
      en_code: code,
      full_name: name,
      category_id: catIds.get(cat)!,
      organize_id: org?.id ?? null,
      manager_id: org ? managerOf(org.id, org.manager_id) : null,
      address,
      status,
      start_date: start,
      end_date: end,
      contract_amount: amount,
      sort_code: i,
    };
  });
  await db.insertInto('base_project').values(rows).execute();
}
