import { type ChatConversation, ChatImage, type ChatMessage, makeValidator } from '@kp/schema';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { likeOf } from '../../db/values';
import { paged, pageOf } from '../../http/paging';
import { ChatRefusal, chatBatcher, rowOut } from './batch';

export { ChatRefusal } from './batch';

/** Longest text message: pushes travel through the bus (NOTIFY, < 7 KB), 3 bytes per CJK character. */
export const MAX_TEXT = 1500;
/** Chat images must be uploaded first to POST /api/file/Uploader/IM (5 MB limit, images only). */
export const IM_PATH = /^\/api\/file\/Download\/IM\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

const validImage = makeValidator(ChatImage);

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

/**
 * Stores a chat message and pushes receiveMessage to every socket of the receiver and sendMessage to
 * every socket of the sender (any process). The message is checked here and queued at once (before any
 * await: the order of a socket's messages is the order they are stored and delivered in); it is stored
 * with the messages queued close to it by one insert (batch.ts). Resolves once it is stored; a refusal
 * (bad content, unknown user, another user's image, a failed insert) rejects with ChatRefusal.
 */
export function sendChat(
  ctx: AppContext,
  fromUserId: string,
  toUserId: string,
  type: string,
  content: unknown,
): Promise<ChatMessage> {
  try {
    const text = normaliseContent(type, content);
    return chatBatcher(ctx).add(fromUserId, toUserId, type === 'image' ? 'image' : 'text', text);
  } catch (err) {
    return Promise.reject(err);
  }
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
