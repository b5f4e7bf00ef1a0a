// Who may start the seeded example flows (workflow/seed.ts seeds them, migration 0195 names them on a
// database seeded before): a start node needs an initiator (spec 2 §5).
import type { FlowNode } from '@kp/schema';
import type { Kysely } from 'kysely';
import type { Database } from './types';

/** The ids of the seeded example flows (请假申请, 费用报销). */
export const SEEDED_FLOW_IDS = ['wf-leave', 'wf-expense'] as const;

/** The three start-node lists that name who may initiate a flow. */
export type Initiators = { initiator: string[]; initiatePos: string[]; initiateRole: string[] };

/**
 * Who may start the example flows: everyone in the demo company, which a start node names as every seeded
 * role (each employee holds one) and the administrators (who hold none). A start node needs an initiator
 * (spec 2 §5, the designer's verify that a save and a release run); the interpreter checks the same lists
 * at launch (@kp/flow mayInitiate).
 */
export async function everyoneInitiates(db: Kysely<Database>): Promise<Initiators> {
  const [roles, admins] = await Promise.all([
    db.selectFrom('base_role').select('id').orderBy('sort_code').orderBy('id').execute(),
    db.selectFrom('base_user').select('id').where('is_administrator', '=', true).orderBy('id').execute(),
  ]);
  return { initiator: admins.map((u) => u.id), initiatePos: [], initiateRole: roles.map((r) => r.id) };
}

/** The tree with everyone (everyoneInitiates) on a start node that names no initiator; otherwise as it is. */
export async function withInitiators(db: Kysely<Database>, tree: FlowNode): Promise<FlowNode> {
  const p = tree.properties;
  if (p.initiator?.length || p.initiatePos?.length || p.initiateRole?.length) return tree;
  return { ...tree, properties: { ...p, ...(await everyoneInitiates(db)) } };
}
