// Issue 17, resource bounds, through the API (in process, PGlite or PostgreSQL): each hostile input is refused
// quickly with a 400 naming the field and the limit, in the caller's language.
import { createTestApp, formConfig, TEST_DB_KIND, type TestApp } from '@kp/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPONENTIAL_JSONATA, REDOS_PATTERN, REDOS_VALUE, xlsxBomb } from './hostile';

function multipart(name: string, data: Buffer) {
  const boundary = `----kpbounds${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const field = (pattern: string) => ({
  __config__: {
    jnpfKey: 'comInput',
    label: '编码',
    showLabel: true,
    required: false,
    span: 24,
    formId: 101,
    regList: [{ pattern, message: '编码格式不对' }],
  },
  __vModel__: 'code',
});
const COLUMNS = {
  columnList: [{ prop: 'code', label: '编码' }],
  btnsList: ['add', 'upload'],
  columnBtnsList: [],
};

describe(`resource bounds through the API (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: string;
  let itemId: string;
  let bombId: string;
  const en = { 'accept-language': 'en' };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    const created = await t.call<string>(admin, {
      method: 'POST',
      url: '/api/visualdev/Base',
      payload: {
        fullName: '正则',
        enCode: 'redos',
        formData: JSON.stringify(formConfig([field(REDOS_PATTERN)])),
        columnData: COLUMNS,
      },
    });
    expect(created.code).toBe(200);
    itemId = created.data;
    const rel = await t.call(admin, {
      method: 'POST',
      url: `/api/visualdev/Base/${itemId}/Actions/Release`,
      payload: {},
    });
    expect(rel.code).toBe(200);
    const form = multipart('bomb.xlsx', await xlsxBomb());
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/Uploader/document',
      headers: { authorization: `Bearer ${admin}`, ...form.headers },
      payload: form.payload,
    });
    bombId = up.json().data.fileId;
    expect(bombId).toMatch(/^[0-9a-f]{32}$/);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a design whose regList RE2 cannot run is refused at save, naming the field', async () => {
    for (const pattern of ['(a)\\1', '(?=a)b']) {
      const r = await t.call(admin, {
        method: 'POST',
        url: '/api/visualdev/Base',
        payload: {
          fullName: `回溯${pattern.length}`,
          enCode: `backref${pattern.length}`,
          formData: formConfig([field(pattern)]),
          columnData: COLUMNS,
        },
      });
      expect(r.code).toBe(400);
      expect(r.msg).toMatch(
        /^formData\.fields\[0\]\.__config__\.regList\[0\]\.pattern: is not supported by the safe regex engine/,
      );
    }
  });

  it('a record checked against ^(a+)+$ answers at once', async () => {
    const t0 = performance.now();
    const r = await t.call(admin, {
      method: 'POST',
      url: `/api/visualdev/OnlineDev/${itemId}`,
      payload: { data: { code: REDOS_VALUE } },
    });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(r.code).toBe(400);
    expect(r.msg).toContain('编码格式不对');
    const ok = await t.call(admin, {
      method: 'POST',
      url: `/api/visualdev/OnlineDev/${itemId}`,
      payload: { data: { code: 'aaaa' } },
    });
    expect(ok.code).toBe(200);
  });

  it('an xlsx bomb is refused by the online-development and the user import, in the caller language', async () => {
    const t0 = performance.now();
    const vd = await t.call(admin, {
      method: 'POST',
      url: `/api/visualdev/OnlineDev/${itemId}/Actions/ImportPreview`,
      payload: { fileId: bombId },
    });
    expect(vd).toMatchObject({ code: 400, msg: 'fileId: 文件解压后超过64MB，请拆分后再导入' });
    const vdEn = await t.call(admin, {
      method: 'POST',
      url: `/api/visualdev/OnlineDev/${itemId}/Actions/ImportPreview`,
      payload: { fileId: bombId },
      headers: en,
    });
    expect(vdEn.msg).toBe('fileId: The file exceeds 64 MB once uncompressed; split it and import again');
    const users = await t.call(admin, {
      method: 'GET',
      url: `/api/permission/Users/ImportPreview?fileId=${bombId}`,
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(users).toMatchObject({ code: 400, msg: 'fileId: 檔案解壓後超過64MB，請拆分後再匯入' });
    expect(performance.now() - t0).toBeLessThan(3000);
  });

  it('an exponential JSONata transform is stopped at its time limit, with a message in the caller language', async () => {
    const di = await t.call<string>(admin, {
      method: 'POST',
      url: '/api/system/DataInterface',
      payload: {
        fullName: '指数',
        enCode: 'expo',
        kind: 'static',
        staticData: '[1]',
        transform: EXPONENTIAL_JSONATA,
      },
    });
    expect(di.code).toBe(200);
    const t0 = performance.now();
    const r = await t.call(admin, {
      method: 'POST',
      url: `/api/system/DataInterface/${di.data}/Actions/Preview`,
      payload: {},
      headers: en,
    });
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(r).toMatchObject({
      code: 400,
      msg: 'transform: The transform expression ran longer than 2 s and was stopped',
    });
  });
});
