import { type Kysely, sql } from 'kysely';

/**
 * A successful login writes its bookkeeping on base_user (last/previous login time and address, the
 * failed-login counter back to 0). Nothing a read cache holds comes from those columns, yet every login
 * announced a base_user change, and each dropped every process's organisation caches (user lists, menu
 * trees, the workflow directory): in a morning's wave of logins they were never warm. Such a statement now
 * runs with the transaction-local setting kp.quiet_cache = 'on' (db/read-cache.ts quietly), and the
 * trigger function of migration 0002 announces nothing for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function kp_table_changed() returns trigger language plpgsql as $$
    begin
      if coalesce(current_setting('kp.quiet_cache', true), '') = 'on' then
        return null;
      end if;
      perform pg_notify('kp_bus', json_build_object('c', 'table.changed', 'p', json_build_object('t', TG_TABLE_NAME))::text);
      return null;
    end $$`.execute(db);
}
