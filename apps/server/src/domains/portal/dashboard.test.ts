import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { useTestApp } from '../../test/suite';
import { attendanceSummary, dayOf } from './attendance';

describe('attendanceSummary', () => {
  it('counts checked days and past unchecked working days', () => {
    // 2026-11: the 2nd is a Monday
    const s = attendanceSummary('2026-11', '2026-11-06', new Set(['2026-11-02', '2026-11-04', '2026-11-01']));
    expect(s.checkedDay).toBe(3);
    expect(s.uncheckedList.map((d) => d.day)).toEqual(['2026-11-03', '2026-11-05']);
    expect(s.uncheckedDay).toBe(2);
    expect(s.uncheckedList[0].url).toBe('/workFlow/flowLaunch/FlowIndex?day=2026-11-03');
  });
  it('property: checked + unchecked never exceeds the days elapsed, unchecked days are weekdays before today', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 28 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 28 })),
        (today, checked) => {
          const d = (n: number) => `2026-02-${String(n).padStart(2, '0')}`;
          const s = attendanceSummary('2026-02', d(today), new Set(checked.map(d)));
          expect(s.checkedDay + s.uncheckedDay).toBeLessThanOrEqual(today);
          for (const u of s.uncheckedList) {
            expect(u.day < d(today)).toBe(true);
            expect([0, 6]).not.toContain(new Date(`${u.day}T12:00:00`).getDay());
          }
        },
      ),
    );
  });
});

