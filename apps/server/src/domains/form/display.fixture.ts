// Shared steps of the display-value tests (display.test.ts, display-lang.test.ts): an online-development
// item created and released from a form and its columns, and a workbook uploaded for an import.
import type ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';
import { fileUpload as multipart } from '../../test/multipart';

/** The list columns of a test item: these props as columns, 事由 searchable, add/download/upload, paged by 20. */
export function listColumns(props: string[]) {
  return {
    columnList: props.map((prop) => ({ prop, label: prop })),
    searchList: [{ prop: 'title', label: '事由' }],
    btnsList: ['add', 'download', 'upload'],
    columnBtnsList: ['edit', 'detail'],
    hasPage: true,
    pageSize: 20,
  };
}

/** Creates and releases an online-development item; answers its id. */
export async function releasedItem(
  t: TestApp,
  token: string,
  item: { fullName: string; enCode: string; formData: unknown; columnData: unknown },
): Promise<string> {
  const created = await t.call<string>(token, { method: 'POST', url: '/api/visualdev/Base', payload: item });
  expect(created.code, created.msg).toBe(200);
  const rel = await t.call(token, {
    method: 'POST',
    url: `/api/visualdev/Base/${created.data}/Actions/Release`,
    payload: {},
  });
  expect(rel.code, rel.msg).toBe(200);
  return created.data;
}

/** Uploads a workbook as a document and imports it into the item, in the given language (if any). */
export async function importWorkbook(
  t: TestApp,
  token: string,
  itemId: string,
  wb: ExcelJS.Workbook,
  lang?: string,
) {
  const form = multipart({ name: 'import.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) });
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/file/Uploader/document',
    headers: { authorization: `Bearer ${token}`, ...form.headers },
    payload: form.payload,
  });
  const fileId = up.json().data.fileId as string;
  return t.call<{ snum: number; fnum: number; failResult: Array<{ errorsInfo: string }> }>(token, {
    method: 'POST',
    url: `/api/visualdev/OnlineDev/${itemId}/Actions/Import`,
    headers: lang ? { 'accept-language': lang } : {},
    payload: { fileId },
  });
}
