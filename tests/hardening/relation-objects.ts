// The objects of the "no relation → refused" suite (issue 34): each made through the real API by a user who
// is related to it (or taken from the seed), and three outsiders in a department of their own — holding only the
// home page, the ordinary employee role, the department manager role — who are related to none of them.
import { readFileSync } from 'node:fs';
import { md5, type TestApp } from '@kp/server/testing';
import dayjs from 'dayjs';
import { expect } from 'vitest';
import { sendChat } from '../../apps/server/src/domains/chat/service';
import { COLUMNS, FORM } from '../../apps/server/src/domains/visualdev/visualdev.fixture';
import { leaveData } from '../../apps/server/src/domains/workflow/testkit';
import { fileUpload } from '../../apps/server/src/test/multipart';

/** The seeded home portal's design (examples/portals/home.json): the layout of the portal made here. */
const homeDesign = () =>
  JSON.parse(readFileSync(new URL('../../examples/portals/home.json', import.meta.url), 'utf8')) as object;

/** The text every private object carries: no answer to an outsider may contain it. */
export const MARK = '机密';

export interface Outsider {
  name: 'bare' | 'peer' | 'manager';
  id: string;
  token: string;
}

export interface RelationWorld {
  /**
   * Object name → id (everything an outsider must not reach). `directory`: a person or a unit of the
   * organisation, which anyone may name as a member, recipient or delegate of an object of his own.
   */
  objects: Array<{ name: string; id: string; directory?: boolean }>;
  /** The online-form record (the `:recordId` of the runtime routes, beside its form's id). */
  formRecord: string;
  /** Values of the non-id path params (`:fileName`, `:name`) that point at the objects. */
  named: Record<string, string>;
  outsiders: Outsider[];
}

