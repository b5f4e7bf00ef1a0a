// A flow's print designs (打印设计, type 1 bound to the flow) are offered by the flow's print picker beside its
// own templates and fill the print preview with display values; a disabled design or another flow's is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { leaveData } from './testkit';

const B = '/api/workflow/Engine';

describe(`print designs of a flow on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let emp: string;
  let taskId: string;
  const design = async (enCode: string, formId: string, enabledMark: 0 | 1 = 1) => {
    const r = await t.call<string>(admin, {
      method: 'POST',
      url: '/api/system/printDev',
      payload: {
        fullName: `请假单${enCode}`,
        enCode,
        type: 1,
        formId,
        enabledMark,
        printTemplate: '<h2>请假单</h2><p>申请人：{applicant}</p><p>事由：{reason}</p>',
      },
    });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    emp = await t.login('zhangwei');
    const u = await t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'department_id'])
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    const r = await t.call<string>(emp, {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: {
        flowId: 'wf-leave',
        formData: leaveData(u),
      },
    });
    expect(r.code, r.msg).toBe(200);
    taskId = r.data;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists the designs with the flow templates and prints with them', async () => {
    const mine = await design('leavePrintA', 'wf-leave');
    const off = await design('leavePrintB', 'wf-leave', 0);
    const other = await design('expensePrint', 'wf-expense');
    const list = await t.call<{ list: Array<{ id: string; fullName: string }> }>(emp, {
      method: 'GET',
      url: `${B}/FlowGeneral/printList/wf-leave`,
    });
    const ids = list.data.list.map((x) => x.id);
    expect(ids).toContain(mine);
    expect(ids).toContain('wf-leave-print'); // the flow's own template stays
    expect(ids).not.toContain(off);
    expect(ids).not.toContain(other);
    const configs = await t.call<{ list: Array<{ id: string }> }>(emp, {
      method: 'GET',
      url: `${B}/FlowGeneral/printConfig/${taskId}`,
    });
    expect(configs.data.list.map((x) => x.id)).toContain(mine);

    const data = await t.call<{ printTemplate: string; printData: Record<string, unknown> }>(emp, {
      method: 'GET',
      url: `${B}/FlowGeneral/printData/${taskId}?formId=${mine}`,
    });
    expect(data.code, data.msg).toBe(200);
    expect(data.data.printTemplate).toContain('申请人：{applicant}');
    expect(data.data.printData.applicant).toBe('张伟');
    for (const bad of [off, other]) {
      const r = await t.call(emp, {
        method: 'GET',
        url: `${B}/FlowGeneral/printData/${taskId}?formId=${bad}`,
      });
      expect(r.code).toBe(404);
    }
  });
});
