import { CURRENT_USER } from '@kp/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fieldConfig as cfg,
  createTestApp,
  formConfig,
  seededInitiators,
  startNode,
  TEST_DB_KIND,
  type TestApp,
} from '../../test/harness';

// The system variable 当前用户 (spec 3 §6, spec 4 §6): role and user pickers with hasSys store the token
// '@currentUser' in the browser; every server write (online development, flow launch and resubmit) replaces it
// by who submits, so the stored record holds concrete ids. A token where the field does not offer it is refused.
const FORM = formConfig([
  { __config__: cfg('comInput', '标题', { formId: 101 }), __vModel__: 'title' },
  {
    __config__: cfg('roleSelect', '角色', { formId: 102 }),
    __vModel__: 'roles',
    multiple: true,
    hasSys: true,
  },
  { __config__: cfg('roleSelect', '主角色', { formId: 103 }), __vModel__: 'mainRole', hasSys: true },
  { __config__: cfg('userSelect', '经办人', { formId: 104 }), __vModel__: 'owner', hasSys: true },
  { __config__: cfg('usersSelect', '参与人', { formId: 105 }), __vModel__: 'people', hasSys: true },
  { __config__: cfg('roleSelect', '普通角色', { formId: 106 }), __vModel__: 'plainRole' },
]);
const B = '/api/visualdev/Base';
const R = '/api/visualdev/OnlineDev';
const W = '/api/workflow/Engine';

