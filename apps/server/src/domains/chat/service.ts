import { type ChatConversation, ChatImage, type ChatMessage, makeValidator } from '@kp/schema';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { likeOf } from '../../db/values';
import { ApiError } from '../../http/api-error';
import { paged, pageOf } from '../../http/paging';
import { pushToUser } from '../../ws/websocket';
import { newId } from '../auth/tokens';
import { fileIdsOf, linkFiles } from '../file/links';
import { usersById } from '../message/users';

/** Longest text message: pushes travel through the bus (NOTIFY, < 7 KB), 3 bytes per CJK character. */
export const MAX_TEXT = 1500;
/** Chat images must be uploaded first to POST /api/file/Uploader/IM (5 MB limit, images only). */
export const IM_PATH = /^\/api\/file\/Download\/IM\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

const validImage = makeValidator(ChatImage);

export class ChatRefusal extends Error {}

/** Checks and normalises a message: text trimmed (empty refused), image {name,width,height,path}. */
export function normaliseContent(type: string, content: unknown): string {
  if (type === 'text') {
    const text = typeof content === 'string' ? content.trim() : '';
    if (!text) throw new ChatRefusal('消息不能为空');
    if (text.length > MAX_TEXT) throw new ChatRefusal(`消息不能超过${MAX_TEXT}个字符`);
    return text;
  }
  if (type === 'image') {
    let v = content;
    if (typeof v === 'string') {
      try {
        v = JSON.parse(v);
      } catch {
        throw new ChatRefusal('messageContent: is not valid JSON');
      }
    }
    const r = validImage(v);
    if (!r.ok) throw new ChatRefusal(`messageContent.${r.errors[0].path}: ${r.errors[0].message}`);
    if (!IM_PATH.test(r.value.path)) throw new ChatRefusal('messageContent.path: 请先上传图片');
    const { name, width, height, path } = r.value;
    return JSON.stringify({ name: name.slice(0, 200), width, height, path });
  }
  throw new ChatRefusal('messageType: must be text or image');
}

const rowOut = (r: {
  id: string;
  send_user_id: string;
  receive_user_id: string;
  content_type: string;
  content: string;
  send_time: Date;
  state: number;
}): ChatMessage => ({
  id: r.id,
  sendUserId: r.send_user_id,
  receiveUserId: r.receive_user_id,
  contentType: r.content_type as ChatMessage['contentType'],
  content: r.content,
  sendTime: new Date(r.send_time).getTime(),
  state: r.state,
});

/**
 * Stores a chat message and pushes receiveMessage to every socket of the receiver and sendMessage to
 * every socket of the sender (any process, through the bus).
 */
