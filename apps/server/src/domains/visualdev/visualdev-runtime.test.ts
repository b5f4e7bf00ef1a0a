import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { COLUMNS, employeeAndMenu, FORM, grantEmployee } from './visualdev.fixture';

// The expense-like item of visualdev.test.ts, built here in one go: designed, released, the employee role granted
// its menu and every runtime button except edit, and four records of zhangwei's. On that state: the scope-self
// check, the code generator, the per-field grants (issue 17) and deletion.
describe(`online development, runtime grants and code generation on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let emp: string;
  let itemId: string;
  let recordId: string;
  const B = '/api/visualdev/Base';
  const R = '/api/visualdev/OnlineDev';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    emp = await t.login('zhangwei');
    const created = await t.call<string>(admin, {
      method: 'POST',
      url: B,
      payload: {
        fullName: '费用申请',
        enCode: 'feeApply',
        formData: FORM,
        // 类别 searchable too: the grants test below searches it where it is not a granted column
        columnData: { ...COLUMNS, searchList: [...COLUMNS.searchList, { prop: 'kind', label: '类别' }] },
      },
    });
    expect(created.code, created.msg).toBe(200);
    itemId = created.data;
    const rel = await t.call(admin, { method: 'POST', url: `${B}/${itemId}/Actions/Release`, payload: {} });
    expect(rel.code, rel.msg).toBe(200);
    await grantEmployee(t, admin, 'feeApply', ['btn_edit']);
    const records = [
      {
        title: '北京出差',
        kind: 'travel',
        budget: 3000,
        lines: [
          { item: '机票', price: 1200.5, qty: 2 },
          { item: '酒店', price: 400, qty: 3 },
        ],
      },
      ...[0, 1, 2].map((i) => ({ title: `办公用品${i}`, kind: 'office', budget: 100 * (i + 1), lines: [] })),
    ];
    for (const data of records) {
      const r = await t.call<string>(emp, { method: 'POST', url: `${R}/${itemId}`, payload: { data } });
      expect(r.code, r.msg).toBe(200);
      recordId ??= r.data;
    }
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('another employee with the same role sees only their own rows (scope self)', async () => {
    const other = await t.login('wangjianguo');
    // wangjianguo's roles do not grant the menu
    expect((await t.call(other, { method: 'POST', url: `${R}/${itemId}/List`, payload: {} })).code).toBe(403);
    const peer = await t.db.kysely
      .selectFrom('base_user_relation as r')
      .innerJoin('base_role as ro', 'ro.id', 'r.object_id')
      .innerJoin('base_user as u', 'u.id', 'r.user_id')
      .select('u.account')
      .where('r.object_type', '=', 'Role')
      .where('ro.en_code', '=', 'employee')
      .where('u.account', '<>', 'zhangwei')
      .executeTakeFirstOrThrow();
    const token = await t.login(peer.account);
    const l = await t.call<{ list: unknown[] }>(token, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: {},
    });
    expect(l.code).toBe(200);
    expect(l.data.list).toHaveLength(0);
    expect((await t.call(token, { method: 'GET', url: `${R}/${itemId}/${recordId}` })).code).toBe(404);
    expect((await t.call(token, { method: 'DELETE', url: `${R}/${itemId}/${recordId}` })).code).toBe(404);
  });

  it('the code generator previews files that type-check against the real packages and zips them', async () => {
    expect((await t.call(emp, { method: 'GET', url: '/api/visualdev/Generater/AreasName' })).code).toBe(403);
    const areas = await t.call<string[]>(admin, { method: 'GET', url: '/api/visualdev/Generater/AreasName' });
    expect(areas.data).toContain('extend');
    const bad = await t.call(admin, {
      method: 'POST',
      url: `/api/visualdev/Generater/${itemId}/Actions/CodePreview`,
      payload: { module: '../etc' },
    });
    expect(bad.code).toBe(400);
    const pv = await t.call<{ list: Array<{ fileName: string; fileContent: string }> }>(admin, {
      method: 'POST',
      url: `/api/visualdev/Generater/${itemId}/Actions/CodePreview`,
      payload: { module: 'oa', className: 'FeeApply' },
    });
    expect(pv.data.list.map((f) => f.fileName)).toEqual([
      'FeeApply.form.json',
      'FeeApply.columns.json',
      'FeeApplyPage.tsx',
      'FeeApply.routes.ts',
      'FeeApply.migration.ts',
      'README.md',
    ]);
    for (const f of pv.data.list.filter((x) => /\.tsx?$/.test(x.fileName))) {
      const out = ts.transpileModule(f.fileContent, {
        fileName: f.fileName,
        reportDiagnostics: true,
        compilerOptions: {
          jsx: ts.JsxEmit.ReactJSX,
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ES2022,
        },
      });
      expect(out.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')) ?? []).toEqual(
        [],
      );
    }
    // The generated page, routes and migration type-check (strict) against the real packages they import:
    // @kp/renderer, @kp/engine, @kp/schema, antd, React, Fastify and Kysely.
    const dir = path.resolve(import.meta.dirname, `../../../.gencheck-${process.pid}-${Date.now()}`);
    try {
      mkdirSync(dir, { recursive: true });
      for (const f of pv.data.list) writeFileSync(path.join(dir, f.fileName), f.fileContent);
      const base = ts.parseJsonConfigFileContent(
        JSON.parse(
          readFileSync(path.resolve(import.meta.dirname, '../../../../../tsconfig.base.json'), 'utf8'),
        ),
        ts.sys,
        dir,
      );
      const program = ts.createProgram(
        pv.data.list.filter((f) => /\.tsx?$/.test(f.fileName)).map((f) => path.join(dir, f.fileName)),
        { ...base.options, noEmit: true },
      );
      const problems = ts
        .getPreEmitDiagnostics(program)
        .filter((d) => d.file?.fileName.startsWith(dir))
        .map(
          (d) =>
            `${path.basename(d.file!.fileName)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
        );
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const mig = pv.data.list.find((f) => f.fileName === 'FeeApply.migration.ts')!.fileContent;
    expect(mig).toContain('createTable("oa_fee_apply")');
    expect(mig).toContain('createTable("oa_fee_apply_lines")');
    const dl = await t.call<{ url: string }>(admin, {
      method: 'POST',
      url: `/api/visualdev/Generater/${itemId}/Actions/DownloadCode`,
      payload: {},
    });
    const zipRes = await t.app.inject({
      method: 'GET',
      url: dl.data.url,
      headers: { authorization: `Bearer ${admin}` },
    });
    const zip = await JSZip.loadAsync(zipRes.rawPayload);
    expect(Object.keys(zip.files)).toContain('FeeApplyPage.tsx');
  }, 300_000); // type-checks the generated files with the TypeScript compiler: slow on a loaded machine

  it('column and form grants limit what the employee sees and writes', async () => {
    const { role, menu } = await employeeAndMenu(t, 'feeApply');
    const items = async (table: 'base_module_column' | 'base_module_form', codes: string[]) =>
      (
        await t.db.kysely
          .selectFrom(table)
          .select(['id', 'en_code'])
          .where('module_id', '=', menu.id)
          .execute()
      )
        .filter((r) => codes.includes(r.en_code))
        .map((r) => r.id);
    const auth = await t.call<{ module: string[]; button: string[]; column: string[]; form: string[] }>(
      admin,
      {
        method: 'GET',
        url: `/api/permission/Authority/Data/${role.id}`,
      },
    );
    const put = await t.call(admin, {
      method: 'PUT',
      url: `/api/permission/Authority/Data/${role.id}`,
      payload: {
        ...auth.data,
        column: [...auth.data.column, ...(await items('base_module_column', ['title', 'total']))],
        form: [...auth.data.form, ...(await items('base_module_form', ['title', 'kind', 'total']))],
      },
    });
    expect(put.code, put.msg).toBe(200);
    const conf = await t.call<{
      columnData: { columnList: Array<{ prop: string }> };
      formOperates: Array<{ id: string; read: boolean }>;
    }>(emp, { method: 'GET', url: `${R}/${itemId}/Config` });
    expect.soft(conf.data.columnData.columnList.map((c) => c.prop)).toEqual(['title', 'total']);
    expect.soft(conf.data.formOperates.map((o) => o.id).sort()).toEqual(['budget', 'lines']);
    const list = await t.call<{ list: Array<Record<string, unknown>> }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: {},
    });
    expect(list.data.list.length).toBeGreaterThan(0);
    for (const r of list.data.list) {
      expect.soft(r).not.toHaveProperty('budget');
      expect(r).toHaveProperty('title');
    }
    const one = list.data.list[0];
    const before = await t.call<{ data: Record<string, unknown> }>(admin, {
      method: 'GET',
      url: `${R}/${itemId}/${one.id}`,
    });
    const budget = before.data.data.budget;
    const got = await t.call<{ data: Record<string, unknown>; version: number }>(emp, {
      method: 'GET',
      url: `${R}/${itemId}/${one.id}`,
    });
    expect.soft(got.data.data).not.toHaveProperty('budget');
    // an edit that posts a budget it cannot see leaves the stored budget alone (the employee holds btn_edit? no: admin grants it now)
    const btn = await t.db.kysely
      .selectFrom('base_module_button')
      .select('id')
      .where('module_id', '=', menu.id)
      .where('en_code', '=', 'btn_edit')
      .executeTakeFirstOrThrow();
    const auth2 = await t.call<{ button: string[] }>(admin, {
      method: 'GET',
      url: `/api/permission/Authority/Data/${role.id}`,
    });
    await t.call(admin, {
      method: 'PUT',
      url: `/api/permission/Authority/Data/${role.id}`,
      payload: { ...auth2.data, button: [...auth2.data.button, btn.id] },
    });
    const edit = await t.call(emp, {
      method: 'PUT',
      url: `${R}/${itemId}/${one.id}`,
      payload: { data: { title: '改过的', kind: 'office', budget: 999999, lines: [] } },
    });
    expect(edit.code, edit.msg).toBe(200);
    const stored = await t.call<{ data: Record<string, unknown> }>(admin, {
      method: 'GET',
      url: `${R}/${itemId}/${one.id}`,
    });
    expect(stored.data.data).toMatchObject({ title: '改过的' });
    expect(stored.data.data.budget).toEqual(budget);
  }, 180_000);

  it('a field outside the grants leaves no read route: DataChange, list, search, keyword, sort, export, print (issue 17)', async () => {
    // the previous test granted the employee the columns title and total, the form fields title, kind and total
    const list = await t.call<{ list: Array<Record<string, unknown>> }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: {},
    });
    const one = list.data.list.find((r) => r.title === '改过的')!;
    expect(one).toBeDefined();
    const shown = await t.call<{ data: Record<string, unknown> }>(emp, {
      method: 'GET',
      url: `${R}/${itemId}/${one.id}/DataChange`,
    });
    expect(shown.code, shown.msg).toBe(200);
    expect(shown.data.data).toHaveProperty('title', '改过的');
    expect(shown.data.data).toHaveProperty('kind', '办公');
    expect.soft(shown.data.data).not.toHaveProperty('budget');
    expect.soft(shown.data.data).not.toHaveProperty('lines');
    // the admin still sees everything
    const all = await t.call<{ data: Record<string, unknown> }>(admin, {
      method: 'GET',
      url: `${R}/${itemId}/${one.id}/DataChange`,
    });
    expect(all.data.data).toHaveProperty('budget');
    // sorting by a hidden column would reveal its order: refused naming the field
    const sorted = await t.call(emp, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: { sidx: 'budget', sort: 'asc' },
    });
    expect.soft(sorted.code).toBe(400);
    expect.soft(sorted.msg).toBe('sidx: 无权查看该字段');
    // the keyword does not look into columns the caller may not read (kind holds 'office', not granted as a column)
    const byKind = await t.call<{ list: Array<Record<string, unknown>> }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: { keyword: 'office' },
    });
    expect(byKind.code, byKind.msg).toBe(200);
    expect.soft(byKind.data.list).toEqual([]);
    const adminKind = await t.call<{ list: Array<Record<string, unknown>> }>(admin, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: { keyword: 'office' },
    });
    expect(adminKind.data.list.length).toBeGreaterThan(0);
    // nor does a search: 类别 is a search field, but not a column the employee may read
    const byQuery = await t.call(emp, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: { query: { kind: 'office' } },
    });
    expect.soft(byQuery.code).toBe(400);
    expect.soft(byQuery.msg).toBe('query.kind: 无权查看该字段');
    // the export holds the granted columns only: no 类别 or 预算 column, no 明细 sheet, no budget anywhere
    const budgets = (await t.db.kysely.selectFrom('visualdev_record').select('data').execute()).map(
      (r) => (JSON.parse(r.data) as { budget?: number }).budget ?? 'none',
    );
    expect(budgets).not.toContain('none');
    const ex = await t.call<{ url: string }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/Actions/Export`,
      payload: { dataType: '1', selectKey: ['title', 'kind', 'budget', 'lines', 'total'] },
    });
    expect(ex.code, ex.msg).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: ex.data.url,
      headers: { authorization: `Bearer ${emp}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.read(Readable.from([file.rawPayload]));
    expect.soft(wb.worksheets.map((w) => w.name)).toEqual(['数据']);
    expect.soft(wb.worksheets[0].getRow(1).values).toEqual([undefined, '序号', '标题', '合计']);
    wb.worksheets[0].eachRow((row) => {
      for (const v of (row.values as unknown[]).slice(1)) expect.soft(budgets).not.toContain(v);
    });
    // print data: the detail page's rule (form grants: 标题, 类别, 合计)
    const printId = await t.call<string>(admin, {
      method: 'POST',
      url: '/api/system/printDev',
      payload: {
        fullName: '费用单',
        enCode: 'feePrint',
        type: 2,
        formId: itemId,
        printTemplate: '<p>{title}{budget}</p>',
      },
    });
    expect(printId.code, printId.msg).toBe(200);
    const printed = await t.call<{ printData: Record<string, unknown> }>(emp, {
      method: 'GET',
      url: `/api/system/printDev/Data?id=${printId.data}&formId=${one.id}`,
    });
    expect(printed.code, printed.msg).toBe(200);
    expect(printed.data.printData).toMatchObject({ title: '改过的', kind: '办公' });
    expect.soft(printed.data.printData).not.toHaveProperty('budget');
    expect.soft(printed.data.printData).not.toHaveProperty('lines');
    const adminPrint = await t.call<{ printData: Record<string, unknown> }>(admin, {
      method: 'GET',
      url: `/api/system/printDev/Data?id=${printId.data}&formId=${one.id}`,
    });
    expect(adminPrint.data.printData).toHaveProperty('budget');
  }, 120_000);

  it('deletes one record and a batch; a batch with a foreign id deletes nothing', async () => {
    const list = await t.call<{ list: Array<{ id: string }> }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: {},
    });
    const ids = list.data.list.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(3);
    const bad = await t.call(emp, {
      method: 'POST',
      url: `${R}/batchDelete/${itemId}`,
      payload: { ids: [ids[0], 'f'.repeat(32)] },
    });
    expect(bad.code).toBe(404);
    expect(
      (await t.call<{ list: unknown[] }>(emp, { method: 'POST', url: `${R}/${itemId}/List`, payload: {} }))
        .data.list,
    ).toHaveLength(ids.length);
    expect((await t.call(emp, { method: 'DELETE', url: `${R}/${itemId}/${ids[0]}` })).code).toBe(200);
    expect(
      (
        await t.call(emp, {
          method: 'POST',
          url: `${R}/batchDelete/${itemId}`,
          payload: { ids: ids.slice(1, 3) },
        })
      ).code,
    ).toBe(200);
    const left = await t.call<{ pagination: { total: number } }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: {},
    });
    expect(left.data.pagination.total).toBe(ids.length - 3);
  });
});
