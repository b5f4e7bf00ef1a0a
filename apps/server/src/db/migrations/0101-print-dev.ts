import { type Kysely, sql } from 'kysely';

/**
 * Print design (spec 4 §7 "Print design"): HTML print templates with {field} placeholders, bound to an
 * online-developed form (type 2) or a flow (type 1). Types: src/domains/visualdev/print-dev.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_print_dev')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    /** 1 flow, 2 form. */
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('category', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    /** The bound source: a visualdev item id (type 2) or a flow template id (type 1). */
    .addColumn('form_id', 'varchar(64)')
    .addColumn('print_template', 'text', (c) => c.notNull())
    /** Paper: { size: 'A4' | 'A5' | 'Letter', orientation: 'portrait' | 'landscape', margin: mm }. */
    .addColumn('page_setting', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .addColumn('creator_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
}
