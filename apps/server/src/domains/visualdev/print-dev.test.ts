import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fieldConfig, formConfig, TEST_DB_KIND, type TestApp } from '../../test/harness';

const P = '/api/system/printDev';
const cfg = fieldConfig;
const FORM = formConfig([
  { __config__: cfg('comInput', '标题', { required: true, formId: 101 }), __vModel__: 'title' },
  {
    __config__: cfg('radio', '级别', { formId: 102, dataType: 'static' }),
    __vModel__: 'level',
    __slot__: {
      options: [
        { id: 1, fullName: '普通' },
        { id: 2, fullName: '紧急' },
      ],
    },
  },
]);

describe(`print design on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let emp: string;
  let itemId: string;
  let printId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    emp = await t.login('zhangwei');
    const c = await t.call<string>(admin, {
      method: 'POST',
      url: '/api/visualdev/Base',
      payload: { fullName: '通知单', enCode: 'noticeForm', formData: FORM },
    });
    itemId = c.data;
    await t.call(admin, {
      method: 'POST',
      url: `/api/visualdev/Base/${itemId}/Actions/Release`,
      payload: {},
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a template with the code rule, a known source and sanitised HTML; refuses without the menu', async () => {
    const body = {
      fullName: '通知单打印',
      enCode: 'noticePrint',
      type: 2,
      formId: itemId,
      printTemplate: '<h1>{title}</h1><p onclick="alert(1)">级别：{level}</p><script>alert(2)</script>',
      pageSetting: { size: 'A4', orientation: 'portrait', margin: 10 },
    };
    expect((await t.call(emp, { method: 'POST', url: P, payload: body })).code).toBe(403);
    expect(
      await t.call(admin, { method: 'POST', url: P, payload: { ...body, enCode: 'a..b' } }),
    ).toMatchObject({
      code: 400,
      msg: 'enCode: 编码只能输入英文、数字和小数点且小数点不能放在首尾',
    });
    expect(
      await t.call(admin, { method: 'POST', url: P, payload: { ...body, formId: 'nope' } }),
    ).toMatchObject({
      code: 400,
      msg: 'formId: 关联表单不存在',
    });
    expect((await t.call(admin, { method: 'POST', url: P, payload: { ...body, type: 3 } })).code).toBe(400);
    const c = await t.call<string>(admin, { method: 'POST', url: P, payload: body });
    expect(c).toMatchObject({ code: 200, msg: '新建成功' });
    printId = c.data;
    expect((await t.call(admin, { method: 'POST', url: P, payload: body })).msg).toBe('编码已存在');
    const got = await t.call<{ printTemplate: string; pageSetting: object }>(admin, {
      method: 'GET',
      url: `${P}/${printId}`,
    });
    expect(got.data.printTemplate).toBe('<h1>{title}</h1><p>级别：{level}</p>');
    expect(got.data.pageSetting).toEqual({ size: 'A4', orientation: 'portrait', margin: 10 });
  });

  it('lists, selects, copies, exports and offers the fields of the bound form', async () => {
    const list = await t.call<{ list: Array<{ enCode: string }>; pagination: { total: number } }>(admin, {
      method: 'GET',
      url: `${P}?keyword=notice`,
    });
    expect(list.data.list.map((r) => r.enCode)).toEqual(['noticePrint']);
    const sel = await t.call<{ list: unknown[] }>(emp, { method: 'GET', url: `${P}/Selector?type=2` });
    expect(sel.data.list).toHaveLength(1);
    const fields = await t.call<{ list: Array<{ field: string }> }>(admin, {
      method: 'POST',
      url: `${P}/Fields`,
      payload: { type: 2, formId: itemId },
    });
    expect(fields.data.list.map((f) => f.field)).toEqual(['title', 'level']);
    const flowFields = await t.call<{ list: Array<{ field: string }> }>(admin, {
      method: 'POST',
      url: `${P}/Fields`,
      payload: { type: 1, formId: 'wf-leave' },
    });
    expect(flowFields.data.list.map((f) => f.field)).toEqual(
      expect.arrayContaining(['fullName', 'approvalRecords', 'reason']),
    );
    const copy = await t.call<string>(admin, { method: 'POST', url: `${P}/${printId}/Actions/Copy` });
    expect(copy.msg).toBe('复制成功');
    const ex = await t.app.inject({
      method: 'GET',
      url: `${P}/${printId}/Actions/Export`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(ex.headers['content-disposition']).toContain('attachment');
    expect(JSON.parse(ex.body)).toMatchObject({ enCode: 'noticePrint', type: 2 });
    expect((await t.call(admin, { method: 'DELETE', url: `${P}/${copy.data}` })).code).toBe(200);
    expect((await t.call(admin, { method: 'GET', url: `${P}/${copy.data}` })).code).toBe(404);
  });

  it('print data of a record: option labels, only for a user who may read the record', async () => {
    const rec = await t.call<string>(admin, {
      method: 'POST',
      url: `/api/visualdev/OnlineDev/${itemId}`,
      payload: { data: { title: '停电通知', level: 2 } },
    });
    expect(rec.code, rec.msg).toBe(200);
    const d = await t.call<{ printTemplate: string; printData: Record<string, unknown> }>(admin, {
      method: 'GET',
      url: `${P}/Data?id=${printId}&formId=${rec.data}`,
    });
    expect(d.data.printData).toEqual({ title: '停电通知', level: '紧急' });
    expect(d.data.printTemplate).toContain('{title}');
    // the employee's roles do not grant the item's menu
    expect(
      (await t.call(emp, { method: 'GET', url: `${P}/Data?id=${printId}&formId=${rec.data}` })).code,
    ).toBe(403);
    expect((await t.call(admin, { method: 'GET', url: `${P}/Data?id=${printId}&formId=nope` })).code).toBe(
      404,
    );
  });

  it('print data of a flow task: form data and only passed or rejected records, for participants only', async () => {
    const tpl = await t.call<string>(admin, {
      method: 'POST',
      url: P,
      payload: {
        fullName: '请假单打印',
        enCode: 'leavePrint',
        type: 1,
        formId: 'wf-leave',
        printTemplate: '<p>{reason}</p>',
      },
    });
    expect(tpl.code, tpl.msg).toBe(200);
    const u = await t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'department_id'])
      .where('account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    const launched = await t.call<string>(emp, {
      method: 'POST',
      url: '/api/workflow/Engine/FlowTask',
      payload: {
        flowId: 'wf-leave',
        formData: {
          applicant: u.id,
          department: u.department_id,
          leaveType: 'annual',
          startTime: 1767225600000,
          endTime: 1767225600000 + 2 * 86_400_000,
          days: 2,
          reason: '回家探亲',
        },
      },
    });
    expect(launched.code, launched.msg).toBe(200);
    const op = await t.db.kysely
      .selectFrom('wf_operator as o')
      .innerJoin('base_user as u', 'u.id', 'o.user_id')
      .select(['o.id', 'u.account'])
      .where('o.task_id', '=', launched.data)
      .where('o.status', '=', 0)
      .executeTakeFirstOrThrow();
    const approver = await t.login(op.account);
    const audit = await t.call(approver, {
      method: 'POST',
      url: `/api/workflow/Engine/FlowBefore/Audit/${op.id}`,
      payload: { handleOpinion: '同意' },
    });
    expect(audit.code, audit.msg).toBe(200);
    const d = await t.call<{
      printData: Record<string, unknown>;
      operatorRecordList: Array<{ handleStatus: number; handleOpinion: string; userName: string }>;
    }>(emp, { method: 'GET', url: `${P}/Data?id=${tpl.data}&formId=${launched.data}` });
    expect(d.code, d.msg).toBe(200);
    expect(d.data.printData).toMatchObject({ reason: '回家探亲', creatorUserName: expect.any(String) });
    // the launch record (status 2) is not printed; the approval is
    expect(d.data.operatorRecordList).toEqual([
      expect.objectContaining({ handleStatus: 1, handleOpinion: '同意' }),
    ]);
    // someone not in the flow may not print it
    // printing follows the flow's read access: a user the workflow refuses is refused here too
    const others = await t.db.kysely
      .selectFrom('base_user')
      .select('account')
      .where('account', 'not in', ['zhangwei', op.account, 'admin'])
      .orderBy('account')
      .limit(12)
      .execute();
    let refusedSomeone = false;
    for (const o of others) {
      const tk = await t.login(o.account);
      const read = await t.call(tk, { method: 'GET', url: `/api/workflow/Engine/FlowTask/${launched.data}` });
      const print = await t.call(tk, {
        method: 'GET',
        url: `${P}/Data?id=${tpl.data}&formId=${launched.data}`,
      });
      expect(print.code === 200, `${o.account}: read ${read.code}, print ${print.code}`).toBe(
        read.code === 200,
      );
      if (read.code !== 200) refusedSomeone = true;
    }
    expect(refusedSomeone).toBe(true);
  });
});
