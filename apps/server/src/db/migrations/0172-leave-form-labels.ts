import type { Kysely } from 'kysely';
import { LEAVE_FORM_LABELS, labelJson } from '../seed-labels';

/**
 * The example leave form's placeholder, upload button and label texts in every language (issue 20): the
 * stored wf-leave template of a database seeded before gets the {zh, zhtw, en} of seed-labels.ts for the
 * texts still holding the seeded zh (fresh databases are seeded from examples/forms/leave-request.json).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = db.withTables<{ wf_template: { id: string; form_json: string | null } }>();
  const row = await k
    .selectFrom('wf_template')
    .select('form_json')
    .where('id', '=', 'wf-leave')
    .executeTakeFirst();
  if (!row?.form_json) return;
  let form: unknown;
  try {
    form = JSON.parse(row.form_json);
  } catch {
    return;
  }
  const next = JSON.stringify(labelJson(form, ['label', 'placeholder', 'buttonText'], LEAVE_FORM_LABELS));
  if (next !== JSON.stringify(form))
    await k.updateTable('wf_template').set({ form_json: next }).where('id', '=', 'wf-leave').execute();
}
