import { expect } from 'vitest';
import { fieldConfig, formConfig, type TestApp } from '../../test/harness';

import { fileUpload } from '../../test/multipart';

// An expense-like item: a title, a category (static options), an amount, a calculated total over a
// sub-table of lines (item, price, quantity) — the online-development path of issue 9 end to end.
const cfg = fieldConfig;
export const FORM = formConfig([
  {
    __config__: cfg('comInput', '标题', { required: true, formId: 101 }),
    __vModel__: 'title',
    placeholder: '请输入标题',
  },
  {
    __config__: cfg('select', '类别', { formId: 102, dataType: 'static' }),
    __vModel__: 'kind',
    __slot__: {
      options: [
        { id: 'travel', fullName: '差旅' },
        { id: 'office', fullName: '办公' },
      ],
    },
  },
  { __config__: cfg('numInput', '预算', { formId: 103 }), __vModel__: 'budget' },
  {
    __config__: cfg('table', '明细', {
      formId: 104,
      children: [
        { __config__: cfg('comInput', '项目', { required: true, formId: 105 }), __vModel__: 'item' },
        { __config__: cfg('numInput', '单价', { formId: 106 }), __vModel__: 'price' },
        { __config__: cfg('numInput', '数量', { formId: 107 }), __vModel__: 'qty' },
        {
          __config__: cfg('calculate', '金额', { formId: 109 }),
          __vModel__: 'amount',
          expression: ['lines.price', '*', 'lines.qty'],
        },
      ],
    }),
    __vModel__: 'lines',
  },
  {
    __config__: cfg('calculate', '合计', { formId: 108 }),
    __vModel__: 'total',
    expression: ['lines.amount'],
  },
]);
export const COLUMNS = {
  columnList: [
    { prop: 'title', label: '标题' },
    { prop: 'kind', label: '类别' },
    { prop: 'budget', label: '预算', sortable: true },
    { prop: 'total', label: '合计' },
  ],
  searchList: [{ prop: 'title', label: '标题' }],
  btnsList: ['add', 'download', 'upload', 'batchRemove'],
  columnBtnsList: ['edit', 'detail', 'remove'],
  hasPage: true,
  pageSize: 20,
};

/** The employee role's id and the menu entry of the released item `enCode` (seeded role, released menu). */
export async function employeeAndMenu(t: TestApp, enCode: string) {
  const role = await t.db.kysely
    .selectFrom('base_role')
    .select('id')
    .where('en_code', '=', 'employee')
    .executeTakeFirstOrThrow();
  const menu = await t.db.kysely
    .selectFrom('base_module')
    .select('id')
    .where('en_code', '=', enCode)
    .executeTakeFirstOrThrow();
  return { role, menu };
}

/**
 * Grants the employee role the menu of the released item `enCode` and every runtime button of it except
 * `except`, through the Authority API as an administrator would (fails the test when it is refused).
 */
export async function grantEmployee(t: TestApp, admin: string, enCode: string, except: string[]) {
  const { role, menu } = await employeeAndMenu(t, enCode);
  const btn = await t.db.kysely
    .selectFrom('base_module_button')
    .select(['id', 'en_code'])
    .where('module_id', '=', menu.id)
    .execute();
  const auth = await t.call<{ module: string[]; button: string[] }>(admin, {
    method: 'GET',
    url: `/api/permission/Authority/Data/${role.id}`,
  });
  expect(auth.code, auth.msg).toBe(200);
  const grant = await t.call(admin, {
    method: 'PUT',
    url: `/api/permission/Authority/Data/${role.id}`,
    payload: {
      ...auth.data,
      module: [...auth.data.module, menu.id],
      button: [...auth.data.button, ...btn.filter((b) => !except.includes(b.en_code)).map((b) => b.id)],
    },
  });
  expect(grant.code, grant.msg).toBe(200);
  return { role, menu };
}

/** Uploads a workbook (or any document) as `token`'s user; its file id, for the import routes. */
export async function uploadDocument(t: TestApp, token: string, name: string, data: Buffer): Promise<string> {
  const form = fileUpload({ name, data });
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/file/Uploader/document',
    headers: { authorization: `Bearer ${token}`, ...form.headers },
    payload: form.payload,
  });
  return up.json().data.fileId as string;
}
