import { type Kysely, sql } from 'kysely';

/**
 * Construction projects (spec 3/4 §7 "Projects"): categories (a tree) and projects in the group's two
 * business lines. Types and queries: src/domains/project/. Demo rows come with the seed
 * (domains/project/seed.ts), since a project belongs to a seeded company and manager.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('base_project_category')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(64)', (c) => c.notNull().defaultTo('-1'))
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('base_project')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    /** Business line: 'ly' or 'zy' (the /api/{line}/project/… paths). */
    .addColumn('line', 'varchar(8)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('category_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('organize_id', 'varchar(64)')
    .addColumn('manager_id', 'varchar(64)')
    .addColumn('address', 'varchar(300)')
    /** 0 planned, 1 under construction, 2 completed. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('start_date', 'date')
    .addColumn('end_date', 'date')
    .addColumn('contract_amount', 'numeric(18, 2)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('base_project_line')
    .on('base_project')
    .columns(['line', 'sort_code'])
    .execute();
}
