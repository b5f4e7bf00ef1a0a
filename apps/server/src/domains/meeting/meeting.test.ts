import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: envelopes of many shapes
type Any = any;

describe(`meeting-room booking on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let emp: string;
  let other: string;
  let admin: string;
  let zhangwei: string;
  let chenjing: string;
  // Tomorrow 09:00 local time: never in the past while the test runs.
  const day = dayjs().add(1, 'day').startOf('day');
  const at = (h: number, m = 0) => day.hour(h).minute(m).valueOf();
  beforeAll(async () => {
    t = await createTestApp();
    emp = await t.login('zhangwei');
    other = await t.login('chenjing');
    admin = await t.login('admin');
    const ids = await t.db.kysely.selectFrom('base_user').select(['id', 'account']).execute();
    zhangwei = ids.find((u) => u.account === 'zhangwei')!.id;
    chenjing = ids.find((u) => u.account === 'chenjing')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  const body = (extra: Record<string, unknown> = {}) => ({
    crTheme: '周例会',
    crguid: 'room-101',
    crTypeGuid: 'dict-meeting-type-routine',
    crLeader: zhangwei,
    startTime: at(9),
    endTime: at(10),
    ...extra,
  });

  it('books a room, shows it on the day timeline, reads it back; attendees get a type-9 message', async () => {
    const r = await t.call<Any>(emp, {
      method: 'POST',
      url: '/api/Bussiness/Conference',
      payload: body({ userList: [chenjing], crDescription: '<script>alert(1)</script>' }),
    });
    expect(r).toMatchObject({ code: 200 });
    const one = await t.call<Any>(emp, { method: 'GET', url: `/api/Bussiness/Conference/${r.data}` });
    expect(one.data).toMatchObject({
      crbguid: r.data,
      crguid: 'room-101',
      crName: '第一会议室',
      crTheme: '周例会',
      startTime: at(9),
      endTime: at(10),
      userList: [chenjing],
      createUserGuid: zhangwei,
    });
    const tl = await t.call<Any>(emp, {
      method: 'GET',
      url: `/api/Bussiness/Conference/ConferenceList?day=${day.format('YYYY-MM-DD')}`,
    });
    expect(tl.data.resources.length).toBeGreaterThanOrEqual(5);
    const room = tl.data.resources.find((x: Any) => x.id === 'room-101');
    expect(room.roomName).toBe('第一会议室');
    expect(room.events.map((e: Any) => e.title)).toEqual(['周例会']);
    expect(tl.data.calendarEvents).toHaveLength(1);
    const msg = await t.db.kysely
      .selectFrom('message')
      .innerJoin('message_receive', 'message_receive.message_id', 'message.id')
      .select(['message.type', 'message.body_text', 'message_receive.user_id'])
      .where('message.body_text', '=', r.data)
      .execute();
    expect(msg).toEqual([{ type: 9, body_text: r.data, user_id: chenjing }]);
    // the default attendee is the current user
    const r2 = await t.call<Any>(emp, {
      method: 'POST',
      url: '/api/Bussiness/Conference',
      payload: body({ crguid: 'room-201', crTypeGuid: 'review' }),
    });
    expect(
      (await t.call<Any>(emp, { method: 'GET', url: `/api/Bussiness/Conference/${r2.data}` })).data.userList,
    ).toEqual([zhangwei]);
  });

  it('refuses overlaps of one room, allows touching slots and other rooms', async () => {
    const clash = await t.call<Any>(other, {
      method: 'POST',
      url: '/api/Bussiness/Conference',
      payload: body({ crTheme: '冲突', crLeader: chenjing, startTime: at(9, 30), endTime: at(11) }),
    });
    expect(clash.code).toBe(409);
    expect(clash.msg).toContain('该时间段会议室已被预约');
    const touch = await t.call<Any>(other, {
      method: 'POST',
      url: '/api/Bussiness/Conference',
      payload: body({ crTheme: '紧接着', crLeader: chenjing, startTime: at(10), endTime: at(11) }),
    });
    expect(touch.code).toBe(200);
  });

  it('concurrent bookings of one slot: exactly one wins', async () => {
    const res = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call<Any>(i % 2 ? emp : other, {
          method: 'POST',
          url: '/api/Bussiness/Conference',
          payload: body({ crguid: 'room-301', crTheme: `并发${i}`, startTime: at(14), endTime: at(15) }),
        }),
      ),
    );
    expect(res.filter((r) => r.code === 200)).toHaveLength(1);
    expect(res.filter((r) => r.code === 409)).toHaveLength(7);
  });

  it('required fields, past time, end before start, bad values', async () => {
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [body({ crTheme: '' }), '请输入会议主题'],
      [body({ crguid: undefined }), '请输入会议室'],
      [body({ crTypeGuid: undefined }), '请输入会议类型'],
      [body({ crLeader: undefined }), '请输入会议负责人'],
      [body({ startTime: undefined }), '请输入开始时间'],
      [body({ endTime: null }), '请输入结束时间'],
      [
        body({
          startTime: dayjs().subtract(1, 'day').valueOf(),
          endTime: dayjs().subtract(1, 'day').add(1, 'hour').valueOf(),
        }),
        '过去的时间不可选择！',
      ],
      [body({ startTime: at(12), endTime: at(11) }), '结束时间必须晚于开始时间'],
      [body({ startTime: at(12), endTime: at(12) }), '结束时间必须晚于开始时间'],
      [body({ startTime: 'not a date' }), /^startTime: /],
      [body({ crguid: "room-101' or '1'='1" }), /^crguid: /],
      [body({ crTypeGuid: '../../etc/passwd' }), /^crTypeGuid: /],
      [body({ crLeader: 'nobody' }), /用户不存在/],
      [body({ crTheme: 'x'.repeat(1000) }), /^crTheme: /],
    ];
    for (const [payload, msg] of cases) {
      const r = await t.call<Any>(emp, { method: 'POST', url: '/api/Bussiness/Conference', payload });
      expect(r.code, JSON.stringify(payload).slice(0, 100)).not.toBe(200);
      if (typeof msg === 'string') expect(r.msg).toBe(msg);
      else expect(r.msg).toMatch(msg);
    }
  });

  it('edit by the booker, refused for others; cancel; list with paging, states and close=true', async () => {
    const r = await t.call<Any>(emp, {
      method: 'POST',
      url: '/api/Bussiness/Conference',
      payload: body({ crguid: 'room-501', crTheme: '客户洽谈', startTime: at(16), endTime: at(17) }),
    });
    expect(r.code).toBe(200);
    const upd = await t.call<Any>(emp, {
      method: 'PUT',
      url: `/api/Bussiness/Conference/${r.data}`,
      payload: body({ crguid: 'room-501', crTheme: '客户洽谈（改）', startTime: at(16), endTime: at(18) }),
    });
    expect(upd.code).toBe(200);
    const notMine = await t.call<Any>(other, {
      method: 'PUT',
      url: `/api/Bussiness/Conference/${r.data}`,
      payload: body({ crguid: 'room-501', startTime: at(16), endTime: at(18) }),
    });
    expect(notMine.code).toBe(403);
    expect(
      (await t.call(other, { method: 'PUT', url: `/api/Bussiness/Conference/${r.data}/Actions/Cancel` }))
        .code,
    ).toBe(403);
    const range = `${day.format('YYYY-MM-DD')} 00:00:00,${day.format('YYYY-MM-DD')} 23:59:59`;
    const list = await t.call<Any>(emp, {
      method: 'GET',
      url: `/api/Bussiness/Conference?currentPage=1&pageSize=50&startTime=${encodeURIComponent(range)}`,
    });
    const row = list.data.list.find((x: Any) => x.crbguid === r.data);
    expect(row).toMatchObject({
      crTheme: '客户洽谈（改）',
      crName: '洽谈室',
      userName: '张伟',
      crState: 1,
      stateType: 0,
      endTime: at(18),
    });
    const total = list.data.pagination.total;
    expect(
      (await t.call(emp, { method: 'PUT', url: `/api/Bussiness/Conference/${r.data}/Actions/Cancel` })).code,
    ).toBe(200);
    const live = await t.call<Any>(emp, {
      method: 'GET',
      url: `/api/Bussiness/Conference?startTime=${encodeURIComponent(range)}`,
    });
    expect(live.data.pagination.total).toBe(total - 1);
    const all = await t.call<Any>(emp, {
      method: 'GET',
      url: `/api/Bussiness/Conference?close=true&startTime=${encodeURIComponent(range)}&pageSize=1&currentPage=1`,
    });
    expect(all.data.pagination).toEqual({ currentPage: 1, pageSize: 1, total });
    const all2 = await t.call<Any>(emp, {
      method: 'GET',
      url: `/api/Bussiness/Conference?close=true&pageSize=100`,
    });
    expect(all2.data.list.find((x: Any) => x.crbguid === r.data)).toMatchObject({ stateType: 1, crState: 3 });
    // the cancelled slot is free again
    const again = await t.call<Any>(other, {
      method: 'POST',
      url: '/api/Bussiness/Conference',
      payload: body({ crguid: 'room-501', crLeader: chenjing, startTime: at(16), endTime: at(17) }),
    });
    expect(again.code).toBe(200);
    // a past booking shows crState 2 (inserted directly: the API refuses past times)
    await t.db.kysely
      .insertInto('oa_meeting')
      .values({
        id: 'past1',
        room_id: 'room-101',
        theme: '昨天的会',
        type_id: 'dict-meeting-type-routine',
        leader: zhangwei,
        participants: zhangwei,
        start_time: dayjs().subtract(1, 'day').toDate(),
        end_time: dayjs().subtract(1, 'day').add(1, 'hour').toDate(),
        creator_user_id: zhangwei,
      })
      .execute();
    const past = await t.call<Any>(emp, { method: 'GET', url: '/api/Bussiness/Conference?pageSize=100' });
    expect(past.data.list.find((x: Any) => x.crbguid === 'past1').crState).toBe(2);
    // the keyword is text, not a LIKE pattern: '%' and '_' match only themselves
    for (const kw of ['%', '_'])
      expect(
        (
          await t.call<Any>(emp, {
            method: 'GET',
            url: `/api/Bussiness/Conference?pageSize=100&keyword=${encodeURIComponent(kw)}`,
          })
        ).data.list,
      ).toEqual([]);
    expect((await t.call(admin, { method: 'GET', url: '/api/Bussiness/Conference/nope' })).code).toBe(404);
    expect(
      (await t.call(emp, { method: 'GET', url: '/api/Bussiness/Conference?startTime=garbage' })).code,
    ).toBe(400);
    expect(
      (await t.call(emp, { method: 'GET', url: '/api/Bussiness/Conference/ConferenceList?day=xx' })).code,
    ).toBe(400);
    expect((await t.call(null, { method: 'GET', url: '/api/Bussiness/Conference' })).code).toBe(602);
  });
  it("mine=true lists only the caller's bookings; the detail names the users it mentions", async () => {
    const mineR = await t.call<Any>(other, {
      method: 'POST',
      url: '/api/Bussiness/Conference',
      payload: body({
        crguid: 'room-302',
        crLeader: chenjing,
        crTheme: '陈静的会',
        startTime: at(7),
        endTime: at(8),
        userList: [zhangwei],
      }),
    });
    expect(mineR.code).toBe(200);
    const mine = await t.call<Any>(other, {
      method: 'GET',
      url: '/api/Bussiness/Conference?mine=true&close=true&pageSize=100',
    });
    expect(mine.data.list.length).toBeGreaterThan(0);
    expect(mine.data.list.every((x: Any) => x.createUserGuid === chenjing)).toBe(true);
    expect(mine.data.list.some((x: Any) => x.crbguid === mineR.data)).toBe(true);
    const theirs = await t.call<Any>(emp, {
      method: 'GET',
      url: '/api/Bussiness/Conference?mine=true&close=true&pageSize=100',
    });
    expect(theirs.data.list.some((x: Any) => x.crbguid === mineR.data)).toBe(false);
    const one = await t.call<Any>(emp, { method: 'GET', url: `/api/Bussiness/Conference/${mineR.data}` });
    expect(one.data.userNames).toMatchObject({ [chenjing]: '陈静', [zhangwei]: '张伟' });
  });

  it('an employee who takes no part sees only the room-calendar fields (detail and list)', async () => {
    const ids = await t.db.kysely.selectFrom('base_user').select(['id', 'account']).execute();
    const wangjianguo = ids.find((u) => u.account === 'wangjianguo')!.id;
    const secret = await t.call<Any>(other, {
      method: 'POST',
      url: '/api/Bussiness/Conference',
      payload: body({
        crguid: 'room-301',
        crLeader: chenjing,
        crTheme: '薪资评审',
        crDescription: '机密：调薪名单',
        startTime: at(18),
        endTime: at(19),
        userList: [chenjing],
        files: [{ fileId: 'private-file-1', name: 'salary.xlsx' }],
      }),
    });
    expect(secret.code).toBe(200);
    const outsider = await t.login('wangjianguo');
    expect(wangjianguo).toBeTruthy();
    const one = await t.call<Any>(outsider, {
      method: 'GET',
      url: `/api/Bussiness/Conference/${secret.data}`,
    });
    expect(one.code).toBe(200);
    expect(one.data).toMatchObject({ crbguid: secret.data, crguid: 'room-301', crTheme: '薪资评审' });
    expect(one.data.startTime).toBe(at(18));
    for (const k of ['crDescription', 'participants', 'userList', 'files', 'crRecorder', 'crHost'])
      expect(one.data[k], k).toBeUndefined();
    expect(JSON.stringify(one.data)).not.toContain('调薪');
    expect(JSON.stringify(one.data)).not.toContain('private-file-1');
    const list = await t.call<Any>(outsider, {
      method: 'GET',
      url: '/api/Bussiness/Conference?close=true&pageSize=100',
    });
    const row = list.data.list.find((x: Any) => x.crbguid === secret.data);
    expect(row).toMatchObject({ crTheme: '薪资评审' });
    expect(JSON.stringify(list.data)).not.toContain('调薪');
    expect(JSON.stringify(list.data)).not.toContain('private-file-1');
    // the attendee, the booker and an administrator see everything
    for (const who of [other, admin]) {
      const full = await t.call<Any>(who, { method: 'GET', url: `/api/Bussiness/Conference/${secret.data}` });
      expect(full.data).toMatchObject({ crDescription: '机密：调薪名单', userList: [chenjing] });
      expect(full.data.files).toEqual([{ fileId: 'private-file-1', name: 'salary.xlsx' }]);
    }
  });
});
