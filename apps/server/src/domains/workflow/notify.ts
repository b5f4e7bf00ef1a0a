import { LANGUAGES } from '@kp/schema';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import { prepared } from '../../db/pipeline';
import type { Database } from '../../db/types';
import { WriteBatch } from '../../db/write-batch';
import { badRequest } from '../../http/api-error';
import { type MessageCode, text } from '../../http/messages';
import { pushToUser } from '../../ws/websocket';
import { newId } from '../auth/tokens';
import { SITE_TYPE } from '../message/site-message';
import { mdb } from '../message/tables';
import { type TitledRow, taskTitles } from './task-title';

/** One notification to send after a transaction commits. */
export interface WfNotice {
  toUserIds: string[];
  /** The title in zh (what the message list searches). */
  title: string;
  /** The title in every language, {zh, zhtw, en} as JSON (message.title_i18n), when the server knows them. */
  titleI18n?: string | null;
  bodyText?: string;
}

const KIND_TITLES: Record<string, MessageCode> = {
  todo: 'message.noticeTodo',
  press: 'message.noticePress',
  overdue: 'message.noticeOverdue',
  rejected: 'message.noticeRejected',
  adopted: 'message.noticeAdopted',
  withdrawn: 'message.noticeWithdrawn',
  terminated: 'message.noticeTerminated',
  cc: 'message.noticeCc',
  notify: 'message.noticeNotify',
};

/** A flow notice's title (`审核通过：{task title}`) in zh, and in every language when the task's title has parts. */
export function noticeTitle(kind: string, task: TitledRow): Pick<WfNotice, 'title' | 'titleI18n'> {
  const code = KIND_TITLES[kind];
  if (!code) return { title: `${kind}：${task.full_name}` };
  const titles = taskTitles(task);
  return {
    title: text(code, 'zh', task.full_name),
    titleI18n: titles
      ? JSON.stringify(Object.fromEntries(LANGUAGES.map((l) => [l, text(code, l, titles[l])])))
      : null,
  };
}

/** What a 知会 says besides whom it tells (spec 2 §3 notify payload: userIds, taskNodeId, taskOperatorId, opType). */
export interface NotifyPlace {
  taskNodeId?: string;
  taskOperatorId?: string;
  opType?: number;
}

/**
 * The body of a 知会 notice: the /workFlowDetail config its message opens (JSON, read by the host's
 * siteMessageAction): the task, its flow, and the node, operator task and opType the sender had the flow
 * open at. An operator task of another flow, or a node other than the operator task's, is refused.
 */
export async function notifyBody(
  db: Kysely<Database>,
  task: { id: string; template_id: string },
  b: NotifyPlace,
): Promise<string> {
  if (b.taskOperatorId) {
    const op = await db
      .selectFrom('wf_operator')
      .select('node_id')
      .where('id', '=', b.taskOperatorId)
      .where('task_id', '=', task.id)
      .executeTakeFirst();
    if (!op) throw badRequest('taskOperatorId: 与流程不符');
    if (b.taskNodeId !== undefined && b.taskNodeId !== op.node_id) throw badRequest('taskNodeId: 与流程不符');
  }
  return JSON.stringify({
    id: task.id,
    taskId: task.id,
    flowId: task.template_id,
    ...(b.taskNodeId !== undefined ? { taskNodeId: b.taskNodeId } : {}),
    ...(b.taskOperatorId !== undefined ? { taskOperatorId: b.taskOperatorId } : {}),
    ...(b.opType !== undefined ? { opType: b.opType } : {}),
  });
}

type SendFn = (
  ctx: AppContext,
  input: {
    toUserIds: string[];
    title: string;
    titleI18n?: string | null;
    type?: number;
    bodyText?: string | null;
  },
) => Promise<string>;
let sendSiteMessage: SendFn | null | undefined;

/**
 * The one place workflow notifications leave: the site-message service (apps/server/src/routes/message)
 * when present (it pushes to every process), else a bus event `workflow.notice` (ids only).
 * Never throws: a failed notice must not undo a committed approval.
 */
export async function notify(ctx: AppContext, notices: WfNotice[]): Promise<void> {
  if (!notices.length) return;
  if (sendSiteMessage === undefined) {
    try {
      const mod = (await import('../message/site-message')) as { sendSiteMessage?: SendFn };
      sendSiteMessage = mod.sendSiteMessage ?? null;
    } catch {
      sendSiteMessage = null;
    }
  }
  for (const n of notices) {
    const to = [...new Set(n.toUserIds)].filter((u) => u && u !== 'system');
    if (!to.length) continue;
    try {
      // The site message pushes to every process itself; the bare bus event is only the fallback
      // (one NOTIFY less per approval).
      if (sendSiteMessage)
        await sendSiteMessage(ctx, {
          toUserIds: to,
          title: n.title,
          titleI18n: n.titleI18n,
          type: 2,
          bodyText: n.bodyText ?? null,
        });
      else await ctx.bus.publish('workflow.notice', { to: to.slice(0, 100), title: n.title.slice(0, 200) });
    } catch (e) {
      ctx.log.warn({ err: e }, 'workflow notice failed');
    }
  }
}

/**
 * The notices of a flow change written as site messages inside its own transaction (they commit, or
 * vanish, with the change: none is lost between commit and send): the messages and their receipts (500 a
 * statement) go into `batch` — the caller's, which sends them with the change's own writes, or one of their
 * own, sent here (one statement). Returns the recipients; push their unread counts after commit with
 * `pushNotices`.
 */
