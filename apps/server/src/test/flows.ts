// Flow trees for tests: a start node that passes the designer's verify, as a save and a release require.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/** The start node's lists of who may initiate (users, positions, roles). */
export interface Initiators {
  initiator?: string[];
  initiatePos?: string[];
  initiateRole?: string[];
}

const LISTS = ['initiator', 'initiatePos', 'initiateRole'] as const;

/**
 * A valid start node (spec 2 §5: a start node needs an initiator). `who` names who may launch, usually the
 * seeded flows' start node (seededInitiators, or a seeded flow's flowTemplateJson.properties read over the
 * API): everyone in the demo company. `props` adds to the node's properties (props naming one of the lists
 * replace `who` altogether), `childNode` follows it.
 */
export const startNode = (who: Initiators, childNode?: unknown, props: Record<string, unknown> = {}) => {
  const from: Initiators = LISTS.some((k) => k in props) ? {} : who;
  return {
    nodeId: 'start',
    prevId: null,
    type: 'start',
    properties: {
      title: '发起人',
      initiator: from.initiator ?? [],
      initiatePos: from.initiatePos ?? [],
      initiateRole: from.initiateRole ?? [],
      ...props,
    },
    ...(childNode ? { childNode } : {}),
  };
};

/** Who may start the seeded leave flow (everyone in the demo company; db/seeded-initiators.ts everyoneInitiates). */
export async function seededInitiators(db: Kysely<Database>): Promise<Initiators> {
  const row = await db
    .selectFrom('wf_template')
    .select('flow_json')
    .where('id', '=', 'wf-leave')
    .executeTakeFirstOrThrow();
  const tree = typeof row.flow_json === 'string' ? JSON.parse(row.flow_json) : row.flow_json;
  const p = (tree as { properties: Initiators }).properties;
  return { initiator: p.initiator, initiatePos: p.initiatePos, initiateRole: p.initiateRole };
}

/** The seeded leave flow's detail route (over the API, e2e): its flowTemplateJson names who may start it. */
export const SEEDED_FLOW_DETAIL = '/api/workflow/Engine/FlowEngine/wf-leave';

/** Who may start a flow, from its detail as the FlowEngine route answers it (SEEDED_FLOW_DETAIL). */
export const initiatorsOf = (detail: unknown): Initiators =>
  (detail as { flowTemplateJson: { properties: Initiators } }).flowTemplateJson.properties;
