import { AttendanceQuery, OaListQuery, PageQuery } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope';
import { requestLanguage } from '../../../http/i18n';
import { paged, pageOf } from '../../../http/paging';
import { me } from '../../auth/guard';
import { bad } from '../../message/texts';
import { listItems } from '../../oa/oa-items';
import { attendanceSummary, dayOf } from '../attendance';
import { itemTodos, myMeetings, myMeetingsQuery, pendingTasks } from '../work-items';

const tags = ['dashboard'];
/** An honest empty page: the source module (and its tables) does not exist yet. */
const emptyPage = (q: PageQuery) => paged([], pageOf(q), 0);

/**
 * Home dashboard and portal widget calls (spec 1 §7 Dashboard). A session is enough: every answer is
 * the caller's own data. Workflow tasks and meetings come from their modules' tables (work-items.ts), document
 * drafts are the oa domain's (oa/document.ts); mail is routes/email.ts.
 */
export default async function dashboardRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  const db = ctx.db;

  /** Counts from wf_todo (the framework's counter table the workflow engine fills). */
  app.get(
    '/api/visualdev/Dashboard/FlowTodoCount',
    { config: { permission: { signedIn: 'handler' } }, schema: { tags } },
    async (req) => {
      const rows = await ctx.db
        .selectFrom('wf_todo')
        .select(['kind', 'state', (eb) => eb.fn.countAll<string>().as('n')])
        .where('user_id', '=', me(req).userId)
        .groupBy(['kind', 'state'])
        .execute();
      const n = (kind: string, state: number) =>
        Number(rows.find((r) => r.kind === kind && r.state === state)?.n ?? 0);
      // entrust: no delegation table yet (workflow module) -> 0
      return ok({
        toBeReviewed: n('todo', 0),
        flowDone: n('todo', 1),
        flowCirculate: n('circulate', 0),
        entrust: 0,
      });
    },
  );

  /** Latest released notices visible to the caller (same rows as CompanyNotice list/0). */
  app.get(
    '/api/visualdev/Dashboard/Notice',
    { config: { permission: { signedIn: 'audience' } }, schema: { tags, querystring: OaListQuery } },
    async (req) =>
      ok(await listItems(ctx, me(req), 'notice', 0, { pageSize: 6, ...(req.query as OaListQuery) })),
  );

  // Dashboard/Email and email/EmailCount: routes/email.ts (through the configured MailProvider).

  /** The caller's pending approvals (wf_operator status 0) as workflow task rows. */
  app.get(
    '/api/visualdev/Dashboard/FlowTodo',
    { config: { permission: { signedIn: 'handler' } }, schema: { tags, querystring: PageQuery } },
    async (req) => {
      const pg = pageOf(req.query as PageQuery);
      const r = await pendingTasks(ctx, me(req).userId, pg.pageSize, pg.offset, requestLanguage(req));
      return ok(paged(r.list, pg, r.total));
    },
  );
  /** Item to-dos (title, contents, url): pending approvals, then coming meetings the caller attends. */
  app.get(
    '/api/Bussiness/workflow/ToDoList',
    { config: { permission: { signedIn: 'handler' } }, schema: { tags, querystring: PageQuery } },
    async (req) => {
      const pg = pageOf(req.query as PageQuery);
      const r = await itemTodos(ctx, me(req).userId, pg.pageSize, pg.offset, requestLanguage(req));
      return ok(paged(r.list, pg, r.total));
    },
  );
  app.get(
    '/api/Bussiness/workflow/WFNotified',
    { config: { permission: { signedIn: 'handler' } }, schema: { tags, querystring: PageQuery } },
    async (req) => ok(emptyPage(req.query as PageQuery)),
  );
  app.get(
    '/api/Bussiness/workflow/ToDoMaterial',
    { config: { permission: { signedIn: 'handler' } }, schema: { tags, querystring: PageQuery } },
    async (req) => ok(emptyPage(req.query as PageQuery)),
  );
  /** Coming (not cancelled, not over) meetings the caller books, leads or attends. */
  app.get(
    '/api/Bussiness/conferenceroombook/List',
    { config: { permission: { signedIn: 'participant' } }, schema: { tags, querystring: PageQuery } },
    async (req) => {
      const pg = pageOf(req.query as PageQuery);
      const r = await myMeetings(ctx, me(req).userId, pg.pageSize, pg.offset, requestLanguage(req));
      return ok(paged(r.list, pg, r.total));
    },
  );
  /** Calendar markers of the caller's meetings: a map keyed by date (startdate..enddate, default this week). */
  app.get(
    '/api/Bussiness/conferenceroombook/point',
    { config: { permission: { signedIn: 'participant' } }, schema: { tags, querystring: AttendanceQuery } },
    async (req) => {
      const q = req.query as AttendanceQuery;
      if (!q.startdate !== !q.enddate) throw bad('startdate, enddate: give both or neither');
      const from = q.startdate ? new Date(`${q.startdate.slice(0, 10)}T00:00:00`) : undefined;
      const to = q.enddate ? new Date(`${q.enddate.slice(0, 10)}T23:59:59.999`) : undefined;
      if (from && to && from > to) throw bad('enddate: must not be before startdate');
      const rows = await myMeetingsQuery(ctx, me(req).userId, from, to)
        .select(['m.id', 'm.theme', 'm.start_time'])
        .orderBy('m.start_time')
        .limit(1000)
        .execute();
      const map: Record<string, { count: number; titles: string[] }> = {};
      for (const r of rows) {
        const day = dayOf(new Date(r.start_time));
        map[day] ??= { count: 0, titles: [] };
        map[day].count++;
        map[day].titles.push(r.theme);
      }
      return ok(map);
    },
  );

  /** Check-in of the caller now (one record per call; the summary counts days). */
  app.post(
    '/api/Bussiness/attendance/checkIn',
    { config: { permission: { signedIn: 'self' } }, schema: { tags } },
    async (req) => {
      const now = new Date();
      const id = crypto.randomUUID().replace(/-/g, '');
      await db
        .insertInto('oa_attendance')
        .values({
          id,
          user_id: me(req).userId,
          day: dayOf(now),
          check_time: now,
          ip: req.ip?.slice(0, 64) ?? null,
        })
        .execute();
      return ok({ day: dayOf(now), checkTime: now.getTime() }, '打卡成功');
    },
  );

  /** {checkedDay, uncheckedDay, uncheckedList [{day, url}]} of a month (query month=YYYY-MM, default now). */
  app.get(
    '/api/Bussiness/attendance/KQUnchecked',
    { config: { permission: { signedIn: 'self' } }, schema: { tags, querystring: AttendanceQuery } },
    async (req) => {
      const q = req.query as AttendanceQuery;
      const today = dayOf(new Date());
      const month = q.month ?? today.slice(0, 7);
      const mm = Number(month.slice(5));
      if (mm < 1 || mm > 12) throw bad('month: must be YYYY-MM');
      const rows = await db
        .selectFrom('oa_attendance')
        .select('day')
        .distinct()
        .where('user_id', '=', me(req).userId)
        .where('day', 'like', `${month}-%`)
        .execute();
      return ok(attendanceSummary(month, today, new Set(rows.map((r) => r.day))));
    },
  );

  /** Calendar markers: a map keyed by date of the caller's check-ins between startdate and enddate. */
  app.get(
    '/api/Bussiness/attendance/calendar',
    { config: { permission: { signedIn: 'self' } }, schema: { tags, querystring: AttendanceQuery } },
    async (req) => {
      const q = req.query as AttendanceQuery;
      if (!q.startdate || !q.enddate) throw bad('startdate, enddate: are required');
      const from = q.startdate.slice(0, 10);
      const to = q.enddate.slice(0, 10);
      if (from > to) throw bad('enddate: must not be before startdate');
      const rows = await db
        .selectFrom('oa_attendance')
        .select(['day', 'check_time'])
        .where('user_id', '=', me(req).userId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('check_time')
        .execute();
      const map: Record<string, { checked: boolean; times: number[] }> = {};
      for (const r of rows) {
        map[r.day] ??= { checked: true, times: [] };
        map[r.day].times.push(new Date(r.check_time).getTime());
      }
      return ok(map);
    },
  );
}