export async function writeNotices(
  tx: Kysely<Database>,
  notices: WfNotice[],
  batch?: WriteBatch,
): Promise<string[]> {
  const messages: Array<WfNotice & { id: string; to: string[] }> = [];
  for (const n of notices) {
    const to = [...new Set(n.toUserIds)].filter((u) => u && u !== 'system');
    if (to.length) messages.push({ ...n, id: newId(), to });
  }
  if (!messages.length) return [];
  const now = new Date();
  const rows = messages.flatMap((m) =>
    m.to.map((user_id) => ({
      id: newId(),
      message_id: m.id,
      user_id,
      is_read: 0,
      message_type: SITE_TYPE.workflow,
    })),
  );
  const db = mdb(tx);
  const writes = batch ?? new WriteBatch(db);
  await writes.add(
    db.insertInto('message').values(
      messages.map((m) => ({
        id: m.id,
        title: m.title.slice(0, 500),
        title_i18n: m.titleI18n ?? null,
        type: SITE_TYPE.workflow,
        body_text: m.bodyText ?? null,
        files: '[]',
        creator_user_id: null,
        last_modify_time: now,
        to_user_ids: m.to.join(','),
        enabled_mark: 1,
      })),
    ),
  );
  for (let i = 0; i < rows.length; i += 500)
    await writes.add(db.insertInto('message_receive').values(rows.slice(i, i + 500)));
  if (!batch) await writes.flush();
  return [...new Set(messages.flatMap((m) => m.to))];
}

/** The counts messagePush carries after a flow change. */
export interface LiveCounts {
  unreadNoticeCount: number;
  unreadMessageCount: number;
  dealtCount: number;
  consultCount: number;
}

/** Counts for at most this many users at once are a prepared statement. */
const PREPARED_USERS = 4;

/**
 * Per user, in one statement: unread site messages split as initMessage does (type 7 notices vs the rest),
 * pending to-dos (dealtCount) and unread circulated items (consultCount), from wf_todo.
 */
export async function liveCounts(db: Kysely<Database>, userIds: string[]): Promise<Map<string, LiveCounts>> {
  const out = new Map<string, LiveCounts>(
    userIds.map((u) => [u, { unreadNoticeCount: 0, unreadMessageCount: 0, dealtCount: 0, consultCount: 0 }]),
  );
  if (!userIds.length) return out;
  const counts = db
    .selectFrom('wf_todo')
    .select(['user_id', 'kind', (eb) => eb.fn.countAll<string>().as('n')])
    .where('user_id', 'in', userIds)
    .where('state', '=', 0)
    .groupBy(['user_id', 'kind'])
    .unionAll(
      db
        .selectFrom('message_receive as r')
        .select([
          'r.user_id',
          (eb) =>
            eb
              .case()
              .when('r.message_type', '=', SITE_TYPE.notice)
              .then('notice')
              .else('message')
              .end()
              .as('kind'),
          (eb) => eb.fn.countAll<string>().as('n'),
        ])
        .where('r.user_id', 'in', userIds)
        .where('r.is_read', '=', 0)
        // grouped as the partial index holds them (no sort): a user's kinds other than notices add up below
        .groupBy(['r.user_id', 'r.message_type']),
    );
  // after every approval, for its few users: prepared (a text per number of users, so only for a few)
  const rows = await (userIds.length <= PREPARED_USERS ? prepared(counts) : counts).execute();
  for (const r of rows) {
    const c = out.get(r.user_id);
    if (!c) continue;
    const n = Number(r.n);
    if (r.kind === 'todo') c.dealtCount = n;
    else if (r.kind === 'circulate') c.consultCount = n;
    else if (r.kind === 'notice') c.unreadNoticeCount += n;
    else if (r.kind === 'message') c.unreadMessageCount += n;
  }
  return out;
}

/** Users whose counts wait to be pushed, per app: gathered while the previous push runs. */
interface PushState {
  pending: Set<string>;
  waiters: Array<() => void>;
  running: boolean;
}
const pushStates = new WeakMap<AppContext, PushState>();

/**
 * After commit: pushes messagePush with the live counts (unread site messages, pending to-dos and unread
 * circulated items) to the sockets of the notices' recipients and of the users whose own items changed
 * (the handler who acted), in every process. Never throws.
 *
 * Batched: the users of every change committed in the same turn of the event loop — and of those that
 * commit while a push runs — are counted together (one query for all of them) and their pushes leave
 * as one bus NOTIFY; one push runs at a time per app, so a user's later counts never overtake earlier
 * ones. Resolves once the push that carries these users has been sent.
 */
export function pushNotices(ctx: AppContext, recipients: string[], also: string[] = []): Promise<void> {
  const users = [...new Set([...recipients, ...also])].filter((u) => u && u !== 'system');
  if (!users.length) return Promise.resolve();
  let st = pushStates.get(ctx);
  if (!st) {
    st = { pending: new Set(), waiters: [], running: false };
    pushStates.set(ctx, st);
  }
  for (const u of users) st.pending.add(u);
  const state = st;
  const sent = new Promise<void>((resolve) => state.waiters.push(resolve));
  if (!state.running) {
    state.running = true;
    setImmediate(() => void drainPushes(ctx, state));
  }
  return sent;
}

async function drainPushes(ctx: AppContext, st: PushState): Promise<void> {
  while (st.pending.size) {
    const users = [...st.pending];
    const waiters = st.waiters;
    st.pending = new Set();
    st.waiters = [];
    try {
      for (let i = 0; i < users.length; i += 500) {
        const chunk = users.slice(i, i + 500);
        const counts = await liveCounts(ctx.db, chunk);
        await Promise.all(chunk.map((u) => pushToUser(ctx, u, { method: 'messagePush', ...counts.get(u) })));
      }
    } catch (e) {
      ctx.log.warn({ err: e }, 'workflow notice push failed');
    }
    for (const w of waiters) w();
  }
  st.running = false;
}
