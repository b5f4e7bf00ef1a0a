import type { FlowNode } from '@kp/schema';
import type { Kysely } from 'kysely';
import { SEEDED_FLOW_IDS, withInitiators } from '../seeded-initiators';
import type { Database } from '../types';

/** jsonb as the driver gives it back: pg and PGlite parse it, text is tolerated. */
function read(v: unknown): FlowNode | null {
  if (typeof v !== 'string') return (v as FlowNode) ?? null;
  try {
    return JSON.parse(v) as FlowNode;
  } catch {
    return null;
  }
}

/**
 * Issue 35: a start node needs an initiator (spec 2 §5), and a save or release of a flow now runs that
 * check. The two example flows were seeded with empty initiator lists (which launch read as everyone); a
 * database seeded before gets them named as the seed now names them: every role and the administrators
 * (db/seeded-initiators.ts everyoneInitiates), so the same people may start them and the flows pass a release.
 * A seeded flow someone already gave initiators stays as it is.
 */
export async function up(db: Kysely<Database>): Promise<void> {
  const rows = await db
    .selectFrom('wf_template')
    .select(['id', 'flow_json'])
    .where('id', 'in', [...SEEDED_FLOW_IDS])
    .execute();
  for (const r of rows) {
    const tree = read(r.flow_json);
    if (!tree?.properties) continue;
    const next = await withInitiators(db, tree);
    if (next !== tree)
      await db
        .updateTable('wf_template')
        .set({ flow_json: JSON.stringify(next) })
        .where('id', '=', r.id)
        .execute();
  }
}
