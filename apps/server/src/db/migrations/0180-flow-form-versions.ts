import { type Kysely, sql } from 'kysely';

/**
 * A flow task keeps the form it was launched on (issue 18). wf_template.form_version counts the changes
 * of its form (a save that leaves the form as it was keeps it); wf_task.form_version is the form version
 * the task was launched on; wf_template_form keeps every superseded form version of a template, so a task
 * launched before a save is validated, projected and recomputed against its own form until it ends. The
 * current version is the template's own form_json. Tasks and templates stored before this migration start
 * at version 1, the form they were checked against until now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('wf_template')
    .addColumn('form_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('wf_task')
    .addColumn('form_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('wf_template_form')
    .addColumn('template_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('form_version', 'integer', (c) => c.notNull())
    .addColumn('form_json', 'jsonb', (c) => c.notNull())
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wf_template_form_pk', ['template_id', 'form_version'])
    .execute();
}
