import type { Kysely } from 'kysely';
import { relabelSeededOrg } from '../org-labels';

/**
 * Per-language names (issue 20) of
 * - the seeded roles, positions and units: base_role, base_position and base_organize get full_name_i18n
 *   ({zh, zhtw, en} as JSON; full_name keeps the base name, the one an administrator edits), written into
 *   the seeded rows still named as seeded (db/org-labels.ts);
 * - the copies the server makes of functions and print designs (`X.副本ab12c`, `X (copy ab12c)`):
 *   visualdev_base and sys_print_dev get full_name_i18n too (db/stored-label.ts copyName), as flows have.
 * Lists and pickers name a row in the request's language while full_name still equals the labels' zh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['base_role', 'base_position', 'base_organize', 'visualdev_base', 'sys_print_dev'])
    await db.schema.alterTable(table).addColumn('full_name_i18n', 'text').execute();
  await relabelSeededOrg(db);
}
