import type { Kysely } from 'kysely';
import { PRINT_TEMPLATE_LABELS, seededDictionaryLabels } from '../dictionary-labels';

type Labelled = { id: string; full_name: string; full_name_i18n: string | null };

/**
 * Per-language names of the seeded dictionaries and print templates (issue 20): sys_dictionary_type,
 * sys_dictionary_data and wf_print_template get full_name_i18n ({zh, zhtw, en} as JSON; full_name keeps the
 * base name, the one an administrator edits). Read routes name a row in the request's language while
 * full_name still equals the labels' zh (db/stored-label.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sys_dictionary_type', 'sys_dictionary_data', 'wf_print_template'])
    await db.schema.alterTable(table).addColumn('full_name_i18n', 'text').execute();
  await relabelSeededRows(db);
}

/**
 * The labels of dictionary-labels.ts written into the seeded rows (by id) whose name is still the seeded
 * zh: a renamed row, and every row an administrator created, is left alone. Exported for its test.
 */
export async function relabelSeededRows(db: Kysely<unknown>): Promise<void> {
  const k = db.withTables<{
    sys_dictionary_type: Labelled;
    sys_dictionary_data: Labelled;
    wf_print_template: Labelled;
  }>();
  const { types, data } = seededDictionaryLabels();
  const tables = [
    ['sys_dictionary_type', types],
    ['sys_dictionary_data', data],
    ['wf_print_template', PRINT_TEMPLATE_LABELS],
  ] as const;
  for (const [table, labels] of tables)
    for (const [id, label] of labels)
      await k
        .updateTable(table)
        .set({ full_name_i18n: JSON.stringify(label) })
        .where('id', '=', id)
        .where('full_name', '=', label.zh)
        .execute();
}
