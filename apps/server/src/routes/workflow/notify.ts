import type { AppContext } from '../../context';

/** One notification to send after a transaction commits. */
export interface WfNotice {
  toUserIds: string[];
  title: string;
  bodyText?: string;
}

const KIND_TITLES: Record<string, string> = {
  todo: '您有一条待办事宜',
  press: '流程催办',
  overdue: '流程超时提醒',
  rejected: '审核驳回',
  adopted: '审核通过',
  withdrawn: '流程撤回',
  terminated: '审核终止',
  cc: '您有一条抄送事宜',
  notify: '流程知会',
};
export const noticeTitle = (kind: string, flowName: string) => `${KIND_TITLES[kind] ?? kind}：${flowName}`;

type SendFn = (
  ctx: AppContext,
  input: { toUserIds: string[]; title: string; type?: number; bodyText?: string | null },
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
        await sendSiteMessage(ctx, { toUserIds: to, title: n.title, type: 2, bodyText: n.bodyText ?? null });
      else await ctx.bus.publish('workflow.notice', { to: to.slice(0, 100), title: n.title.slice(0, 200) });
    } catch (e) {
      ctx.log.warn({ err: e }, 'workflow notice failed');
    }
  }
}
