import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fieldConfig as cfg,
  createTestApp,
  formConfig,
  TEST_DB_KIND,
  type TestApp,
} from '../../test/harness';
import { employeeAndMenu, grantEmployee } from './visualdev.fixture';

// Issue 34 (critical): the relation-form popup (Base/{id}/FieldDataSelect), the released-form selector
// (Base/Selector) and the field list (Base/{id}/FormDataFields) read a released form's records and fields
// through the same rules as its own list: the menu grant, the data scope and the column grants. Before the fix
// any signed-in user read every record (salaries, bank cards) and searched hidden fields through them.
const FORM = formConfig([
  { __config__: cfg('comInput', '姓名', { formId: 201 }), __vModel__: 'name' },
  { __config__: cfg('numInput', '月薪', { formId: 202 }), __vModel__: 'salary' },
  { __config__: cfg('comInput', '银行卡号', { formId: 203 }), __vModel__: 'card' },
]);
const COLUMNS = {
  columnList: [
    { prop: 'name', label: '姓名' },
    { prop: 'salary', label: '月薪' },
    { prop: 'card', label: '银行卡号' },
  ],
  searchList: [{ prop: 'name', label: '姓名' }],
  btnsList: ['add'],
  columnBtnsList: ['edit', 'detail'],
  hasPage: true,
  pageSize: 20,
};

describe(`relation-form reads follow the source form's grants on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let emp: string;
  let outsider: string;
  let itemId: string;
  const B = '/api/visualdev/Base';
  const R = '/api/visualdev/OnlineDev';
  type Rows = { list: Array<Record<string, unknown>>; pagination: { total: number } };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    emp = await t.login('zhangwei');
    outsider = await t.login('wangjianguo');
    const created = await t.call<string>(admin, {
      method: 'POST',
      url: B,
      payload: { fullName: '工资台账', enCode: 'salaryBook', formData: FORM, columnData: COLUMNS },
    });
    expect(created.code, created.msg).toBe(200);
    itemId = created.data;
    const rel = await t.call(admin, { method: 'POST', url: `${B}/${itemId}/Actions/Release`, payload: {} });
    expect(rel.code, rel.msg).toBe(200);
    // an administrator's record (outside zhangwei's scope) and one of zhangwei's
    const a = await t.call(admin, {
      method: 'POST',
      url: `${R}/${itemId}`,
      payload: { data: { name: '刘志强', salary: 88000, card: '6222000011112222' } },
    });
    expect(a.code, a.msg).toBe(200);
    await grantEmployee(t, admin, 'salaryBook', []);
    const z = await t.call(emp, {
      method: 'POST',
      url: `${R}/${itemId}`,
      payload: { data: { name: '张伟', salary: 9000, card: '6222000033334444' } },
    });
    expect(z.code, z.msg).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a user without the source form menu is refused the popup, the selector entry and the fields', async () => {
    const sel = await t.call<Rows>(outsider, {
      method: 'GET',
      url: `${B}/${itemId}/FieldDataSelect?relationField=name&keyword=刘`,
    });
    expect(sel.code).toBe(403);
    expect(JSON.stringify(sel.data ?? null)).not.toContain('88000');
    const fields = await t.call(outsider, { method: 'GET', url: `${B}/${itemId}/FormDataFields` });
    expect(fields.code).toBe(403);
    const list = await t.call<{ list: Array<{ id: string }> }>(outsider, {
      method: 'GET',
      url: `${B}/Selector`,
    });
    expect(list.code, list.msg).toBe(200);
    expect(list.data.list.map((r) => r.id)).not.toContain(itemId);
    // the form's designer still picks it
    const forAdmin = await t.call<{ list: Array<{ id: string }> }>(admin, {
      method: 'GET',
      url: `${B}/Selector`,
    });
    expect(forAdmin.data.list.map((r) => r.id)).toContain(itemId);
  });

  it('a granted user reads only the rows of his data scope', async () => {
    const sel = await t.call<Rows>(emp, { method: 'GET', url: `${B}/${itemId}/FieldDataSelect` });
    expect(sel.code, sel.msg).toBe(200);
    expect(sel.data.list.map((r) => r.name)).toEqual(['张伟']);
    expect(sel.data.pagination.total).toBe(1);
    const mine = await t.call<{ list: Array<{ id: string }> }>(emp, { method: 'GET', url: `${B}/Selector` });
    expect(mine.data.list.map((r) => r.id)).toContain(itemId);
  });

  it('columns outside the grants are neither shown nor searchable through relationField', async () => {
    const { role, menu } = await employeeAndMenu(t, 'salaryBook');
    const nameColumn = await t.db.kysely
      .selectFrom('base_module_column')
      .select('id')
      .where('module_id', '=', menu.id)
      .where('en_code', '=', 'name')
      .executeTakeFirstOrThrow();
    const auth = await t.call<{ column: string[] }>(admin, {
      method: 'GET',
      url: `/api/permission/Authority/Data/${role.id}`,
    });
    const put = await t.call(admin, {
      method: 'PUT',
      url: `/api/permission/Authority/Data/${role.id}`,
      payload: { ...auth.data, column: [...auth.data.column, nameColumn.id] },
    });
    expect(put.code, put.msg).toBe(200);
    const emp2 = await t.login('zhangwei');
    const all = await t.call<Rows>(emp2, {
      method: 'GET',
      url: `${B}/${itemId}/FieldDataSelect?columnOptions=name,salary,card`,
    });
    expect(all.code, all.msg).toBe(200);
    expect(all.data.list.length).toBe(1);
    for (const r of all.data.list) {
      expect(r).toHaveProperty('name');
      expect(r).not.toHaveProperty('salary');
      expect(r).not.toHaveProperty('card');
    }
    // no search oracle on a hidden field
    const oracle = await t.call<Rows>(emp2, {
      method: 'GET',
      url: `${B}/${itemId}/FieldDataSelect?relationField=salary&keyword=9000`,
    });
    expect(oracle.code).toBe(400);
    expect(oracle.msg).toContain('无权查看该字段');
    const fields = await t.call<{ list: Array<{ vModel: string }> }>(emp2, {
      method: 'GET',
      url: `${B}/${itemId}/FormDataFields`,
    });
    expect(fields.code, fields.msg).toBe(200);
    expect(fields.data.list.map((f) => f.vModel)).toEqual(['name']);
  });
});
