import { afterAll, beforeAll, expect } from 'vitest';
import {
  createTestApp,
  type Initiators,
  seededInitiators,
  type TestApp,
  startNode as validStart,
} from '../../test/harness';
import { workflowTestKit } from './testkit';

export const B = '/api/workflow/Engine';

/** A multipart body carrying one file in the field `file`. */
export { fileUpload as multipart } from '../../test/multipart';

export const pad = (n: number) => String(n).padStart(2, '0');
export const localDate = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
export const localDateTime = (ms: number) => {
  const d = new Date(ms);
  return `${localDate(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The shared set-up of the workflow-gaps.test.ts split: one app per test file, the helpers its tests use. */
export function gapsSuite() {
  let t: TestApp;
  let who: Initiators = {};
  const ids = new Map<string, string>();
  let leaveForm: unknown;
  let leave: Record<string, unknown> = {};
  const { login, accountOf, pending, task } = workflowTestKit(() => t);
  const makeTemplate = async (
    enCode: string,
    tree: Record<string, unknown>,
    opts: { form?: unknown; release?: boolean; visibleUserIds?: string[] } = {},
  ) => {
    const admin = await login('admin');
    const c = await t.call<string>(admin, {
      method: 'POST',
      url: `${B}/FlowEngine`,
      payload: {
        enCode,
        fullName: enCode,
        formData: opts.form ?? leaveForm,
        flowTemplateJson: tree,
        ...(opts.visibleUserIds ? { visibleUserIds: opts.visibleUserIds } : {}),
      },
    });
    expect(c.code, c.msg).toBe(200);
    if (opts.release !== false)
      expect((await t.call(admin, { method: 'POST', url: `${B}/FlowEngine/Release/${c.data}` })).code).toBe(
        200,
      );
    return c.data;
  };
  /** A start node everyone in the demo company may launch, unless props name who may (test/flows.ts). */
  const startNode = (props: Record<string, unknown> = {}, childNode?: unknown) =>
    validStart(who, childNode, props);
  const approverNode = (nodeId: string, approvers: string[], childNode?: unknown) => ({
    nodeId,
    type: 'approver',
    properties: {
      title: nodeId,
      assigneeType: 1,
      approvers,
      approverPos: [],
      approverRole: [],
      counterSign: 'or',
    },
    ...(childNode ? { childNode } : {}),
  });
  const launchLeave = async (account: string, flowId = 'wf-leave', data = leave) => {
    const r = await t.call<string>(await login(account), {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId, formData: data },
    });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    who = await seededInitiators(t.db.kysely);
    const users = await t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'account', 'department_id'])
      .execute();
    for (const u of users) ids.set(u.account, u.id);
    const zw = users.find((u) => u.account === 'zhangwei')!;
    leave = {
      applicant: zw.id,
      department: zw.department_id,
      leaveType: 'annual',
      startTime: 1767225600000,
      endTime: 1767225600000 + 2 * 86_400_000,
      days: 2,
      reason: '回家',
    };
    leaveForm = JSON.parse(
      JSON.stringify(
        (
          await t.db.kysely
            .selectFrom('wf_template')
            .select('form_json')
            .where('id', '=', 'wf-leave')
            .executeTakeFirstOrThrow()
        ).form_json,
      ),
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t() {
      return t;
    },
    get leaveForm() {
      return leaveForm;
    },
    get leave() {
      return leave;
    },
    ids,
    makeTemplate,
    startNode,
    approverNode,
    launchLeave,
    login,
    accountOf,
    pending,
    task,
  };
}
