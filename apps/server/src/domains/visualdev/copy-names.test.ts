// Issue 20: the name the server gives a copy (`X.副本ab12c`) reads in the request's language in the lists
// (`X (copy ab12c)`, X in that language when the original had labels): flows, functions, print designs.
// The detail, which the designer edits, keeps the stored name; a renamed copy shows the new name.
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';
import { FORM } from './visualdev.fixture';

type Row = { id: string; fullName: string };
const FLOWS = '/api/workflow/Engine/FlowEngine';
const BASE = '/api/visualdev/Base';
const PRINT = '/api/system/printDev';

describe(`copy names in the request's language on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin = '';
  useTestApp(async (a) => {
    t = a;
    admin = await t.login('admin');
  });
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, lang = 'zh', payload?: object) => {
    const r = await t.call<T>(admin, { method, url, payload, headers: { 'accept-language': lang } });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  /** The name `id` has in the list at `url` in `lang`. */
  const listed = async (url: string, id: string, lang: string) =>
    (await call<{ list: Row[] }>('GET', url, lang)).list.find((r) => r.id === id)?.fullName;

  it('names a copy of the seeded leave flow in every language; the detail keeps the zh', async () => {
    const id = await call<string>('POST', `${FLOWS}/wf-leave/Actions/Copy`);
    const url = `${FLOWS}?keyword=请假申请.副本&pageSize=50`;
    const zh = await listed(url, id, 'zh');
    const suffix = zh?.match(/^请假申请\.副本(\w{5})$/)?.[1];
    expect(suffix, zh).toBeTruthy();
    expect(await listed(url, id, 'en')).toBe(`Leave request (copy ${suffix})`);
    expect(await listed(url, id, 'zh-TW')).toBe(`請假申請.副本${suffix}`);
    expect((await call<Row>('GET', `${FLOWS}/${id}`, 'en')).fullName).toBe(zh);
  });

  it('names copies of a function and of a print design in every language; a renamed copy shows its new name', async () => {
    const itemId = await call<string>('POST', BASE, 'zh', {
      fullName: '通知单',
      enCode: 'copyNotice',
      formData: FORM,
    });
    const copy = await call<string>('POST', `${BASE}/${itemId}/Actions/Copy`);
    const zh = await listed(`${BASE}?keyword=copyNotice`, copy, 'zh');
    const suffix = zh?.match(/^通知单\.副本(\w{5})$/)?.[1];
    expect(suffix, zh).toBeTruthy();
    expect(await listed(`${BASE}?keyword=copyNotice`, copy, 'en')).toBe(`通知单 (copy ${suffix})`);
    const detail = await call<Row>('GET', `${BASE}/${copy}`, 'en');
    expect(detail.fullName).toBe(zh);
    await call('PUT', `${BASE}/${copy}`, 'zh', { ...detail, fullName: '新通知单' });
    expect(await listed(`${BASE}?keyword=copyNotice`, copy, 'en')).toBe('新通知单');

    const printId = await call<string>('POST', PRINT, 'zh', {
      fullName: '通知单打印',
      enCode: 'copyNoticePrint',
      type: 2,
      formId: itemId,
      printTemplate: '<p>{title}</p>',
    });
    const printCopy = await call<string>('POST', `${PRINT}/${printId}/Actions/Copy`);
    const printZh = await listed(`${PRINT}?keyword=copyNoticePrint`, printCopy, 'zh');
    const printSuffix = printZh?.match(/^通知单打印\.副本(\w{5})$/)?.[1];
    expect(printSuffix, printZh).toBeTruthy();
    expect(await listed(`${PRINT}?keyword=copyNoticePrint`, printCopy, 'en')).toBe(
      `通知单打印 (copy ${printSuffix})`,
    );
  });
});
