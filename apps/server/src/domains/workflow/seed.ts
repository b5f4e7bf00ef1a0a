import { readFile } from 'node:fs/promises';
import type { FlowNode } from '@kp/schema';
import type { AppContext } from '../../context';
import { printTemplateLabel } from '../../db/dictionary-labels';
import { flowLabelJson, labelExpenseForm, labelFlowTree, labelLeaveForm } from '../../db/seed-labels';
import { withInitiators } from '../../db/seeded-initiators';
import { json, type WfDb } from './tables';

/**
 * The example flows name a position and a role by a portable code; the seed binds them to the seeded
 * organisation's position ids, so the stored flow holds ids (the chart then shows 总经理 and 会计, never
 * a code): `general-manager` is every company's 总经理 (GM-*), the role `finance` every company's 会计
 * (ACC-*). With approverScope 'initiator' the step then reaches the initiator's own company only.
 */
const BIND = { positions: { 'general-manager': 'GM-' }, roles: { finance: 'ACC-' } } as const;

async function bindOrg(db: WfDb, tree: FlowNode): Promise<FlowNode> {
  const positions = await db
    .selectFrom('base_position')
    .select(['id', 'en_code'])
    .orderBy('en_code')
    .execute();
  const idsOf = (prefix: string) => positions.filter((p) => p.en_code.startsWith(prefix)).map((p) => p.id);
  const walk = (n: FlowNode | null | undefined): FlowNode | null | undefined => {
    if (!n) return n;
    const p = { ...n.properties };
    const pos: string[] = [];
    const keep = (list: string[] | undefined, map: Record<string, string>) =>
      (list ?? []).filter((x) => {
        const prefix = map[x];
        if (prefix === undefined) return true;
        pos.push(...idsOf(prefix));
        return false;
      });
    if (p.approverPos || p.approverRole) {
      const ownPos = keep(p.approverPos, BIND.positions);
      const roles = keep(p.approverRole, BIND.roles);
      p.approverPos = [...new Set([...ownPos, ...pos])];
      p.approverRole = roles;
    }
    return {
      ...n,
      properties: p,
      childNode: walk(n.childNode) ?? null,
      ...(n.conditionNodes ? { conditionNodes: n.conditionNodes.map((c) => walk(c) as FlowNode) } : {}),
    };
  };
  return walk(tree) as FlowNode;
}

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
  const db = ctx.db;
  for (const ex of EXAMPLES) {
    const base = new URL('../../../../../examples/', import.meta.url);
    const flow = JSON.parse(await readFile(new URL(ex.flow, base), 'utf8'));
    const form = JSON.parse(await readFile(new URL(ex.form, base), 'utf8'));
    const exists = await db.selectFrom('wf_template').select('id').where('id', '=', ex.id).executeTakeFirst();
    const tree = exists ? null : await withInitiators(db, await bindOrg(db, flow.tree as FlowNode));
    if (tree)
      await db
        .insertInto('wf_template')
        .values({
          id: ex.id,
          en_code: ex.enCode,
          full_name: flow.fullName,
          full_name_i18n: flowLabelJson(flow.fullName),
          category: ex.category,
          type: 0,
          form_type: 1,
          // the forms' texts as {zh, zhtw, en} (seed-labels.ts), whether or not the example file has them
          form_json: json(ex.id === 'wf-expense' ? labelExpenseForm(form) : labelLeaveForm(form)),
          // node titles as {zh, zhtw, en} (seed-labels.ts; the example file keeps the zh)
          flow_json: json(labelFlowTree(tree)),
          properties_json: json(flow.properties ?? {}),
          version: 1,
          enabled_mark: 1,
          creator_user_id: null,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    await db
      .insertInto('wf_print_template')
      .values({
        id: `${ex.id}-print`,
        template_id: ex.id,
        node_id: null,
        full_name: `${flow.fullName}打印模板`,
        full_name_i18n: printLabelJson(flow.fullName),
        content: PRINT_HTML(flow.fullName),
        sort_code: 0,
        creator_user_id: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The print template's name in every language, as JSON (null for a flow without labels). */
const printLabelJson = (flowName: string) => {
  const l = printTemplateLabel(flowName);
  return l ? JSON.stringify(l) : null;
};

/** The example print template: {field} placeholders, filled by the host's print preview. */
const PRINT_HTML = (title: string) =>
  `<h2 style="text-align:center">${title}</h2><p>{fullName}</p><table border="1" style="width:100%;border-collapse:collapse"><tr><td>申请人</td><td>{applicant}</td></tr><tr><td>事由</td><td>{reason}</td></tr></table><h3>审批意见</h3>{approvalRecords}`;
