import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { md5, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { multipart, type Paged, useAdminFixture } from './admin-fixture';

describe(`users: Excel, staff records and current user on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let hr: string;
  let mgr: string;
  let emp: string;
  const { ids, units } = useAdminFixture(['admin', 'chenjing', 'wangjianguo', 'zhangwei'], (f) => {
    t = f.t;
    [admin, hr, mgr, emp] = f.tokens;
  });

  it('exports, downloads the template, previews an uploaded workbook, imports and exports the failures', async () => {
    expect((await t.call(mgr, { method: 'GET', url: '/api/permission/Users/ExportExcel' })).code).toBe(403);
    const ex = await t.call<{ name: string; url: string }>(hr, {
      method: 'GET',
      url: '/api/permission/Users/ExportExcel',
    });
    expect(ex.code).toBe(200);
    expect(ex.data.url).toMatch(/^\/api\/file\/Download\/document\/[0-9a-f]{32}\.xlsx$/);
    const file = await t.app.inject({
      method: 'GET',
      url: ex.data.url,
      headers: { authorization: `Bearer ${hr}` },
    });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(file.rawPayload).buffer);
    const hqCount = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('organize_id', '=', units['JGJT-HQ'])
        .execute()
    ).length;
    expect(wb.worksheets[0].rowCount).toBe(hqCount + 1); // scope: hr exports only 集团总部
    const tpl = await t.call<{ url: string }>(hr, {
      method: 'GET',
      url: '/api/permission/Users/TemplateDownload',
    });
    expect(tpl.code).toBe(200);

    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('u');
    ws.addRow(['账户', '姓名', '性别', '手机', '邮箱', '所属组织', '岗位', '角色', '身份证号']);
    ws.addRow(['imp01', '导入甲', '男', '13700000001', 'a@b.com', '集团总部/人力资源部', '', '', '']);
    ws.addRow(['imp02', '导入乙', '女', '123', '', '人力资源部', '', '', '']);
    ws.addRow(['chenjing', '重复', '', '', '', '人力资源部', '', '', '']);
    ws.addRow(['imp03', '越权', '', '', '', '第一工程有限公司', '', '', '']);
    ws.addRow(['imp04', '无组织', '', '', '', '不存在的部门', '', '', '']);
    const form = multipart({ name: 'users.xlsx', data: Buffer.from(await book.xlsx.writeBuffer()) });
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/Uploader/document',
      headers: { authorization: `Bearer ${hr}`, ...form.headers },
      payload: form.payload,
    });
    const fileId = up.json().data.fileId as string;
    expect(fileId).toMatch(/^[0-9a-f]{32}$/);
    // another user cannot preview hr's upload
    expect(
      (await t.call(admin, { method: 'GET', url: `/api/permission/Users/ImportPreview?fileId=${fileId}` }))
        .code,
    ).toBe(400);
    expect((await t.call(hr, { method: 'GET', url: '/api/permission/Users/ImportPreview' })).code).toBe(400);
    const pv = await t.call<{
      headerRow: Array<{ id: string }>;
      dataRow: Array<{ account: string; errorsInfo?: string }>;
    }>(hr, { method: 'GET', url: `/api/permission/Users/ImportPreview?fileId=${fileId}` });
    expect(pv.code).toBe(200);
    expect(pv.data.headerRow[0].id).toBe('account');
    const err = Object.fromEntries(pv.data.dataRow.map((r) => [r.account, r.errorsInfo]));
    expect(err.imp01).toBeUndefined();
    expect(err.imp02).toBe('请正确输入您的手机号');
    expect(err.chenjing).toBe('账户已存在');
    expect(err.imp03).toMatch(/暂无权限/);
    expect(err.imp04).toMatch(/所属组织不存在/);
    const imp = await t.call<{
      snum: number;
      fnum: number;
      resultType: number;
      failResult: Array<{ account: string; errorsInfo: string }>;
    }>(hr, {
      method: 'POST',
      url: '/api/permission/Users/ImportData',
      payload: { list: pv.data.dataRow },
    });
    expect(imp.data).toEqual(expect.objectContaining({ snum: 1, fnum: 4, resultType: 1 }));
    expect(imp.msg).toBe('导入成功1条，失败4条');
    const created = await t.db.kysely
      .selectFrom('base_user')
      .select(['account', 'department_id', 'gender'])
      .where('account', '=', 'imp01')
      .executeTakeFirstOrThrow();
    expect(created).toEqual({ account: 'imp01', department_id: units.hrDept, gender: '1' });
    const again = await t.call<{ snum: number }>(hr, {
      method: 'POST',
      url: '/api/permission/Users/ImportData',
      payload: { list: [{ account: 'imp01', realName: 'x', organize: '人力资源部' }] },
    });
    expect(again.data.snum).toBe(0);
    expect(
      (
        await t.call(hr, {
          method: 'POST',
          url: '/api/permission/Users/ImportData',
          payload: { list: [{ bogus: 1 }] },
        })
      ).code,
    ).toBe(400);
    const exc = await t.call<{ url: string }>(hr, {
      method: 'POST',
      url: '/api/permission/Users/ExportExceptionData',
      payload: { list: imp.data.failResult },
    });
    const excFile = await t.app.inject({
      method: 'GET',
      url: exc.data.url,
      headers: { authorization: `Bearer ${hr}` },
    });
    const eb = new ExcelJS.Workbook();
    await eb.xlsx.load(new Uint8Array(excFile.rawPayload).buffer);
    const sheet = eb.worksheets[0];
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(1).getCell(12).value).toBe('异常原因');
    expect(sheet.getRow(2).getCell(12).value).toBe('请正确输入您的手机号');
    expect(
      (
        await t.call(hr, {
          method: 'POST',
          url: '/api/permission/Users/ExportExceptionData',
          payload: { list: [] },
        })
      ).code,
    ).toBe(400);
  });

  it('staff record sections: read and write with scope, rules and list sections; sync to account; resume', async () => {
    const target = ids.zhangwei;
    const put = (tok: string, section: string, payload: object) =>
      t.call(tok, { method: 'PUT', url: `/api/permission/Users/staff/${section}/${target}`, payload });
    expect(
      (
        await put(admin, 'basicInfo', {
          realName: '张伟',
          gender: 1,
          nation: '汉族',
          entryDate: '2020-03-01',
        })
      ).code,
    ).toBe(200);
    expect(
      (await put(admin, 'ContactInfo', { mobilePhone: '13600000000', email: 'zw@example.com' })).code,
    ).toBe(200);
    const badPhone = await put(admin, 'ContactInfo', { mobilePhone: '99' });
    expect(badPhone).toEqual({ code: 400, msg: 'mobilePhone: 请正确输入您的手机号', data: null });
    expect(
      (
        await put(admin, 'IdentityInfo', {
          certificatesType: '身份证',
          certificatesNumber: '110105194912310025',
        })
      ).code,
    ).toBe(400);
    expect(
      (await put(admin, 'EduInfo', { list: [{ school: '同济大学', major: '土木工程', degree: '学士' }] }))
        .code,
    ).toBe(200);
    expect((await put(admin, 'EduInfo', { school: 'x' })).code).toBe(400);
    expect((await put(admin, 'nope', {})).code).toBe(400);
    expect((await put(hr, 'basicInfo', { realName: 'x' })).code).toBe(403); // zhangwei is outside hr's company
    const edu = await t.call<{ list: Array<{ school: string }> }>(admin, {
      method: 'GET',
      url: `/api/permission/Users/staff/EduInfo/${target}`,
    });
    expect(edu.data.list[0].school).toBe('同济大学');
    const own = await t.call<{ nation: string }>(emp, {
      method: 'GET',
      url: `/api/permission/Users/staff/basicInfo/${target}`,
    });
    expect(own.data.nation).toBe('汉族');
    expect(
      (await t.call(emp, { method: 'GET', url: `/api/permission/Users/staff/basicInfo/${ids.chenjing}` }))
        .code,
    ).toBe(403);
    const empty = await t.call<{ list: unknown[] }>(admin, {
      method: 'GET',
      url: `/api/permission/Users/staff/workInfo/${target}`,
    });
    expect(empty.data).toEqual({ list: [] });
    const sync = await t.call<{ mobilePhone: string }>(admin, {
      method: 'POST',
      url: `/api/permission/Users/Staff/sysUser/${target}`,
    });
    expect(sync.data.mobilePhone).toBe('13600000000');
    const row = await t.db.kysely
      .selectFrom('base_user')
      .select(['mobile_phone', 'email'])
      .where('id', '=', target)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mobile_phone: '13600000000', email: 'zw@example.com' });
    const resume = await t.call<{
      user: { account: string };
      basicInfo: { nation: string };
      EduInfo: { list: unknown[] };
      positions: string[];
    }>(emp, { method: 'GET', url: `/api/permission/users/resume/${target}` });
    expect(resume.data.user.account).toBe('zhangwei');
    expect(resume.data.EduInfo.list).toHaveLength(1);
    expect(resume.data.positions).toEqual(['工程师']);
    expect(
      (await t.call(mgr, { method: 'GET', url: `/api/permission/users/resume/${ids.chenjing}` })).code,
    ).toBe(403);
  });

  it('current user: base info, avatar, password, theme, language, subordinates, authorisation, log, units, positions, major', async () => {
    const info = await t.call<{ account: string; organize: string; position: string }>(emp, {
      method: 'GET',
      url: '/api/permission/Users/Current/BaseInfo',
    });
    expect(info.data.account).toBe('zhangwei');
    expect(info.data.position).toBe('工程师');
    expect(
      (
        await t.call(emp, {
          method: 'PUT',
          url: '/api/permission/Users/Current/BaseInfo',
          payload: { mobilePhone: '1' },
        })
      ).msg,
    ).toBe('mobilePhone: 请正确输入您的手机号');
    expect(
      (
        await t.call(emp, {
          method: 'PUT',
          url: '/api/permission/Users/Current/BaseInfo',
          payload: { realName: '张伟', signature: '安全第一', urgentContacts: '张母' },
        })
      ).code,
    ).toBe(200);
    const info2 = await t.call<{ signature: string; urgentContacts: string }>(emp, {
      method: 'GET',
      url: '/api/permission/Users/Current/BaseInfo',
    });
    expect(info2.data).toEqual(expect.objectContaining({ signature: '安全第一', urgentContacts: '张母' }));

    expect(
      (await t.call(emp, { method: 'PUT', url: '/api/permission/Users/Current/Avatar/..%2F..%2Fetc' })).code,
    ).toBe(400);
    expect(
      (
        await t.call(emp, {
          method: 'PUT',
          url: `/api/permission/Users/Current/Avatar/${'a'.repeat(32)}.png`,
        })
      ).code,
    ).toBe(400);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const mp = multipart({ name: 'me.png', data: png });
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/Uploader/userAvatar',
      headers: { authorization: `Bearer ${emp}`, ...mp.headers },
      payload: mp.payload,
    });
    const name = (up.json().data.url as string).split('/').pop()!;
    const av = await t.call<{ headIcon: string }>(emp, {
      method: 'PUT',
      url: `/api/permission/Users/Current/Avatar/${name}`,
    });
    expect(av.data.headIcon).toBe(`/api/file/Download/userAvatar/${name}`);
    expect(
      (await t.call(hr, { method: 'PUT', url: `/api/permission/Users/Current/Avatar/${name}` })).code,
    ).toBe(400); // not hr's file

    const pw = (o: string, n: string) =>
      t.call(emp, {
        method: 'POST',
        url: '/api/permission/Users/Current/Actions/ModifyPassword',
        payload: { oldPassword: md5(o), password: md5(n) },
      });
    expect((await pw('wrong', 'abc12345')).msg).toBe('旧密码错误');
    expect((await pw('kp123456', 'kp123456')).msg).toBe('新密码不能与旧密码相同');
    expect(
      (
        await t.call(emp, {
          method: 'POST',
          url: '/api/permission/Users/Current/Actions/ModifyPassword',
          payload: { oldPassword: 'x', password: 'y' },
        })
      ).code,
    ).toBe(400);
    const other = await t.login('zhangwei');
    expect((await pw('kp123456', 'zw123456')).code).toBe(200);
    expect((await t.call(emp, { method: 'GET', url: '/api/permission/Users/Current/BaseInfo' })).code).toBe(
      200,
    ); // own session kept
    expect((await t.call(other, { method: 'GET', url: '/api/permission/Users/Current/BaseInfo' })).code).toBe(
      601,
    ); // others ended
    await t.login('zhangwei', 'zw123456');

    expect(
      (
        await t.call(emp, {
          method: 'PUT',
          url: '/api/permission/Users/Current/SystemTheme',
          payload: { theme: 'functional' },
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await t.call(emp, {
          method: 'PUT',
          url: '/api/permission/Users/Current/SystemTheme',
          payload: { theme: '<script>' },
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await t.call(emp, {
          method: 'PUT',
          url: '/api/permission/Users/Current/SystemLanguage',
          payload: { language: 'zhtw' },
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await t.call(emp, {
          method: 'PUT',
          url: '/api/permission/Users/Current/SystemLanguage',
          payload: { language: 'fr' },
        })
      ).msg,
    ).toBe('language: 語言只能是 zh、zhtw 或 en'); // no Accept-Language: the user's saved language (zhtw) answers
    const row = await t.db.kysely
      .selectFrom('base_user')
      .select(['theme', 'language'])
      .where('id', '=', ids.zhangwei)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ theme: 'functional', language: 'zhtw' });

    await t.db.kysely
      .updateTable('base_user')
      .set({ manager_id: ids.wangjianguo })
      .where('id', '=', ids.zhangwei)
      .execute();
    const subs = await t.call<Array<{ id: string }>>(mgr, {
      method: 'GET',
      url: '/api/permission/Users/Current/Subordinate/0',
    });
    expect(subs.data.map((s) => s.id)).toContain(ids.zhangwei);
    expect(
      (
        await t.call(emp, {
          method: 'GET',
          url: `/api/permission/Users/Current/Subordinate/${ids.wangjianguo}`,
        })
      ).code,
    ).toBe(403);

    const auth = await t.call<{ module: unknown[]; resource: Array<{ enCode: string; scope: string }> }>(
      mgr,
      { method: 'GET', url: '/api/permission/Users/Current/Authorize' },
    );
    expect(auth.data.resource.find((r) => r.enCode === 'permission.user')?.scope).toBe('dept');
    const log = await t.call<Paged<{ category: string }>>(emp, {
      method: 'GET',
      url: '/api/permission/Users/Current/SystemLog?pageSize=5',
    });
    expect(log.code).toBe(200);
    expect(log.data.pagination.total).toBeGreaterThan(0);

    const orgs = await t.call<Array<{ id: string; isDefault: boolean }>>(emp, {
      method: 'GET',
      url: '/api/permission/Users/Current/getUserOrganizes',
    });
    expect(orgs.data.filter((o) => o.isDefault)).toHaveLength(1);
    const poss = await t.call<Array<{ id: string; isDefault: boolean }>>(emp, {
      method: 'GET',
      url: '/api/permission/Users/Current/getUserPositions',
    });
    expect(poss.data[0].isDefault).toBe(true);
    expect(
      (
        await t.call(emp, {
          method: 'PUT',
          url: '/api/permission/Users/Current/major',
          payload: { majorType: 'Position', majorId: poss.data[0].id },
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await t.call(emp, {
          method: 'PUT',
          url: '/api/permission/Users/Current/major',
          payload: { majorType: 'Organize', majorId: units['JGJT-HQ'] },
        })
      ).code,
    ).toBe(403);
    expect(
      (
        await t.call(emp, {
          method: 'PUT',
          url: '/api/permission/Users/Current/major',
          payload: { majorType: 'Nope', majorId: 'x' },
        })
      ).code,
    ).toBe(400);
  });
});
