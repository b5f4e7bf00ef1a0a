import type { Kysely } from 'kysely';
import { FLOW_LABELS, labelExpenseForm, labelFlowTree, labelLeaveForm } from '../seed-labels';

/** jsonb as the driver gives it back: pg and PGlite parse it, text is tolerated. */
function read(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}

/**
 * Per-language flow names and node names (issue 20). wf_template.full_name_i18n holds {zh, zhtw, en} as
 * JSON (full_name keeps the zh name; lists show the label while full_name still equals its zh). The two
 * seeded flows of a database seeded before get the labels of seed-labels.ts, and their stored trees get
 * the node titles as {zh, zhtw, en} where a title is still the seeded zh. Also relabels the seeded forms:
 * the leave form's texts and leave types (0172 read form_json as text, but pg and PGlite hand jsonb back
 * parsed, so it left them) and the expense form's texts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wf_template').addColumn('full_name_i18n', 'text').execute();
  await relabelSeededFlows(db);
}

/** The relabelling of up(), after the column exists (exported for its test). */
export async function relabelSeededFlows(db: Kysely<unknown>): Promise<void> {
  const k = db as unknown as Kysely<{
    wf_template: {
      id: string;
      full_name: string;
      full_name_i18n: string | null;
      flow_json: unknown;
      form_json: unknown;
    };
  }>;
  const rows = await k
    .selectFrom('wf_template')
    .select(['id', 'full_name', 'flow_json', 'form_json'])
    .where('id', 'in', ['wf-leave', 'wf-expense'])
    .execute();
  for (const r of rows) {
    const label = FLOW_LABELS[r.full_name];
    const tree = read(r.flow_json);
    const nextTree = tree ? labelFlowTree(tree) : null;
    const form = read(r.form_json);
    const nextForm =
      r.id === 'wf-leave' && form
        ? labelLeaveForm(form)
        : r.id === 'wf-expense' && form
          ? labelExpenseForm(form)
          : null;
    const set: { full_name_i18n?: string; flow_json?: string; form_json?: string } = {};
    if (label) set.full_name_i18n = JSON.stringify(label);
    if (nextTree && JSON.stringify(nextTree) !== JSON.stringify(tree))
      set.flow_json = JSON.stringify(nextTree);
    if (nextForm && JSON.stringify(nextForm) !== JSON.stringify(form))
      set.form_json = JSON.stringify(nextForm);
    if (Object.keys(set).length) await k.updateTable('wf_template').set(set).where('id', '=', r.id).execute();
  }
}