/** Makes the outsiders and the objects; every step must succeed (the answer's msg fails the test otherwise). */
export async function buildWorld(t: TestApp): Promise<RelationWorld> {
  const db = t.db.kysely;
  const login = (a: string) => t.login(a);
  const [admin, zw, wjg] = [await login('admin'), await login('zhangwei'), await login('wangjianguo')];
  const user = (account: string) =>
    db.selectFrom('base_user').selectAll().where('account', '=', account).executeTakeFirstOrThrow();
  const [zwRow, wjgRow, cjRow] = [await user('zhangwei'), await user('wangjianguo'), await user('chenjing')];
  const ok = async <T>(p: Promise<{ code: number; msg: string; data: T }>, what: string): Promise<T> => {
    const r = await p;
    expect(r.code, `${what}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const idOf = (d: unknown): string =>
    typeof d === 'string' ? d : String((d as { id?: string } | null)?.id ?? '');
  // The rows of these tables before anything is made here: latest() answers the one row made since.
  type Made = 'wf_comment' | 'base_group' | 'wf_entrust' | 'im_content';
  const seen = new Map<Made, Set<string>>();
  for (const table of ['wf_comment', 'base_group', 'wf_entrust', 'im_content'] as const)
    seen.set(table, new Set((await db.selectFrom(table).select('id').execute()).map((r) => r.id)));
  const latest = async (table: Made) => {
    const rows = (await db.selectFrom(table).select('id').execute()).filter(
      (r) => !seen.get(table)!.has(r.id),
    );
    expect(rows, `${table}: one row made`).toHaveLength(1);
    seen.get(table)!.add(rows[0].id);
    return rows[0].id;
  };

  // ---- the outsiders: a department of their own under the root organisation ----
  const root = await db
    .selectFrom('base_organize')
    .select('id')
    .where('parent_id', '=', '-1')
    .executeTakeFirstOrThrow();
  const dept = idOf(
    await ok(
      t.call(admin, {
        method: 'POST',
        url: '/api/permission/Organize/Department',
        payload: { parentId: root.id, fullName: '外部门', enCode: 'outsideDept' },
      }),
      'outsider department',
    ),
  );
  const deptId =
    dept ||
    (
      await db
        .selectFrom('base_organize')
        .select('id')
        .where('en_code', '=', 'outsideDept')
        .executeTakeFirstOrThrow()
    ).id;
  const homeRole = idOf(
    await ok(
      t.call(admin, {
        method: 'POST',
        url: '/api/permission/Role',
        payload: { fullName: '仅首页', enCode: 'homeOnly', dataScope: 'self', globalMark: 1 },
      }),
      'home-only role',
    ),
  );
  const home = await db
    .selectFrom('base_module')
    .select('id')
    .where('en_code', '=', 'home')
    .executeTakeFirstOrThrow();
  await ok(
    t.call(admin, {
      method: 'PUT',
      url: `/api/permission/Authority/Data/${homeRole}`,
      payload: { module: [home.id], button: [], column: [], form: [], dataScope: 'self' },
    }),
    'home-only grants',
  );
  const employeeRole = await db
    .selectFrom('base_role')
    .select('id')
    .where('en_code', '=', 'employee')
    .executeTakeFirstOrThrow();
  const managerRole = await db
    .selectFrom('base_role')
    .select('id')
    .where('en_code', '=', 'deptManager')
    .executeTakeFirstOrThrow();
  const outsiders: Outsider[] = [];
  for (const [name, account, roleId] of [
    ['bare', 'outsiderbare', homeRole],
    ['peer', 'outsiderpeer', employeeRole.id],
    ['manager', 'outsidermanager', managerRole.id],
  ] as const) {
    await ok(
      t.call(admin, {
        method: 'POST',
        url: '/api/permission/Users',
        payload: {
          account,
          realName: account,
          organizeId: deptId,
          roleIds: [roleId],
          password: md5('kp123456'),
        },
      }),
      `outsider ${name}`,
    );
    outsiders.push({ name, id: (await user(account)).id, token: await t.login(account, 'kp123456') });
  }

  // ---- objects, each made by a related user ----
  const objects: RelationWorld['objects'] = [];
  const add = (name: string, id: string, directory = false) => {
    expect(id, name).toBeTruthy();
    objects.push({ name, id, ...(directory ? { directory } : {}) });
  };
  // a file zhangwei uploads and attaches to a private business message to wangjianguo
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = fileUpload({ name: 'a.png', data: png });
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/file/Uploader/annex',
    headers: { authorization: `Bearer ${zw}`, ...upload.headers },
    payload: upload.payload,
  });
  expect(up.json().code, `upload: ${up.body}`).toBe(200);
  const file = up.json().data as { fileId: string; url: string };
  add('file', file.fileId);
  const oaMessage = idOf(
    await ok(
      t.call(zw, {
        method: 'POST',
        url: '/api/Bussiness/Message',
        payload: {
          title: '私信',
          contents: '机密',
          acceptUsers: [wjgRow.id],
          files: [{ name: 'a.png', fileId: file.fileId, url: file.url }],
        },
      }),
      'business message',
    ),
  );
  add('business message', oaMessage);
  add(
    'draft business message',
    idOf(
      await ok(
        t.call(zw, {
          method: 'POST',
          url: '/api/Bussiness/Message',
          payload: { title: '草稿', contents: '机密草稿', acceptUsers: [wjgRow.id], isDraft: 1 },
        }),
        'draft business message',
      ),
    ),
  );
  add(
    'draft document',
    idOf(
      await ok(
        t.call(zw, {
          method: 'POST',
          url: '/api/Bussiness/personalfile',
          payload: { title: '草稿', contents: '机密草稿' },
        }),
        'draft document',
      ),
    ),
  );
  add(
    'comment',
    idOf(
      await ok(
        t.call(wjg, {
          method: 'POST',
          url: '/api/Bussiness/Comment',
          payload: { ownerId: oaMessage, contents: '机密回复' },
        }),
        'comment',
      ),
    ),
  );
  // a leave request zhangwei launches (its operator row is wangjianguo's), with his comment on it
  const task = idOf(
    await ok(
      t.call(zw, {
        method: 'POST',
        url: '/api/workflow/Engine/FlowTask',
        payload: { flowId: 'wf-leave', formData: { ...leaveData(zwRow), reason: '机密事由' } },
      }),
      'leave request',
    ),
  );
  add('leave task', task);
  for (const o of await db.selectFrom('wf_operator').select('id').where('task_id', '=', task).execute())
    add('leave operator', o.id);
  for (const r of await db
    .selectFrom('wf_record')
    .select('id')
    .where('task_id', '=', task)
    .limit(1)
    .execute())
    add('leave record', r.id);
  await ok(
    t.call(zw, {
      method: 'POST',
      url: '/api/workflow/Engine/FlowComment',
      payload: { taskId: task, text: '机密' },
    }),
    'flow comment',
  );
  add('flow comment', await latest('wf_comment'));
  // a meeting zhangwei books with chenjing
  const day = dayjs().add(2, 'day').startOf('day');
  add(
    'meeting',
    idOf(
      await ok(
        t.call(zw, {
          method: 'POST',
          url: '/api/Bussiness/Conference',
          payload: {
            crTheme: '周例会', // the room calendar shows the theme; the description is the participants' only
            crguid: 'room-101',
            crTypeGuid: 'dict-meeting-type-routine',
            crLeader: zwRow.id,
            startTime: day.hour(9).valueOf(),
            endTime: day.hour(10).valueOf(),
            userList: [cjRow.id],
            crDescription: '机密',
            files: [{ name: 'a.png', fileId: file.fileId, url: file.url }],
          },
        }),
        'meeting',
      ),
    ),
  );
  // a site message the administrator sends to zhangwei only
  const siteMessage = idOf(
    await ok(
      t.call(admin, {
        method: 'POST',
        url: '/api/message',
        payload: { title: '机密通知', type: 1, bodyText: '机密', toUserIds: [zwRow.id] },
      }),
      'site message',
    ),
  );
  await ok(
    t.call(admin, { method: 'PUT', url: `/api/message/${siteMessage}/Actions/Release` }),
    'site message release',
  );
  add('site message', siteMessage);
  // a notice to zhangwei only, released
  const notice = idOf(
    await ok(
      t.call(admin, {
        method: 'POST',
        url: '/api/Bussiness/CompanyNotice',
        payload: { title: '定向公告', contents: '机密', acceptUsers: [zwRow.id], isDraft: 1 },
      }),
      'notice',
    ),
  );
  await ok(
    t.call(admin, { method: 'POST', url: `/api/Bussiness/CompanyNotice/sync/${notice}` }),
    'notice release',
  );
  add('notice', notice);
  // an official document zhangwei issues to chenjing
  const doc = idOf(
    await ok(
      t.call(zw, {
        method: 'POST',
        url: '/api/Bussiness/personalfile',
        payload: { title: '机密公文', contents: '机密', acceptUsers: [cjRow.id] },
      }),
      'document',
    ),
  );
  await ok(t.call(zw, { method: 'POST', url: `/api/Bussiness/personalfile/${doc}/issue` }), 'document issue');
  add('document', doc);
  // a chat message from zhangwei to wangjianguo
  await sendChat(t.ctx, zwRow.id, wjgRow.id, 'text', '机密');
  add('chat message', await latest('im_content'));
  // zhangwei's personal group and his entrustment
  await ok(
    t.call(zw, {
      method: 'POST',
      url: '/api/system/groupcustom',
      payload: { fullName: '机密私组', type: 0, userIds: [wjgRow.id] },
    }),
    'personal group',
  );
  add('personal group', await latest('base_group'));
  await ok(
    t.call(zw, {
      method: 'POST',
      url: '/api/workflow/Engine/FlowEntrust',
      payload: {
        toUserId: wjgRow.id,
        startTime: Date.now(),
        endTime: Date.now() + 7 * 86_400_000,
        description: '机密委托',
      },
    }),
    'entrustment',
  );
  add('entrustment', await latest('wf_entrust'));
  // a released online form (no grant on its menu for anyone but the administrator) with one record
  const form = idOf(
    await ok(
      t.call(admin, {
        method: 'POST',
        url: '/api/visualdev/Base',
        payload: {
          fullName: '薪资登记',
          enCode: 'salaryForm',
          formData: JSON.stringify(FORM),
          columnData: COLUMNS,
        },
      }),
      'online form',
    ),
  );
  await ok(
    t.call(admin, { method: 'POST', url: `/api/visualdev/Base/${form}/Actions/Release`, payload: {} }),
    'online form release',
  );
  add('online form', form);
  const formRecord = idOf(
    await ok(
      t.call(admin, {
        method: 'POST',
        url: `/api/visualdev/OnlineDev/${form}`,
        payload: { data: { title: '机密薪资', kind: 'travel', budget: 99999, lines: [] } },
      }),
      'online form record',
    ),
  );
  add('online form record', formRecord);
  add(
    'online form menu',
    (
      await db
        .selectFrom('base_module')
        .select('id')
        .where('en_code', '=', 'salaryForm')
        .executeTakeFirstOrThrow()
    ).id,
  );
  // a print design, a data interface (administrator's), the seeded flow print templates and portal
  add(
    'print design',
    idOf(
      await ok(
        t.call(admin, {
          method: 'POST',
          url: '/api/system/printDev',
          payload: { fullName: '打印', enCode: 'printSecret', type: 1, printTemplate: '<p>机密</p>' },
        }),
        'print design',
      ),
    ),
  );
  add(
    'data interface',
    idOf(
      await ok(
        t.call(admin, {
          method: 'POST',
          url: '/api/system/DataInterface',
          payload: { fullName: '静态', enCode: 'staticSecret', kind: 'static', staticData: '[{"a":"1"}]' },
        }),
        'data interface',
      ),
    ),
  );
  for (const p of await db.selectFrom('wf_print_template').select('id').limit(1).execute())
    add('flow print template', p.id);
  // a portal for a role no outsider holds (the seeded home portal is everyone's)
  const portal = idOf(
    await ok(
      t.call(admin, {
        method: 'POST',
        url: '/api/portal',
        payload: { ...homeDesign(), id: undefined, enCode: 'managerPortal', fullName: '机密门户' },
      }),
      'portal',
    ),
  );
  const audience = idOf(
    await ok(
      t.call(admin, {
        method: 'POST',
        url: '/api/permission/Role',
        payload: { fullName: '门户受众', enCode: 'portalAudience', dataScope: 'self', globalMark: 1 },
      }),
      'portal audience role',
    ),
  );
  await ok(
    t.call(admin, {
      method: 'POST',
      url: `/api/portal/${portal}/Actions/setPortalRole`,
      payload: { roleIds: [audience] },
    }),
    'portal roles',
  );
  add('manager portal', portal);
  // people and structure of zhangwei's department
  add('user zhangwei', zwRow.id, true);
  add('user wangjianguo', wjgRow.id, true);
  const zwDept = zwRow.department_id ?? zwRow.organize_id;
  if (zwDept) add('department of zhangwei', zwDept, true);
  add('employee role', employeeRole.id, true);
  const pos = await db.selectFrom('base_position').select('id').limit(1).executeTakeFirst();
  if (pos) add('position', pos.id, true);
  // (flow templates are left out: the seeded ones are visible to everyone, so nobody is an outsider to them)

  const storedName = file.url.split('/').pop() ?? 'x';
  const leave = await db
    .selectFrom('wf_template')
    .select('en_code')
    .where('id', '=', 'wf-leave')
    .executeTakeFirstOrThrow();
  return { objects, formRecord, named: { fileName: storedName, name: leave.en_code }, outsiders };
}
