import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { B, gapsSuite, localDate, localDateTime, multipart } from './gaps.suite';

describe(`workflow launch info, comment attachments, print values, monitor scope, subflow choice on ${TEST_DB_KIND}`, () => {
  const s = gapsSuite();
  const { ids, makeTemplate, startNode, approverNode, launchLeave, login, accountOf, pending } = s;
  let t: TestApp;
  let leaveForm: unknown;
  let leave: Record<string, unknown> = {};
  beforeAll(() => {
    t = s.t;
    leaveForm = s.leaveForm;
    leave = s.leave;
  });

  // ---------------------------------------------------------------- 1. launch info
  it('LaunchInfo gives an employee the launch dialog data of a released flow, no draft created', async () => {
    const emp = await login('zhangwei');
    const before = await t.db.kysely.selectFrom('wf_task').select('id').execute();
    const r = await t.call<Record<string, any>>(emp, {
      method: 'GET',
      url: `${B}/FlowTask/LaunchInfo/wf-expense`,
    });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({
      flowId: 'wf-expense',
      fullName: '费用报销',
      enCode: 'expense',
      category: '财务',
      formType: 1,
      printIds: ['wf-expense-print'],
      startNodeProperties: { title: { zh: '发起人', zhtw: '發起人', en: 'Initiator' } },
      flowProperties: { isComment: true, hasPressBtn: true },
    });
    expect(r.data.startNodeProperties.formOperates).toBeUndefined();
    expect(r.data.formOperates.find((o: { id: string }) => o.id === 'claimDate')).toEqual({
      id: 'claimDate',
      read: true,
      write: true,
      required: true,
    });
    expect(r.data.formOperates).toHaveLength(9);
    expect(r.data.flowTemplateJson.nodeId).toBe('start');
    expect(r.data.flowTemplateJson.childNode.conditionNodes).toHaveLength(2);
    expect(Array.isArray(r.data.formConf.fields)).toBe(true);
    expect(r.data.formConf.fields.map((f: { __vModel__?: string }) => f.__vModel__)).toContain('claimant');
    // no draft: the task table did not change
    expect((await t.db.kysely.selectFrom('wf_task').select('id').execute()).length).toBe(before.length);
    // no session
    expect((await t.call(null, { method: 'GET', url: `${B}/FlowTask/LaunchInfo/wf-expense` })).code).toBe(
      602,
    );
  });

  it('LaunchInfo: 404 unknown or unreleased, 403 outside the initiator rules or visible users (as FlowTask create)', async () => {
    const emp = await login('zhangwei');
    const cj = await login('chenjing');
    expect(await t.call(emp, { method: 'GET', url: `${B}/FlowTask/LaunchInfo/nosuch` })).toMatchObject({
      code: 404,
      msg: '流程不存在或未发布',
    });
    const draft = await makeTemplate('li_draft', startNode({}, approverNode('a1', [ids.get('chenjing')!])), {
      release: false,
    });
    expect((await t.call(emp, { method: 'GET', url: `${B}/FlowTask/LaunchInfo/${draft}` })).code).toBe(404);
    // start node names chenjing only
    const only = await makeTemplate(
      'li_only',
      startNode({ initiator: [ids.get('chenjing')!] }, approverNode('a1', [ids.get('wangjianguo')!])),
    );
    expect(await t.call(emp, { method: 'GET', url: `${B}/FlowTask/LaunchInfo/${only}` })).toMatchObject({
      code: 403,
      msg: '您没有发起该流程的权限',
    });
    // FlowTask create refuses him too; chenjing may do both
    expect(
      (
        await t.call(emp, {
          method: 'POST',
          url: `${B}/FlowTask`,
          payload: { flowId: only, formData: leave },
        })
      ).code,
    ).not.toBe(200);
    const ok = await t.call<{ flowId: string; startNodeProperties: { initiator: string[] } }>(cj, {
      method: 'GET',
      url: `${B}/FlowTask/LaunchInfo/${only}`,
    });
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data.startNodeProperties.initiator).toEqual([ids.get('chenjing')]);
    // visible users
    const vis = await makeTemplate('li_vis', startNode({}, approverNode('a1', [ids.get('wangjianguo')!])), {
      visibleUserIds: [ids.get('chenjing')!],
    });
    expect((await t.call(emp, { method: 'GET', url: `${B}/FlowTask/LaunchInfo/${vis}` })).code).toBe(403);
    expect((await t.call(cj, { method: 'GET', url: `${B}/FlowTask/LaunchInfo/${vis}` })).code).toBe(200);
    // a stopped flow is not launchable
    const admin = await login('admin');
    expect((await t.call(admin, { method: 'POST', url: `${B}/FlowEngine/Stop/${vis}` })).code).toBe(200);
    expect((await t.call(cj, { method: 'GET', url: `${B}/FlowTask/LaunchInfo/${vis}` })).code).toBe(404);
  });

  // ---------------------------------------------------------------- 3. comment attachments
  const upload = async (account: string, name: string, type = 'comment') => {
    const r = await t.call<{ fileId: string; url: string; name: string; size: number }>(
      await login(account),
      {
        method: 'POST',
        url: `/api/file/Uploader/${type}`,
        ...multipart({ name, data: Buffer.from(`content of ${name}`) }),
      },
    );
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };

  it('comments carry images and files uploaded by the commenter; limits and types refused clearly; list returns them', async () => {
    const emp = await login('zhangwei');
    const taskId = await launchLeave('zhangwei');
    const head = (await pending(taskId))[0]!;
    const headTk = await login(await accountOf(head.user_id));
    const png = await upload('zhangwei', '发票.png');
    const pdf = await upload('zhangwei', '明细.pdf');
    const zip = await upload('zhangwei', 'all.zip');
    const post = (tk: string, body: Record<string, unknown>) =>
      t.call<string>(tk, { method: 'POST', url: `${B}/FlowComment`, payload: { taskId, ...body } });

    // empty text and nothing attached
    expect(await post(emp, { text: '  ' })).toMatchObject({ code: 400, msg: '评论不能为空' });
    // attachments without text are fine; entries by fileId or by url
    const c1 = await post(emp, {
      image: JSON.stringify([{ fileId: png.fileId, name: 'x', size: 1 }]),
      file: [{ url: pdf.url, name: pdf.name, size: pdf.size }],
    });
    expect(c1.code, c1.msg).toBe(200);
    const list = await t.call<{
      list: Array<{ id: string; text: string | null; file: string; image: string }>;
    }>(headTk, { method: 'GET', url: `${B}/FlowComment?taskId=${taskId}` });
    expect(list.code, list.msg).toBe(200);
    const row = list.data.list.find((x) => x.id === c1.data)!;
    // the stored entries come from the upload record (name and size are the server's, not the client's)
    expect(JSON.parse(row.image)).toEqual([
      { fileId: png.fileId, url: png.url, name: '发票.png', size: png.size },
    ]);
    expect(JSON.parse(row.file)).toEqual([
      { fileId: pdf.fileId, url: pdf.url, name: '明细.pdf', size: pdf.size },
    ]);

    // a pdf is not an image; a zip is not an allowed file
    expect(await post(emp, { image: [{ fileId: pdf.fileId }] })).toMatchObject({
      code: 400,
      msg: 'image: 请上传图片（jpg、jpeg、png、gif、bmp、webp）',
    });
    expect(await post(emp, { file: [{ fileId: zip.fileId }] })).toMatchObject({
      code: 400,
      msg: 'file: 仅支持xls、xlsx、doc、docx、pdf、txt、ppt、pptx类型的文件',
    });
    // ten images, ten files (JSON text bypasses the schema's array limit: the route still refuses)
    const ten = JSON.stringify(Array.from({ length: 10 }, () => ({ fileId: png.fileId })));
    expect(await post(emp, { image: ten })).toMatchObject({ code: 400, msg: 'image: 最多上传9张图片' });
    expect(await post(emp, { file: ten })).toMatchObject({ code: 400, msg: 'file: 最多上传9个文件' });
    expect(await post(emp, { file: 5 })).toMatchObject({ code: 400, msg: 'file: 必须是数组' });
    expect(await post(emp, { image: '{"fileId":1}' })).toMatchObject({ code: 400, msg: 'image: 必须是数组' });
    // nine are fine
    const nine = JSON.stringify(Array.from({ length: 9 }, () => ({ fileId: png.fileId })));
    expect((await post(emp, { image: nine })).code).toBe(200);
    // an entry naming no upload
    expect(await post(emp, { file: [{ name: 'x' }] })).toMatchObject({
      code: 400,
      msg: 'file: 每个附件需要 fileId 或 url',
    });
    // exactly 50 MB, as "under 50 MB" refuses (an attachment uploaded elsewhere, 500 MB allowed there)
    const bigId = 'b'.repeat(32);
    await t.db.kysely
      .insertInto('file_record')
      .values({
        id: bigId,
        owner_user_id: ids.get('zhangwei')!,
        original_name: 'big.pdf',
        extension: 'pdf',
        file_type: 'annex',
        size: 50 * 1024 * 1024,
        md5: null,
        storage_key: 'files/none.pdf',
      })
      .execute();
    expect(await post(emp, { file: [{ fileId: bigId }] })).toMatchObject({
      code: 400,
      msg: 'file: 文件大小不能超过50MB',
    });
    // someone else's upload may not be attached...
    const headPdf = await upload(await accountOf(head.user_id), 'head.pdf');
    expect(await post(emp, { file: [{ fileId: headPdf.fileId }] })).toMatchObject({
      code: 400,
      msg: 'file: 附件不存在或无权使用',
    });
    // ...unless it is already on a comment of this task (readable to its participants)
    expect((await post(headTk, { file: [{ fileId: pdf.fileId }], text: '转发' })).code).toBe(200);
    expect(await post(headTk, { file: [{ fileId: zip.fileId }] })).toMatchObject({
      code: 400,
      msg: 'file: 附件不存在或无权使用',
    });
  });

  // ---------------------------------------------------------------- 4. print values
  it('print data shows names, labels and formatted dates; raw values under printDataRaw', async () => {
    const emp = await login('zhangwei');
    const zw = await t.db.kysely
      .selectFrom('base_user as u')
      .innerJoin('base_organize as o', 'o.id', 'u.department_id')
      .select(['u.id', 'u.real_name', 'u.department_id', 'o.full_name as dept', 'u.organize_id'])
      .where('u.account', '=', 'zhangwei')
      .executeTakeFirstOrThrow();
    // expense: user, department, date, a static select in a sub-table
    const claimDate = 1767225600000;
    const r = await t.call<string>(emp, {
      method: 'POST',
      url: `${B}/FlowTask`,
      payload: {
        flowId: 'wf-expense',
        formData: {
          claimDate,
          claimant: zw.id,
          department: zw.department_id,
          tableField106: [{ expenseType: 'traffic', price: 100, quantity: 2 }],
        },
      },
    });
    expect(r.code, r.msg).toBe(200);
    const p = await t.call<{ printData: Record<string, any>; printDataRaw: Record<string, any> }>(emp, {
      method: 'GET',
      url: `${B}/FlowGeneral/printData/${r.data}?formId=wf-expense-print`,
    });
    expect(p.code, p.msg).toBe(200);
    expect(p.data.printData.claimant).toBe(zw.real_name);
    expect(p.data.printData.department).toBe(zw.dept);
    expect(p.data.printData.claimDate).toBe(localDate(claimDate));
    expect(p.data.printData.tableField106[0].expenseType).toBe('交通费');
    expect(p.data.printData.tableField106[0].price).toBe(100);
    expect(p.data.printData.fullName).toContain('费用报销');
    expect(p.data.printDataRaw.claimant).toBe(zw.id);
    expect(p.data.printDataRaw.claimDate).toBe(claimDate);
    expect(p.data.printDataRaw.tableField106[0].expenseType).toBe('traffic');

    // a form with position, role, organisation, dictionary and date-time fields
    const pos = await t.db.kysely
      .selectFrom('base_position')
      .select(['id', 'full_name'])
      .executeTakeFirstOrThrow();
    const role = await t.db.kysely
      .selectFrom('base_role')
      .select(['id', 'full_name'])
      .executeTakeFirstOrThrow();
    const company = await t.db.kysely
      .selectFrom('base_organize')
      .select(['id', 'full_name'])
      .where('id', '=', zw.organize_id)
      .executeTakeFirstOrThrow();
    const field = (jnpfKey: string, vModel: string, extra: Record<string, unknown> = {}, cfg = {}) => ({
      __config__: { jnpfKey, label: vModel, required: false, span: 24, layout: 'colFormItem', ...cfg },
      __vModel__: vModel,
      ...extra,
    });
    const form = {
      ...(leaveForm as Record<string, unknown>),
      fields: [
        field('posSelect', 'pos'),
        field('roleSelect', 'role'),
        field('comSelect', 'org'),
        field('dicSelect', 'urgency', {}, { dataType: 'dictionary', dictionaryType: 'dict-urgency' }),
        field('date', 'when', { type: 'datetime', format: 'yyyy-MM-dd HH:mm' }),
        field('comInput', 'note'),
      ],
    };
    const tid = await makeTemplate('print_kinds', startNode({}, approverNode('a1', [ids.get('chenjing')!])), {
      form,
    });
    const when = 1767268800000;
    const l = await launchLeave('zhangwei', tid, {
      pos: pos.id,
      role: role.id,
      org: [company.id],
      urgency: 'urgent',
      when,
      note: '<b>x</b>',
    });
    const p2 = await t.call<{ printData: Record<string, unknown>; printDataRaw: Record<string, unknown> }>(
      emp,
      {
        method: 'GET',
        url: `${B}/FlowGeneral/printData/${l}`,
      },
    );
    expect(p2.code, p2.msg).toBe(200);
    expect(p2.data.printData).toMatchObject({
      pos: pos.full_name,
      role: role.full_name,
      org: company.full_name,
      urgency: '紧急',
      when: localDateTime(when),
      note: '<b>x</b>',
    });
    expect(p2.data.printDataRaw).toMatchObject({ pos: pos.id, urgency: 'urgent', when });
  });
});
