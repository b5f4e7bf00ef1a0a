import { ConferenceBody, ConferenceDayQuery, ConferenceQuery, IdParams, type Language } from '@kp/schema';
import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { roomLocationIn, roomNameIn } from '../../db/meeting-room-labels';
import { countOf, likeOf } from '../../db/values';
import { ApiError, badRequest, forbidden, notFound } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { requestLanguage } from '../../http/i18n';
import { me } from '../auth/guard';
import { isMeetingParticipant } from '../auth/objects';
import { newId } from '../auth/tokens';
import { fileIdsOf, linkFiles } from '../file/links';
import { notifyAttendees } from './notify';

const MENU = 'oa.conference';
const PAST = '过去的时间不可选择！';

function toTime(v: unknown): Date | null {
  if (v === null || v === undefined || v === '') return null;
  const d =
    typeof v === 'number' || /^\d+$/.test(String(v)) ? new Date(Number(v)) : dayjs(String(v)).toDate();
  return Number.isNaN(d.getTime()) ? null : d;
}
const ms = (v: Date | string) => new Date(v).getTime();

/**
 * Meeting-room booking (spec 3). Reads need the oa.conference module; booking btn_add; editing and
 * cancelling btn_edit and being the booker (or an administrator). Cancel:
 * PUT /api/Bussiness/Conference/{id}/Actions/Cancel (path not in the spec). A booking may not start in
 * the past; overlaps with a live booking of the same room are refused inside a transaction that locks
 * the room row (SELECT … FOR UPDATE), so two concurrent requests cannot both pass the check. The seeded
 * rooms' names and locations come in the request's language (db/meeting-room-labels.ts).
 */
