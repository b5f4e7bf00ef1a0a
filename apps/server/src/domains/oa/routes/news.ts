import { CloseParams, IdParams, NewsBody, OaListParams, OaListQuery } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope';
import { me } from '../../auth/guard';
import { MMSG } from '../../message/texts';
import {
  createItem,
  detailOf,
  findOwn,
  listItems,
  type OaKind,
  readAll,
  releaseItem,
  setRemind,
  toggleMark,
  updateItem,
} from '../oa-items';
import { registerRecipientRoutes } from '../recipients';

/**
 * Company news (/api/Bussiness/CompanyNews, menu oa.news) and notices (/api/Bussiness/CompanyNotice,
 * menu oa.notice): reading, marks, reminders and readAll need the menu; POST/PUT/DELETE/sync need
 * btn_add / btn_edit / btn_remove / btn_release, and editing is the creator's (or an administrator's).
 * Reminder toggle (paths not in the spec, ours): POST /{id}/closeRemind, POST /{id}/close/{x} (0 on, 1 off).
 */
function itemRoutes(kind: Exclude<OaKind, 'message'>, P: string, MENU: string) {
  return async (app: FastifyInstance) => {
    const ctx = app.kp;
    const tags = ['bussiness'];
    const read = { permission: { menu: MENU } };

    app.get(
      `${P}/list/:type`,
      { config: read, schema: { tags, params: OaListParams, querystring: OaListQuery } },
      async (req) =>
        ok(await listItems(ctx, me(req), kind, (req.params as OaListParams).type, req.query as OaListQuery)),
    );
    app.get(`${P}/:id`, { config: read, schema: { tags, params: IdParams } }, async (req) =>
      ok(await detailOf(ctx, me(req), kind, (req.params as IdParams).id)),
    );
    app.post(
      P,
      { config: { permission: { menu: MENU, button: 'btn_add' } }, schema: { tags, body: NewsBody } },
      async (req) => {
        const b = req.body as NewsBody;
        return ok(await createItem(ctx, me(req), kind, b), b.isDraft ? MMSG.saved : MMSG.released);
      },
    );
    app.put(
      `${P}/:id`,
      {
        config: { permission: { menu: MENU, button: 'btn_edit' } },
        schema: { tags, params: IdParams, body: NewsBody },
      },
      async (req) => {
        await updateItem(ctx, me(req), kind, (req.params as IdParams).id, req.body as NewsBody);
        return ok(null, MMSG.updated);
      },
    );
    app.delete(
      `${P}/:id`,
      { config: { permission: { menu: MENU, button: 'btn_remove' } }, schema: { tags, params: IdParams } },
      async (req) => {
        const { id } = req.params as IdParams;
        await findOwn(ctx, me(req), kind, id);
        await ctx.db.transaction().execute(async (tx) => {
          await tx.deleteFrom('oa_item_user').where('item_id', '=', id).execute();
          await tx.deleteFrom('oa_item').where('id', '=', id).execute();
        });
        return ok(null, MMSG.deleted);
      },
    );
    app.post(
      `${P}/sync/:id`,
      { config: { permission: { menu: MENU, button: 'btn_release' } }, schema: { tags, params: IdParams } },
      async (req) => {
        await releaseItem(ctx, me(req), kind, (req.params as IdParams).id);
        return ok(null, MMSG.released);
      },
    );
    app.post(`${P}/readAll`, { config: read, schema: { tags } }, async (req) =>
      ok(await readAll(ctx, me(req), kind), MMSG.readAll),
    );
    app.post(`${P}/:id/addMark`, { config: read, schema: { tags, params: IdParams } }, async (req) => {
      const on = await toggleMark(ctx, me(req), kind, (req.params as IdParams).id);
      return ok(on, on ? MMSG.marked : MMSG.unmarked);
    });
    app.post(`${P}/:id/closeRemind`, { config: read, schema: { tags, params: IdParams } }, async (req) => {
      await setRemind(ctx, me(req), kind, (req.params as IdParams).id, false);
      return ok(null, MMSG.remindOff);
    });
    app.post(`${P}/:id/close/:x`, { config: read, schema: { tags, params: CloseParams } }, async (req) => {
      const { id, x } = req.params as CloseParams;
      await setRemind(ctx, me(req), kind, id, x === 0);
      return ok(x === 0, x === 0 ? MMSG.remindOn : MMSG.remindOff);
    });
    registerRecipientRoutes(app, P, read);
  };
}

export const newsRoutes = itemRoutes('news', '/api/Bussiness/CompanyNews', 'oa.news');
export const noticeRoutes = itemRoutes('notice', '/api/Bussiness/CompanyNotice', 'oa.notice');
