import { Readable } from 'node:stream';
// Display values of stored form data (forms/display.ts) through the online-development runtime: lists, the
// detail view, Excel export and import show and read names, labels and dates, and an exported workbook
// imports back to the same stored ids.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fieldConfig, formConfig, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { importWorkbook, listColumns, releasedItem } from './display.fixture';

const cfg = fieldConfig;
const FORM = formConfig(
  [
    { __config__: cfg('comInput', '事由', { required: true, formId: 201 }), __vModel__: 'title' },
    {
      __config__: cfg('dicSelect', '费用类型', { formId: 202, dictionaryType: 'expenseType' }),
      __vModel__: 'kind',
    },
    { __config__: cfg('userSelect', '经办人', { formId: 203 }), __vModel__: 'owner' },
    { __config__: cfg('usersSelect', '参与人', { formId: 204 }), __vModel__: 'people', multiple: true },
    { __config__: cfg('depSelect', '部门', { formId: 205 }), __vModel__: 'dept' },
    {
      __config__: cfg('date', '日期', { formId: 206 }),
      __vModel__: 'day',
      format: 'yyyy-MM-dd',
      type: 'date',
    },
    {
      __config__: cfg('switch', '加急', { formId: 207 }),
      __vModel__: 'urgent',
      activeTxt: '是',
      inactiveTxt: '否',
      activeValue: 1,
      inactiveValue: 0,
    },
    { __config__: cfg('address', '地点', { formId: 208 }), __vModel__: 'region', level: 0 },
  ],
  { idGlobal: 300 },
);
const COLUMNS = listColumns(['title', 'kind', 'owner', 'people', 'dept', 'day', 'urgent', 'region']);

describe(`display values of form data on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let itemId: string;
  const R = '/api/visualdev/OnlineDev';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    itemId = await releasedItem(t, admin, {
      fullName: '显示值',
      enCode: 'displayDemo',
      formData: FORM,
      columnData: COLUMNS,
    });
    for (const account of ['wangjianguo', 'zhangwei', 'chenjing']) {
      const u = await t.db.kysely
        .selectFrom('base_user')
        .select(['id', 'department_id'])
        .where('account', '=', account)
        .executeTakeFirstOrThrow();
      ids[account] = u.id;
      if (account === 'zhangwei') ids.dept = u.department_id!;
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists and the detail view show names, labels, dates and texts; the record keeps the ids', async () => {
    const day = new Date(2026, 10, 20).getTime();
    const made = await t.call<string>(admin, {
      method: 'POST',
      url: `${R}/${itemId}`,
      payload: {
        data: {
          title: '打印机',
          kind: 'office',
          owner: ids.wangjianguo,
          people: [ids.zhangwei, ids.chenjing],
          dept: ids.dept,
          day,
          urgent: 1,
          region: ['110000'],
        },
      },
    });
    expect(made.code, made.msg).toBe(200);
    const dept = await t.db.kysely
      .selectFrom('base_organize')
      .select('full_name')
      .where('id', '=', ids.dept!)
      .executeTakeFirstOrThrow();
    const want = {
      title: '打印机',
      kind: '办公费',
      owner: '王建国',
      people: '张伟,陈静',
      dept: dept.full_name,
      day: '2026-11-20',
      urgent: '是',
      region: '北京市',
    };
    const list = await t.call<{ list: Array<Record<string, unknown>> }>(admin, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: {},
    });
    expect(list.data.list[0]).toMatchObject(want);
    const shown = await t.call<{ data: Record<string, unknown> }>(admin, {
      method: 'GET',
      url: `${R}/${itemId}/${made.data}/DataChange`,
    });
    expect(shown.data.data).toMatchObject(want);
    const raw = await t.call<{ data: Record<string, unknown> }>(admin, {
      method: 'GET',
      url: `${R}/${itemId}/${made.data}`,
    });
    expect(raw.data.data).toMatchObject({ kind: 'office', owner: ids.wangjianguo, day, urgent: 1 });
  });

  it('exports names to Excel and imports them back to the same ids; an unknown name is refused', async () => {
    const ex = await t.call<{ url: string }>(admin, {
      method: 'POST',
      url: `${R}/${itemId}/Actions/Export`,
      payload: { dataType: '1' },
    });
    expect(ex.code, ex.msg).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: ex.data.url,
      headers: { authorization: `Bearer ${admin}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.read(Readable.from([file.rawPayload]));
    const ws = wb.worksheets[0]!;
    const row = (ws.getRow(2).values as unknown[]).slice(2);
    expect(row).toEqual([
      '打印机',
      '办公费',
      '王建国',
      '张伟,陈静',
      expect.any(String),
      '2026-11-20',
      '是',
      '北京市',
    ]);
    // a second row typed by hand: an account instead of a name, and a user nobody has
    ws.addRow([2, '投影仪', '差旅费', 'zhangwei', '陈静', '', '2026-11-21', '否', '']);
    ws.addRow([3, '白板', '餐费', '不存在的人', '', '', '', '', '']);
    const imp = await importWorkbook(t, admin, itemId, wb);
    expect(imp.code, imp.msg).toBe(200);
    expect(imp.data).toMatchObject({ snum: 2, fnum: 1 });
    expect(imp.data.failResult[0]!.errorsInfo).toContain('owner');

    const list = await t.call<{ list: Array<{ id: string; title: string }> }>(admin, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: { pageSize: 50 },
    });
    const stored = async (title: string) => {
      const hit = list.data.list.filter((r) => r.title === title);
      return Promise.all(
        hit.map(
          async (h) =>
            (
              await t.call<{ data: Record<string, unknown> }>(admin, {
                method: 'GET',
                url: `${R}/${itemId}/${h.id}`,
              })
            ).data.data,
        ),
      );
    };
    const printers = await stored('打印机');
    expect(printers).toHaveLength(2);
    for (const p of printers)
      expect(p).toMatchObject({
        kind: 'office',
        owner: ids.wangjianguo,
        people: [ids.zhangwei, ids.chenjing],
        dept: ids.dept,
        day: new Date(2026, 10, 20).getTime(),
        urgent: 1,
      });
    const [projector] = await stored('投影仪');
    expect(projector).toMatchObject({
      kind: 'travel',
      owner: ids.zhangwei,
      people: [ids.chenjing],
      day: new Date(2026, 10, 21).getTime(),
      urgent: 0,
    });
    expect(await stored('白板')).toHaveLength(0);
  });
});
