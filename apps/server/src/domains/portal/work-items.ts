import type { Language } from '@kp/schema';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { roomNameIn } from '../../db/meeting-room-labels';
import { flowStepIn } from '../../db/seed-labels';
import { countOf } from '../../db/values';
import { wdb } from '../workflow/tables';
import { taskTitle } from '../workflow/task-title';

const ms = (v: Date | string) => new Date(v).getTime();

/** The caller's pending workflow approvals (wf_operator status 0) as task rows, newest first; titles in `lang`. */
export async function pendingTasks(
  ctx: AppContext,
  userId: string,
  limit: number,
  offset: number,
  lang: Language,
) {
  const db = wdb(ctx.db);
  const base = db
    .selectFrom('wf_operator as o')
    .innerJoin('wf_task as t', 't.id', 'o.task_id')
    .where('o.user_id', '=', userId)
    .where('o.status', '=', 0);
  const total = await countOf(base);
  const rows = await base
    .leftJoin('base_user as u', 'u.id', 't.initiator_id')
    .select([
      'o.id as id',
      'o.node_name',
      'o.creator_time as opTime',
      't.id as processId',
      't.template_id',
      't.full_name',
      't.title_parts',
      't.status',
      't.press_mark',
      't.creator_time',
      'u.real_name',
    ])
    .orderBy('o.creator_time', 'desc')
    .orderBy('o.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      processId: r.processId,
      flowId: r.template_id,
      fullName: taskTitle(r, lang),
      thisStep: flowStepIn(r.node_name, lang),
      status: r.status,
      pressMark: r.press_mark,
      userName: r.real_name ?? '',
      creatorTime: ms(r.creator_time),
    })),
  };
}

/** Live (not cancelled, not over) meetings the caller books or attends, soonest first. */
export function myMeetingsQuery(ctx: AppContext, userId: string, from?: Date, to?: Date) {
  const db = ctx.db;
  return db
    .selectFrom('oa_meeting as m')
    .innerJoin('oa_meeting_room as r', 'r.id', 'm.room_id')
    .leftJoin('base_user as u', 'u.id', 'm.leader')
    .where('m.state_type', '<>', 1)
    .where((eb) =>
      eb.or([
        eb('m.creator_user_id', '=', userId),
        eb('m.leader', '=', userId),
        eb(sql<string>`',' || ${sql.ref('m.participants')} || ','`, 'like', `%,${userId},%`),
      ]),
    )
    .$if(!!from, (qb) => qb.where('m.end_time', '>=', from as Date))
    .$if(!!to, (qb) => qb.where('m.start_time', '<=', to as Date));
}

/** The caller's coming meetings; the rooms named in `lang`. */
export async function myMeetings(
  ctx: AppContext,
  userId: string,
  limit: number,
  offset: number,
  lang: Language,
) {
  const base = myMeetingsQuery(ctx, userId, new Date());
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
    ])
    .orderBy('m.start_time')
    .orderBy('m.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    total,
    list: rows.map((r) => ({
      crbguid: r.id,
      crTheme: r.theme,
      crName: roomNameIn(r, lang),
      userName: r.real_name ?? '',
      startTime: ms(r.start_time),
      endTime: ms(r.end_time),
      crState: ms(r.end_time) < Date.now() ? 2 : 1,
      stateType: r.state_type,
    })),
  };
}

/**
 * Item to-dos (portalitem: title, contents, url): the caller's pending approvals, then his coming meetings.
 * Paged over the two sources in that order.
 */
export async function itemTodos(
  ctx: AppContext,
  userId: string,
  pageSize: number,
  offset: number,
  lang: Language,
) {
  const tasks = await pendingTasks(ctx, userId, pageSize, offset, lang);
  const items: Array<{ title: string; contents: string; url: string }> = tasks.list.map((t) => ({
    title: t.fullName,
    contents: t.thisStep,
    url: `/workFlow/flowTodo?id=${t.id}`,
  }));
  const meetOffset = Math.max(0, offset - tasks.total);
  const meetLimit = pageSize - items.length;
  const meetings = await myMeetings(ctx, userId, Math.max(meetLimit, 1), meetOffset, lang);
  if (meetLimit > 0)
    for (const m of meetings.list)
      items.push({
        title: m.crTheme,
        contents: `${m.crName} ${dayjs(m.startTime).format('YYYY-MM-DD HH:mm')}-${dayjs(m.endTime).format('HH:mm')}`,
        url: `/oa/conference?id=${m.crbguid}`,
      });
  return { total: tasks.total + meetings.total, list: items };
}
