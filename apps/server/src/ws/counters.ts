import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export interface InitCounts {
  dealtCount: number;
  consultCount: number;
  unreadNums: Record<string, number>;
  unreadMessageCount: number;
  unreadNoticeCount: number;
}

/**
 * The counts of initMessage. dealtCount: pending to-do approvals; consultCount: unread circulated
 * items (both from wf_todo until the workflow module replaces this function); unreadNums: unread
 * chat messages per sender; unreadMessageCount: unread site messages (all types but notices, 7);
 * unreadNoticeCount: unread notices (type 7).
 */
export async function initCounts(db: Kysely<Database>, userId: string): Promise<InitCounts> {
  const [wf, chat, msgs] = await Promise.all([
    db
      .selectFrom('wf_todo')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .where('state', '=', 0)
      .groupBy('kind')
      .execute(),
    db
      .selectFrom('im_content')
      .select(['send_user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('receive_user_id', '=', userId)
      .where('state', '=', 0)
      .groupBy('send_user_id')
      .execute(),
    db
      .selectFrom('message_receive as r')
      .select([
        (eb) => eb.case().when('r.message_type', '=', 7).then('notice').else('message').end().as('k'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .where('r.user_id', '=', userId)
      .where('r.is_read', '=', 0)
      .groupBy('r.message_type')
      .execute(),
  ]);
  // one row per message type (as the partial index holds them): the types other than notices add up
  const sumOf = (rows: typeof msgs, k: string) => rows.reduce((s, r) => s + (r.k === k ? Number(r.n) : 0), 0);
  const unreadNums: Record<string, number> = {};
  for (const c of chat) unreadNums[c.send_user_id] = Number(c.n);
  return {
    dealtCount: Number(wf.find((r) => r.kind === 'todo')?.n ?? 0),
    consultCount: Number(wf.find((r) => r.kind === 'circulate')?.n ?? 0),
    unreadNums,
    unreadMessageCount: sumOf(msgs, 'message'),
    unreadNoticeCount: sumOf(msgs, 'notice'),
  };
}
