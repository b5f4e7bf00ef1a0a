import {
  BusinessMessageBody,
  CloseParams,
  IdParams,
  MessageIdsBody,
  OaListParams,
  OaListQuery,
} from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { me } from '../../auth/guard';
import { bad, MMSG } from '../../message/texts';
import { idList } from '../../message/users';
import {
  createItem,
  detailOf,
  findOwn,
  findVisible,
  listItems,
  releaseItem,
  setMine,
  setRemind,
  toggleMark,
  updateItem,
} from '../oa-items';
import { registerRecipientRoutes } from '../recipients';

const MENU = 'oa.msgList';
const P = '/api/Bussiness/Message';
const tags = ['bussiness'];
const cfg = { permission: { menu: MENU } };

/**
 * Business messages (/api/Bussiness/Message). Any user with the oa.msgList menu may write messages;
 * editing, deleting, releasing and changing recipients are the creator's (administrators too).
 */
export default async function businessMessageRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  const db = ctx.db;

  app.get(
    `${P}/List/:type`,
    { config: cfg, schema: { tags, params: OaListParams, querystring: OaListQuery } },
    async (req) =>
      ok(
        await listItems(ctx, me(req), 'message', (req.params as OaListParams).type, req.query as OaListQuery),
      ),
  );

  app.get(`${P}/:id`, { config: cfg, schema: { tags, params: IdParams } }, async (req) =>
    ok(await detailOf(ctx, me(req), 'message', (req.params as IdParams).id)),
  );

  app.post(`${P}`, { config: cfg, schema: { tags, body: BusinessMessageBody } }, async (req) => {
    const b = req.body as BusinessMessageBody;
    const id = await createItem(ctx, me(req), 'message', b);
    return ok(id, b.isDraft ? MMSG.saved : MMSG.sent);
  });

  app.put(
    `${P}/:id`,
    { config: cfg, schema: { tags, params: IdParams, body: BusinessMessageBody } },
    async (req) => {
      await updateItem(ctx, me(req), 'message', (req.params as IdParams).id, req.body as BusinessMessageBody);
      return ok(null, MMSG.updated);
    },
  );

  /** Release a draft. */
  app.post(`${P}/sync/:id`, { config: cfg, schema: { tags, params: IdParams } }, async (req) => {
    await releaseItem(ctx, me(req), 'message', (req.params as IdParams).id);
    return ok(null, MMSG.sent);
  });

  /** The creator deletes the message: drafts go for good, sent ones to his deleted list (recoverable), hidden from recipients. */
  app.delete(`${P}/:id`, { config: cfg, schema: { tags, params: IdParams } }, async (req) => {
    const { id } = req.params as IdParams;
    const row = await findOwn(ctx, me(req), 'message', id);
    if (row.is_draft) {
      await ctx.db.transaction().execute(async (tx) => {
        await tx.deleteFrom('oa_item_user').where('item_id', '=', id).execute();
        await tx.deleteFrom('oa_item').where('id', '=', id).execute();
      });
    } else await db.updateTable('oa_item').set({ delete_mark: 1 }).where('id', '=', id).execute();
    return ok(null, MMSG.deleted);
  });

  /** A recipient removes a message from his own list (to his deleted list, recoverable). */
  const personalDelete = async (userId: string, id: string) => {
    const r = await db
      .updateTable('oa_item_user')
      .set({ delete_mark: 1 })
      .where('item_id', '=', id)
      .where('user_id', '=', userId)
      .where('is_recipient', '=', 1)
      .executeTakeFirst();
    return Number(r.numUpdatedRows ?? 0);
  };

  app.delete(`${P}/personal/:id`, { config: cfg, schema: { tags, params: IdParams } }, async (req) => {
    const p = me(req);
    const { id } = req.params as IdParams;
    await findVisible(ctx, p, 'message', id);
    if (!(await personalDelete(p.userId, id))) throw bad('id: 不是该消息的接收人');
    return ok(null, MMSG.deleted);
  });

  /** Personal delete of several received messages: {ids}. */
  app.post(`${P}/batchRemove`, { config: cfg, schema: { tags, body: MessageIdsBody } }, async (req) => {
    const p = me(req);
    const ids = idList((req.body as MessageIdsBody).ids, 'ids');
    if (!ids.length) throw bad('ids: is required');
    let n = 0;
    for (const id of ids) n += await personalDelete(p.userId, id);
    return ok(n, MMSG.deleted);
  });

  app.post(`${P}/:id/recover`, { config: cfg, schema: { tags, params: IdParams } }, async (req) => {
    const p = me(req);
    const { id } = req.params as IdParams;
    const row = await findVisible(ctx, p, 'message', id).catch(() => null);
    const own = await db
      .selectFrom('oa_item')
      .select(['creator_user_id', 'delete_mark'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (own && own.creator_user_id === p.userId && own.delete_mark === 1) {
      await db.updateTable('oa_item').set({ delete_mark: 0 }).where('id', '=', id).execute();
      return ok(null, MMSG.recovered);
    }
    // unknown or not visible: 404 like every other path (MESSAGING.md)
    if (!row) throw notFound();
    const r = await db
      .updateTable('oa_item_user')
      .set({ delete_mark: 0 })
      .where('item_id', '=', id)
      .where('user_id', '=', p.userId)
      .where('delete_mark', '=', 1)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows ?? 0)) throw bad('id: 消息不在已删除列表中');
    return ok(null, MMSG.recovered);
  });

  app.post(`${P}/:id/addMark`, { config: cfg, schema: { tags, params: IdParams } }, async (req) => {
    const on = await toggleMark(ctx, me(req), 'message', (req.params as IdParams).id);
    return ok(on, on ? MMSG.marked : MMSG.unmarked);
  });

  app.post(`${P}/:id/closeRemind`, { config: cfg, schema: { tags, params: IdParams } }, async (req) => {
    await setRemind(ctx, me(req), 'message', (req.params as IdParams).id, false);
    return ok(null, MMSG.remindOff);
  });

  // x: 0 opens the reminder, 1 closes it (spec 3 §4 'Message reminder')
  app.post(`${P}/:id/close/:x`, { config: cfg, schema: { tags, params: CloseParams } }, async (req) => {
    const { id, x } = req.params as CloseParams;
    await setRemind(ctx, me(req), 'message', id, x === 0);
    return ok(x === 0, x === 0 ? MMSG.remindOn : MMSG.remindOff);
  });

  app.post(`${P}/readAll`, { config: cfg, schema: { tags } }, async (req) => {
    const p = me(req);
    const rows = await db
      .selectFrom('oa_item_user as iu')
      .innerJoin('oa_item as i', 'i.id', 'iu.item_id')
      .select('i.id')
      .where('iu.user_id', '=', p.userId)
      .where('iu.is_recipient', '=', 1)
      .where('iu.is_read', '=', 0)
      .where('i.kind', '=', 'message')
      .execute();
    for (const r of rows) await setMine(db, r.id, p.userId, { is_read: 1, read_time: new Date() });
    return ok(rows.length, MMSG.readAll);
  });

  registerRecipientRoutes(app, P, cfg);
}
