import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { COLUMNS, FORM, grantEmployee, uploadDocument } from './visualdev.fixture';

// The online-development path of issue 9 end to end, one step building on the last; the item's form is in
// visualdev.fixture.ts. The code generator, the per-field grants, the scope-self check and deletion run on the
// same design in visualdev-runtime.test.ts, which builds its own state.

describe(`online development on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let emp: string;
  let itemId: string;
  const B = '/api/visualdev/Base';
  const R = '/api/visualdev/OnlineDev';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    emp = await t.login('zhangwei');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses bad designs with the field named and creates a good one', async () => {
    const noName = await t.call(admin, { method: 'POST', url: B, payload: { enCode: 'x', formData: FORM } });
    expect(noName.code).toBe(400);
    expect(noName.msg).toContain('fullName');
    const badCode = await t.call(admin, {
      method: 'POST',
      url: B,
      payload: { fullName: '费用', enCode: '.bad', formData: FORM, columnData: COLUMNS },
    });
    expect(badCode).toMatchObject({
      code: 400,
      msg: 'enCode: 编码只能输入英文、数字和小数点且小数点不能放在首尾',
    });
    const badJson = await t.call(admin, {
      method: 'POST',
      url: B,
      payload: { fullName: '费用', enCode: 'fee', formData: '{not json', columnData: COLUMNS },
    });
    expect(badJson).toMatchObject({ code: 400, msg: 'formData: JSON格式错误，请检查' });
    const badForm = await t.call(admin, {
      method: 'POST',
      url: B,
      payload: {
        fullName: '费用',
        enCode: 'fee',
        formData: { ...FORM, fields: [{ __config__: { jnpfKey: 'nope' } }] },
      },
    });
    expect(badForm.code).toBe(400);
    expect(badForm.msg).toMatch(/^formData\.fields\[0\]/);
    const badColumn = await t.call(admin, {
      method: 'POST',
      url: B,
      payload: {
        fullName: '费用',
        enCode: 'fee',
        formData: FORM,
        columnData: { ...COLUMNS, columnList: [{ prop: 'ghost', label: 'x' }] },
      },
    });
    expect(badColumn).toMatchObject({ code: 400, msg: 'columnData.columnList[0].prop: 字段ghost不存在' });
    const clash = await t.call(admin, {
      method: 'POST',
      url: B,
      payload: { fullName: '费用', enCode: 'permission.user', formData: FORM, columnData: COLUMNS },
    });
    expect(clash).toMatchObject({ code: 409, msg: '编码已存在' });
    // nothing was written by the refusals
    expect((await t.call<{ list: unknown[] }>(admin, { method: 'GET', url: B })).data.list).toHaveLength(0);

    const created = await t.call<string>(admin, {
      method: 'POST',
      url: B,
      payload: {
        fullName: '费用申请',
        enCode: 'feeApply',
        formData: JSON.stringify(FORM),
        columnData: COLUMNS,
      },
    });
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    itemId = created.data;
    const dup = await t.call(admin, {
      method: 'POST',
      url: B,
      payload: { fullName: '费用申请', enCode: 'feeApply2', formData: FORM },
    });
    expect(dup).toMatchObject({ code: 409, msg: '名称已存在' });
    const got = await t.call<{ formData: typeof FORM; state: number }>(admin, {
      method: 'GET',
      url: `${B}/${itemId}`,
    });
    expect(got.data.state).toBe(0);
    expect(got.data.formData.fields).toHaveLength(5);
    const fields = await t.call<{ list: Array<{ vModel: string }> }>(admin, {
      method: 'GET',
      url: `${B}/${itemId}/FormDataFields`,
    });
    expect(fields.data.list.map((f) => f.vModel)).toEqual(['title', 'kind', 'budget', 'total']);
  });

  it('an employee without the design menu is refused; the runtime refuses an unreleased item', async () => {
    expect((await t.call(emp, { method: 'GET', url: B })).code).toBe(403);
    expect(
      (await t.call(emp, { method: 'POST', url: B, payload: { fullName: 'a', enCode: 'a', formData: FORM } }))
        .code,
    ).toBe(403);
    const r = await t.call(admin, { method: 'POST', url: `${R}/${itemId}/List`, payload: {} });
    expect(r).toMatchObject({ code: 400, msg: '功能未发布' });
  });

  it('release creates a type-3 menu entry with the runtime buttons; the admin sees it in CurrentUser', async () => {
    const rel = await t.call(admin, { method: 'POST', url: `${B}/${itemId}/Actions/Release`, payload: {} });
    expect(rel).toMatchObject({ code: 200, msg: '发布成功' });
    const menu = await t.db.kysely
      .selectFrom('base_module')
      .selectAll()
      .where('en_code', '=', 'feeApply')
      .executeTakeFirstOrThrow();
    expect(menu).toMatchObject({ type: 3, url_address: 'model/feeApply' });
    expect(JSON.parse(menu.property_json!)).toMatchObject({ moduleId: itemId });
    const buttons = await t.db.kysely
      .selectFrom('base_module_button')
      .select('en_code')
      .where('module_id', '=', menu.id)
      .execute();
    expect(buttons.map((b) => b.en_code)).toEqual(
      expect.arrayContaining([
        'btn_add',
        'btn_edit',
        'btn_remove',
        'btn_download',
        'btn_upload',
        'btn_batchRemove',
      ]),
    );
    const me = await t.call<{ menuList: unknown }>(admin, {
      method: 'GET',
      url: '/api/oauth/CurrentUser',
    });
    expect(me.code, me.msg).toBe(200);
    expect(JSON.stringify(me.data.menuList)).toContain('model/feeApply');
    // releasing again keeps one menu entry
    await t.call(admin, { method: 'POST', url: `${B}/${itemId}/Actions/Release`, payload: {} });
    const count = await t.db.kysely
      .selectFrom('base_module')
      .select('id')
      .where('en_code', '=', 'feeApply')
      .execute();
    expect(count).toHaveLength(1);
  });

  it('the runtime checks the menu grant, then the button; grants given through Authority take effect', async () => {
    expect((await t.call(emp, { method: 'GET', url: `${R}/${itemId}/Config` })).code).toBe(403);
    // every runtime button except edit
    await grantEmployee(t, admin, 'feeApply', ['btn_edit']);
    const conf = await t.call<{ webType: number; buttons: string[]; columnData: { columnList: unknown[] } }>(
      emp,
      {
        method: 'GET',
        url: `${R}/${itemId}/Config`,
      },
    );
    expect(conf.code).toBe(200);
    expect(conf.data.buttons).toContain('btn_add');
    expect(conf.data.buttons).not.toContain('btn_edit');
    expect(conf.data.columnData.columnList).toHaveLength(4);
  });

  let recordId: string;
  it('creates records validated on the server: required fields, calculated total, read-only values ignored', async () => {
    const missing = await t.call(emp, {
      method: 'POST',
      url: `${R}/${itemId}`,
      payload: { data: { kind: 'travel' } },
    });
    expect(missing.code).toBe(400);
    expect(missing.msg).toContain('title');
    const badLine = await t.call(emp, {
      method: 'POST',
      url: `${R}/${itemId}`,
      payload: { data: { title: 'x', lines: [{ price: 1, qty: 1 }] } },
    });
    expect(badLine.code).toBe(400);
    expect(badLine.msg).toContain('lines[0].item');
    const badType = await t.call(emp, {
      method: 'POST',
      url: `${R}/${itemId}`,
      payload: { data: { title: 'x', budget: 'lots' } },
    });
    expect(badType.code).toBe(400);
    const ok = await t.call<string>(emp, {
      method: 'POST',
      url: `${R}/${itemId}`,
      payload: {
        data: {
          title: '北京出差',
          kind: 'travel',
          budget: 3000,
          total: 999999, // computed by the server, not taken from the client
          hacker: '<script>alert(1)</script>', // not a field: dropped
          lines: [
            { item: '机票', price: 1200.5, qty: 2 },
            { item: '酒店', price: 400, qty: 3 },
          ],
        },
      },
    });
    expect(ok).toMatchObject({ code: 200, msg: '新建成功' });
    recordId = ok.data;
    const got = await t.call<{ data: Record<string, unknown>; version: number }>(emp, {
      method: 'GET',
      url: `${R}/${itemId}/${recordId}`,
    });
    expect(got.data.data.total).toBe(3601);
    expect(got.data.data).not.toHaveProperty('hacker');
    expect(got.data.version).toBe(0);
    const shown = await t.call<{ data: Record<string, unknown> }>(emp, {
      method: 'GET',
      url: `${R}/${itemId}/${recordId}/DataChange`,
    });
    expect(shown.data.data.kind).toBe('差旅');
    for (let i = 0; i < 3; i++) {
      const r = await t.call(emp, {
        method: 'POST',
        url: `${R}/${itemId}`,
        payload: { data: { title: `办公用品${i}`, kind: 'office', budget: 100 * (i + 1), lines: [] } },
      });
      expect(r.code).toBe(200);
    }
  });

  it('lists with paging, search and sort; unknown search or sort fields are refused', async () => {
    const all = await t.call<{ list: Array<Record<string, unknown>>; pagination: { total: number } }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: { currentPage: 1, pageSize: 2, sidx: 'budget', sort: 'desc' },
    });
    expect(all.data.pagination.total).toBe(4);
    expect(all.data.list.map((r) => r.budget)).toEqual([3000, 300]);
    const found = await t.call<{ list: Array<Record<string, unknown>> }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: { query: { title: '出差' } },
    });
    expect(found.data.list.map((r) => r.title)).toEqual(['北京出差']);
    const injected = await t.call<{ list: unknown[] }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: { query: { title: "' or 1=1 --" } },
    });
    expect(injected.data.list).toHaveLength(0);
    expect(
      (await t.call(emp, { method: 'POST', url: `${R}/${itemId}/List`, payload: { query: { budget: '1' } } }))
        .code,
    ).toBe(400);
    expect(
      (await t.call(emp, { method: 'POST', url: `${R}/${itemId}/List`, payload: { sidx: 'x;drop' } })).code,
    ).toBe(400);
    expect(
      (await t.call(emp, { method: 'POST', url: `${R}/${itemId}/List`, payload: { pageSize: -1 } })).code,
    ).toBe(400);
  });

  it('edit needs btn_edit; the admin edits with an optimistic version; a stale version is refused', async () => {
    const refused = await t.call(emp, {
      method: 'PUT',
      url: `${R}/${itemId}/${recordId}`,
      payload: { data: { title: 'x' } },
    });
    expect(refused.code).toBe(403);
    const edit = await t.call(admin, {
      method: 'PUT',
      url: `${R}/${itemId}/${recordId}`,
      payload: {
        version: 0,
        data: { title: '北京出差（改）', kind: 'travel', lines: [{ item: '机票', price: 100, qty: 1 }] },
      },
    });
    expect(edit).toMatchObject({ code: 200, msg: '更新成功' });
    const stale = await t.call(admin, {
      method: 'PUT',
      url: `${R}/${itemId}/${recordId}`,
      payload: { version: 0, data: { title: 'again' } },
    });
    expect(stale).toMatchObject({ code: 409, msg: '数据已被他人修改，请刷新后重试' });
    const got = await t.call<{ data: Record<string, unknown>; version: number }>(admin, {
      method: 'GET',
      url: `${R}/${itemId}/${recordId}`,
    });
    expect(got.data).toMatchObject({ version: 1, data: { title: '北京出差（改）', total: 100 } });
  });

  it('exports to Excel and re-imports the same records with their sub-table rows', async () => {
    const ex = await t.call<{ name: string; url: string }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/Actions/Export`,
      payload: { dataType: '1' },
    });
    expect(ex.code).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: ex.data.url,
      headers: { authorization: `Bearer ${emp}` },
    });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.read(Readable.from([file.rawPayload]));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['数据', '明细']);
    expect(wb.worksheets[0].rowCount).toBe(5);
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, '序号', '标题', '类别', '预算', '合计']);
    expect(wb.worksheets[1].rowCount).toBe(2); // header + the one line left after the edit

    const fileId = await uploadDocument(t, emp, 'fee.xlsx', file.rawPayload);
    const preview = await t.call<{ snum: number; fnum: number }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/Actions/ImportPreview`,
      payload: { fileId },
    });
    expect(preview.data).toMatchObject({ snum: 4, fnum: 0 });
    const before = await t.db.kysely.selectFrom('visualdev_record').select('id').execute();
    expect(before).toHaveLength(4); // preview wrote nothing
    const imp = await t.call<{ snum: number; fnum: number }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/Actions/Import`,
      payload: { fileId },
    });
    expect(imp).toMatchObject({ code: 200, data: { snum: 4, fnum: 0 } });
    const list = await t.call<{ list: Array<Record<string, unknown>> }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: { query: { title: '北京出差' } },
    });
    expect(list.data.list).toHaveLength(2);
    for (const r of list.data.list) {
      // the list shows the option's label; the stored record holds its value
      expect(r).toMatchObject({ kind: '差旅', total: 100, lines: [{ item: '机票', price: 100, qty: 1 }] });
      const rec = await t.call<{ data: Record<string, unknown> }>(emp, {
        method: 'GET',
        url: `${R}/${itemId}/${r.id as string}`,
      });
      expect(rec.data.data).toMatchObject({ kind: 'travel', total: 100 });
    }
    // another user cannot import someone else's upload
    expect(
      (await t.call(admin, { method: 'POST', url: `${R}/${itemId}/Actions/Import`, payload: { fileId } }))
        .code,
    ).toBe(400);
  });

  it('a bad import row is reported and not written; the refused rows export with their errors', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('数据');
    ws.addRow(['序号', '标题', '类别', '预算']);
    ws.addRow([1, '好的', '办公', 10]);
    ws.addRow([2, '', '办公', 20]); // title required
    const fileId = await uploadDocument(t, emp, 'bad.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const imp = await t.call<{
      snum: number;
      fnum: number;
      failResult: Array<{ data: object; errorsInfo: string }>;
    }>(emp, { method: 'POST', url: `${R}/${itemId}/Actions/Import`, payload: { fileId } });
    expect(imp.data).toMatchObject({ snum: 1, fnum: 1 });
    expect(imp.data.failResult[0].errorsInfo).toContain('title');
    const ok = await t.call<{ list: Array<Record<string, unknown>> }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/List`,
      payload: { query: { title: '好的' } },
    });
    expect(ok.data.list[0]).toMatchObject({ kind: '办公', budget: 10 });
    const stored = await t.call<{ data: Record<string, unknown> }>(emp, {
      method: 'GET',
      url: `${R}/${itemId}/${ok.data.list[0]!.id as string}`,
    });
    expect(stored.data.data).toMatchObject({ kind: 'office', budget: 10 });
    const back = await t.call<{ url: string }>(emp, {
      method: 'POST',
      url: `${R}/${itemId}/Actions/ExportData`,
      payload: { list: imp.data.failResult },
    });
    expect(back.code).toBe(200);
    const tpl = await t.call<{ url: string }>(emp, { method: 'GET', url: `${R}/${itemId}/Template` });
    const tf = await t.app.inject({
      method: 'GET',
      url: tpl.data.url,
      headers: { authorization: `Bearer ${emp}` },
    });
    const twb = new ExcelJS.Workbook();
    await twb.xlsx.read(Readable.from([tf.rawPayload]));
    // the template leaves out the calculated total (read-only)
    expect(twb.worksheets[0].getRow(1).values).toEqual([undefined, '序号', '标题', '类别', '预算']);
  });

  it('copy makes an unreleased duplicate; delete removes the item, its menu and its records', async () => {
    const copy = await t.call<string>(admin, { method: 'POST', url: `${B}/${itemId}/Actions/Copy` });
    expect(copy).toMatchObject({ code: 200, msg: '复制成功' });
    const c = await t.call<{ state: number; enCode: string }>(admin, {
      method: 'GET',
      url: `${B}/${copy.data}`,
    });
    expect(c.data.state).toBe(0);
    expect(c.data.enCode).toMatch(/^feeApply/);
    expect((await t.call(admin, { method: 'DELETE', url: `${B}/${itemId}` })).code).toBe(200);
    expect(
      await t.db.kysely.selectFrom('base_module').select('id').where('en_code', '=', 'feeApply').execute(),
    ).toHaveLength(0);
    expect(
      await t.db.kysely.selectFrom('visualdev_record').select('id').where('module_id', '=', itemId).execute(),
    ).toHaveLength(0);
    expect((await t.call(emp, { method: 'POST', url: `${R}/${itemId}/List`, payload: {} })).code).toBe(404);
  });
});
