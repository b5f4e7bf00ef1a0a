// Issue 20: display values of online-development records in the request's language (dictionary and
// static-option labels, switch texts, the date-range separator), an import that accepts a label in any
// language, and the reasons an import refuses a row in the request's language.
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fieldConfig, formConfig, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { importWorkbook, listColumns, releasedItem } from './display.fixture';

const cfg = fieldConfig;
const FORM = formConfig(
  [
    {
      __config__: cfg('comInput', { zh: '事由', zhtw: '事由', en: 'Subject' } as unknown as string, {
        formId: 201,
      }),
      __vModel__: 'title',
    },
    {
      __config__: cfg('dicSelect', '费用类型', { formId: 202, dictionaryType: 'expenseType' }),
      __vModel__: 'kind',
    },
    {
      __config__: cfg('select', '等级', { formId: 203, dataType: 'static' }),
      __vModel__: 'grade',
      __slot__: {
        options: [
          { id: 'a', fullName: { zh: '甲等', zhtw: '甲等', en: 'Grade A' } },
          { id: 'b', fullName: { zh: '乙等', zhtw: '乙等', en: 'Grade B' } },
        ],
      },
    },
    { __config__: cfg('switch', '加急', { formId: 204 }), __vModel__: 'urgent' },
    {
      __config__: cfg('dateRange', '期间', { formId: 205 }),
      __vModel__: 'period',
      format: 'yyyy-MM-dd',
      type: 'daterange',
    },
    { __config__: cfg('userSelect', '经办人', { formId: 206 }), __vModel__: 'owner' },
    { __config__: cfg('depSelect', '部门', { formId: 207 }), __vModel__: 'dept' },
    { __config__: cfg('roleSelect', '角色', { formId: 208 }), __vModel__: 'role' },
  ],
  { idGlobal: 300 },
);
const COLUMNS = listColumns(['title', 'kind', 'grade', 'urgent', 'period', 'owner', 'dept', 'role']);

describe(`display values in the request's language on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let itemId: string;
  let hr: string; // 人力资源部 of the group's headquarters (seeded with labels)
  let office1: string; // 综合办公室 of 第一工程有限公司 (three units share the name)
  let hrRole: string; // 人事专员
  const R = '/api/visualdev/OnlineDev';
  const day = (d: number) => new Date(2026, 10, d).getTime();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    itemId = await releasedItem(t, admin, {
      fullName: '显示语言',
      enCode: 'displayLang',
      formData: FORM,
      columnData: COLUMNS,
    });
    const unit = async (name: string, parentCode: string) =>
      (
        await t.db.kysely
          .selectFrom('base_organize as o')
          .innerJoin('base_organize as p', 'p.id', 'o.parent_id')
          .select('o.id')
          .where('o.full_name', '=', name)
          .where('p.en_code', '=', parentCode)
          .executeTakeFirstOrThrow()
      ).id;
    hr = await unit('人力资源部', 'JGJT-HQ');
    office1 = await unit('综合办公室', 'JGJT-YJ');
    hrRole = (
      await t.db.kysely
        .selectFrom('base_role')
        .select('id')
        .where('en_code', '=', 'hr')
        .executeTakeFirstOrThrow()
    ).id;
    const made = await t.call<string>(admin, {
      method: 'POST',
      url: `${R}/${itemId}`,
      payload: {
        data: {
          title: '打印机',
          kind: 'office',
          grade: 'b',
          urgent: 1,
          period: [day(20), day(21)],
          dept: hr,
          role: hrRole,
        },
      },
    });
    expect(made.code, made.msg).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const list = async (lang: string) =>
    (
      await t.call<{ list: Array<Record<string, unknown>> }>(admin, {
        method: 'POST',
        url: `${R}/${itemId}/List`,
        headers: { 'accept-language': lang },
        payload: { query: { title: '打印机' } },
      })
    ).data.list[0];

  it('shows dictionary and option labels, switch texts and date ranges in the asked language', async () => {
    expect(await list('en')).toMatchObject({
      kind: 'Office expenses',
      grade: 'Grade B',
      urgent: 'On',
      period: '2026-11-20 to 2026-11-21',
      dept: 'Human resources',
      role: 'HR specialist',
    });
    expect(await list('zhtw')).toMatchObject({
      kind: '辦公費',
      dept: '人力資源部',
      role: '人事專員',
      urgent: '開',
      period: '2026-11-20 至 2026-11-21',
    });
    expect(await list('zh')).toMatchObject({
      kind: '办公费',
      grade: '乙等',
      urgent: '开',
      period: '2026-11-20 至 2026-11-21',
      dept: '人力资源部',
      role: '人事专员',
    });
  });

  it('writes the import template in the asked language', async () => {
    const tpl = await t.call<{ name: string; url: string }>(admin, {
      method: 'GET',
      url: `${R}/${itemId}/Template`,
      headers: { 'accept-language': 'en' },
    });
    expect(tpl.code, tpl.msg).toBe(200);
    expect(tpl.data.name).toBe('显示语言 import template.xlsx');
    const file = await t.app.inject({
      method: 'GET',
      url: tpl.data.url,
      headers: { authorization: `Bearer ${admin}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.read(Readable.from([file.rawPayload]));
    expect(wb.worksheets[0]!.name).toBe('Data');
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['No.', 'Subject']);
  });

  it('imports labels typed in any language and refuses an unknown name in the asked language', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('数据');
    ws.addRow(['No.', 'Subject', 'kind', 'grade', 'urgent', 'owner', 'dept', 'role']);
    ws.addRow([1, 'en row', 'Office expenses', 'Grade A', 'On', '', 'Human resources', 'HR specialist']);
    ws.addRow([2, 'zhtw row', '辦公費', '甲等', '關', '', '人力資源部', '人事專員']);
    ws.addRow([3, 'bad row', 'Meals', 'Grade B', 'Off', 'nobody-at-all', '', '']);
    // an English export's path: the company keeps its proper name, the generic unit name is translated
    ws.addRow([
      4,
      'path row',
      'Office expenses',
      'Grade A',
      'On',
      '',
      '建管建设集团有限公司/第一工程有限公司/General office',
      '',
    ]);
    const imp = await importWorkbook(t, admin, itemId, wb, 'en');
    expect(imp.code, imp.msg).toBe(200);
    expect(imp.data.failResult.map((f) => f.errorsInfo)).toEqual(['owner: No match for "nobody-at-all"']);
    expect(imp.data).toMatchObject({ snum: 3, fnum: 1 });
    const rows = await t.db.kysely
      .selectFrom('visualdev_record')
      .select('data')
      .where('module_id', '=', itemId)
      .execute();
    const byTitle = new Map(
      rows.map((r) => JSON.parse(r.data) as Record<string, unknown>).map((d) => [d.title, d]),
    );
    expect(byTitle.get('en row')).toMatchObject({
      kind: 'office',
      grade: 'a',
      urgent: 1,
      dept: hr,
      role: hrRole,
    });
    expect(byTitle.get('zhtw row')).toMatchObject({
      kind: 'office',
      grade: 'a',
      urgent: 0,
      dept: hr,
      role: hrRole,
    });
    expect(byTitle.get('path row')).toMatchObject({ dept: office1 });
  });
});
