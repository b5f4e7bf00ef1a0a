import { AttendanceQuery, OaListQuery, PageQuery } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { me } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { listItems } from '../bussiness/oa-items';
import { bad, paged, pageOf } from '../message/common';
import { mdb } from '../message/tables';
import { attendanceSummary, dayOf } from './attendance';

const tags = ['dashboard'];
/** An honest empty page: the source module (and its tables) does not exist yet. */
const emptyPage = (q: PageQuery) => paged([], pageOf(q), 0);

/**
 * Home dashboard and portal widget calls (spec 1 §7 Dashboard). A session is enough: every answer is
 * the caller's own data. Workflow tasks, document drafts, meetings and mail belong to modules not built
 * yet: those calls answer an empty list of the right shape (marked below) until their tables exist.
 */
export default async function dashboardRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  const db = mdb(ctx.db);

  /** Counts from wf_todo (the framework's counter table the workflow engine fills). */
  app.get('/api/visualdev/Dashboard/FlowTodoCount', { schema: { tags } }, async (req) => {
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
  });

  /** Latest released notices visible to the caller (same rows as CompanyNotice list/0). */
  app.get('/api/visualdev/Dashboard/Notice', { schema: { tags, querystring: OaListQuery } }, async (req) =>
    ok(await listItems(ctx, me(req), 'notice', 0, { pageSize: 6, ...(req.query as OaListQuery) })),
  );

  // No mail module exists in this product yet: empty list / zero.
  app.get('/api/visualdev/Dashboard/Email', { schema: { tags } }, async () => ok({ list: [] }));
  app.get('/api/Bussiness/email/EmailCount', { schema: { tags } }, async () =>
    ok({ count: 0, unreadCount: 0 }),
  );

  // Workflow task rows need the workflow engine's task tables (not built yet): empty lists.
  app.get('/api/visualdev/Dashboard/FlowTodo', { schema: { tags, querystring: PageQuery } }, async (req) =>
    ok(emptyPage(req.query as PageQuery)),
  );
  app.get('/api/Bussiness/workflow/ToDoList', { schema: { tags, querystring: PageQuery } }, async (req) =>
    ok(emptyPage(req.query as PageQuery)),
  );
  app.get('/api/Bussiness/workflow/WFNotified', { schema: { tags, querystring: PageQuery } }, async (req) =>
    ok(emptyPage(req.query as PageQuery)),
  );
  app.get('/api/Bussiness/workflow/ToDoMaterial', { schema: { tags, querystring: PageQuery } }, async (req) =>
    ok(emptyPage(req.query as PageQuery)),
  );
  // Document drafting (WDQC01) has no tables yet: empty list.
  app.get('/api/Bussiness/personalfile/List', { schema: { tags, querystring: PageQuery } }, async (req) =>
    ok(emptyPage(req.query as PageQuery)),
  );
  // Meeting-room booking tables belong to the meetings module (not built yet): empty list and no points.
  app.get(
    '/api/Bussiness/conferenceroombook/List',
    { schema: { tags, querystring: PageQuery } },
    async (req) => ok(emptyPage(req.query as PageQuery)),
  );
  app.get(
    '/api/Bussiness/conferenceroombook/point',
    { schema: { tags, querystring: AttendanceQuery } },
    async () => ok({}),
  );

  /** Check-in of the caller now (one record per call; the summary counts days). */
  app.post('/api/Bussiness/attendance/checkIn', { schema: { tags } }, async (req) => {
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
  });

  /** {checkedDay, uncheckedDay, uncheckedList [{day, url}]} of a month (query month=YYYY-MM, default now). */
  app.get(
    '/api/Bussiness/attendance/KQUnchecked',
    { schema: { tags, querystring: AttendanceQuery } },
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
    { schema: { tags, querystring: AttendanceQuery } },
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
