import { CommentBody, type CommentReply, type CommentTreeItem, IdParams } from '@kp/schema';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import { forbidden, notFound } from '../../../http/api-error';
import { ok } from '../../../http/envelope';
import { paged, pageOf } from '../../../http/paging';
import { me } from '../../auth/guard';
import { canSeeCommentTarget, isOwner } from '../../auth/objects';
import { newId } from '../../auth/tokens';
import { fileIdsOf, linkFiles } from '../../file/links';
import { type FileItem, parseFiles } from '../../message/attachments';
import { bad, MMSG } from '../../message/texts';
import { usersById } from '../../message/users';

const IMAGE_EXT = /\.(jpe?g|png|gif|bmp|webp)$/i;
const FILE_EXT = /\.(xlsx?|docx?|pdf|txt|pptx?)$/i;
const tags = ['bussiness'];

const TreeQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })),
});
type TreeQuery = { currentPage?: number; pageSize?: number };

/** Comment attachments (spec 1 §5): at most 9 images and 9 files (xls, xlsx, doc, docx, pdf, txt, ppt, pptx). */
export function checkCommentFiles(files: FileItem[]) {
  const images = files.filter((f) => IMAGE_EXT.test(f.name));
  const others = files.filter((f) => !IMAGE_EXT.test(f.name));
  if (images.length > 9) throw bad(MMSG.tooManyImages9);
  if (others.length > 9) throw bad(MMSG.tooManyFiles9);
  const badType = others.find((f) => !FILE_EXT.test(f.name));
  if (badType) throw bad(`files: 不支持的文件类型 ${badType.name.slice(0, 100)}`);
}

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/**
 * Comment text as plain text: tags (and script/style content) dropped, then the entities sanitize-html
 * writes decoded again, so `a < b` stays `a < b` (clients render it as text, never as HTML).
 */
