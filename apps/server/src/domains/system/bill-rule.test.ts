import { compileForm } from '@kp/engine';
import type { FormConfig } from '@kp/schema';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fieldConfig as cfg, formConfig, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';
import { stampFormData } from '../form/form-data';
import { takeBillNumber } from './bill-rule-service';

// biome-ignore lint/suspicious/noExplicitAny: envelopes of many shapes
type Any = any;

describe(`bill rules on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let emp: string;
  useTestApp(async (app) => {
    t = app;
    admin = await t.login('admin');
    emp = await t.login('zhangwei');
  });

  const rule = (extra: Record<string, unknown> = {}) => ({
    fullName: '测试单号',
    enCode: 'testNo',
    prefix: 'T-',
    dateFormat: 'yyyyMMdd',
    digit: 4,
    startNumber: 1,
    ...extra,
  });

  it('creates, previews, takes numbers in order; preview does not take', async () => {
    const c = await t.call<Any>(admin, { method: 'POST', url: '/api/system/BillRule', payload: rule() });
    expect(c).toMatchObject({ code: 200, msg: '新建成功' });
    const day = dayjs().format('YYYYMMDD');
    const pv = await t.call<Any>(emp, {
      method: 'GET',
      url: `/api/system/BillRule/${c.data}/Actions/Preview`,
    });
    expect(pv.data).toBe(`T-${day}0001`);
    const pv2 = await t.call<Any>(emp, {
      method: 'GET',
      url: `/api/system/BillRule/${c.data}/Actions/Preview`,
    });
    expect(pv2.data).toBe(`T-${day}0001`);
    // Form fields name their rule by enCode: the preview answers for it too, and an unknown one is 404.
    const byCode = await t.call<Any>(emp, {
      method: 'GET',
      url: '/api/system/BillRule/testNo/Actions/Preview',
    });
    expect(byCode.data).toBe(`T-${day}0001`);
    expect(
      (await t.call(emp, { method: 'GET', url: '/api/system/BillRule/noSuchRule/Actions/Preview' })).code,
    ).toBe(404);
    // GET BillNumber previews the next number and takes nothing (issue 34): twice the same, counter unchanged
    const state = () =>
      t.db.kysely
        .selectFrom('sys_bill_rule')
        .select(['state_sequence', 'state_date_part', 'output_number'])
        .where('id', '=', c.data)
        .executeTakeFirstOrThrow();
    const before = await state();
    const g1 = await t.call<Any>(emp, { method: 'GET', url: '/api/system/BillRule/BillNumber/testNo' });
    const g2 = await t.call<Any>(emp, { method: 'GET', url: `/api/system/BillRule/BillNumber/${c.data}` });
    expect([g1.data, g2.data]).toEqual([`T-${day}0001`, `T-${day}0001`]);
    expect(await state()).toEqual(before);
    // the number is taken when a form is saved (form/form-data.ts calls takeBillNumber)
    const n1 = await takeBillNumber(t.db.kysely, 'testNo');
    const n2 = await takeBillNumber(t.db.kysely, c.data);
    expect([n1, n2]).toEqual([`T-${day}0001`, `T-${day}0002`]);
    const one = await t.call<Any>(emp, { method: 'GET', url: `/api/system/BillRule/${c.data}` });
    expect(one.data).toMatchObject({
      enCode: 'testNo',
      outputNumber: `T-${day}0002`,
      example: `T-${day}0003`,
      digit: 4,
    });
    const list = await t.call<Any>(emp, {
      method: 'GET',
      url: '/api/system/BillRule?currentPage=1&pageSize=2',
    });
    expect(list.data.list).toHaveLength(2);
    expect(list.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 4 });
    const kw = await t.call<Any>(emp, {
      method: 'GET',
      url: `/api/system/BillRule?keyword=${encodeURIComponent('测试')}`,
    });
    expect(kw.data.list.map((x: Any) => x.id)).toEqual([c.data]);
    const sel = await t.call<Any>(emp, { method: 'GET', url: '/api/system/BillRule/Selector' });
    expect(sel.data.list.map((x: Any) => x.enCode)).toEqual(expect.arrayContaining(['leaveApply', 'testNo']));
  });

  it('50 concurrent takes give 50 distinct consecutive numbers', async () => {
    const nums = await Promise.all(
      Array.from({ length: 50 }, () => takeBillNumber(t.db.kysely, 'expenseApply')),
    );
    expect(new Set(nums).size).toBe(50);
    const month = dayjs().format('YYYYMM');
    const seqs = nums.map((n) => Number(n.slice(`BX${month}`.length))).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('edit, state, export, delete; bad input and hostile strings refused with clear messages', async () => {
    const c = await t.call<Any>(admin, {
      method: 'POST',
      url: '/api/system/BillRule',
      payload: rule({ fullName: '<img src=x onerror=alert(1)>', enCode: 'hostile', dateFormat: '' }),
    });
    expect(c.code).toBe(200);
    const u = await t.call<Any>(admin, {
      method: 'PUT',
      url: `/api/system/BillRule/${c.data}`,
      payload: rule({
        fullName: '<img src=x onerror=alert(1)>',
        enCode: 'hostile',
        dateFormat: '',
        prefix: 'H',
        digit: 6,
        startNumber: '100',
      }),
    });
    expect(u.code).toBe(200);
    expect(
      (await t.call<Any>(emp, { method: 'GET', url: '/api/system/BillRule/BillNumber/hostile' })).data,
    ).toBe('H000100');
    const off = await t.call<Any>(admin, {
      method: 'PUT',
      url: `/api/system/BillRule/${c.data}/Actions/State`,
    });
    expect(off.data.enabledMark).toBe(0);
    const taken = await t.call<Any>(emp, { method: 'GET', url: '/api/system/BillRule/BillNumber/hostile' });
    expect(taken).toMatchObject({ code: 400, msg: '单据规则已禁用' });
    // a link the browser opens carries a one-time code, never the token
    const exportUrl = `/api/system/BillRule/${c.data}/Action/Export`;
    const code = (
      await t.call<{ code: string }>(admin, {
        method: 'GET',
        url: `/api/common/encoded/get?url=${encodeURIComponent(exportUrl)}`,
      })
    ).data.code;
    const res = await t.app.inject({ method: 'GET', url: `${exportUrl}?code=${code}` });
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.json()).toMatchObject({ enCode: 'hostile', prefix: 'H', digit: 6, startNumber: '100' });
    for (const [payload, re] of [
      [rule({ enCode: '../../etc/passwd' }), /编码只能输入英文、数字和小数点且小数点不能放在首尾/],
      [rule({ enCode: "a'; delete from sys_bill_rule; --" }), /编码只能输入/],
      [rule({ enCode: 'x2', digit: 0 }), /^digit: /],
      [rule({ enCode: 'x3', digit: 31 }), /^digit: /],
      [rule({ enCode: 'x4', dateFormat: 'DROP' }), /^dateFormat: /],
      [rule({ enCode: 'x5', prefix: 'p'.repeat(10_000) }), /^prefix: /],
      [rule({ enCode: 'x6', startNumber: '-1' }), /^startNumber: /],
      [{ enCode: 'x7', digit: 4 }, /fullName/],
    ] as Array<[Record<string, unknown>, RegExp]>) {
      const r = await t.call<Any>(admin, { method: 'POST', url: '/api/system/BillRule', payload });
      expect(r.code, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(r.msg).toMatch(re);
    }
    const dup = await t.call<Any>(admin, {
      method: 'POST',
      url: '/api/system/BillRule',
      payload: rule({ fullName: 'x', enCode: 'leaveApply' }),
    });
    expect(dup).toMatchObject({ code: 409, msg: '编码已存在' });
    expect((await t.call(emp, { method: 'GET', url: '/api/system/BillRule/BillNumber/nope' })).code).toBe(
      404,
    );
    expect((await t.call(emp, { method: 'GET', url: '/api/system/BillRule/nope' })).code).toBe(404);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/system/BillRule/${c.data}` })).code).toBe(200);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/system/BillRule/${c.data}` })).code).toBe(404);
    expect(
      (
        await t.call(admin, {
          method: 'PUT',
          url: '/api/system/BillRule/nope',
          payload: rule({ fullName: '不存在', enCode: 'zz' }),
        })
      ).code,
    ).toBe(404);
    const rows = await t.db.kysely.selectFrom('base_user').select('id').execute();
    expect(rows.length).toBeGreaterThan(10);
  });

  it('an ordinary employee cannot change bill rules', async () => {
    const deny = { code: 403, msg: '暂无权限', data: null };
    expect(
      await t.call(emp, { method: 'POST', url: '/api/system/BillRule', payload: rule({ enCode: 'e1' }) }),
    ).toEqual(deny);
    expect(
      await t.call(emp, {
        method: 'PUT',
        url: '/api/system/BillRule/bill-leave',
        payload: rule({ enCode: 'e1' }),
      }),
    ).toEqual(deny);
    expect(await t.call(emp, { method: 'DELETE', url: '/api/system/BillRule/bill-leave' })).toEqual(deny);
    expect(
      await t.call(emp, { method: 'PUT', url: '/api/system/BillRule/bill-leave/Actions/State' }),
    ).toEqual(deny);
    expect(
      await t.call(emp, { method: 'GET', url: '/api/system/BillRule/bill-leave/Action/Export' }),
    ).toEqual(deny);
  });

  it('a form submit takes the number the GET previewed; a draft save takes none', async () => {
    const compiled = compileForm(
      // the test helper's config is plain JSON; compileForm takes the schema's type
      formConfig([
        {
          __config__: cfg('billRule', '单据编号', { formId: 101, rule: 'expenseApply' }),
          __vModel__: 'billNo',
          readonly: true,
        },
      ]) as FormConfig,
    );
    const author = { userId: 'u-test', positionIds: [] };
    const preview = await t.call<Any>(emp, {
      method: 'GET',
      url: '/api/system/BillRule/BillNumber/expenseApply',
    });
    const draft = await stampFormData(t.db.kysely, author, compiled, {}, null, { mode: 'save' });
    expect(draft.billNo).toBeNull();
    const saved = await stampFormData(t.db.kysely, author, compiled, {}, null, { mode: 'submit' });
    expect(saved.billNo).toBe(preview.data);
    const next = await t.call<Any>(emp, {
      method: 'GET',
      url: '/api/system/BillRule/BillNumber/expenseApply',
    });
    expect(next.data).not.toBe(preview.data);
  });
});
