import {
  IdParams,
  MessageIdsBody,
  SiteMessageBody,
  type SiteMessageDetail,
  type SiteMessageItem,
  SiteMessageListQuery,
} from '@kp/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nameIn } from '../../db/stored-label';
import { likeOf, ts } from '../../db/values';
import { conflict, forbidden, notFound } from '../../http/api-error';
import { ok } from '../../http/envelope';
import { requestLanguage, translate } from '../../http/i18n';
import type { Lang } from '../../http/messages';
import { paged, pageOf } from '../../http/paging';
import { me } from '../auth/guard';
import { isOwner } from '../auth/objects';
import { newId } from '../auth/tokens';
import { conversations } from '../chat/service';
import { fileIdsOf, linkFiles } from '../file/links';
import { jsonList, parseFiles } from './attachments';
import { checkAuthoredMessage } from './authoring';
import { creatorNames, deliver, pushSiteCounts, SITE_TYPE } from './site-message';
import { MMSG } from './texts';
import { checkUsers, idList } from './users';

const MENU = 'oa.msgList';
const tags = ['message'];

/**
 * Site messages, /api/message (spec 1 §7). Reading (list, ReadInfo, Notice, ReadAll, Record delete)
 * is personal: a session is enough and only the caller's own receive rows are touched. Authoring
 * (POST, PUT, Release, GET/DELETE by id) needs oa.msgList buttons btn_add / btn_edit / btn_release /
 * btn_remove; GET/PUT/DELETE/Release of a message also require being its creator (or an administrator).
 * POST creates a draft (enabled_mark 0); Release delivers it to toUserIds and pushes messagePush.
 */
/**
 * The server writes the titles of flow notices (type 2) and bookings: in every language (title_i18n) when
 * it knows them, else in zh, translated through the catalogue. They are read in `lang`.
 */
const titleIn = (m: { title: string; title_i18n: string | null; type: number }, lang: Lang) =>
  m.title_i18n
    ? nameIn({ full_name: m.title, full_name_i18n: m.title_i18n }, lang)
    : m.type === 2 || m.type === SITE_TYPE.booking
      ? translate(m.title, lang)
      : m.title;

