import type { OaListQuery } from '@kp/schema';
import {
  type ExpressionBuilder,
  type Kysely,
  type OperandExpression,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { likeOf, ts } from '../../db/values';
import { forbidden, notFound } from '../../http/api-error';
import { paged, pageOf } from '../../http/paging';
import type { Principal } from '../auth/principal';
import { newId } from '../auth/tokens';
import { fileIdsOf, linkFiles } from '../file/links';
import { jsonList, parseFiles } from '../message/attachments';
import { sanitizeRich } from '../message/rich-text';
import { SITE_TYPE, sendSiteMessage } from '../message/site-message';
import { bad, MMSG } from '../message/texts';
import { checkUsers, idList, usersById } from '../message/users';

/** Business messages, company news, company notices: one table, three kinds. */
export type OaKind = 'message' | 'news' | 'notice';
// No prototype: a path segment such as 'constructor' or 'toString' finds nothing (was a 500).
export const KIND_BY_TYPE: Record<string, OaKind> = Object.assign(Object.create(null), {
  message: 'message',
  news: 'news',
  notice: 'notice',
  '1': 'message',
  '2': 'news',
  '3': 'notice',
});
const SITE_TYPE_OF: Record<OaKind, number> = {
  message: SITE_TYPE.msgList,
  news: SITE_TYPE.news,
  notice: SITE_TYPE.notice,
};

const flag = (v: unknown) => (v === true || v === 1 ? 1 : 0);

const base = (db: Kysely<Database>, kind: OaKind, userId: string) =>
  db
    .selectFrom('oa_item as i')
    .leftJoin('oa_item_user as iu', (j) => j.onRef('iu.item_id', '=', 'i.id').on('iu.user_id', '=', userId))
    .where('i.kind', '=', kind);

/** The expression builder of a query over `base` (oa_item as i, left-joined oa_item_user as iu). */
type Eb =
  ReturnType<typeof base> extends SelectQueryBuilder<infer DB, infer TB, infer _O>
    ? ExpressionBuilder<DB, TB>
    : never;

/**
 * Who sees a released item: its creator, its recipients (not removed for good), everyone when
 * accept_all, administrators. Drafts: only the creator.
 */
function visible(eb: Eb, p: Principal) {
  const released: Array<OperandExpression<SqlBool>> = [
    eb('i.accept_all', '=', 1),
    eb.and([eb('iu.is_recipient', '=', 1), eb('iu.delete_mark', '<', 2)]),
  ];
  if (p.isAdministrator) released.push(eb.lit(true));
  return eb.or([
    eb('i.creator_user_id', '=', p.userId),
    eb.and([eb('i.is_draft', '=', 0), eb('i.delete_mark', '=', 0), eb.or(released)]),
  ]);
}

/**
 * List of one kind for the caller. Messages: type 0 received, 1 sent, 2 drafts, 3 marked, 4 deleted.
 * News/notices: type 0 released and visible, 1 mine (drafts and released), 2 my drafts, 3 marked.
 * readType false: only unread; true: only read.
 */
export async function listItems(ctx: AppContext, p: Principal, kind: OaKind, type: number, q: OaListQuery) {
  const db = ctx.db;
  const pg = pageOf(q);
  let qb = base(db, kind, p.userId);
  const me = p.userId;
  if (kind === 'message') {
    if (type === 0)
      qb = qb
        .where('iu.is_recipient', '=', 1)
        .where('iu.delete_mark', '=', 0)
        .where('i.is_draft', '=', 0)
        .where('i.delete_mark', '=', 0);
    else if (type === 1)
      qb = qb.where('i.creator_user_id', '=', me).where('i.is_draft', '=', 0).where('i.delete_mark', '=', 0);
    else if (type === 2)
      qb = qb.where('i.creator_user_id', '=', me).where('i.is_draft', '=', 1).where('i.delete_mark', '=', 0);
    else if (type === 3)
      qb = qb
        .where('iu.is_mark', '=', 1)
        .where('iu.delete_mark', '=', 0)
        .where('i.delete_mark', '=', 0)
        .where((eb) => visible(eb, p));
    else
      qb = qb.where((eb) =>
        eb.or([
          eb.and([eb('iu.is_recipient', '=', 1), eb('iu.delete_mark', '=', 1), eb('i.delete_mark', '=', 0)]),
          eb.and([eb('i.creator_user_id', '=', me), eb('i.delete_mark', '=', 1)]),
        ]),
      );
  } else {
    if (type === 0)
      qb = qb
        .where('i.is_draft', '=', 0)
        .where('i.delete_mark', '=', 0)
        .where((eb) => visible(eb, p));
    else if (type === 1) qb = qb.where('i.creator_user_id', '=', me).where('i.delete_mark', '=', 0);
    else if (type === 2)
      qb = qb.where('i.creator_user_id', '=', me).where('i.is_draft', '=', 1).where('i.delete_mark', '=', 0);
    else
      qb = qb
        .where('iu.is_mark', '=', 1)
        .where('i.delete_mark', '=', 0)
        .where((eb) => visible(eb, p));
  }
  if (q.keyword) qb = qb.where('i.title', 'ilike', likeOf(q.keyword));
  const readExpr = sql<number>`coalesce(${sql.ref('iu.is_read')}, case when ${sql.ref('i.creator_user_id')} = ${me} then 1 else 0 end)`;
  if (q.readType !== undefined) qb = qb.where(readExpr, '=', q.readType ? 1 : 0);
  const [rows, total] = await Promise.all([
    qb
      .select([
        'i.id',
        'i.title',
        'i.contents',
        'i.cover_files',
        'i.creator_user_id',
        'i.creator_time',
        'i.release_time',
        'i.is_draft',
        'i.is_important',
        'i.is_remind',
        'i.report_user_name',
        'iu.is_mark',
        'iu.is_remind as my_remind',
        readExpr.as('is_read'),
      ])
      .orderBy(sql`coalesce(${sql.ref('i.release_time')}, ${sql.ref('i.creator_time')})`, 'desc')
      .orderBy('i.id')
      .limit(pg.pageSize)
      .offset(pg.offset)
      .execute(),
    qb.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const users = await usersById(
    ctx.db,
    rows.map((r) => r.creator_user_id),
  );
  const list = rows.map((r) => {
    const name = users.get(r.creator_user_id)?.userName ?? '';
    return {
      id: r.id,
      title: r.title,
      userName: name,
      creatorUserName: name,
      creatorUserId: r.creator_user_id,
      creatorTime: ts(r.release_time ?? r.creator_time),
      readType: Number(r.is_read) === 1,
      isMark: r.is_mark === 1,
      isDraft: r.is_draft === 1,
      isImportant: r.is_important === 1,
      isRemind: (r.my_remind ?? r.is_remind) === 1,
      ...(kind === 'news'
        ? { contents: r.contents, coverFiles: jsonList(r.cover_files), reportUserName: r.report_user_name }
        : {}),
    };
  });
  return paged(list, pg, total.n);
}

/** The item if the caller may see it (else 404, also for another user's private message). */
export async function findVisible(ctx: AppContext, p: Principal, kind: OaKind, id: string) {
  const row = await base(ctx.db, kind, p.userId)
    .where('i.id', '=', id)
    .where((eb) =>
      eb.or([
        visible(eb, p),
        // a recipient may still open an item from his deleted list
        eb.and([eb('iu.is_recipient', '=', 1), eb('iu.delete_mark', '=', 1), eb('i.is_draft', '=', 0)]),
      ]),
    )
    .selectAll('i')
    .select(['iu.is_mark', 'iu.is_remind as my_remind', 'iu.is_read', 'iu.is_recipient'])
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The item if the caller created it (administrators too); 404 when unseen, 403 otherwise. */
export async function findOwn(ctx: AppContext, p: Principal, kind: OaKind, id: string, msg?: string) {
  const row = await findVisible(ctx, p, kind, id);
  if (row.creator_user_id !== p.userId && !p.isAdministrator) throw forbidden(msg);
  return row;
}

/** Upserts the caller's own state row on an item. */
export async function setMine(
  db: Kysely<Database>,
  itemId: string,
  userId: string,
  set: Partial<{
    is_read: number;
    read_time: Date;
    is_mark: number;
    is_remind: number | null;
    delete_mark: number;
  }>,
) {
  await db
    .insertInto('oa_item_user')
    .values({ id: newId(), item_id: itemId, user_id: userId, is_recipient: 0, ...set })
    .onConflict((oc) => oc.columns(['item_id', 'user_id']).doUpdateSet(set))
    .execute();
}

export async function detailOf(ctx: AppContext, p: Principal, kind: OaKind, id: string) {
  const db = ctx.db;
  const row = await findVisible(ctx, p, kind, id);
  if (!row.is_draft && row.is_read !== 1 && row.creator_user_id !== p.userId)
    await setMine(db, id, p.userId, { is_read: 1, read_time: new Date() });
  const recips = await db
    .selectFrom('oa_item_user')
    .select('user_id')
    .where('item_id', '=', id)
    .where('is_recipient', '=', 1)
    .orderBy('creator_time')
    .orderBy('id')
    .execute();
  const users = await usersById(ctx.db, [row.creator_user_id, ...recips.map((r) => r.user_id)]);
  const creator = users.get(row.creator_user_id)?.userName ?? '';
  return {
    id: row.id,
    title: row.title,
    userName: creator,
    creatorUserName: creator,
    creatorUserId: row.creator_user_id,
    formtDate: ts(row.release_time ?? row.creator_time),
    creatorTime: ts(row.creator_time),
    contents: row.contents,
    files: jsonList(row.files),
    coverFiles: jsonList(row.cover_files),
    isImportant: row.is_important,
    isRemind: (row.my_remind ?? row.is_remind) === 1 ? 1 : 0,
    isDraft: row.is_draft,
    isMark: row.is_mark === 1 ? 1 : 0,
    acceptAll: row.accept_all === 1,
    reportUserName: row.report_user_name,
    // every recipient; the client shows 20 and 还有N位接收人
    oaGeneralReceiveList: recips.map((r) => ({
      userId: r.user_id,
      userName: users.get(r.user_id)?.userName ?? '',
    })),
    acceptUsers: recips.map((r) => r.user_id).join(','),
  };
}

export interface ItemInput {
  title: string;
  contents?: string;
  files?: unknown;
  coverFiles?: unknown;
  isImportant?: number | boolean;
  isRemind?: number | boolean;
  acceptUsers?: string | string[];
  isDraft?: number | boolean;
  reportUserName?: string;
}

async function valuesOf(ctx: AppContext, kind: OaKind, b: ItemInput) {
  const title = b.title.trim();
  if (!title) throw bad('title: is required');
  const accept = idList(b.acceptUsers, 'acceptUsers');
  await checkUsers(ctx.db, accept, 'acceptUsers');
  const isDraft = flag(b.isDraft);
  if (kind === 'message' && !isDraft && !accept.length) throw bad(MMSG.noRecipients);
  return {
    accept,
    values: {
      title: title.slice(0, 500),
      contents: sanitizeRich(b.contents ?? ''),
      files: JSON.stringify(parseFiles(b.files, 'files')),
      cover_files: JSON.stringify(parseFiles(b.coverFiles, 'coverFiles')),
      is_important: flag(b.isImportant),
      is_remind: flag(b.isRemind),
      is_draft: isDraft,
      // news and notices without recipients are for everyone
      accept_all: kind !== 'message' && !accept.length ? 1 : 0,
      report_user_name: b.reportUserName?.slice(0, 200) ?? null,
    },
  };
}

/** Replaces the recipient set, keeping the state of recipients who stay. */
async function setRecipients(db: Kysely<Database>, itemId: string, userIds: string[]) {
  const keep = new Set(userIds);
  const current = await db
    .selectFrom('oa_item_user')
    .select(['user_id', 'is_recipient'])
    .where('item_id', '=', itemId)
    .execute();
  const gone = current.filter((c) => c.is_recipient === 1 && !keep.has(c.user_id)).map((c) => c.user_id);
  if (gone.length)
    await db
      .updateTable('oa_item_user')
      .set({ is_recipient: 0 })
      .where('item_id', '=', itemId)
      .where('user_id', 'in', gone)
      .execute();
  return addRecipients(db, itemId, userIds);
}

/** Adds recipients (existing state rows become recipient rows); returns the ids newly added. */
export async function addRecipients(
  db: Kysely<Database>,
  itemId: string,
  userIds: string[],
): Promise<string[]> {
  const current = await db
    .selectFrom('oa_item_user')
    .select(['user_id', 'is_recipient'])
    .where('item_id', '=', itemId)
    .execute();
  const have = new Map(current.map((c) => [c.user_id, c.is_recipient]));
  const added = userIds.filter((u) => have.get(u) !== 1);
  const toUpdate = added.filter((u) => have.has(u));
  const toInsert = added.filter((u) => !have.has(u));
  if (toUpdate.length)
    await db
      .updateTable('oa_item_user')
      .set({ is_recipient: 1, delete_mark: 0 })
      .where('item_id', '=', itemId)
      .where('user_id', 'in', toUpdate)
      .execute();
  for (let i = 0; i < toInsert.length; i += 500)
    await db
      .insertInto('oa_item_user')
      .values(
        toInsert
          .slice(i, i + 500)
          .map((user_id) => ({ id: newId(), item_id: itemId, user_id, is_recipient: 1 })),
      )
      .execute();
  return added;
}

/** Tells recipients of a released item with a site message (type 6 message, 7 notice, 8 news). */
export async function announce(
  ctx: AppContext,
  kind: OaKind,
  id: string,
  title: string,
  from: string,
  to: string[],
) {
  const others = to.filter((u) => u !== from);
  if (!others.length) return;
  await sendSiteMessage(ctx, {
    toUserIds: others,
    title,
    type: SITE_TYPE_OF[kind],
    bodyText: id,
    creatorUserId: from,
  });
}

/** The item's attachments and cover images are linked to it (the author's own uploads or already on it). */
const linkItemFiles = (db: Kysely<Database>, p: Principal, id: string, v: ItemFiles) =>
  linkFiles(db, p, 'oa_item', id, [...fileIdsOf(jsonList(v.files)), ...fileIdsOf(jsonList(v.cover_files))]);
type ItemFiles = { files: string; cover_files: string };

export async function createItem(ctx: AppContext, p: Principal, kind: OaKind, b: ItemInput): Promise<string> {
  const { accept, values } = await valuesOf(ctx, kind, b);
  const id = newId();
  await ctx.db.transaction().execute(async (tx) => {
    const t = tx;
    await t
      .insertInto('oa_item')
      .values({
        id,
        kind,
        ...values,
        creator_user_id: p.userId,
        release_time: values.is_draft ? null : new Date(),
      })
      .execute();
    await linkItemFiles(t, p, id, values);
    await addRecipients(t, id, accept);
  });
  if (!values.is_draft) await announce(ctx, kind, id, values.title, p.userId, accept);
  return id;
}

export async function updateItem(ctx: AppContext, p: Principal, kind: OaKind, id: string, b: ItemInput) {
  const row = await findOwn(ctx, p, kind, id);
  const { accept, values } = await valuesOf(ctx, kind, b);
  const releasing = row.is_draft === 1 && values.is_draft === 0;
  // a released item cannot go back to draft
  if (row.is_draft === 0) values.is_draft = 0;
  let added: string[] = [];
  await ctx.db.transaction().execute(async (tx) => {
    const t = tx;
    await t
      .updateTable('oa_item')
      .set({
        ...values,
        last_modify_time: new Date(),
        ...(releasing ? { release_time: new Date() } : {}),
      })
      .where('id', '=', id)
      .execute();
    await linkItemFiles(t, p, id, values);
    added = await setRecipients(t, id, accept);
  });
  if (releasing) await announce(ctx, kind, id, values.title, p.userId, accept);
  else if (!values.is_draft) await announce(ctx, kind, id, values.title, p.userId, added);
}

/** Releases a draft (sync/{id}). */
export async function releaseItem(ctx: AppContext, p: Principal, kind: OaKind, id: string) {
  const row = await findOwn(ctx, p, kind, id);
  if (row.is_draft !== 1) throw bad('该内容已发布');
  const db = ctx.db;
  const recips = await db
    .selectFrom('oa_item_user')
    .select('user_id')
    .where('item_id', '=', id)
    .where('is_recipient', '=', 1)
    .execute();
  if (kind === 'message' && !recips.length) throw bad(MMSG.noRecipients);
  await db
    .updateTable('oa_item')
    .set({ is_draft: 0, release_time: new Date() })
    .where('id', '=', id)
    .execute();
  await announce(
    ctx,
    kind,
    id,
    row.title,
    p.userId,
    recips.map((r) => r.user_id),
  );
}

/** Marks every visible unread item of a kind read for the caller. Returns how many. */
export async function readAll(ctx: AppContext, p: Principal, kind: OaKind): Promise<number> {
  const db = ctx.db;
  const rows = await base(db, kind, p.userId)
    .where('i.is_draft', '=', 0)
    .where('i.delete_mark', '=', 0)
    .where('i.creator_user_id', '!=', p.userId)
    .where((eb) => visible(eb, p))
    .where((eb) => eb.or([eb('iu.is_read', 'is', null), eb('iu.is_read', '=', 0)]))
    .select('i.id')
    .execute();
  const now = new Date();
  for (const r of rows) await setMine(db, r.id, p.userId, { is_read: 1, read_time: now });
  return rows.length;
}

/** Toggles the caller's mark; returns the new state. */
export async function toggleMark(ctx: AppContext, p: Principal, kind: OaKind, id: string): Promise<boolean> {
  const row = await findVisible(ctx, p, kind, id);
  const next = row.is_mark === 1 ? 0 : 1;
  await setMine(ctx.db, id, p.userId, { is_mark: next });
  return next === 1;
}

/** Sets the caller's reminder on (1) or off (0). */
export async function setRemind(ctx: AppContext, p: Principal, kind: OaKind, id: string, on: boolean) {
  await findVisible(ctx, p, kind, id);
  await setMine(ctx.db, id, p.userId, { is_remind: on ? 1 : 0 });
}
