// The flow template a task runs on, kept once per content (wf_flow_snapshot, migration 0185): a task row
// names it (template_snapshot) and its state_json holds only the interpreter's state, so a transition
// rewrites the state, not the template. A snapshot's content never changes (its id is a hash of it): every
// process may keep what it has read. Kept as text and parsed for each use, so no caller can change another's.
import { createHash } from 'node:crypto';
import type { FlowState } from '@kp/flow';
import type { FlowTemplate } from '@kp/schema';
import type { Insertable } from 'kysely';
import type { WfFlowSnapshotTable } from '../../db/tables/workflow';
import { parseJson, type WfDb } from './tables';
import type { TaskSnapshot } from './task';

/** Snapshots kept in this process, as JSON text (least recently used dropped past this many). */
const MAX_KEPT = 500;
const kept = new Map<string, string>();

function keep(id: string, text: string): void {
  kept.delete(id);
  kept.set(id, text);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
}

/** The snapshot row of `template` (its id: sha256 of its JSON), kept here. */
export function snapshotRow(template: FlowTemplate): Insertable<WfFlowSnapshotTable> & { id: string } {
  const text = JSON.stringify(template);
  const id = createHash('sha256').update(text).digest('hex');
  keep(id, text);
  return { id, template_json: text };
}

/** The template snapshot `id` (null when there is no such row). */
export async function snapshotTemplate(db: WfDb, id: string): Promise<FlowTemplate | null> {
  let text = kept.get(id);
  if (text === undefined) {
    const row = await db
      .selectFrom('wf_flow_snapshot')
      .select('template_json')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    text = typeof row.template_json === 'string' ? row.template_json : JSON.stringify(row.template_json);
  }
  keep(id, text);
  return JSON.parse(text) as FlowTemplate;
}

/** The columns of a task row that say where its template is, read with its state. */
export interface StoredTask {
  state_json: unknown;
  template_snapshot: string | null;
}

/** The template a task runs on: its snapshot, or (a row stored before migration 0185) its state's own. */
async function templateOf(db: WfDb, row: StoredTask, stored: { template?: FlowTemplate } | null) {
  if (stored?.template) return stored.template;
  return row.template_snapshot ? snapshotTemplate(db, row.template_snapshot) : null;
}

/** A task's state with the template it runs on (a snapshot that cannot be found is a server error). */
export async function loadTaskSnapshot(db: WfDb, row: StoredTask): Promise<TaskSnapshot> {
  const stored = parseJson<{ flow: FlowState; template?: FlowTemplate }>(row.state_json);
  const template = await templateOf(db, row, stored);
  if (!template) throw new Error(`flow snapshot ${row.template_snapshot ?? '(none)'} not found`);
  return { flow: stored.flow, template, snapshotId: stored.template ? null : row.template_snapshot };
}

/** The tree of a task's template (null when it has none), for readers that need nothing else. */
export async function taskTree(db: WfDb, row: StoredTask): Promise<unknown> {
  const template = await templateOf(
    db,
    row,
    parseJson<{ template?: FlowTemplate } | null>(row.state_json, null),
  );
  return template?.tree ?? null;
}
