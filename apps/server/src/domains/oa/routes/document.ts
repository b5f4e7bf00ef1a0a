import { IdParams, PageQuery } from '@kp/schema';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { countOf, likeOf } from '../../../db/values';
import { badRequest, forbidden, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { paged, pageOf } from '../../../http/paging';
import { me } from '../../auth/guard';
import { newId } from '../../auth/tokens';
import { sanitizeRich } from '../../message/rich-text';
import { checkUsers } from '../../message/users';

const MENU = 'WDQC01';
const tags = ['document'];
const ms = (v: Date | string | null) => (v ? new Date(v).getTime() : null);

export const DocumentBody = Type.Object({
  title: Type.String({ maxLength: 500 }),
  docType: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  contents: Type.Optional(Type.String({ maxLength: 2_000_000 })),
  acceptUsers: Type.Optional(
    Type.Union([Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20_000 }), Type.String()]),
  ),
  /** 1 (default): keep as a draft; 0: issue it. */
  isDraft: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Boolean()])),
});
type DocumentBody = {
  title: string;
  docType?: string | null;
  contents?: string;
  acceptUsers?: string[] | string;
  isDraft?: number | boolean;
};

const DocListQuery = Type.Intersect([
  PageQuery,
  Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 200 })) }),
]);

/**
 * Document drafting (WDQC01; spec 1 §2.6 document widget, our paths under /api/Bussiness/personalfile):
 * GET List (paged; my drafts and the issued documents I may read, newest first; keyword 'unread' gives the
 * issued documents I have not opened, any other keyword searches titles), GET /{id} (marks it read), POST
 * (btn_add), PUT /{id} (btn_edit) and DELETE /{id} (btn_remove) (the creator, drafts only), POST /{id}/issue
 * (btn_edit, the creator).
 * Rows: title, username, createtime, contents (plain-text excerpt), url (/WDQC01?id=).
 */
