// Issue 20: the seeded meeting rooms carry their name and location in zh, zhtw and en (migration 0175,
// db/meeting-room-labels.ts). The booking timeline, a booking, the booking list and the portal's meeting
// list name a room in the request's language while its name is still the labels' zh.
import dayjs from 'dayjs';
import type { Kysely } from 'kysely';
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { MEETING_ROOM_LABELS } from '../../db/meeting-room-labels';
import { relabelSeededRooms } from '../../db/migrations/0175-meeting-room-labels';
import { TEST_DB_KIND, type TestApp } from '../../test/harness';
import { userIds, useTestApp } from '../../test/suite';

const convert = OpenCC.Converter({ from: 'cn', to: 'tw' });
type Room = { id: string; roomName: string; location: string | null };

describe('seeded meeting room labels', () => {
  it('has zh, zhtw (traditional) and en (no Han) for every name and location', () => {
    const faults = Object.entries(MEETING_ROOM_LABELS).flatMap(([id, r]) =>
      [r.name, r.location].flatMap((l) => [
        // traditional characters (opencc changes none), in Taiwan's words (視訊會議室, not 視頻會議室)
        ...(l.zhtw && convert(l.zhtw) === l.zhtw ? [] : [`${id}: zhtw ${l.zhtw}`]),
        ...(l.en && !/[\u4e00-\u9fff]/.test(l.en) ? [] : [`${id}: en ${l.en}`]),
      ]),
    );
    expect(faults).toEqual([]);
  });
});

describe(`meeting rooms in the request's language on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  let emp = '';
  let leader = '';
  useTestApp(async (app) => {
    t = app;
    emp = await app.login('zhangwei');
    leader = (await userIds(app)).zhangwei ?? '';
  });
  const day = dayjs().add(2, 'day').startOf('day');
  const get = <T>(url: string, lang: string) =>
    t.call<T>(emp, { method: 'GET', url, headers: { 'accept-language': lang } });
  const rooms = async (lang: string) =>
    (
      await get<{ resources: Room[] }>(
        `/api/Bussiness/Conference/ConferenceList?day=${day.format('YYYY-MM-DD')}`,
        lang,
      )
    ).data.resources;

  it('labels every room the seed wrote, by id, with the zh it was named and placed with', async () => {
    const rows = await t.db.kysely
      .selectFrom('oa_meeting_room')
      .select(['id', 'room_name', 'location'])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.room_name, r.location]]))).toEqual(
      Object.fromEntries(
        Object.entries(MEETING_ROOM_LABELS).map(([id, l]) => [id, [l.name.zh, l.location.zh]]),
      ),
    );
  });

  it('names the rooms on the timeline, in a booking, the booking list and the portal list', async () => {
    const room = async (lang: string) => (await rooms(lang)).find((r) => r.id === 'room-302');
    expect(await room('zh')).toMatchObject({ roomName: '视频会议室', location: '总部大楼3楼' });
    expect(await room('zh-TW')).toMatchObject({ roomName: '視訊會議室', location: '總部大樓3樓' });
    expect(await room('en')).toMatchObject({
      roomName: 'Video conference room',
      location: 'Headquarters, floor 3',
    });

    const made = await t.call<string>(emp, {
      method: 'POST',
      url: '/api/Bussiness/Conference',
      payload: {
        crTheme: 'Weekly',
        crguid: 'room-301',
        crTypeGuid: 'dict-meeting-type-routine',
        crLeader: leader,
        startTime: day.hour(9).valueOf(),
        endTime: day.hour(10).valueOf(),
      },
    });
    expect(made.code, made.msg).toBe(200);
    const one = (lang: string) => get<{ crName: string }>(`/api/Bussiness/Conference/${made.data}`, lang);
    expect((await one('en')).data.crName).toBe('Multi-purpose hall');
    expect((await one('zhtw')).data.crName).toBe('多功能廳');
    const names = async (url: string, lang: string) =>
      (await get<{ list: Array<{ crName: string }> }>(url, lang)).data.list.map((m) => m.crName);
    expect(await names('/api/Bussiness/Conference?mine=true', 'en')).toEqual(['Multi-purpose hall']);
    expect(await names('/api/Bussiness/conferenceroombook/List', 'en')).toEqual(['Multi-purpose hall']);
    expect(await names('/api/Bussiness/conferenceroombook/List', 'zh')).toEqual(['多功能厅']);
  });

  it('labels the rooms of a database seeded before (migration 0175); a renamed room keeps its name', async () => {
    const k = t.db.kysely;
    await k.updateTable('oa_meeting_room').set({ room_name_i18n: null, location_i18n: null }).execute();
    expect((await rooms('en')).map((r) => r.roomName)).toContain('洽谈室');
    await k
      .updateTable('oa_meeting_room')
      .set({ room_name: '小会议室' })
      .where('id', '=', 'room-501')
      .execute();

    await relabelSeededRooms(k as unknown as Kysely<unknown>);
    const en = await rooms('en');
    expect(en.find((r) => r.id === 'room-101')).toMatchObject({
      roomName: 'Meeting room 1',
      location: 'Headquarters, floor 1',
    });
    // renamed before the labels came: its name as stored, its location (unchanged) labelled
    expect(en.find((r) => r.id === 'room-501')).toMatchObject({
      roomName: '小会议室',
      location: 'Headquarters, floor 5',
    });
  });
});
