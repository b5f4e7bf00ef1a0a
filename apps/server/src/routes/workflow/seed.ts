import { readFile } from 'node:fs/promises';
import type { AppContext } from '../../context';
import { json, wdb } from './tables';

const EXAMPLES = [
  {
    id: 'wf-leave',
    enCode: 'leave',
    flow: 'flows/leave.json',
    form: 'forms/leave-request.json',
    category: '人事',
  },
  {
    id: 'wf-expense',
    enCode: 'expense',
    flow: 'flows/expense.json',
    form: 'forms/expense-claim.json',
    category: '财务',
  },
];

/**
 * Seeds the two example flows with their forms, released, so a fresh platform can launch them.
 * Idempotent (fixed ids, ON CONFLICT DO NOTHING); runs when the workflow routes register.
 */
export async function seedWorkflowExamples(ctx: AppContext): Promise<void> {
  const db = wdb(ctx.db);
  for (const ex of EXAMPLES) {
    const base = new URL('../../../../../examples/', import.meta.url);
    const flow = JSON.parse(await readFile(new URL(ex.flow, base), 'utf8'));
    const form = JSON.parse(await readFile(new URL(ex.form, base), 'utf8'));
    await db
      .insertInto('wf_template')
      .values({
        id: ex.id,
        en_code: ex.enCode,
        full_name: flow.fullName,
        category: ex.category,
        type: 0,
        form_type: 1,
        form_json: json(form),
        flow_json: json(flow.tree),
        properties_json: json(flow.properties ?? {}),
        version: 1,
        enabled_mark: 1,
        creator_user_id: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