export default async function meetingRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  const db = ctx.db;

  const names = async (ids: string[]) => {
    const list = [...new Set(ids.filter(Boolean))];
    if (!list.length) return new Map<string, string>();
    const rows = await db
      .selectFrom('base_user')
      .select(['id', 'real_name'])
      .where('id', 'in', list)
      .execute();
    return new Map(rows.map((r) => [r.id, r.real_name]));
  };

  app.get(
    '/api/Bussiness/Conference/ConferenceList',
    {
      config: { permission: { menu: MENU } },
      schema: { tags: ['meeting'], querystring: ConferenceDayQuery },
    },
    async (req) => {
      const { day } = req.query as ConferenceDayQuery;
      const d = day ? dayjs(/^\d+$/.test(day) ? Number(day) : day) : dayjs();
      if (!d.isValid()) throw badRequest('day: 日期格式不正确');
      const from = d.startOf('day').toDate();
      const to = d.endOf('day').toDate();
      const rooms = await db
        .selectFrom('oa_meeting_room')
        .selectAll()
        .where('enabled_mark', '=', 1)
        .orderBy('sort_code')
        .execute();
      const rows = await db
        .selectFrom('oa_meeting')
        .selectAll()
        .where('state_type', '<>', 1)
        .where('start_time', '<', to)
        .where('end_time', '>', from)
        .orderBy('start_time')
        .execute();
      const who = await names(rows.map((r) => r.leader));
      const calendarEvents = rows.map((r) => ({
        id: r.id,
        resourceId: r.room_id,
        title: r.theme,
        start: ms(r.start_time),
        end: ms(r.end_time),
        crLeader: r.leader,
        leaderName: who.get(r.leader) ?? '',
        createUserGuid: r.creator_user_id,
      }));
      const lang = requestLanguage(req);
      const resources = rooms.map((room) => ({
        id: room.id,
        roomName: roomNameIn(room, lang),
        location: roomLocationIn(room, lang),
        capacity: room.capacity,
        events: calendarEvents.filter((e) => e.resourceId === room.id),
      }));
      return ok({ resources, calendarEvents });
    },
  );

  /**
   * One booking. Its participants (booker, leader, recorder, host, attendees) and administrators get it
   * whole; anyone else with the module gets what the day timeline shows of it (room, subject, time, leader,
   * state), never its description, attendees, recorder, host or attachments.
   */
  const detail = async (id: string, lang: Language, p: ReturnType<typeof me>) => {
    const r = await db
      .selectFrom('oa_meeting as m')
      .innerJoin('oa_meeting_room as r', 'r.id', 'm.room_id')
      .selectAll('m')
      .select(['r.room_name', 'r.room_name_i18n'])
      .where('m.id', '=', id)
      .executeTakeFirst();
    if (!r) throw notFound();
    if (!(await isMeetingParticipant(db, p, id))) {
      const leader = await names([r.leader]);
      return {
        id: r.id,
        crbguid: r.id,
        crguid: r.room_id,
        crName: roomNameIn(r, lang),
        crTheme: r.theme,
        crLeader: r.leader,
        startTime: ms(r.start_time),
        endTime: ms(r.end_time),
        stateType: r.state_type,
        createUserGuid: r.creator_user_id,
        userNames: Object.fromEntries(leader),
      };
    }
    const userList = r.participants ? r.participants.split(',') : [];
    // Names of every user the booking mentions, so a read-only view can show them.
    const who = await names([r.leader, r.recorder ?? '', r.host ?? '', r.creator_user_id, ...userList]);
    return {
      id: r.id,
      crbguid: r.id,
      crguid: r.room_id,
      crName: roomNameIn(r, lang),
      crTheme: r.theme,
      crTypeGuid: r.type_id,
      crLeader: r.leader,
      crRecorder: r.recorder,
      crHost: r.host,
      crDescription: r.description,
      startTime: ms(r.start_time),
      endTime: ms(r.end_time),
      participants: userList.join(','),
      userList,
      files: JSON.parse(r.files || '[]') as unknown[],
      stateType: r.state_type,
      createUserGuid: r.creator_user_id,
      userNames: Object.fromEntries(who),
    };
  };

  app.get(
    '/api/Bussiness/Conference/:id',
    { config: { permission: { menu: MENU } }, schema: { tags: ['meeting'], params: IdParams } },
    async (req) => ok(await detail((req.params as IdParams).id, requestLanguage(req), me(req))),
  );

  /** Checks a body; answers the row values. */
  const parse = async (b: ConferenceBody, userId: string) => {
    const theme = b.crTheme?.trim();
    if (!theme) throw badRequest('请输入会议主题');
    if (!b.crguid) throw badRequest('请输入会议室');
    if (!b.crTypeGuid) throw badRequest('请输入会议类型');
    if (!b.crLeader) throw badRequest('请输入会议负责人');
    // 0 counts as empty: a JSON null arrives coerced to 0 by the schema validator.
    if (!b.startTime) throw badRequest('请输入开始时间');
    if (!b.endTime) throw badRequest('请输入结束时间');
    const start = toTime(b.startTime);
    if (!start) throw badRequest('startTime: 时间格式不正确');
    const end = toTime(b.endTime);
    if (!end) throw badRequest('endTime: 时间格式不正确');
    if (end.getTime() <= start.getTime()) throw badRequest('结束时间必须晚于开始时间');
    // A minute of grace for the clock of the client.
    if (start.getTime() < Date.now() - 60_000) throw badRequest(PAST);
    if (end.getTime() - start.getTime() > 7 * 24 * 3600_000) throw badRequest('endTime: 会议时长不能超过7天');
    // The meeting type is an entry of the meeting-type dictionary (fixed id dict-meeting-type), by id or enCode.
    const typeKey = b.crTypeGuid ?? '';
    const type = await db
      .selectFrom('sys_dictionary_data')
      .select('id')
      .where('type_id', '=', 'dict-meeting-type')
      .where((eb) => eb.or([eb('id', '=', typeKey), eb('en_code', '=', typeKey)]))
      .executeTakeFirst();
    if (!type) throw badRequest('crTypeGuid: 会议类型不存在');
    const people = [
      ...new Set(
        [...(b.participants ? b.participants.split(',') : []), ...(b.userList ?? [])]
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    const participants = people.length ? people : [userId];
    const mentioned = [b.crLeader, b.crRecorder, b.crHost, ...participants].filter(Boolean) as string[];
    const found = await names(mentioned);
    const unknown = mentioned.find((u) => !found.has(u));
    if (unknown) throw badRequest(`用户不存在：${unknown.slice(0, 64)}`);
    return {
      room_id: b.crguid,
      theme,
      type_id: b.crTypeGuid,
      leader: b.crLeader,
      recorder: b.crRecorder || null,
      host: b.crHost || null,
      description: b.crDescription ?? null,
      participants: participants.join(','),
      files: JSON.stringify(b.files ?? []),
      start_time: start,
      end_time: end,
    };
  };

  /** Writes inside a transaction that holds the room's row lock; refuses overlaps. */
  const save = async (
    values: Awaited<ReturnType<typeof parse>>,
    id: string,
    insert: boolean,
    userId: string,
  ) =>
    ctx.db.transaction().execute(async (t) => {
      const tx = t;
      const room = await tx
        .selectFrom('oa_meeting_room')
        .select(['id', 'room_name', 'enabled_mark'])
        .where('id', '=', values.room_id)
        .forUpdate()
        .executeTakeFirst();
      if (!room || room.enabled_mark !== 1) throw badRequest('crguid: 会议室不存在');
      const clash = await tx
        .selectFrom('oa_meeting')
        .select(['theme', 'start_time', 'end_time'])
        .where('room_id', '=', values.room_id)
        .where('state_type', '<>', 1)
        .where('id', '<>', id)
        .where('start_time', '<', values.end_time)
        .where('end_time', '>', values.start_time)
        .executeTakeFirst();
      if (clash) {
        const f = (v: Date | string) => dayjs(v).format('YYYY-MM-DD HH:mm');
        throw new ApiError(
          409,
          `该时间段会议室已被预约（${clash.theme} ${f(clash.start_time)} - ${dayjs(clash.end_time).format('HH:mm')}）`,
        );
      }
      if (insert)
        await tx
          .insertInto('oa_meeting')
          .values({ id, ...values, creator_user_id: userId })
          .execute();
      else
        await tx
          .updateTable('oa_meeting')
          .set({ ...values, last_modify_time: new Date() })
          .where('id', '=', id)
          .execute();
      // attachments: the organiser's own uploads or already on this meeting (file/links.ts)
      await linkFiles(tx, { userId }, 'meeting', id, fileIdsOf(JSON.parse(values.files)));
    });

  app.post(
    '/api/Bussiness/Conference',
    {
      config: { permission: { menu: MENU, button: 'btn_add' } },
      schema: { tags: ['meeting'], body: ConferenceBody },
    },
    async (req) => {
      const p = me(req);
      const values = await parse(req.body as ConferenceBody, p.userId);
      const id = newId();
      await save(values, id, true, p.userId);
      await notifyAttendees(ctx, id, values.theme, values.participants.split(','), p.userId);
      return ok(id, '预约成功');
    },
  );

  const own = async (id: string, req: Parameters<typeof me>[0]) => {
    const p = me(req);
    const r = await db
      .selectFrom('oa_meeting')
      .select(['creator_user_id', 'state_type', 'end_time'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!r) throw notFound();
    if (r.creator_user_id !== p.userId && !p.isAdministrator) throw forbidden();
    if (r.state_type === 1) throw badRequest('会议已取消');
    return r;
  };

  app.put(
    '/api/Bussiness/Conference/:id',
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { tags: ['meeting'], params: IdParams, body: ConferenceBody },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      const p = me(req);
      await own(id, req);
      const values = await parse(req.body as ConferenceBody, p.userId);
      await save(values, id, false, p.userId);
      return ok(null, '修改成功');
    },
  );

  app.put(
    '/api/Bussiness/Conference/:id/Actions/Cancel',
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { tags: ['meeting'], params: IdParams },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      await own(id, req);
      await db
        .updateTable('oa_meeting')
        .set({ state_type: 1, last_modify_time: new Date() })
        .where('id', '=', id)
        .execute();
      return ok(null, '取消成功');
    },
  );

  app.get(
    '/api/Bussiness/Conference',
    { config: { permission: { menu: MENU } }, schema: { tags: ['meeting'], querystring: ConferenceQuery } },
    async (req) => {
      const q = req.query as ConferenceQuery;
      const currentPage = q.currentPage ?? 1;
      const pageSize = q.pageSize ?? 20;
      let from: Date | null = null;
      let to: Date | null = null;
      if (q.startTime) {
        const [a, b] = q.startTime.split(',');
        from = toTime(a);
        to = toTime(b ?? '');
        if (!from || (b !== undefined && !to)) throw badRequest('startTime: 时间格式不正确');
      }
      // close=true: cancelled bookings are listed too (with stateType 1); otherwise only live ones.
      const withClosed = q.close === true || q.close === 'true';
      const mine = q.mine === true || q.mine === 'true';
      const uid = me(req).userId;
      const kw = q.keyword?.trim();
      const base = db
        .selectFrom('oa_meeting as m')
        .innerJoin('oa_meeting_room as r', 'r.id', 'm.room_id')
        .leftJoin('base_user as u', 'u.id', 'm.leader')
        .$if(!withClosed, (qb) => qb.where('m.state_type', '<>', 1))
        .$if(!!from, (qb) => qb.where('m.end_time', '>=', from as Date))
        .$if(!!to, (qb) => qb.where('m.start_time', '<=', to as Date))
        .$if(!!kw, (qb) => qb.where('m.theme', 'like', likeOf(kw as string)))
        .$if(mine, (qb) => qb.where('m.creator_user_id', '=', uid));
      const total = await countOf(base);
      const rows = await base
        .select([
          'm.id',
          'm.theme',
          'r.room_name',
          'r.room_name_i18n',
          'u.real_name',
          'm.start_time',
          'm.end_time',
          'm.state_type',
          'm.creator_user_id',
        ])
        .orderBy('m.start_time')
        .orderBy('m.id')
        .limit(pageSize)
        .offset((currentPage - 1) * pageSize)
        .execute();
      const now = Date.now();
      const lang = requestLanguage(req);
      const list = rows.map((r) => ({
        crbguid: r.id,
        crTheme: r.theme,
        crName: roomNameIn(r, lang),
        userName: r.real_name ?? '',
        startTime: ms(r.start_time),
        endTime: ms(r.end_time),
        // 1 upcoming or running, 2 past, 3 closed (cancelled).
        crState: r.state_type === 1 ? 3 : ms(r.end_time) < now ? 2 : 1,
        stateType: r.state_type,
        createUserGuid: r.creator_user_id,
      }));
      return ok({ list, pagination: { currentPage, pageSize, total } });
    },
  );
}
