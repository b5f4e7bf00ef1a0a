import type { Kysely } from 'kysely';
import { labelPortalLayout } from '../seed-labels';

/**
 * The default portal's widget titles and application names in every language (issue 20): migration 0050
 * stored them as zh strings; each one still holding a seeded zh text becomes {zh, zhtw, en} (seed-labels.ts),
 * in the draft and the released layout. Texts an administrator changed are left alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = db.withTables<{
    base_portal: { id: string; form_data: string | null; released_form_data: string | null };
  }>();
  const rows = await k.selectFrom('base_portal').select(['id', 'form_data', 'released_form_data']).execute();
  const relabel = (text: string | null) => {
    if (!text) return text;
    try {
      return JSON.stringify(labelPortalLayout(JSON.parse(text)));
    } catch {
      return text;
    }
  };
  for (const r of rows) {
    const form = relabel(r.form_data);
    const released = relabel(r.released_form_data);
    if (form !== r.form_data || released !== r.released_form_data)
      await k
        .updateTable('base_portal')
        .set({ form_data: form, released_form_data: released })
        .where('id', '=', r.id)
        .execute();
  }
}
