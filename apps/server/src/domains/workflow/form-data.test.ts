// Form data of flow tasks as the server stores it: calculate fields recomputed (the client's totals are
// ignored), the bill number taken by the server on submit (not on a draft), system fields stamped; the flow
// routes on the recomputed values.
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seededInitiators, startNode, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { workflowTestKit } from './testkit';

const B = '/api/workflow/Engine';

describe(`flow form data on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let emp: string;
  let me: { id: string; department_id: string | null };
  beforeAll(async () => {
    t = await createTestApp();
    emp = await t.login('zhangwei');
    me = await t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'department_id'])
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const stored = async (id: string) =>
    (
      await t.db.kysely
        .selectFrom('wf_task')
        .select(['form_data', 'state_json'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).form_data as Record<string, unknown>;

  it("a launch stores the server's totals and bill number, not the client's", async () => {
    const r = await t.call<string>(emp, {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: {
        flowId: 'wf-expense',
        formData: {
          billNo: 'MINE-1',
          claimDate: Date.now(),
          claimant: me.id,
          department: me.department_id,
          tableField106: [
            { expenseType: 'traffic', price: 100, quantity: 2, amount: 5 },
            { expenseType: 'meal', price: 30.5, quantity: 3, amount: 0 },
          ],
          totalAmount: 999_999,
          advance: 50,
          payable: -3,
        },
      },
    });
    expect(r.code, r.msg).toBe(200);
    const data = await stored(r.data);
    expect((data.tableField106 as Array<{ amount: number }>).map((x) => x.amount)).toEqual([200, 91.5]);
    expect(data.totalAmount).toBe(291.5);
    expect(data.payable).toBe(241.5);
    expect(data.billNo).toMatch(new RegExp(`^BX${dayjs().format('YYYYMM')}\\d{5}$`));
    // what the approvers and the print read back is the same
    const info = await t.call<{ formData: Record<string, unknown> }>(emp, {
      method: 'GET',
      url: `${B}/FlowTask/${r.data}`,
    });
    expect(info.data.formData).toMatchObject({ totalAmount: 291.5, billNo: data.billNo });
  });

  it('an attachment must point at this site or an http(s) address (javascript: and //host refused)', async () => {
    const leave = (url: string) => ({
      applicant: me.id,
      department: me.department_id,
      leaveType: 'annual',
      startTime: 1767225600000,
      endTime: 1767312000000,
      days: 2,
      reason: '附件',
      attachments: [{ name: '病假条.pdf', fileId: '0123456789abcdef0123456789abcdef', url }],
    });
    for (const url of [
      'javascript:alert(1)',
      '//evil.example/x.pdf',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      const r = await t.call(emp, {
        method: 'POST',
        url: `${B}/FlowTask`,
        payload: { flowId: 'wf-leave', formData: leave(url) },
      });
      expect(r.code, url).toBe(400);
      expect(r.msg).toBe('attachments[0].url: 文件地址无效');
    }
    const ok = await t.call(emp, {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: {
        flowId: 'wf-leave',
        formData: leave('/api/file/Download/annex/0123456789abcdef0123456789abcdef.pdf'),
      },
    });
    expect(ok.code, ok.msg).toBe(200);
  });

  it('a draft takes no number; its submit does, and resubmitting keeps it', async () => {
    const form = {
      claimDate: Date.now(),
      claimant: me.id,
      department: me.department_id,
      tableField106: [{ expenseType: 'office', price: 10, quantity: 1 }],
      advance: 0,
    };
    const draft = await t.call<string>(emp, {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: 'wf-expense', status: 1, formData: form },
    });
    expect(draft.code, draft.msg).toBe(200);
    const d0 = await stored(draft.data);
    expect(d0.billNo ?? null).toBeNull();
    expect(d0.totalAmount).toBe(10);
    const submit = await t.call(emp, {
      method: 'PUT',
      url: `${B}/FlowTask/${draft.data}`,
      payload: { flowId: 'wf-expense', status: 0, formData: { ...form, billNo: 'MINE-2', totalAmount: 1 } },
    });
    expect(submit.code, submit.msg).toBe(200);
    const d1 = await stored(draft.data);
    expect(d1.billNo).toMatch(/^BX\d{11}$/);
    expect(d1.totalAmount).toBe(10);
    // two launches never share a number
    const other = await t.call<string>(emp, {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: 'wf-expense', formData: form },
    });
    expect((await stored(other.data)).billNo).not.toBe(d1.billNo);
  });

  it("a node's read:false fields leave no read route: FlowBefore, FlowTask, Form detail, both print datas (issue 17)", async () => {
    const kit = workflowTestKit(() => t);
    const admin = await kit.login('admin');
    const approver = await kit.idOf('chenjing');
    const form = (
      await t.db.kysely
        .selectFrom('wf_template')
        .select('form_json')
        .where('id', '=', 'wf-leave')
        .executeTakeFirstOrThrow()
    ).form_json;
    const created = await t.call<string>(admin, {
      method: 'POST',
      url: `${B}/FlowEngine`,
      payload: {
        enCode: 'hiddenReason',
        fullName: 'hiddenReason',
        formData: form,
        flowTemplateJson: startNode(await seededInitiators(t.db.kysely), {
          nodeId: 'head',
          type: 'approver',
          properties: {
            title: '审批',
            approverPos: [],
            approverRole: [],
            counterSign: 'or',
            assigneeType: 1,
            approvers: [approver],
            formOperates: [
              { id: 'reason', read: false, write: false },
              { id: 'days', read: true, write: false },
            ],
          },
        }),
      },
    });
    expect(created.code, created.msg).toBe(200);
    expect(
      (await t.call(admin, { method: 'POST', url: `${B}/FlowEngine/Release/${created.data}` })).code,
    ).toBe(200);
    const launched = await t.call<string>(emp, {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: {
        flowId: created.data,
        formData: {
          applicant: me.id,
          department: me.department_id,
          leaveType: 'annual',
          startTime: 1767225600000,
          endTime: 1767225600000 + 2 * 86_400_000,
          days: 2,
          reason: '私人原因：看病',
        },
      },
    });
    expect(launched.code, launched.msg).toBe(200);
    const taskId = launched.data;
    const [op] = await kit.pending(taskId, 'head');
    expect(op).toBeDefined();
    const tk = await kit.tokenOf(op!.user_id);
    type Before = { formData: Record<string, unknown>; draftData: unknown };
    for (const url of [`${B}/FlowBefore/${taskId}?taskOperatorId=${op!.id}`, `${B}/FlowBefore/${taskId}`]) {
      const before = await t.call<Before>(tk, { method: 'GET', url });
      expect(before.code, before.msg).toBe(200);
      expect(before.data.formData).toHaveProperty('days', 2);
      expect.soft(before.data.formData).not.toHaveProperty('reason');
      expect.soft(JSON.stringify(before.data)).not.toContain('看病');
    }
    const info = await t.call<{ formData: Record<string, unknown> }>(tk, {
      method: 'GET',
      url: `${B}/FlowTask/${taskId}`,
    });
    expect(info.code, info.msg).toBe(200);
    expect(info.data.formData).toHaveProperty('days', 2);
    expect.soft(info.data.formData).not.toHaveProperty('reason');
    const print = await t.call<{ printData: Record<string, unknown>; printDataRaw: Record<string, unknown> }>(
      tk,
      {
        method: 'GET',
        url: `${B}/FlowGeneral/printData/${taskId}`,
      },
    );
    expect(print.code, print.msg).toBe(200);
    expect(print.data.printDataRaw).toHaveProperty('days', 2);
    expect.soft(print.data.printData).not.toHaveProperty('reason');
    expect.soft(print.data.printDataRaw).not.toHaveProperty('reason');
    expect.soft(JSON.stringify(print.data)).not.toContain('看病');
    // the form's own detail route (Form/{enCode}/{id}) and a print design bound to the flow
    const detail = await t.call<Record<string, unknown>>(tk, {
      method: 'GET',
      url: `/api/workflow/Form/hiddenReason/${taskId}`,
    });
    expect(detail.code, detail.msg).toBe(200);
    expect(detail.data).toHaveProperty('days', 2);
    expect.soft(detail.data).not.toHaveProperty('reason');
    const design = await t.call<string>(admin, {
      method: 'POST',
      url: '/api/system/printDev',
      payload: {
        fullName: '隐藏打印',
        enCode: 'hiddenPrint',
        type: 1,
        formId: created.data,
        printTemplate: '<p>{reason}</p>',
      },
    });
    expect(design.code, design.msg).toBe(200);
    const designed = await t.call<{ printData: Record<string, unknown> }>(tk, {
      method: 'GET',
      url: `/api/system/printDev/Data?id=${design.data}&formId=${taskId}`,
    });
    expect(designed.code, designed.msg).toBe(200);
    expect(designed.data.printData).toHaveProperty('days');
    expect.soft(designed.data.printData).not.toHaveProperty('reason');
    expect.soft(JSON.stringify(designed.data)).not.toContain('看病');
    // the initiator's start node reads it
    const own = await t.call<Before>(emp, { method: 'GET', url: `${B}/FlowBefore/${taskId}` });
    expect(own.data.formData).toHaveProperty('reason', '私人原因：看病');
    const ownPrint = await t.call<{ printData: Record<string, unknown> }>(emp, {
      method: 'GET',
      url: `${B}/FlowGeneral/printData/${taskId}`,
    });
    expect(ownPrint.data.printData).toHaveProperty('reason', '私人原因：看病');
  }, 120_000);

  it("a handler's node layers decide what an audit's form data must hold (formOperates required)", async () => {
    const kit = workflowTestKit(() => t);
    const admin = await kit.login('admin');
    const approver = await kit.idOf('chenjing');
    const form = (
      await t.db.kysely
        .selectFrom('wf_template')
        .select('form_json')
        .where('id', '=', 'wf-leave')
        .executeTakeFirstOrThrow()
    ).form_json;
    const created = await t.call<string>(admin, {
      method: 'POST',
      url: `${B}/FlowEngine`,
      payload: {
        enCode: 'needsAttachment',
        fullName: 'needsAttachment',
        formData: form,
        flowTemplateJson: startNode(await seededInitiators(t.db.kysely), {
          nodeId: 'check',
          type: 'approver',
          properties: {
            title: '审核',
            approverPos: [],
            approverRole: [],
            counterSign: 'or',
            assigneeType: 1,
            approvers: [approver],
            formOperates: [{ id: 'attachments', read: true, write: true, required: true }],
          },
        }),
      },
    });
    expect(created.code, created.msg).toBe(200);
    await t.call(admin, { method: 'POST', url: `${B}/FlowEngine/Release/${created.data}` });
    const leave = {
      applicant: me.id,
      department: me.department_id,
      leaveType: 'annual',
      startTime: 1767225600000,
      endTime: 1767312000000,
      days: 1,
      reason: '材料',
    };
    const launched = await t.call<string>(emp, {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: { flowId: created.data, formData: leave },
    });
    expect(launched.code, launched.msg).toBe(200);
    const [op] = await kit.pending(launched.data, 'check');
    const tk = await kit.tokenOf(op!.user_id);
    const refused = await t.call(tk, {
      method: 'POST',
      url: `${B}/FlowBefore/Audit/${op!.id}`,
      payload: { handleOpinion: '同意', formData: { attachments: [] } },
    });
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('attachments: 请至少选择一个附件');
    const passed = await t.call(tk, {
      method: 'POST',
      url: `${B}/FlowBefore/Audit/${op!.id}`,
      payload: {
        handleOpinion: '同意',
        formData: {
          attachments: [
            { name: '证明.pdf', fileId: '0123456789abcdef0123456789abcdef', url: '/api/file/x.pdf' },
          ],
        },
      },
    });
    expect(passed.code, passed.msg).toBe(200);
  }, 120_000);
});
