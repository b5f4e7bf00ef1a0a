// Issue 20: seeded flows and their node names carry {zh, zhtw, en}; lists name a flow in the request's
// language, the detail keeps the zh name with its labels for the designer, and the designer's basic settings
// may set all three. Migration 0173 relabels the seeded flows of a database seeded before.
import { type FlowNode, textIn } from '@kp/schema';
import type { Kysely } from 'kysely';
import * as OpenCC from 'opencc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relabelSeededFlows } from '../../db/migrations/0173-flow-labels';
import {
  EXPENSE_FORM_LABELS,
  FLOW_CATEGORY_LABELS,
  FLOW_LABELS,
  flowStepIn,
  LEAVE_FORM_LABELS,
  LEAVE_TYPE_LABELS,
} from '../../db/seed-labels';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { parseJson } from './tables';
import { leaveData, workflowTestKit } from './testkit';

const P = '/api/workflow/Engine/FlowEngine';
const convert = OpenCC.Converter({ from: 'cn', to: 'tw' });

/** Every node's title in the tree, depth first. */
function titles(n: FlowNode | null | undefined, out: unknown[] = []): unknown[] {
  if (!n) return out;
  if (n.properties?.title) out.push(n.properties.title);
  for (const c of n.conditionNodes ?? []) titles(c, out);
  return titles(n.childNode, out);
}

/** The tree with every title back to its zh string (what the seed wrote before labels existed). */
function zhTree(n: FlowNode | null | undefined): FlowNode | null | undefined {
  if (!n) return n;
  return {
    ...n,
    properties: { ...n.properties, ...(n.properties?.title ? { title: textIn(n.properties.title) } : {}) },
    childNode: zhTree(n.childNode) ?? null,
    ...(n.conditionNodes ? { conditionNodes: n.conditionNodes.map((c) => zhTree(c) as FlowNode) } : {}),
  };
}

type Labels = Record<string, unknown>;
const LEAVE = { ...LEAVE_FORM_LABELS, ...LEAVE_TYPE_LABELS };

/** `v` with every {zh, zhtw, en} whose zh `labels` knows back to its zh string (as seeded before labels). */
function unlabel(v: unknown, labels: Labels): unknown {
  if (Array.isArray(v)) return v.map((x) => unlabel(x, labels));
  if (!v || typeof v !== 'object') return v;
  const zh = (v as { zh?: unknown }).zh;
  if (typeof zh === 'string' && labels[zh]) return zh;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unlabel(x, labels)]));
}

describe('flow labels', () => {
  it('has zh, zhtw (traditional) and en (no Han) for every seeded flow and node name', () => {
    const faults: string[] = [];
    const all = { ...FLOW_LABELS, ...LEAVE_TYPE_LABELS, ...EXPENSE_FORM_LABELS, ...FLOW_CATEGORY_LABELS };
    for (const [zh, l] of Object.entries(all)) {
      if (l.zh !== zh) faults.push(`${zh}: zh ${l.zh}`);
      if (convert(l.zhtw) !== l.zhtw) faults.push(`${zh}: simplified in zhtw ${l.zhtw}`);
      if (!l.en || /[\u4e00-\u9fff]/.test(l.en)) faults.push(`${zh}: en ${l.en}`);
    }
    expect(faults).toEqual([]);
  });
});

