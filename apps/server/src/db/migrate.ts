import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
import { migrations } from './migrations/index';
import type { Database } from './types';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Runs every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'kp_migration',
    migrationLockTableName: 'kp_migration_lock',
    // Areas own number ranges (core 0001–0009, permission 0010–0019, …): a database migrated before a lower
    // number was added must still take it.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? error}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
