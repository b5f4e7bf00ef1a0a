import { type Kysely, sql } from 'kysely';

/**
 * Flow simulator (issue 22): the regression cases admins export from the simulator are stored with the
 * flow (a JSON list of @kp/flow SimCase); releasing the flow re-runs them and refuses on a divergence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wf_template add column sim_cases_json jsonb not null default '[]'::jsonb`.execute(db);
}