export default async function messageRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  const db = ctx.db;

  const listOf = async (req: FastifyRequest, q: SiteMessageListQuery) => {
    const userId = me(req).userId;
    const lang = requestLanguage(req);
    const p = pageOf(q);
    let base = ctx.dbHandle
      .read(userId)
      .selectFrom('message_receive as r')
      .innerJoin('message as m', 'm.id', 'r.message_id')
      .where('r.user_id', '=', userId);
    if (q.keyword) base = base.where('m.title', 'ilike', likeOf(q.keyword));
    if (q.type !== undefined) base = base.where('m.type', '=', q.type);
    if (q.isRead !== undefined) base = base.where('r.is_read', '=', Number(q.isRead));
    const [rows, total] = await Promise.all([
      base
        .select([
          'm.id',
          'm.title',
          'm.title_i18n',
          'm.type',
          'm.creator_user_id',
          'm.last_modify_time',
          'm.creator_time',
          'r.is_read',
        ])
        .orderBy('r.is_read', 'asc')
        .orderBy('m.creator_time', 'desc')
        .orderBy('m.id')
        .limit(p.pageSize)
        .offset(p.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const name = await creatorNames(
      ctx,
      rows.map((r) => r.creator_user_id),
      lang,
    );
    const list: SiteMessageItem[] = rows.map((r) => ({
      id: r.id,
      title: titleIn(r, lang),
      type: r.type,
      creatorUser: name(r.creator_user_id),
      creatorUserId: r.creator_user_id,
      lastModifyTime: ts(r.last_modify_time ?? r.creator_time),
      isRead: r.is_read ? '1' : '0',
    }));
    return paged(list, p, total.n);
  };

  app.get(
    '/api/message',
    {
      config: { permission: { signedIn: 'recipient' } },
      schema: { tags, querystring: SiteMessageListQuery },
    },
    async (req) => ok(await listOf(req, req.query as SiteMessageListQuery)),
  );

  /** The notification drawer: the caller's messages, unread first (same shape as the list). */
  app.get(
    '/api/message/Notice',
    {
      config: { permission: { signedIn: 'recipient' } },
      schema: { tags, querystring: SiteMessageListQuery },
    },
    async (req) => ok(await listOf(req, req.query as SiteMessageListQuery)),
  );

  app.post(
    '/api/message/Actions/ReadAll',
    { config: { permission: { signedIn: 'recipient' } }, schema: { tags } },
    async (req) => {
      const userId = me(req).userId;
      await db
        .updateTable('message_receive')
        .set({ is_read: 1, read_time: new Date() })
        .where('user_id', '=', userId)
        .where('is_read', '=', 0)
        .execute();
      await pushSiteCounts(ctx, [userId]);
      return ok(null, MMSG.readAll);
    },
  );

  const detail = async (
    id: string,
    userId: string,
    isRead: number,
    lang: Lang,
  ): Promise<SiteMessageDetail> => {
    const m = await db.selectFrom('message').selectAll().where('id', '=', id).executeTakeFirst();
    if (!m) throw notFound();
    const name = await creatorNames(ctx, [m.creator_user_id], lang);
    return {
      id: m.id,
      title: titleIn(m, lang),
      type: m.type,
      creatorUser: name(m.creator_user_id),
      creatorUserId: m.creator_user_id,
      lastModifyTime: ts(m.last_modify_time ?? m.creator_time),
      isRead: isRead ? '1' : '0',
      bodyText: m.body_text,
      files: jsonList(m.files),
    };
  };

  /** Opens one of the caller's messages and marks it read; someone else's message answers 404. */
  app.get(
    '/api/message/ReadInfo/:id',
    { config: { permission: { signedIn: 'recipient' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      const userId = me(req).userId;
      const r = await db
        .selectFrom('message_receive')
        .select(['id', 'is_read'])
        .where('message_id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!r) throw notFound();
      if (!r.is_read) {
        await db
          .updateTable('message_receive')
          .set({ is_read: 1, read_time: new Date() })
          .where('id', '=', r.id)
          .execute();
        await pushSiteCounts(ctx, [userId]);
      }
      return ok(await detail(id, userId, 1, requestLanguage(req)));
    },
  );

  /** Removes messages from the caller's own list (body {ids}: message ids). */
  app.delete(
    '/api/message/Record',
    { config: { permission: { signedIn: 'recipient' } }, schema: { tags, body: MessageIdsBody } },
    async (req) => {
      const ids = idList((req.body as MessageIdsBody).ids, 'ids');
      if (!ids.length) throw notFound();
      const userId = me(req).userId;
      await db
        .deleteFrom('message_receive')
        .where('user_id', '=', userId)
        .where('message_id', 'in', ids)
        .execute();
      await pushSiteCounts(ctx, [userId]);
      return ok(null, MMSG.deleted);
    },
  );

  /** GET imreply: the chat conversations of the caller (same rows as GET /api/chat/conversations). */
  app.get(
    '/api/message/imreply',
    { config: { permission: { signedIn: 'recipient' } }, schema: { tags } },
    async (req) => ok(await conversations(ctx, me(req).userId, {})),
  );

  const own = async (req: FastifyRequest, id: string) => {
    const m = await db.selectFrom('message').selectAll().where('id', '=', id).executeTakeFirst();
    if (!m) throw notFound();
    const p = me(req);
    if (m.creator_user_id !== p.userId && !p.isAdministrator) throw forbidden();
    return m;
  };

  const fromBody = async (b: SiteMessageBody) => {
    const type = b.type ?? 1;
    await checkAuthoredMessage(ctx, type, b.bodyText);
    const to = idList(b.toUserIds, 'toUserIds');
    await checkUsers(ctx.db, to, 'toUserIds');
    return {
      title: b.title.trim(),
      type,
      body_text: b.bodyText ?? null,
      files: JSON.stringify(parseFiles(b.files, 'files')),
      to_user_ids: to.join(','),
      last_modify_time: new Date(),
    };
  };

  app.post(
    '/api/message',
    { config: { permission: { menu: MENU, button: 'btn_add' } }, schema: { tags, body: SiteMessageBody } },
    async (req) => {
      const v = await fromBody(req.body as SiteMessageBody);
      const id = newId();
      // attachments: the author's own uploads only (file/links.ts); a refusal stores nothing
      await linkFiles(db, me(req), 'message', id, fileIdsOf(JSON.parse(v.files)));
      await db
        .insertInto('message')
        .values({ id, ...v, enabled_mark: 0, creator_user_id: me(req).userId })
        .execute();
      return ok(id, MMSG.created);
    },
  );

  app.put(
    '/api/message/:id',
    {
      config: { permission: { menu: MENU, button: 'btn_edit' } },
      schema: { tags, params: IdParams, body: SiteMessageBody },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      const m = await own(req, id);
      const v = await fromBody(req.body as SiteMessageBody);
      await db.transaction().execute(async (tx) => {
        await linkFiles(tx, me(req), 'message', m.id, fileIdsOf(JSON.parse(v.files)));
        await tx.updateTable('message').set(v).where('id', '=', m.id).execute();
        // a released message's receipts count under its type (migration 0186)
        if (v.type !== m.type)
          await tx
            .updateTable('message_receive')
            .set({ message_type: v.type })
            .where('message_id', '=', m.id)
            .execute();
      });
      if (v.type !== m.type && m.enabled_mark === 1)
        await pushSiteCounts(ctx, (m.to_user_ids ?? '').split(',').filter(Boolean));
      return ok(null, MMSG.updated);
    },
  );

  app.get(
    '/api/message/:id',
    { config: { permission: { menu: MENU } }, schema: { tags, params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      const p = me(req);
      const m = await db.selectFrom('message').selectAll().where('id', '=', id).executeTakeFirst();
      if (!m) throw notFound();
      const r = await db
        .selectFrom('message_receive')
        .select('is_read')
        .where('message_id', '=', id)
        .where('user_id', '=', p.userId)
        .executeTakeFirst();
      // Authors see their message with its recipients; recipients see it; nobody else (a button of the
      // module grants authoring, not reading other users' messages).
      const author = isOwner(p, m.creator_user_id) || p.isAdministrator;
      if (!r && !author) throw notFound();
      const d = await detail(id, p.userId, r?.is_read ?? 0, requestLanguage(req));
      return ok({
        ...d,
        enabledMark: m.enabled_mark,
        toUserIds: author ? (m.to_user_ids ?? '').split(',').filter(Boolean) : undefined,
      });
    },
  );

  app.delete(
    '/api/message/:id',
    { config: { permission: { menu: MENU, button: 'btn_remove' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      const m = await own(req, id);
      const receivers = (
        await db.selectFrom('message_receive').select('user_id').where('message_id', '=', m.id).execute()
      ).map((r) => r.user_id);
      await ctx.db.transaction().execute(async (tx) => {
        await tx.deleteFrom('message_receive').where('message_id', '=', m.id).execute();
        await tx.deleteFrom('message').where('id', '=', m.id).execute();
      });
      await pushSiteCounts(ctx, receivers);
      return ok(null, MMSG.deleted);
    },
  );

  app.put(
    '/api/message/:id/Actions/Release',
    { config: { permission: { menu: MENU, button: 'btn_release' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      const m = await own(req, id);
      if (m.enabled_mark === 1) throw conflict('该消息已发布');
      // a draft written before the authoring rules (or since the allow-list changed) is checked again
      await checkAuthoredMessage(ctx, m.type, m.body_text);
      const to = (m.to_user_ids ?? '').split(',').filter(Boolean);
      if (!to.length) throw conflict('toUserIds: 请选择接收人');
      await ctx.db.transaction().execute(async (tx) => {
        // the type as of the row lock: an edit committed since `own` read it (PUT rewrites the receipts'
        // type under the same lock) is what the receipts carry
        const released = await tx
          .updateTable('message')
          .set({ enabled_mark: 1, last_modify_time: new Date() })
          .where('id', '=', id)
          .returning('type')
          .executeTakeFirst();
        if (!released) throw notFound();
        await deliver(tx, { id, type: released.type }, to);
      });
      await pushSiteCounts(ctx, to);
      return ok(null, MMSG.released);
    },
  );
}