describe(`dashboard on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let zw: string;
  let uid: string;
  useTestApp(async (app) => {
    t = app;
    zw = await t.login('zhangwei');
    uid = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', 'zhangwei')
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('FlowTodoCount reads wf_todo', async () => {
    await t.db.kysely
      .insertInto('wf_todo')
      .values([
        { id: 'w1', task_id: 't1', user_id: uid, kind: 'todo', state: 0 },
        { id: 'w2', task_id: 't2', user_id: uid, kind: 'todo', state: 1 },
        { id: 'w3', task_id: 't3', user_id: uid, kind: 'circulate', state: 0 },
      ])
      .execute();
    const r = await t.call(zw, { method: 'GET', url: '/api/visualdev/Dashboard/FlowTodoCount' });
    expect(r).toMatchObject({
      code: 200,
      data: { toBeReviewed: 1, flowDone: 1, flowCirculate: 1, entrust: 0 },
    });
    expect((await t.call(null, { method: 'GET', url: '/api/visualdev/Dashboard/FlowTodoCount' })).code).toBe(
      602,
    );
  });

  it('lists of modules not built yet answer an empty page of the right shape', async () => {
    for (const url of [
      '/api/Bussiness/workflow/WFNotified',
      '/api/Bussiness/workflow/ToDoMaterial',
      '/api/Bussiness/personalfile/List?keyword=unread',
    ]) {
      const r = await t.call(zw, { method: 'GET', url });
      expect(r, url).toMatchObject({ code: 200, data: { list: [], pagination: { total: 0 } } });
    }
    expect(
      (await t.call(zw, { method: 'GET', url: '/api/Bussiness/workflow/ToDoList?pageSize=0' })).code,
    ).toBe(400);
    expect((await t.call(zw, { method: 'GET', url: '/api/visualdev/Dashboard/Email' })).data).toEqual({
      list: [],
    });
    expect((await t.call(zw, { method: 'GET', url: '/api/Bussiness/email/EmailCount' })).data).toMatchObject({
      count: 0,
    });
    const notice = await t.call<{ list: unknown[] }>(zw, {
      method: 'GET',
      url: '/api/visualdev/Dashboard/Notice',
    });
    expect(notice.code).toBe(200);
  });

  it('attendance: check in, summary, calendar markers keyed by date', async () => {
    const today = dayOf(new Date());
    const c = await t.call<{ day: string }>(zw, { method: 'POST', url: '/api/Bussiness/attendance/checkIn' });
    expect(c).toMatchObject({ code: 200, msg: '打卡成功', data: { day: today } });
    const s = await t.call<{ checkedDay: number; uncheckedDay: number; uncheckedList: unknown[] }>(zw, {
      method: 'GET',
      url: '/api/Bussiness/attendance/KQUnchecked',
    });
    expect(s.data.checkedDay).toBe(1);
    expect(s.data.uncheckedList).toHaveLength(s.data.uncheckedDay);
    expect(
      (await t.call(zw, { method: 'GET', url: '/api/Bussiness/attendance/KQUnchecked?month=2026-13' })).code,
    ).toBe(400);
    const m = await t.call<Record<string, { checked: boolean; times: number[] }>>(zw, {
      method: 'GET',
      url: `/api/Bussiness/attendance/calendar?startdate=${today}&enddate=${today}`,
    });
    expect(Object.keys(m.data)).toEqual([today]);
    expect(m.data[today].times).toHaveLength(1);
    expect((await t.call(zw, { method: 'GET', url: '/api/Bussiness/attendance/calendar' })).code).toBe(400);
    expect(
      (
        await t.call(zw, {
          method: 'GET',
          url: '/api/Bussiness/attendance/calendar?startdate=2026-02-02&enddate=2026-01-01',
        })
      ).code,
    ).toBe(400);
  });
  it('pending approvals, item to-dos, my meetings and their calendar points come from the real tables', async () => {
    const me = await t.login('chenjing');
    const cj = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('id')
        .where('account', '=', 'chenjing')
        .executeTakeFirstOrThrow()
    ).id;
    // zhangwei launches a leave request; its first approver gets a pending operator row
    const u = await t.db.kysely
      .selectFrom('base_user')
      .select(['id', 'department_id'])
      .where('id', '=', uid)
      .executeTakeFirstOrThrow();
    const launch = await t.call<string>(zw, {
      method: 'POST',
      url: '/api/workflow/Engine/FlowTask',
      payload: {
        flowId: 'wf-leave',
        status: 0,
        formData: {
          applicant: u.id,
          department: u.department_id,
          leaveType: 'annual',
          startTime: 1767225600000,
          endTime: 1767225600000 + 2 * 86_400_000,
          days: 2,
          reason: '回家',
        },
      },
    });
    expect(launch.code, launch.msg).toBe(200);
    const pending = await t.db.kysely
      .withTables<{ wf_operator: { user_id: string; task_id: string; status: number } }>()
      .selectFrom('wf_operator')
      .select(['user_id'])
      .where('task_id', '=', String(launch.data))
      .where('status', '=', 0)
      .execute();
    expect(pending.length).toBeGreaterThan(0);
    const approver = pending[0].user_id;
    const acc = (
      await t.db.kysely
        .selectFrom('base_user')
        .select('account')
        .where('id', '=', approver)
        .executeTakeFirstOrThrow()
    ).account;
    const tok = await t.login(acc);
    const todo = await t.call<{
      list: Array<{ processId: string; fullName: string; status: number; userName: string }>;
      pagination: { total: number };
    }>(tok, { method: 'GET', url: '/api/visualdev/Dashboard/FlowTodo?pageSize=100' });
    expect(todo.data.pagination.total).toBeGreaterThan(0);
    const row = todo.data.list.find((x) => x.processId === launch.data);
    expect(row).toMatchObject({ userName: '张伟', status: 1 });
    const todoItems = await t.call<{ list: Array<{ title: string; url: string }> }>(tok, {
      method: 'GET',
      url: '/api/Bussiness/workflow/ToDoList?pageSize=50',
    });
    expect(todoItems.data.list).toContainEqual(
      expect.objectContaining({
        title: row?.fullName,
        url: expect.stringMatching(/^\/workFlow\/flowTodo\?id=/),
      }),
    );
    // a meeting tomorrow that zhangwei books with chenjing attending
    const start = new Date();
    start.setDate(start.getDate() + 1);
    start.setHours(10, 0, 0, 0);
    const b = await t.call<string>(zw, {
      method: 'POST',
      url: '/api/Bussiness/Conference',
      payload: {
        crTheme: '看板会',
        crguid: 'room-201',
        crTypeGuid: 'routine',
        crLeader: uid,
        startTime: start.getTime(),
        endTime: start.getTime() + 3_600_000,
        userList: [cj],
      },
    });
    expect(b.code).toBe(200);
    const list = await t.call<{ list: Array<{ crbguid: string; crTheme: string }> }>(me, {
      method: 'GET',
      url: '/api/Bussiness/conferenceroombook/List?currentPage=1&pageSize=6',
    });
    expect(list.data.list.map((x) => x.crbguid)).toContain(b.data);
    const items = await t.call<{ list: Array<{ title: string; url: string }> }>(me, {
      method: 'GET',
      url: '/api/Bussiness/workflow/ToDoList?pageSize=6',
    });
    expect(items.data.list).toContainEqual(
      expect.objectContaining({ title: '看板会', url: `/oa/conference?id=${b.data}` }),
    );
    const d = dayOf(start);
    const pts = await t.call<Record<string, { count: number }>>(me, {
      method: 'GET',
      url: `/api/Bussiness/conferenceroombook/point?startdate=${d}&enddate=${d}`,
    });
    expect(pts.data[d].count).toBe(1);
    expect(
      (await t.call(me, { method: 'GET', url: `/api/Bussiness/conferenceroombook/point?startdate=${d}` }))
        .code,
    ).toBe(400);
    // another user who does not attend sees nothing of it
    const other = await t.login('liuzhiqiang');
    const none = await t.call<{ list: Array<{ crbguid: string }> }>(other, {
      method: 'GET',
      url: '/api/Bussiness/conferenceroombook/List',
    });
    expect(none.data.list.map((x) => x.crbguid)).not.toContain(b.data);
  });
});
