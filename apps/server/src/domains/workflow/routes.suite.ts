import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, seededInitiators, startNode, type TestApp } from '../../test/harness';
import { workflowTestKit } from './testkit';

export const B = '/api/workflow/Engine';
export const F = '/api/workflow/Form';

/** The shared set-up of the workflow-routes.test.ts split: one app per test file, the helpers its tests use. */
export function routesSuite() {
  let t: TestApp;
  let leave: Record<string, unknown> = {};
  let form: unknown;
  const ids = new Map<string, string>();
  const { login, accountOf, pending, task } = workflowTestKit(() => t);
  /** The one pending operator task of a flow and its holder's token. */
  const only = async (taskId: string) => {
    const ops = await pending(taskId);
    expect(ops.length).toBe(1);
    const op = ops[0]!;
    return { op, tk: await login(await accountOf(op.user_id)) };
  };
  const audit = async (taskId: string, opinion = '同意') => {
    const { op, tk } = await only(taskId);
    const r = await t.call(tk, {
      method: 'POST',
      url: `${B}/FlowBefore/Audit/${op.id}`,
      payload: { handleOpinion: opinion },
    });
    expect(r.code, r.msg).toBe(200);
    return op;
  };
  const makeTemplate = async (
    enCode: string,
    childNode: unknown,
    propertyJson: Record<string, unknown> = {},
  ) => {
    const admin = await login('admin');
    const c = await t.call<string>(admin, {
      method: 'POST',
      url: `${B}/FlowEngine`,
      payload: {
        enCode,
        fullName: enCode,
        formData: form,
        flowTemplateJson: startNode(await seededInitiators(t.db.kysely), childNode),
        propertyJson,
      },
    });
    expect(c.code, c.msg).toBe(200);
    expect((await t.call(admin, { method: 'POST', url: `${B}/FlowEngine/Release/${c.data}` })).code).toBe(
      200,
    );
    return c.data;
  };
  const approverNode = (nodeId: string, props: Record<string, unknown>, childNode?: unknown) => ({
    nodeId,
    type: 'approver',
    properties: { title: nodeId, approverPos: [], approverRole: [], counterSign: 'or', ...props },
    ...(childNode ? { childNode } : {}),
  });

  beforeAll(async () => {
    t = await createTestApp();
    for (const a of ['zhangwei', 'chenjing', 'wangjianguo', 'liuzhiqiang', 'admin']) {
      const u = await t.db.kysely
        .selectFrom('base_user')
        .select(['id', 'department_id'])
        .where('account', '=', a)
        .executeTakeFirstOrThrow();
      ids.set(a, u.id);
      if (a === 'zhangwei')
        leave = {
          applicant: u.id,
          department: u.department_id,
          leaveType: 'annual',
          startTime: 1767225600000,
          endTime: 1767225600000 + 2 * 86_400_000,
          days: 2,
          reason: '回家',
        };
    }
    form = (
      await t.db.kysely
        .selectFrom('wf_template')
        .select('form_json')
        .where('id', '=', 'wf-leave')
        .executeTakeFirstOrThrow()
    ).form_json;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t() {
      return t;
    },
    get leave() {
      return leave;
    },
    get form() {
      return form;
    },
    ids,
    only,
    audit,
    makeTemplate,
    approverNode,
    login,
    accountOf,
    pending,
    task,
  };
}
