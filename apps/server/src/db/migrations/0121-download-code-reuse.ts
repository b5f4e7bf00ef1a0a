import type { Kysely } from 'kysely';

/**
 * download_code (0120): `once` — a download code is spent by its first use; an inline-media code (images,
 * PDF previews the page shows) may be used again until it expires, a couple of minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('download_code')
    .addColumn('once', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}