export function plainText(input: string): string {
  return sanitizeHtml(input, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(lt|gt|amp|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .trim();
}

/**
 * Comments on business objects (news, notices, messages, meetings…): POST /api/Bussiness/Comment,
 * GET /api/Bussiness/Comment/{ownerId}/Tree (roots paged by currentPage/pageSize, newest first, each
 * with its replies oldest first), POST and DELETE /api/Bussiness/Comment/{id}/like (like / unlike),
 * DELETE /api/Bussiness/Comment/{id} (the author or an administrator; a root takes its replies along).
 * Every call needs the object the comment hangs on to be one the caller may read (a business message,
 * news item or notice he may read, a meeting he takes part in: objects.canSeeCommentTarget); other
 * objects answer 404. Text is stored as plain text (tags stripped).
 */
export default async function commentRoutes(app: FastifyInstance) {
  const ctx = app.kp;
  const db = ctx.db;

  app.post(
    '/api/Bussiness/Comment',
    { config: { permission: { signedIn: 'participant' } }, schema: { tags, body: CommentBody } },
    async (req) => {
      const b = req.body as CommentBody;
      const p = me(req);
      const text = plainText(b.contents ?? '');
      if (!text) throw bad(MMSG.commentEmpty);
      const files = parseFiles(b.files, 'files', 18, MMSG.tooManyFiles9);
      checkCommentFiles(files);
      let parentId: string | null = null;
      let toUserId = b.toUserId || null;
      if (b.parentId) {
        const parent = await db
          .selectFrom('oa_comment')
          .select(['id', 'parent_id', 'owner_id', 'from_user_id'])
          .where('id', '=', b.parentId)
          .where('delete_mark', '=', 0)
          .executeTakeFirst();
        if (!parent || parent.owner_id !== b.ownerId) throw bad('parentId: 评论不存在');
        parentId = parent.parent_id ?? parent.id; // replies hang under the root comment
        toUserId ??= parent.from_user_id;
      }
      if (toUserId) {
        const u = await ctx.db
          .selectFrom('base_user')
          .select('id')
          .where('id', '=', toUserId)
          .executeTakeFirst();
        if (!u) throw bad('toUserId: 用户不存在');
      }
      // Only on an object the caller may read (objects.canSeeCommentTarget); others answer 404.
      if (!(await canSeeCommentTarget(ctx.db, p, b.ownerId))) throw notFound();
      const id = newId();
      await db.transaction().execute(async (tx) => {
        // only the commenter's own uploads (file/links.ts), refused before the comment is stored
        await linkFiles(tx, p, 'oa_comment', id, fileIdsOf(files));
        await tx
          .insertInto('oa_comment')
          .values({
            id,
            owner_id: b.ownerId,
            parent_id: parentId,
            from_user_id: p.userId,
            to_user_id: toUserId,
            contents: text,
            files: JSON.stringify(files),
          })
          .execute();
      });
      return ok(id, '评论成功');
    },
  );

  app.get(
    '/api/Bussiness/Comment/:id/Tree',
    {
      config: { permission: { signedIn: 'participant' } },
      schema: { tags, params: IdParams, querystring: TreeQuery },
    },
    async (req) => {
      const { id: ownerId } = req.params as IdParams;
      const p = me(req);
      if (!(await canSeeCommentTarget(ctx.db, p, ownerId))) throw notFound();
      const pg = pageOf({ ...(req.query as TreeQuery), pageSize: (req.query as TreeQuery).pageSize ?? 20 });
      const rootsQ = db
        .selectFrom('oa_comment')
        .where('owner_id', '=', ownerId)
        .where('parent_id', 'is', null)
        .where('delete_mark', '=', 0);
      const [roots, total] = await Promise.all([
        rootsQ
          .selectAll()
          .orderBy('creator_time', 'desc')
          .orderBy('id')
          .limit(pg.pageSize)
          .offset(pg.offset)
          .execute(),
        rootsQ.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const rootIds = roots.map((r) => r.id);
      const replies = rootIds.length
        ? await db
            .selectFrom('oa_comment')
            .selectAll()
            .where('parent_id', 'in', rootIds)
            .where('delete_mark', '=', 0)
            .orderBy('creator_time', 'asc')
            .orderBy('id')
            .execute()
        : [];
      const all = [...roots, ...replies];
      const ids = all.map((c) => c.id);
      const likes = ids.length
        ? await db
            .selectFrom('oa_comment_like')
            .select(['comment_id', 'user_id'])
            .where('comment_id', 'in', ids)
            .execute()
        : [];
      const users = await usersById(
        ctx.db,
        all.flatMap((c) => [c.from_user_id, c.to_user_id ?? '']),
      );
      const out = (c: (typeof all)[number]): CommentReply => {
        const l = likes.filter((x) => x.comment_id === c.id);
        const from = users.get(c.from_user_id);
        return {
          id: c.id,
          fromId: c.from_user_id,
          fromName: from?.realName ?? '',
          fromAvatar: from?.headIcon ?? null,
          toId: c.to_user_id,
          toName: c.to_user_id ? (users.get(c.to_user_id)?.realName ?? '') : '',
          date: new Date(c.creator_time).getTime(),
          content: c.contents,
          files: JSON.parse(c.files),
          isLike: l.some((x) => x.user_id === p.userId),
          likeNum: l.length,
          isDel: c.from_user_id === p.userId || p.isAdministrator,
        };
      };
      const list: CommentTreeItem[] = roots.map((r) => ({
        ...out(r),
        children: replies.filter((c) => c.parent_id === r.id).map(out),
      }));
      return ok(paged(list, pg, total.n));
    },
  );

  /** A live comment on an object the caller may read (else 404, as if it did not exist). */
  const find = async (req: FastifyRequest, id: string) => {
    const c = await db
      .selectFrom('oa_comment')
      .selectAll()
      .where('id', '=', id)
      .where('delete_mark', '=', 0)
      .executeTakeFirst();
    if (!c) throw notFound();
    const p = me(req);
    if (!isOwner(p, c.from_user_id) && !(await canSeeCommentTarget(ctx.db, p, c.owner_id))) throw notFound();
    return c;
  };

  app.post(
    '/api/Bussiness/Comment/:id/like',
    { config: { permission: { signedIn: 'participant' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const c = await find(req, (req.params as IdParams).id);
      await db
        .insertInto('oa_comment_like')
        .values({ comment_id: c.id, user_id: me(req).userId })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return ok(true, '点赞成功');
    },
  );

  app.delete(
    '/api/Bussiness/Comment/:id/like',
    { config: { permission: { signedIn: 'participant' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const c = await find(req, (req.params as IdParams).id);
      await db
        .deleteFrom('oa_comment_like')
        .where('comment_id', '=', c.id)
        .where('user_id', '=', me(req).userId)
        .execute();
      return ok(false, '已取消点赞');
    },
  );

  app.delete(
    '/api/Bussiness/Comment/:id',
    { config: { permission: { signedIn: 'participant' } }, schema: { tags, params: IdParams } },
    async (req) => {
      const c = await find(req, (req.params as IdParams).id);
      const p = me(req);
      if (!isOwner(p, c.from_user_id) && !p.isAdministrator) throw forbidden();
      await db
        .updateTable('oa_comment')
        .set({ delete_mark: 1 })
        .where((eb) => eb.or([eb('id', '=', c.id), eb('parent_id', '=', c.id)]))
        .execute();
      return ok(null, MMSG.deleted);
    },
  );
}
