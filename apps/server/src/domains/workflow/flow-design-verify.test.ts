// Issue 35: the server's save and release of a flow design run the flow designer's verify (@kp/flow
// validateFlow, the function behind the designer's 校验), so a flow with no initiator is refused with the
// designer's text (请设置发起人), in the caller's language through the server catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';
import { workflowTestKit } from './testkit';

const P = '/api/workflow/Engine/FlowEngine';

describe(`flow design verify on save and release on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  const { login, w } = workflowTestKit(() => t);
  let form: unknown;

  beforeAll(async () => {
    t = await createTestApp();
    const leave = await t.call<{ formData: unknown }>(await login('admin'), {
      method: 'GET',
      url: `${P}/wf-leave`,
    });
    form = leave.data.formData;
  });
  afterAll(async () => {
    await t?.close();
  });

  const tree = (initiator: string[]) => ({
    nodeId: 'start',
    prevId: null,
    type: 'start',
    properties: { title: '发起人', initiator, initiatePos: [], initiateRole: [] },
    childNode: {
      nodeId: 'approver_1',
      prevId: 'start',
      type: 'approver',
      properties: { title: '审批人', assigneeType: 1, approvers: ['u-any'] },
      childNode: null,
    },
  });
  const body = (enCode: string, initiator: string[]) => ({
    enCode,
    fullName: enCode,
    formData: form,
    flowTemplateJson: tree(initiator),
  });
  const call = async (method: 'POST' | 'PUT', url: string, payload?: object, lang = 'zh-CN') =>
    t.call<string>(await login('admin'), { method, url, payload, headers: { 'accept-language': lang } });

  it('refuses to save a flow with no initiator (new, edit, import), in the caller language', async () => {
    const zh = await call('POST', P, body('noInitiator', []));
    expect(zh).toEqual({ code: 400, msg: 'start: 请设置发起人', data: null });
    expect((await call('POST', P, body('noInitiator', []), 'en')).msg).toBe('start: Set who may initiate');
    expect((await call('POST', P, body('noInitiator', []), 'zh-TW')).msg).toBe('start: 請設定發起人');
    expect((await call('POST', `${P}/Actions/ImportData`, body('noInitiator', []))).code).toBe(400);
    expect(
      await w().selectFrom('wf_template').select('id').where('en_code', '=', 'noInitiator').execute(),
    ).toEqual([]);

    const saved = await call('POST', P, body('withInitiator', ['u-any']));
    expect(saved.code, saved.msg).toBe(200);
    const edit = await call('PUT', `${P}/${saved.data}`, body('withInitiator', []), 'en');
    expect(edit).toEqual({ code: 400, msg: 'start: Set who may initiate', data: null });
  });

  it('refuses to release a stored flow with no initiator; releases it once the design verifies', async () => {
    const saved = await call('POST', P, body('releaseCheck', ['u-any']));
    expect(saved.code, saved.msg).toBe(200);
    // a design stored without the check (an older server, a direct import) is verified on release
    await w()
      .updateTable('wf_template')
      .set({ flow_json: JSON.stringify(tree([])) })
      .where('id', '=', saved.data)
      .execute();
    const refused = await call('POST', `${P}/Release/${saved.data}`, undefined, 'en');
    expect(refused).toEqual({ code: 400, msg: 'start: Set who may initiate', data: null });
    const row = await w()
      .selectFrom('wf_template')
      .select('enabled_mark')
      .where('id', '=', saved.data)
      .executeTakeFirstOrThrow();
    expect(row.enabled_mark).toBe(0);

    expect((await call('PUT', `${P}/${saved.data}`, body('releaseCheck', ['u-any']))).code).toBe(200);
    const released = await call('POST', `${P}/Release/${saved.data}`);
    expect(released.code, released.msg).toBe(200);
  });
});
