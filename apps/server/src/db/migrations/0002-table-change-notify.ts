import { type Kysely, sql } from 'kysely';

/**
 * Tables whose changes invalidate read caches (user lists, principals' menu trees). A statement-level
 * trigger sends one NOTIFY on the bus channel after each committed statement, whichever code (or
 * process, or psql session) wrote the rows, so every server process drops its cached reads.
 */
export const WATCHED_TABLES = [
  'base_user',
  'base_organize',
  'base_user_relation',
  'base_role',
  'base_role_authorize',
  'base_position',
  'base_module',
  'base_module_button',
  'base_module_column',
  'base_module_form',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function kp_table_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('kp_bus', json_build_object('c', 'table.changed', 'p', json_build_object('t', TG_TABLE_NAME))::text);
      return null;
    end $$`.execute(db);
  for (const t of WATCHED_TABLES) {
    await sql`create trigger ${sql.raw(`${t}_changed`)} after insert or update or delete or truncate
      on ${sql.table(t)} for each statement execute function kp_table_changed()`.execute(db);
  }
}
