import { type Insertable, type Kysely, sql } from 'kysely';
import { seedAreas } from '../area-data';
import type { Database } from '../types';

/**
 * Areas (issue 9): the administrative-division tree, seeded with the provinces and prefecture-level
 * divisions of China; seeded rows use their GB/T 2260 code as id and enCode. Types:
 * src/db/tables/system.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_area')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(64)', (c) => c.notNull().defaultTo('-1'))
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    /** 1 province, 2 city, 3 county and below. */
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .addColumn('creator_user_id', 'varchar(64)')
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('sys_area_parent').on('sys_area').columns(['parent_id', 'sort_code']).execute();
  await db.schema.createIndex('sys_area_code').on('sys_area').column('en_code').unique().execute();
  const rows: Array<Insertable<Database['sys_area']>> = [];
  seedAreas().forEach((p, i) => {
    rows.push({ id: p.code, parent_id: '-1', full_name: p.name, en_code: p.code, type: 1, sort_code: i });
    p.cities.forEach((c, j) => {
      rows.push({ id: c.code, parent_id: p.code, full_name: c.name, en_code: c.code, type: 2, sort_code: j });
    });
  });
  await db.withTables<Pick<Database, 'sys_area'>>().insertInto('sys_area').values(rows).execute();
}
