// Recipient routes shared by business messages, news and notices: add and remove recipients of an item.
import { RecipientBody, RecipientParams } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { me } from '../auth/guard';
import { bad, MMSG } from '../message/texts';
import { checkUsers, idList } from '../message/users';
import { addRecipients, announce, findVisible, KIND_BY_TYPE } from './oa-items';

const tags = ['bussiness'];
/**
 * POST {prefix}/{objectId}/{objectType}/addrecipient and delrecipient, body {userIds}. objectType:
 * message | news | notice (or 1 | 2 | 3). Only the object's creator may (else 403 只有创建人可以修改接收人).
 */
export function registerRecipientRoutes(app: FastifyInstance, prefix: string, config: object) {
  const ctx = app.kp;
  const db = ctx.db;
  const target = async (req: { params: unknown; body: unknown }, p: ReturnType<typeof me>) => {
    const { objectId, objectType } = req.params as RecipientParams;
    const kind = KIND_BY_TYPE[objectType];
    if (!kind) throw bad('objectType: must be message, news or notice');
    const row = await findVisible(ctx, p, kind, objectId);
    if (row.creator_user_id !== p.userId) throw forbidden(MMSG.onlyCreator);
    const ids = idList((req.body as RecipientBody).userIds, 'userIds');
    if (!ids.length) throw bad('userIds: 请选择接收人');
    await checkUsers(ctx.db, ids, 'userIds');
    return { kind, row, ids };
  };
  app.post(
    `${prefix}/:objectId/:objectType/addrecipient`,
    { config, schema: { tags, params: RecipientParams, body: RecipientBody } },
    async (req) => {
      const p = me(req);
      const { kind, row, ids } = await target(req, p);
      const added = await addRecipients(db, row.id, ids);
      if (!row.is_draft) await announce(ctx, kind, row.id, row.title, p.userId, added);
      return ok(added.length, MMSG.recipientsAdded);
    },
  );
  app.post(
    `${prefix}/:objectId/:objectType/delrecipient`,
    { config, schema: { tags, params: RecipientParams, body: RecipientBody } },
    async (req) => {
      const p = me(req);
      const { row, ids } = await target(req, p);
      const r = await db
        .updateTable('oa_item_user')
        .set({ is_recipient: 0 })
        .where('item_id', '=', row.id)
        .where('user_id', 'in', ids)
        .where('is_recipient', '=', 1)
        .executeTakeFirst();
      return ok(Number(r.numUpdatedRows ?? 0), MMSG.recipientsRemoved);
    },
  );
}