describe(`flow names in the request's language on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  type Tpl = {
    enCode: string;
    fullName: string;
    fullNameI18n?: unknown;
    category: string;
    formType: number;
    formData: unknown;
    flowTemplateJson: FlowNode;
    propertyJson: unknown;
    list: Array<{ id: string; fullName: string }>;
  };
  const get = (url: string, lang?: string) =>
    t.call<Tpl>(admin, { method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });
  const names = async (lang?: string) =>
    Object.fromEntries((await get(`${P}/ListAll`, lang)).data.list.map((r) => [r.id, r.fullName]));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('lists the seeded flows in zh, zhtw and en', async () => {
    expect(await names()).toMatchObject({ 'wf-leave': '请假申请', 'wf-expense': '费用报销' });
    expect(await names('zh-TW')).toMatchObject({ 'wf-leave': '請假申請', 'wf-expense': '費用報銷' });
    expect(await names('en')).toMatchObject({ 'wf-leave': 'Leave request', 'wf-expense': 'Expense claim' });
    // their categories (人事, 财务) too; the category list keeps the stored one as its id
    type Flow = { id: string; category: string };
    const categories = async (lang: string) =>
      Object.fromEntries(
        (
          await t.call<{ list: Flow[] }>(admin, {
            method: 'GET',
            url: `${P}/ListAll`,
            headers: { 'accept-language': lang },
          })
        ).data.list.map((r) => [r.id, r.category]),
      );
    expect(await categories('zh')).toMatchObject({ 'wf-leave': '人事', 'wf-expense': '财务' });
    expect(await categories('zh-TW')).toMatchObject({ 'wf-leave': '人事', 'wf-expense': '財務' });
    expect(await categories('en')).toMatchObject({ 'wf-leave': 'Human resources', 'wf-expense': 'Finance' });
    const cats = await t.call<Array<{ id: string; fullName: string }>>(admin, {
      method: 'GET',
      url: `${P}/GetWorkFlowCategory`,
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(cats.data).toContainEqual({ id: '财务', fullName: '財務' });
    expect((await get(`${P}/wf-expense`, 'en')).data.category).toBe('财务');
    const launch = await get('/api/workflow/Engine/FlowTask/LaunchInfo/wf-expense', 'en');
    expect(launch.code).toBe(200);
    expect(launch.data.fullName).toBe('Expense claim');
  });

  it('keeps the zh name with its labels in the detail, and the node titles in every language', async () => {
    const d = (await get(`${P}/wf-expense`, 'en')).data;
    expect(d.fullName).toBe('费用报销');
    expect(d.fullNameI18n).toEqual(FLOW_LABELS.费用报销);
    expect(titles(d.flowTemplateJson)).toEqual([
      FLOW_LABELS.发起人,
      FLOW_LABELS.财务,
      FLOW_LABELS.财务审批,
      FLOW_LABELS.部门,
      FLOW_LABELS.部门审批,
      FLOW_LABELS.抄送发起人主管,
    ]);
  });

  it('relabels the seeded flows and the leave form of a database seeded before (migration 0173)', async () => {
    const k = t.db.kysely;
    const before = await k
      .selectFrom('wf_template')
      .selectAll()
      .where('id', '=', 'wf-expense')
      .executeTakeFirstOrThrow();
    const tree = parseJson<FlowNode>(before.flow_json);
    const expenseForm = parseJson<unknown>(before.form_json);
    // the seed wrote the expense form's texts in every language: no seeded zh string is left under its keys
    const zhLeft =
      JSON.stringify(expenseForm).match(/"(label|content|fullName|actionText|message)":"[^"]*"/g) ?? [];
    expect(zhLeft.filter((m) => EXPENSE_FORM_LABELS[m.split(':"')[1]!.slice(0, -1)])).toEqual([]);
    expect(unlabel(expenseForm, EXPENSE_FORM_LABELS)).not.toEqual(expenseForm);
    const leave = await k
      .selectFrom('wf_template')
      .select('form_json')
      .where('id', '=', 'wf-leave')
      .executeTakeFirstOrThrow();
    const leaveForm = parseJson<unknown>(leave.form_json);
    expect(unlabel(leaveForm, LEAVE)).not.toEqual(leaveForm);
    // as the seed wrote them before labels: zh strings only
    await k
      .updateTable('wf_template')
      .set({
        full_name_i18n: null,
        flow_json: JSON.stringify(zhTree(tree)),
        form_json: JSON.stringify(unlabel(expenseForm, EXPENSE_FORM_LABELS)),
      })
      .where('id', '=', 'wf-expense')
      .execute();
    await k
      .updateTable('wf_template')
      .set({ form_json: JSON.stringify(unlabel(leaveForm, LEAVE)) })
      .where('id', '=', 'wf-leave')
      .execute();
    expect((await names('en'))['wf-expense']).toBe('费用报销');

    await relabelSeededFlows(k as unknown as Kysely<unknown>);
    expect((await names('en'))['wf-expense']).toBe('Expense claim');
    const after = await k
      .selectFrom('wf_template')
      .selectAll()
      .where('id', '=', 'wf-expense')
      .executeTakeFirstOrThrow();
    expect(parseJson(after.flow_json)).toEqual(tree);
    expect(parseJson(after.form_json)).toEqual(expenseForm);
    const leaveAfter = await k
      .selectFrom('wf_template')
      .select('form_json')
      .where('id', '=', 'wf-leave')
      .executeTakeFirstOrThrow();
    expect(parseJson(leaveAfter.form_json)).toEqual(leaveForm);
  });

  it("names a seeded flow's nodes in a zhtw and an en user's lists and records (issue 35)", async () => {
    const kit = workflowTestKit(() => t);
    const u = await t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'department_id'])
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    const launched = await kit.submit(await kit.login('zhangwei'), 'wf-leave', leaveData(u));
    expect(launched.code, launched.msg).toBe(200);
    const taskId = launched.data;
    const [op] = await kit.pending(taskId);
    const approver = await kit.tokenOf(op!.user_id);
    const initiator = await kit.login('zhangwei');
    const B = '/api/workflow/Engine';
    /** What `tok`'s user sees with its saved language `lang` (no Accept-Language). */
    const seen = async (lang: 'zh' | 'zhtw' | 'en') => {
      for (const tok of [approver, initiator]) {
        const set = await t.call(tok, {
          method: 'PUT',
          url: '/api/permission/Users/Current/SystemLanguage',
          payload: { language: lang },
        });
        expect(set.code, set.msg).toBe(200);
      }
      type Row = { processId?: string; id: string; thisStep: string };
      const todo = await t.call<{ list: Row[] }>(approver, { method: 'GET', url: `${B}/FlowBefore/List/1` });
      const mine = await t.call<{ list: Row[] }>(initiator, { method: 'GET', url: `${B}/FlowLaunch` });
      const info = await t.call<{ flowTaskInfo: { thisStep: string }; flowTaskOperatorRecordList: unknown }>(
        approver,
        { method: 'GET', url: `${B}/FlowBefore/${taskId}?taskOperatorId=${op!.id}` },
      );
      const records = await t.call<Array<{ nodeName: string }>>(initiator, {
        method: 'GET',
        url: `${B}/FlowBefore/RecordList/${taskId}`,
      });
      return {
        todo: todo.data.list.find((r) => r.processId === taskId)?.thisStep,
        launched: mine.data.list.find((r) => r.id === taskId)?.thisStep,
        detail: info.data.flowTaskInfo.thisStep,
        records: records.data.map((r) => r.nodeName),
      };
    };
    const head = FLOW_LABELS.部门负责人审批!;
    const start = FLOW_LABELS.发起人!;
    expect(await seen('zhtw')).toEqual({
      todo: head.zhtw,
      launched: head.zhtw,
      detail: head.zhtw,
      records: [start.zhtw],
    });
    expect(await seen('en')).toEqual({
      todo: head.en,
      launched: head.en,
      detail: head.en,
      records: [start.en],
    });
    expect(await seen('zh')).toEqual({
      todo: head.zh,
      launched: head.zh,
      detail: head.zh,
      records: [start.zh],
    });
    // stored as the zh title: what an administrator names a node is shown as stored
    expect(flowStepIn('部门负责人审批,自定义节点', 'en')).toBe('Department head approval,自定义节点');
    expect(flowStepIn('constructor', 'en')).toBe('constructor');
  });

  it('takes the name in every language from the basic settings; they count also after a rename', async () => {
    const d = (await get(`${P}/wf-leave`)).data;
    const body = {
      enCode: d.enCode,
      fullName: '休假申请',
      fullNameI18n: { zhtw: '休假申請', en: 'Time off' },
      category: d.category,
      formType: d.formType,
      formData: d.formData,
      flowTemplateJson: d.flowTemplateJson,
      propertyJson: d.propertyJson,
    };
    const put = await t.call(admin, { method: 'PUT', url: `${P}/wf-leave`, payload: body });
    expect(put.code).toBe(200);
    expect((await names('en'))['wf-leave']).toBe('Time off');
    expect((await names('zhtw'))['wf-leave']).toBe('休假申請');
    expect((await names('zh'))['wf-leave']).toBe('休假申请');
    expect((await get(`${P}/wf-leave`)).data.fullNameI18n).toEqual({
      zh: '休假申请',
      zhtw: '休假申請',
      en: 'Time off',
    });

    const { fullNameI18n: _, ...renamed } = { ...body, fullName: '年假申请' };
    expect((await t.call(admin, { method: 'PUT', url: `${P}/wf-leave`, payload: renamed })).code).toBe(200);
    expect((await names('en'))['wf-leave']).toBe('Time off');
    expect((await names('zh'))['wf-leave']).toBe('年假申请');
    // emptied in the settings: the name in every language
    const cleared = { ...renamed, fullNameI18n: { zhtw: '', en: '' } };
    expect((await t.call(admin, { method: 'PUT', url: `${P}/wf-leave`, payload: cleared })).code).toBe(200);
    expect((await names('en'))['wf-leave']).toBe('年假申请');
    expect((await get(`${P}/wf-leave`)).data.fullNameI18n).toBeUndefined();
  });
});
