import {
  ApiCode,
  IdParams,
  OnlineUserBatchBody,
  type OnlineUserItem,
  OnlineUserQuery,
  type PagedList,
} from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, MSG } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { writeLog } from '../../auth/accounts';
import { me } from '../../auth/guard';
import { assertOutranks } from '../../auth/rank';

/** Online users (spec 4 §6 forced offline): menu permission.onlineUser; forcing needs its btn_remove. */
const MENU = 'permission.onlineUser';

export default async function onlineUserRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  const live = () =>
    ctx.db
      .selectFrom('user_session as s')
      .innerJoin('base_user as u', 'u.id', 's.user_id')
      .where('s.ended_at', 'is', null)
      .where('s.expires_at', '>', new Date());

  app.get(
    '/api/system/onlineUser',
    {
      config: { permission: { menu: MENU } },
      schema: { tags: ['system'], summary: 'Live sessions', querystring: OnlineUserQuery },
    },
    async (req) => {
      const q = req.query as OnlineUserQuery;
      const page = q.currentPage ?? 1;
      const size = q.pageSize ?? 20;
      let base = live();
      if (q.keyword) {
        const kw = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        base = base.where((eb) => eb.or([eb('u.account', 'like', kw), eb('u.real_name', 'like', kw)]));
      }
      const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .select([
          's.id',
          's.user_id',
          'u.account',
          'u.real_name',
          's.created_at',
          's.last_active_at',
          's.ip',
          's.device',
          's.locked',
        ])
        .orderBy('s.created_at', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const data: PagedList<OnlineUserItem> = {
        list: rows.map((r) => ({
          id: r.id,
          userId: r.user_id,
          account: r.account,
          userName: r.real_name,
          loginTime: new Date(r.created_at).getTime(),
          lastActiveTime: new Date(r.last_active_at).getTime(),
          loginIPAddress: r.ip,
          device: r.device,
          locked: r.locked,
        })),
        pagination: { currentPage: page, pageSize: size, total: Number(total.n) },
      };
      return ok(data);
    },
  );

  const forceOffline = async (
    ids: string[],
    by: { userId: string; account: string },
    ip: string,
    req: FastifyRequest,
  ) => {
    // rank (auth/rank.ts): only sessions of users the caller outranks may be ended
    const owners = ids.length
      ? await ctx.db.selectFrom('user_session').select('user_id').where('id', 'in', ids).execute()
      : [];
    await assertOutranks(req, ...owners.map((o) => o.user_id));
    let n = 0;
    for (const id of ids) if (await ctx.sessions.end(id, 'kicked', MSG.forcedOffline)) n++;
    await writeLog(ctx, {
      category: 'forceOffline',
      userId: by.userId,
      account: by.account,
      ip,
      success: true,
      msg: ids.join(','),
    });
    return n;
  };

  app.delete(
    '/api/system/onlineUser/:id',
    {
      config: { permission: { menu: MENU, button: 'btn_remove' } },
      schema: { tags: ['system'], summary: 'Force one session offline', params: IdParams },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      if (id === req.session!.id) throw new ApiError(ApiCode.BAD_REQUEST, '不能强制下线当前会话');
      const n = await forceOffline([id], me(req), req.ip, req);
      if (!n) throw new ApiError(ApiCode.NOT_FOUND, '会话不存在或已结束');
      return ok(null, '强制下线成功');
    },
  );

  app.delete(
    '/api/system/onlineUser',
    {
      config: { permission: { menu: MENU, button: 'btn_remove' } },
      schema: { tags: ['system'], summary: 'Force sessions offline', body: OnlineUserBatchBody },
    },
    async (req) => {
      const { ids } = req.body as OnlineUserBatchBody;
      const n = await forceOffline(
        ids.filter((i) => i !== req.session!.id),
        me(req),
        req.ip,
        req,
      );
      return ok({ count: n }, '强制下线成功');
    },
  );
}
