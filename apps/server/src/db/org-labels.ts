import { type QueryExecutorProvider, sql } from 'kysely';
import type { Label } from './seed-labels';

/**
 * The seeded organisation's generic names in every language (issue 20): roles, positions, departments and
 * the group's headquarters. base_role, base_position and base_organize.full_name_i18n hold {zh, zhtw, en}
 * as JSON (migration 0183, the seed); lists and pickers show them while full_name still equals their zh
 * (db/stored-label.ts), so a row an administrator renamed shows his text. Company names are proper names
 * and stay. zhtw is checked with opencc-js in org-labels.test.ts.
 */

/** The seeded roles by en_code. */
export const ROLE_LABELS: Record<string, Label> = {
  sysAdmin: { zh: '系统管理员', zhtw: '系統管理員', en: 'System administrator' },
  employee: { zh: '普通员工', zhtw: '普通員工', en: 'Employee' },
  deptManager: { zh: '部门经理', zhtw: '部門經理', en: 'Department manager' },
  companyLeader: { zh: '公司领导', zhtw: '公司領導', en: 'Company leader' },
  hr: { zh: '人事专员', zhtw: '人事專員', en: 'HR specialist' },
};

/** The seeded positions by the code their en_code starts with (`GM-` and the company). */
export const POSITION_LABELS: Record<string, Label> = {
  GM: { zh: '总经理', zhtw: '總經理', en: 'General manager' },
  DM: { zh: '部门经理', zhtw: '部門經理', en: 'Department manager' },
  PM: { zh: '项目经理', zhtw: '項目經理', en: 'Project manager' },
  ENG: { zh: '工程师', zhtw: '工程師', en: 'Engineer' },
  ACC: { zh: '会计', zhtw: '會計', en: 'Accountant' },
  STAFF: { zh: '专员', zhtw: '專員', en: 'Specialist' },
};

/** The seeded units whose names are generic nouns, by name (their en_code starts with the group's JGJT-). */
export const UNIT_LABELS: Record<string, Label> = {
  集团总部: { zh: '集团总部', zhtw: '集團總部', en: 'Group headquarters' },
  综合办公室: { zh: '综合办公室', zhtw: '綜合辦公室', en: 'General office' },
  信息管理部: { zh: '信息管理部', zhtw: '資訊管理部', en: 'Information management' },
  人力资源部: { zh: '人力资源部', zhtw: '人力資源部', en: 'Human resources' },
  财务管理部: { zh: '财务管理部', zhtw: '財務管理部', en: 'Financial management' },
  工程管理部: { zh: '工程管理部', zhtw: '工程管理部', en: 'Engineering management' },
  安全质量部: { zh: '安全质量部', zhtw: '安全品質部', en: 'Safety and quality' },
  财务部: { zh: '财务部', zhtw: '財務部', en: 'Finance' },
  合约商务部: { zh: '合约商务部', zhtw: '合約商務部', en: 'Contracts and commerce' },
  建筑设计所: { zh: '建筑设计所', zhtw: '建築設計所', en: 'Architectural design studio' },
  结构设计所: { zh: '结构设计所', zhtw: '結構設計所', en: 'Structural design studio' },
};

/**
 * Writes the labels into the seeded rows still named as seeded (roles by en_code, positions by their
 * code's prefix, units of the group by name): a renamed row, and every row an administrator created, is
 * left alone. Run by migration 0183 for databases seeded before, and by the seed (any Kysely runs it).
 */
export async function relabelSeededOrg(db: QueryExecutorProvider): Promise<void> {
  const write = (table: 'base_role' | 'base_position' | 'base_organize', code: string, label: Label) =>
    sql`update ${sql.table(table)} set full_name_i18n = ${JSON.stringify(label)}
      where en_code like ${code} and full_name = ${label.zh}`.execute(db);
  for (const [code, label] of Object.entries(ROLE_LABELS)) await write('base_role', code, label);
  for (const [code, label] of Object.entries(POSITION_LABELS))
    await write('base_position', `${code}-%`, label);
  for (const label of Object.values(UNIT_LABELS)) await write('base_organize', 'JGJT-%', label);
}