export default async function documentRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  const db = ctx.db;
  const read = { permission: { menu: MENU } };
  // editing and issuing one's own draft need btn_edit, deleting it btn_remove (issue 34)
  const edit = { permission: { menu: MENU, button: 'btn_edit' } };

  /** Documents the caller may see: his own, and issued ones addressed to everyone or to him. */
  const visible = (uid: string) =>
    db
      .selectFrom('oa_document as d')
      .leftJoin('base_user as u', 'u.id', 'd.creator_user_id')
      .where((eb) =>
        eb.or([
          eb('d.creator_user_id', '=', uid),
          eb.and([
            eb('d.status', '=', 1),
            eb.or([
              eb('d.accept_users', '=', ''),
              eb(sql<string>`',' || ${sql.ref('d.accept_users')} || ','`, 'like', `%,${uid},%`),
            ]),
          ]),
        ]),
      );

  const excerpt = (html: string) =>
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);

  app.get(
    '/api/Bussiness/personalfile/List',
    { config: read, schema: { tags, querystring: DocListQuery } },
    async (req) => {
      const q = req.query as PageQuery & { keyword?: string };
      const pg = pageOf(q);
      const uid = me(req).userId;
      let base = visible(uid);
      const kw = q.keyword?.trim();
      if (kw === 'unread')
        base = base
          .where('d.status', '=', 1)
          .where('d.creator_user_id', '<>', uid)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('oa_document_read as r')
                  .select('r.user_id')
                  .whereRef('r.document_id', '=', 'd.id')
                  .where('r.user_id', '=', uid),
              ),
            ),
          );
      else if (kw) base = base.where('d.title', 'like', likeOf(kw));
      const total = await countOf(base);
      const rows = await base
        .select([
          'd.id',
          'd.title',
          'd.contents',
          'd.status',
          'd.doc_type',
          'd.creator_user_id',
          'd.creator_time',
          'd.issue_time',
          'u.real_name',
        ])
        .orderBy(sql`coalesce(${sql.ref('d.issue_time')}, ${sql.ref('d.creator_time')})`, 'desc')
        .orderBy('d.id')
        .limit(pg.pageSize)
        .offset(pg.offset)
        .execute();
      return ok(
        paged(
          rows.map((r) => ({
            id: r.id,
            title: r.title,
            username: r.real_name ?? '',
            createtime: ms(r.issue_time ?? r.creator_time),
            contents: excerpt(r.contents),
            status: r.status,
            docType: r.doc_type,
            isMine: r.creator_user_id === uid,
            url: `/WDQC01?id=${r.id}`,
          })),
          pg,
          total,
        ),
      );
    },
  );

  const one = async (id: string, uid: string) => {
    const r = await visible(uid)
      .selectAll('d')
      .select('u.real_name')
      .where('d.id', '=', id)
      .executeTakeFirst();
    if (!r) throw notFound();
    return r;
  };

  app.get(
    '/api/Bussiness/personalfile/:id',
    { config: read, schema: { tags, params: IdParams } },
    async (req) => {
      const uid = me(req).userId;
      const r = await one((req.params as IdParams).id, uid);
      if (r.status === 1 && r.creator_user_id !== uid)
        await db
          .insertInto('oa_document_read')
          .values({ document_id: r.id, user_id: uid })
          .onConflict((oc) => oc.columns(['document_id', 'user_id']).doNothing())
          .execute();
      return ok({
        id: r.id,
        title: r.title,
        docType: r.doc_type,
        contents: r.contents,
        acceptUsers: r.accept_users ? r.accept_users.split(',') : [],
        status: r.status,
        username: r.real_name ?? '',
        creatorUserId: r.creator_user_id,
        createtime: ms(r.creator_time),
        issueTime: ms(r.issue_time),
      });
    },
  );

  const parse = async (b: DocumentBody) => {
    const title = b.title?.trim();
    if (!title) throw badRequest('title: 请输入标题');
    const docType = b.docType;
    if (docType) {
      const t = await db
        .selectFrom('sys_dictionary_data')
        .select('id')
        .where('type_id', '=', 'dict-document-type')
        .where((eb) => eb.or([eb('id', '=', docType), eb('en_code', '=', docType)]))
        .executeTakeFirst();
      if (!t) throw badRequest('docType: 公文类型不存在');
    }
    const users = Array.isArray(b.acceptUsers)
      ? b.acceptUsers
      : (b.acceptUsers ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
    if (users.length) await checkUsers(ctx.db, users, 'acceptUsers');
    return {
      title,
      doc_type: b.docType || null,
      contents: sanitizeRich(b.contents ?? ''),
      accept_users: [...new Set(users)].join(','),
    };
  };
  const issueNow = (b: DocumentBody) => b.isDraft === 0 || b.isDraft === false;

  app.post(
    '/api/Bussiness/personalfile',
    { config: { permission: { menu: MENU, button: 'btn_add' } }, schema: { tags, body: DocumentBody } },
    async (req) => {
      const b = req.body as DocumentBody;
      const v = await parse(b);
      const id = newId();
      const issue = issueNow(b);
      await db
        .insertInto('oa_document')
        .values({
          id,
          ...v,
          status: issue ? 1 : 0,
          issue_time: issue ? new Date() : null,
          creator_user_id: me(req).userId,
        })
        .execute();
      return ok(id, issue ? '发布成功' : '保存成功');
    },
  );

  const ownDraft = async (id: string, uid: string) => {
    const r = await db
      .selectFrom('oa_document')
      .select(['id', 'creator_user_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!r) throw notFound();
    if (r.creator_user_id !== uid) throw forbidden();
    if (r.status !== 0) throw badRequest('公文已发布，不能修改');
    return r;
  };

  app.put(
    '/api/Bussiness/personalfile/:id',
    { config: edit, schema: { tags, params: IdParams, body: DocumentBody } },
    async (req) => {
      const { id } = req.params as IdParams;
      const b = req.body as DocumentBody;
      await ownDraft(id, me(req).userId);
      const v = await parse(b);
      const issue = issueNow(b);
      await db
        .updateTable('oa_document')
        .set({
          ...v,
          status: issue ? 1 : 0,
          issue_time: issue ? new Date() : null,
          last_modify_time: new Date(),
        })
        .where('id', '=', id)
        .execute();
      return ok(null, issue ? '发布成功' : '修改成功');
    },
  );

  app.post(
    '/api/Bussiness/personalfile/:id/issue',
    { config: edit, schema: { tags, params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      await ownDraft(id, me(req).userId);
      await db
        .updateTable('oa_document')
        .set({ status: 1, issue_time: new Date(), last_modify_time: new Date() })
        .where('id', '=', id)
        .execute();
      return ok(null, '发布成功');
    },
  );

  app.delete(
    '/api/Bussiness/personalfile/:id',
    { config: { permission: { menu: MENU, button: 'btn_remove' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const { id } = req.params as IdParams;
      await ownDraft(id, me(req).userId);
      await db.deleteFrom('oa_document').where('id', '=', id).execute();
      return ok(null, '删除成功');
    },
  );
}
