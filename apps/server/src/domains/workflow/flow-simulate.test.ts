import { exportCase, type OrgSnapshot, orgFromSnapshot, simulate } from '@kp/flow';
import type { FlowNode } from '@kp/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldConfig, formConfig } from '../../test/forms';
import {
  createTestApp,
  type Initiators,
  seededInitiators,
  startNode,
  TEST_DB_KIND,
  type TestApp,
} from '../../test/harness';
import { workflowTestKit } from './testkit';

const B = '/api/workflow/Engine';

describe(`flow simulator routes and verify before release on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let who: Initiators = {};
  const { login, idOf, pending, records, tokenOf, task } = workflowTestKit(() => t);
  const form = formConfig([
    { __config__: fieldConfig('numInput', '金额'), __vModel__: 'amount' },
    { __config__: fieldConfig('comInput', '事由'), __vModel__: 'reason' },
  ]);
  /** start -> [amount > limit: 大额 (and-sign of two) | other: the initiator's manager] -> end */
  const tree = (limit: number, signers: string[]): FlowNode =>
    startNode(who, {
      nodeId: 'gw',
      type: 'empty',
      properties: {},
      conditionType: 'condition',
      conditionNodes: [
        {
          nodeId: 'big',
          type: 'condition',
          properties: {
            title: '大额',
            priority: 1,
            conditions: [{ items: [{ fieldType: 'form', field: 'amount', operator: '>', value: limit }] }],
          },
          childNode: {
            nodeId: 'sign',
            type: 'approver',
            properties: { title: '会签', approvers: signers, counterSign: 'and' },
          },
        },
        {
          nodeId: 'other',
          type: 'condition',
          properties: { title: '其他', priority: 2, isDefault: true },
          childNode: {
            nodeId: 'lead',
            type: 'approver',
            properties: { title: '主管', assigneeType: 6, initiatorLevel: 1, emptyApprover: 'refuse' },
          },
        },
      ],
    }) as FlowNode;
  const body = (limit: number, signers: string[]) => ({
    enCode: `sim${limit}`,
    fullName: '模拟报销',
    formData: form,
    flowTemplateJson: tree(limit, signers),
    propertyJson: {},
  });

  beforeAll(async () => {
    t = await createTestApp();
    who = await seededInitiators(t.db.kysely);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('simulated on the server organisation, cases stored, release refused with the diff when the design changes', async () => {
    const admin = await login('admin');
    const signers = [await idOf('chenjing'), await idOf('wangjianguo')];
    const zhang = await idOf('zhangwei');
    const c = await t.call<string>(admin, {
      method: 'POST',
      url: `${B}/FlowEngine`,
      payload: body(1000, signers),
    });
    expect(c.code, c.msg).toBe(200);
    const id = c.data;

    // the browser's organisation: the server's directory as a snapshot
    const snap = await t.call<OrgSnapshot>(admin, { method: 'GET', url: `${B}/FlowEngine/Simulate/Org` });
    expect(snap.code, snap.msg).toBe(200);
    expect(snap.data.users.some((u) => u.id === zhang)).toBe(true);
    const org = orgFromSnapshot(snap.data);
    const ctx = { template: { tree: tree(1000, signers), properties: {} }, org, managers: org.managers };
    const input = {
      initiatorId: zhang,
      formData: { amount: 5000, reason: '出差' },
      choices: signers.map((u) => ({ kind: 'approve' as const, nodeId: 'sign', userId: u })),
    };
    const run = simulate(ctx, input);
    expect(run.path).toEqual(['start', 'sign']);
    expect(run.status).toBe(2);
    const small = simulate(ctx, { initiatorId: zhang, formData: { amount: 10 }, choices: [] });
    expect(small.path).toEqual(['start', 'lead']);
    const lead = small.steps[0].tasks[0]?.userId;
    expect(lead).toBeTruthy();

    // the same inputs through the real server: launch, then the choices as audits; same records
    expect((await t.call(admin, { method: 'POST', url: `${B}/FlowEngine/Release/${id}` })).code).toBe(200);
    const launched = await t.call<string>(await login('zhangwei'), {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: id, status: 0, formData: input.formData },
    });
    expect(launched.code, launched.msg).toBe(200);
    const taskId = launched.data;
    for (const ch of input.choices) {
      const op = (await pending(taskId, ch.nodeId)).find((o) => o.user_id === ch.userId);
      expect(op).toBeTruthy();
      const r = await t.call(await tokenOf(ch.userId), {
        method: 'POST',
        url: `${B}/FlowBefore/Audit/${op?.id}`,
        payload: { handleOpinion: '同意' },
      });
      expect(r.code, r.msg).toBe(200);
    }
    expect((await task(taskId)).status).toBe(run.status);
    expect((await records(taskId)).map((r) => [r.node_id, r.user_id, r.handle_status])).toEqual(
      run.state.records.map((r) => [r.nodeId, r.userId, r.handleStatus]),
    );
    expect((await t.call(admin, { method: 'POST', url: `${B}/FlowEngine/Stop/${id}` })).code).toBe(200);

    // store the case with the flow; release passes while the design agrees
    const kase = exportCase('大额走会签', input, run);
    const put = await t.call<number>(admin, {
      method: 'PUT',
      url: `${B}/FlowEngine/${id}/SimCases`,
      payload: { cases: [kase] },
    });
    expect(put.code, put.msg).toBe(200);
    const got = await t.call<unknown[]>(admin, { method: 'GET', url: `${B}/FlowEngine/${id}/SimCases` });
    expect(got.data).toEqual([kase]);
    expect((await t.call(admin, { method: 'POST', url: `${B}/FlowEngine/Release/${id}` })).code).toBe(200);
    expect((await t.call(admin, { method: 'POST', url: `${B}/FlowEngine/Stop/${id}` })).code).toBe(200);

    // the condition changes: 5000 no longer counts as large, the case diverges and release is refused
    const upd = await t.call(admin, {
      method: 'PUT',
      url: `${B}/FlowEngine/${id}`,
      payload: body(10_000, signers),
    });
    expect(upd.code, upd.msg).toBe(200);
    const refused = await t.call(admin, { method: 'POST', url: `${B}/FlowEngine/Release/${id}` });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('发布前校验未通过：测试用例“大额走会签”与预期不一致');
    expect(refused.msg).toContain('路径第 2 步：预期 会签 (sign)，实际 主管 (lead)');
    const row = await t.db.kysely
      .selectFrom('wf_template')
      .select('enabled_mark')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.enabled_mark).toBe(0);
    const en = await t.call(admin, {
      method: 'POST',
      url: `${B}/FlowEngine/Release/${id}`,
      headers: { 'accept-language': 'en' },
    });
    expect(en.msg).toContain('Verification before release failed: test case "大额走会签" diverges');
    expect(en.msg).toContain('path step 2: expected 会签 (sign), got 主管 (lead)');
    const tw = await t.call(admin, {
      method: 'POST',
      url: `${B}/FlowEngine/Release/${id}`,
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(tw.msg).toContain('發佈前校驗未通過');
  });

  it('refuses hostile case lists naming the field, and the routes need the flow-design menu', async () => {
    const admin = await login('admin');
    const id = (
      await t.call<string>(admin, {
        method: 'POST',
        url: `${B}/FlowEngine`,
        payload: {
          ...body(1, []),
          enCode: 'sim-hostile',
          flowTemplateJson: tree(1, [await idOf('chenjing')]),
        },
      })
    ).data;
    const put = (cases: unknown) =>
      t.call(admin, { method: 'PUT', url: `${B}/FlowEngine/${id}/SimCases`, payload: { cases } });
    expect((await put('x')).msg).toMatch(/^cases: /);
    const r = await put([
      {
        version: 1,
        name: 'n',
        initiatorId: 'u',
        formData: {},
        choices: [{ kind: 'eval' }],
        expected: { path: [], status: 2 },
      },
    ]);
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/^cases\[0\]\.choices\[0\]\.kind: /);
    expect(
      (await t.call(admin, { method: 'PUT', url: `${B}/FlowEngine/nosuch/SimCases`, payload: { cases: [] } }))
        .code,
    ).toBe(404);
    const staff = await login('zhangwei');
    expect((await t.call(staff, { method: 'GET', url: `${B}/FlowEngine/Simulate/Org` })).code).toBe(403);
    expect((await t.call(staff, { method: 'GET', url: `${B}/FlowEngine/${id}/SimCases` })).code).toBe(403);
    expect((await put([])).code).toBe(200);
  });
});