describe(`当前用户 in role and user pickers is stored as the submitter on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let admin: string;
  let itemId: string;
  const user = async (account: string) =>
    t.db.kysely.selectFrom('base_user').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  /** The enabled roles of an account in its role list's order (the main role first). */
  const rolesOf = async (account: string) =>
    (
      await t.db.kysely
        .selectFrom('base_user_relation as ur')
        .innerJoin('base_role as r', 'r.id', 'ur.object_id')
        .innerJoin('base_user as u', 'u.id', 'ur.user_id')
        .select('r.id')
        .where('u.account', '=', account)
        .where('ur.object_type', '=', 'Role')
        .where('r.enabled_mark', '=', 1)
        .orderBy('ur.sort_code')
        .execute()
    ).map((r) => r.id);
  const otherRole = async (not: string[]) =>
    (
      await t.db.kysely
        .selectFrom('base_role')
        .select('id')
        .where('id', 'not in', not)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;

  /** The answer's data, after checking it is a success (the msg tells why not). */
  const ok = <T>(r: { code: number; msg: string; data: T }): T => {
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    const columnData = { columnList: [{ prop: 'title', label: '标题' }], hasPage: true, pageSize: 20 };
    itemId = ok(
      await t.call<string>(admin, {
        method: 'POST',
        url: B,
        payload: { fullName: '系统变量', enCode: 'sysVars', formData: FORM, columnData },
      }),
    );
    ok(await t.call(admin, { method: 'POST', url: `${B}/${itemId}/Actions/Release`, payload: {} }));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const stored = async (recordId: string) =>
    JSON.parse(
      (
        await t.db.kysely
          .selectFrom('visualdev_record')
          .select('data')
          .where('id', '=', recordId)
          .executeTakeFirstOrThrow()
      ).data,
    ) as Record<string, unknown>;

  it('online development: create and update store the submitter and their roles, never the token', async () => {
    const me = await user('admin');
    // the administrator holds no role in the seed: give them two (hr first, then employee) and a disabled one
    const role = async (code: string) =>
      (
        await t.db.kysely
          .selectFrom('base_role')
          .select('id')
          .where('en_code', '=', code)
          .executeTakeFirstOrThrow()
      ).id;
    const [hr, employee, leader] = [await role('hr'), await role('employee'), await role('companyLeader')];
    await t.db.kysely.updateTable('base_role').set({ enabled_mark: 0 }).where('id', '=', leader).execute();
    await t.db.kysely
      .insertInto('base_user_relation')
      .values(
        [hr, leader, employee].map((id, i) => ({
          id: `sv-${i}`,
          user_id: me.id,
          object_type: 'Role',
          object_id: id,
          sort_code: i,
        })),
      )
      .execute();
    const roles = await rolesOf('admin');
    expect(roles).toEqual([hr, employee]);
    const extra = await otherRole([...roles, leader]);
    const r = await t.call<string>(admin, {
      method: 'POST',
      url: `${R}/${itemId}`,
      payload: {
        data: {
          title: CURRENT_USER, // a text field: plain text
          roles: [extra, CURRENT_USER, roles[0]],
          mainRole: CURRENT_USER,
          owner: CURRENT_USER,
          people: [CURRENT_USER],
        },
      },
    });
    expect(r.code, r.msg).toBe(200);
    const data = await stored(r.data);
    expect(data).toMatchObject({
      title: CURRENT_USER,
      roles: [extra, ...roles],
      mainRole: roles[0],
      owner: me.id,
      people: [me.id],
    });
    const read = await t.call<{ data: Record<string, unknown> }>(admin, {
      method: 'GET',
      url: `${R}/${itemId}/${r.data}`,
    });
    expect(read.data.data).toMatchObject({ owner: me.id, mainRole: roles[0] });
    // the detail page names them (ids the display resolves, not a placeholder)
    const shown = await t.call<{ data: Record<string, string> }>(admin, {
      method: 'GET',
      url: `${R}/${itemId}/${r.data}/DataChange`,
    });
    expect(shown.data.data.owner).not.toBe(me.id);
    expect(shown.data.data.owner).not.toContain(CURRENT_USER);

    const up = await t.call(admin, {
      method: 'PUT',
      url: `${R}/${itemId}/${r.data}`,
      payload: {
        data: { ...data, owner: 'someone-else', people: [me.id, CURRENT_USER], roles: [CURRENT_USER] },
      },
    });
    expect(up.code, up.msg).toBe(200);
    expect(await stored(r.data)).toMatchObject({ owner: 'someone-else', people: [me.id], roles });
  });

  it('hostile: the token in a role picker without hasSys is refused naming the field, nothing stored', async () => {
    const before = await t.db.kysely.selectFrom('visualdev_record').select('id').execute();
    const zh = await t.call(admin, {
      method: 'POST',
      url: `${R}/${itemId}`,
      payload: { data: { title: 'x', plainRole: CURRENT_USER } },
    });
    expect(zh.code).toBe(400);
    expect(zh.msg).toBe('plainRole: 普通角色格式不正确');
    const list = await t.call(admin, {
      method: 'POST',
      url: `${R}/${itemId}`,
      headers: { 'accept-language': 'en' },
      payload: { data: { title: 'x', plainRole: ['r1', CURRENT_USER] } },
    });
    expect(list.code).toBe(400);
    expect(list.msg).toBe('plainRole: 普通角色 is not valid');
    expect(await t.db.kysely.selectFrom('visualdev_record').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('a flow launch, draft and resubmit resolve the token to the initiator', async () => {
    // everyone in the demo company, and zhangwei by name: he starts it without any role in the last test
    const everyone = await seededInitiators(t.db.kysely);
    const tree = startNode({
      ...everyone,
      initiator: [...(everyone.initiator ?? []), (await user('zhangwei')).id],
    });
    const tpl = await t.call<string>(admin, {
      method: 'POST',
      url: `${W}/FlowEngine`,
      payload: { enCode: 'sysVarsFlow', fullName: '系统变量流程', formData: FORM, flowTemplateJson: tree },
    });
    expect(tpl.code, tpl.msg).toBe(200);
    const rel = await t.call(admin, { method: 'POST', url: `${W}/FlowEngine/Release/${tpl.data}` });
    expect(rel.code, rel.msg).toBe(200);
    const zw = await user('zhangwei');
    const roles = await rolesOf('zhangwei');
    const emp = await t.login('zhangwei');
    const formData = { title: '出差', roles: [CURRENT_USER], mainRole: CURRENT_USER, owner: CURRENT_USER };
    // a draft (status 1) first: stored data never holds the token, also for a draft
    const draft = await t.call<string>(emp, {
      method: 'POST',
      url: `${W}/FlowTask`,
      payload: { flowId: tpl.data, formData, status: 1 },
    });
    expect(draft.code, draft.msg).toBe(200);
    const read = async () =>
      (
        await t.call<{ formData: Record<string, unknown> }>(emp, {
          method: 'GET',
          url: `${W}/FlowTask/${draft.data}`,
        })
      ).data.formData;
    expect(await read()).toMatchObject({ roles, mainRole: roles[0], owner: zw.id });
    const sent = await t.call(emp, {
      method: 'PUT',
      url: `${W}/FlowTask/${draft.data}`,
      payload: { flowId: tpl.data, formData: { ...formData, people: [CURRENT_USER, zw.id] }, status: 0 },
    });
    expect(sent.code, sent.msg).toBe(200);
    expect(await read()).toMatchObject({ people: [zw.id], owner: zw.id, mainRole: roles[0] });
    const row = await t.db.kysely
      .selectFrom('wf_task')
      .select('state_json')
      .where('id', '=', draft.data)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row.state_json)).not.toContain(CURRENT_USER);
  });

  it('a single role picker set to 当前用户 by a user without a role is refused in the request language', async () => {
    const lin = await user('zhangwei');
    // signed in first: a user without any role has no menu and cannot sign in (login/finish.ts)
    const emp = await t.login('zhangwei');
    await t.db.kysely
      .deleteFrom('base_user_relation')
      .where('user_id', '=', lin.id)
      .where('object_type', '=', 'Role')
      .execute();
    const flow = await t.db.kysely
      .selectFrom('wf_template')
      .select('id')
      .where('en_code', '=', 'sysVarsFlow')
      .executeTakeFirstOrThrow();
    const send = (lang: string, formData: Record<string, unknown>) =>
      t.call(emp, {
        method: 'POST',
        url: `${W}/FlowTask`,
        headers: { 'accept-language': lang },
        payload: { flowId: flow.id, formData },
      });
    const en = await send('en', { mainRole: CURRENT_USER });
    expect(en.code).toBe(400);
    expect(en.msg).toBe('mainRole: 主角色: the current user has no role');
    const zh = await send('zh', { mainRole: CURRENT_USER });
    expect(zh.msg).toBe('mainRole: 主角色：当前用户没有角色');
    // a list of roles just has none to add
    const ok = await send('zh', { roles: [CURRENT_USER], owner: CURRENT_USER });
    expect(ok.code, ok.msg).toBe(200);
  });
});