export async function sendChat(
  ctx: AppContext,
  fromUserId: string,
  toUserId: string,
  type: string,
  content: unknown,
): Promise<ChatMessage> {
  const text = normaliseContent(type, content);
  // Names and avatars from the shared read cache (dropped on any change of users, in every process).
  const userOf = (id: string) =>
    ctx.dbHandle.cache.get(`chat:user:${id}`, async () => (await usersById(ctx.db, [id])).get(id) ?? null);
  const [to, from] = await Promise.all([userOf(toUserId), userOf(fromUserId)]);
  if (!to || !from) throw new ChatRefusal('toUserId: 用户不存在');
  const id = newId();
  const row = await ctx.db.transaction().execute(async (tx) => {
    // an image: the sender's own upload (file/links.ts); another user's file is refused, nothing stored
    const sender = { userId: fromUserId };
    if (type === 'image')
      await linkFiles(tx, sender, 'chat', id, fileIdsOf(JSON.parse(text)), 'messageContent').catch((err) => {
        throw err instanceof ApiError ? new ChatRefusal(err.message) : err;
      });
    return tx
      .insertInto('im_content')
      .values({
        id,
        send_user_id: fromUserId,
        receive_user_id: toUserId,
        content_type: type,
        content: text,
        state: fromUserId === toUserId ? 1 : 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  const m = rowOut(row);
  await Promise.all([
    pushToUser(ctx, toUserId, {
      method: 'receiveMessage',
      id: m.id,
      formUserId: fromUserId,
      formMessage: m.content,
      messageType: type,
      dateTime: m.sendTime,
      realName: from.realName,
      account: from.account,
      headIcon: from.headIcon,
    }),
    pushToUser(ctx, fromUserId, {
      method: 'sendMessage',
      id: m.id,
      UserId: fromUserId,
      toUserId,
      toMessage: m.content,
      messageType: type,
      dateTime: m.sendTime,
      realName: to.realName,
      account: to.account,
      headIcon: to.headIcon,
    }),
  ]);
  return m;
}

/** Messages between two users, paged; keyword filters text messages. sord desc: newest first. */
export async function history(
  ctx: AppContext,
  userId: string,
  otherId: string,
  q: { currentPage?: number; pageSize?: number; keyword?: string; sord?: 'asc' | 'desc' },
) {
  const p = pageOf({ currentPage: q.currentPage, pageSize: q.pageSize ?? 50 });
  let base = ctx.db
    .selectFrom('im_content')
    .where((eb) =>
      eb.or([
        eb.and([eb('send_user_id', '=', userId), eb('receive_user_id', '=', otherId)]),
        eb.and([eb('send_user_id', '=', otherId), eb('receive_user_id', '=', userId)]),
      ]),
    );
  if (q.keyword) base = base.where('content_type', '=', 'text').where('content', 'ilike', likeOf(q.keyword));
  const dir = q.sord === 'asc' ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('send_time', dir)
      .orderBy('id', dir)
      .limit(p.pageSize)
      .offset(p.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return paged(rows.map(rowOut), p, total.n);
}

/** Marks as read every message `fromUserId` sent to `userId`; returns how many changed. */
export async function markRead(ctx: AppContext, userId: string, fromUserId: string): Promise<number> {
  const r = await ctx.db
    .updateTable('im_content')
    .set({ state: 1 })
    .where('receive_user_id', '=', userId)
    .where('send_user_id', '=', fromUserId)
    .where('state', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/** The caller's conversations, newest first: one row per other user with the latest message. */
export async function conversations(
  ctx: AppContext,
  userId: string,
  q: { keyword?: string; currentPage?: number; pageSize?: number },
): Promise<ChatConversation[]> {
  const p = pageOf({ currentPage: q.currentPage, pageSize: q.pageSize ?? 20 });
  const kw = q.keyword ? likeOf(q.keyword) : null;
  const rows = await sql<{
    other: string;
    content: string;
    content_type: string;
    send_time: Date;
    unread: string;
    real_name: string;
    account: string;
    head_icon: string | null;
    department: string | null;
  }>`
    with mine as (
      select case when send_user_id = ${userId} then receive_user_id else send_user_id end as other,
             content, content_type, send_time, id,
             case when receive_user_id = ${userId} and state = 0 then 1 else 0 end as unread
      from im_content where send_user_id = ${userId} or receive_user_id = ${userId}
    ), latest as (
      select distinct on (other) other, content, content_type, send_time from mine order by other, send_time desc, id desc
    ), unread as (select other, sum(unread) as unread from mine group by other)
    select l.other, l.content, l.content_type, l.send_time, u.unread,
           b.real_name, b.account, b.head_icon, o.full_name as department
    from latest l join unread u on u.other = l.other
    join base_user b on b.id = l.other
    left join base_organize o on o.id = b.department_id
    where (${kw}::text is null or b.real_name ilike ${kw} or b.account ilike ${kw})
    order by l.send_time desc
    limit ${p.pageSize} offset ${p.offset}
  `.execute(ctx.db);
  return rows.rows.map((r) => ({
    id: r.other,
    realName: r.real_name,
    account: r.account,
    headIcon: r.head_icon,
    department: r.department ?? '',
    unreadMessage: Number(r.unread),
    latestMessage: r.content,
    messageType: r.content_type,
    latestDate: new Date(r.send_time).getTime(),
  }));
}
