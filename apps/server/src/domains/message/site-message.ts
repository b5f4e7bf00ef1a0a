import type { AppContext } from '../../context';
import { type Lang, text } from '../../http/messages';
import { pushToUser } from '../../ws/websocket';
import { newId } from '../auth/tokens';
import type { FileItem } from './attachments';
import { usersById } from './users';

/** Site message types (spec 1 §3/§4): what the client does when one is opened. */
export const SITE_TYPE = {
  dialog: 1,
  web: 5,
  msgList: 6,
  notice: 7,
  news: 8,
  booking: 9,
  /** Any other value opens the workflow detail; the workflow module uses 2. */
  workflow: 2,
} as const;

export interface SiteMessageInput {
  toUserIds: string[];
  title: string;
  /** The title in every language, {zh, zhtw, en} as JSON, for the server's own notices (read in the reader's). */
  titleI18n?: string | null;
  /** Default 1 (dialog). */
  type?: number;
  bodyText?: string | null;
  files?: FileItem[];
  /** The sender; null for the system. */
  creatorUserId?: string | null;
}

/** Unread site messages per user, split as initMessage does (type 7 notices vs. the rest). */
export async function unreadSiteCounts(
  ctx: AppContext,
  userIds: string[],
): Promise<Map<string, { unreadNoticeCount: number; unreadMessageCount: number }>> {
  const out = new Map<string, { unreadNoticeCount: number; unreadMessageCount: number }>();
  for (const u of userIds) out.set(u, { unreadNoticeCount: 0, unreadMessageCount: 0 });
  if (!userIds.length) return out;
  const rows = await ctx.db
    .selectFrom('message_receive as r')
    .select(['r.user_id', 'r.message_type', (eb) => eb.fn.countAll<string>().as('n')])
    .where('r.user_id', 'in', userIds)
    .where('r.is_read', '=', 0)
    .groupBy(['r.user_id', 'r.message_type'])
    .execute();
  for (const r of rows) {
    const c = out.get(r.user_id)!;
    if (r.message_type === SITE_TYPE.notice) c.unreadNoticeCount += Number(r.n);
    else c.unreadMessageCount += Number(r.n);
  }
  return out;
}

/** Pushes messagePush {unreadNoticeCount, unreadMessageCount} to every socket of these users (any process). */
export async function pushSiteCounts(ctx: AppContext, userIds: string[]): Promise<void> {
  const counts = await unreadSiteCounts(ctx, userIds);
  for (const [userId, c] of counts) {
    await pushToUser(ctx, userId, { method: 'messagePush', ...c });
  }
}

/**
 * Sends a site message now (other modules call this: workflow, meetings…): stores it with one
 * receive row per recipient and pushes messagePush to them. Returns the message id.
 */
export async function sendSiteMessage(ctx: AppContext, input: SiteMessageInput): Promise<string> {
  const id = newId();
  const recipients = [...new Set(input.toUserIds)].filter(Boolean);
  const type = input.type ?? SITE_TYPE.dialog;
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('message')
      .values({
        id,
        title: input.title.slice(0, 500),
        title_i18n: input.titleI18n ?? null,
        type,
        body_text: input.bodyText ?? null,
        files: JSON.stringify(input.files ?? []),
        creator_user_id: input.creatorUserId ?? null,
        last_modify_time: new Date(),
        to_user_ids: recipients.join(','),
        enabled_mark: 1,
      })
      .execute();
    await deliver(tx, { id, type }, recipients);
  });
  await pushSiteCounts(ctx, recipients);
  return id;
}

/** Inserts receive rows (chunked) for recipients not yet holding one. */
export async function deliver(
  db: AppContext['db'],
  message: { id: string; type: number },
  userIds: string[],
): Promise<void> {
  const messageId = message.id;
  const have = new Set(
    (
      await db.selectFrom('message_receive').select('user_id').where('message_id', '=', messageId).execute()
    ).map((r) => r.user_id),
  );
  const rows = userIds
    .filter((u) => !have.has(u))
    .map((user_id) => ({
      id: newId(),
      message_id: messageId,
      user_id,
      is_read: 0,
      message_type: message.type,
    }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('message_receive')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** Display name of a site message's sender. */
export async function creatorNames(ctx: AppContext, ids: Array<string | null>, lang: Lang = 'zh') {
  const users = await usersById(
    ctx.db,
    ids.filter((x): x is string => !!x),
  );
  return (id: string | null) => (id ? (users.get(id)?.userName ?? '') : text('common.system', lang));
}
