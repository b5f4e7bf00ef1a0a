import type { Kysely } from 'kysely';
import { relabelSeededMenus } from '../seed-labels';

/**
 * Per-language menu names (issue 20): base_module.full_name_i18n holds {zh, zhtw, en} as JSON; full_name
 * keeps the zh name. Menus seeded before this migration get the labels of seed-labels.ts when their
 * full_name is still the seeded zh name (a renamed menu is left alone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('base_module').addColumn('full_name_i18n', 'text').execute();
  await relabelSeededMenus(db);
}
