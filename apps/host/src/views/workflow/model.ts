/**
 * Pure rules of the workflow screens (spec 2 §4, §5, §9): status tags, reminder texts, record texts,
 * the timeline order and the client checks of the approval, assign and withdraw dialogs.
 */

/** Retention threshold in days (spec 2 §9). */
export const RETENTION_DAYS = 3;
export const APPROVE_DIALOG_WIDTH = 600;
export const NOTIFY_DIALOG_WIDTH = 800;
export const SIGN_PAD_HEIGHT = 330;
export const SIGN_LINE_WIDTH = 5;
/** Form initialisation delay (spec 2 §2). */
export const FORM_INIT_DELAY_MS = 500;

export type TagColor = 'success' | 'error' | 'warning' | 'default' | 'processing';

/** List status tag (spec 2 §4): 2 审核通过, 3 审核驳回, 4 流程撤回, 5 审核终止, anything else 等待审核. */
export function statusTag(status: number | null | undefined): { key: string; color: TagColor } {
  switch (Number(status)) {
    case 2:
      return { key: 'status.adopt', color: 'success' };
    case 3:
      return { key: 'status.reject', color: 'error' };
    case 4:
      return { key: 'status.revoke', color: 'warning' };
    case 5:
      return { key: 'status.cancel', color: 'default' };
    default:
      return { key: 'status.wait', color: 'processing' };
  }
}

/**
 * Reminder text (spec 2 §4): pressMark 1 shows 已催办; otherwise pending 3 days or more since creatorTime
 * shows 已滞留N天 (whole days); otherwise nothing.
 */
export function reminderText(
  row: { pressMark?: number | null; creatorTime?: number | null },
  now: number,
): { key: 'reminder.pressed' } | { key: 'reminder.stay'; days: number } | null {
  if (Number(row.pressMark) === 1) return { key: 'reminder.pressed' };
  if (!row.creatorTime) return null;
  const days = Math.floor((now - Number(row.creatorTime)) / 86_400_000);
  if (days >= RETENTION_DAYS) return { key: 'reminder.stay', days };
  return null;
}

/**
 * What a to-do (1), done (2) or circulated (3) row opens in the flow dialog: the task by its operator record
 * (to-do, done) or by its circulated record (marked read on opening). The to-do, done and circulated lists
 * and the home page's workflow widgets open their rows through this.
 */
export function rowDialog(
  row: { id: string; processId?: string; fullName: string },
  category: '1' | '2' | '3',
): { opType: 1 | 2 | 3; taskId?: string; operatorId?: string; circulateId?: string; title: string } {
  const circulated = category === '3';
  return {
    opType: category === '1' ? 1 : category === '2' ? 2 : 3,
    taskId: row.processId,
    operatorId: circulated ? undefined : row.id,
    circulateId: circulated ? row.id : undefined,
    title: row.fullName,
  };
}

/**
 * The flow monitor's button (menu workFlow.flowMonitor) behind each manager operation: the server refuses
 * an operation without it (server workflow/manager-actions.ts MONITOR_BUTTONS), so the screens hide it.
 */
export const MONITOR_BUTTONS = {
  save: 'btn_save',
  refile: 'btn_rearchive',
  assign: 'btn_assign',
  terminate: 'btn_cancel',
  suspend: 'btn_suspend',
} as const;

/**
 * The "my launched" page's button (menu workFlow.flowLaunchList) behind withdraw and press in the detail of
 * one's own flow and delete on the list (server workflow/routes/flow-launch.ts).
 */
export const LAUNCH_BUTTONS = { withdraw: 'btn_withdraw', press: 'btn_press', remove: 'btn_remove' } as const;

/**
 * Whether a dialog button is open to the user: a manager operation (opType 4) needs its monitor button, the
 * initiator's withdraw and press (opType 0, opened from 我发起的) their button of that page.
 */
export function managerButtonAllowed(opType: number, key: string, btn: (code: string) => boolean): boolean {
  if (opType === 0 && Object.hasOwn(LAUNCH_BUTTONS, key))
    return btn(LAUNCH_BUTTONS[key as keyof typeof LAUNCH_BUTTONS]);
  if (opType !== 4 || !Object.hasOwn(MONITOR_BUTTONS, key) || key === 'suspend') return true;
  return btn(MONITOR_BUTTONS[key as keyof typeof MONITOR_BUTTONS]);
}

/** Record handle status, reading A (spec 2 §4): the text key of each value. */
export function handleStatusKey(handleStatus: number | null | undefined): string {
  const keys = [
    'rejected',
    'approved',
    'initiated',
    'withdrawn',
    'terminated',
    'assigned',
    'added',
    'transferred',
    // the monitor's own operations (ours, server manager-actions.ts MANAGER_RECORD): 8 save, 9 refile, 10/11
    'op.save',
    'op.refile',
    'op.suspend',
    'op.resume',
  ];
  const k = keys[Number(handleStatus)];
  return k ? `record.${k}` : 'record.unknown';
}

/** Colour of a record dot: rejected red, approved green, initiated blue, others grey. */
export function handleStatusColor(handleStatus: number | null | undefined): string {
  switch (Number(handleStatus)) {
    case 0:
    case 4:
      return 'red';
    case 1:
      return 'green';
    case 2:
      return 'blue';
    default:
      return 'gray';
  }
}

export interface RecordLike {
  handleTime?: number | null;
  handleOpinion?: string | null;
  handleStatus?: number | null;
}

/** The automatic-approval opinion, excluded from the records badge test (spec 2 §2). */
export const AUTO_APPROVED_OPINION = '系统自动审批通过';

/** Dot badge on the records tab: some record has an opinion other than the automatic one. */
export function recordsHaveOpinion(records: RecordLike[]): boolean {
  return records.some((r) => !!r.handleOpinion?.trim() && r.handleOpinion.trim() !== AUTO_APPROVED_OPINION);
}

/** Timeline entries newest first, with a final 'flow ended' entry when an end time exists (spec 2 §2). */
export function timeline<T extends RecordLike>(
  records: T[],
  endTime: number | null | undefined,
): Array<{ kind: 'record'; record: T } | { kind: 'end'; time: number }> {
  const sorted = [...records].sort((a, b) => Number(b.handleTime ?? 0) - Number(a.handleTime ?? 0));
  const out: Array<{ kind: 'record'; record: T } | { kind: 'end'; time: number }> = sorted.map((record) => ({
    kind: 'record' as const,
    record,
  }));
  if (endTime) out.push({ kind: 'end', time: Number(endTime) });
  return out;
}

export type ApprovalKind = 'audit' | 'reject';

/**
 * The approve/reject dialog's checks (spec 2 §5): reject requires an opinion (请输入审批意见！), a
 * node with signing enabled requires a signature (请签名). Returns the message key or null.
 */
export function checkApproval(
  kind: ApprovalKind,
  v: { opinion?: string; hasSign?: boolean; signImg?: string | null },
): string | null {
  if (kind === 'reject' && !v.opinion?.trim()) return 'msg.opinionRequired';
  if (v.hasSign && !v.signImg) return 'msg.signRequired';
  return null;
}

/** Candidate selection: every node needs at least one approver (审批人不能为空). */
export function checkCandidates(
  nodes: Array<{ nodeId: string }>,
  chosen: Record<string, string[] | undefined>,
): string | null {
  for (const n of nodes) if (!chosen[n.nodeId]?.length) return 'msg.candidateRequired';
  return null;
}

/** Assign: node first (请选择指派节点), then target user (请选择指派给谁). */
export function checkAssign(v: { nodeCode?: string; userId?: string }): string | null {
  if (!v.nodeCode) return 'msg.assignNode';
  if (!v.userId) return 'msg.assignUser';
  return null;
}

/** Withdraw by the initiator and recall need a reason (输入不能为空); terminate's reason is optional. */
export function checkReason(
  kind: 'withdraw' | 'recall' | 'terminate',
  reason: string | undefined,
): string | null {
  if (kind === 'terminate') return null;
  return reason?.trim() ? null : 'msg.inputRequired';
}

/** Urgency (spec 2 §3): 1 normal, 2 important, 3 urgent (default normal). */
/**
 * Relative time of a record (spec 2 §9): under 30 s 刚刚, under 1 h minutes, under 24 h hours, under 48 h
 * 1天前; older (or in the future) null, shown as the date. Returns an i18n key with its count.
 */
export function relativeTime(ms: number | null | undefined, now: number): { key: string; n?: number } | null {
  if (!ms) return null;
  const d = now - Number(ms);
  if (d < 0) return null;
  if (d < 30_000) return { key: 'time.justNow' };
  if (d < 3_600_000) return { key: 'time.minutes', n: Math.max(1, Math.floor(d / 60_000)) };
  if (d < 86_400_000) return { key: 'time.hours', n: Math.floor(d / 3_600_000) };
  if (d < 172_800_000) return { key: 'time.yesterday' };
  return null;
}

/** Records that name a target user in operatorId (5 assigned, 6 added signer, 7 transferred). */
export const TARGET_STATUSES = new Set([5, 6, 7]);
export const targetIdsOf = (r: { handleStatus?: number | null; operatorId?: string | null }): string[] =>
  TARGET_STATUSES.has(Number(r.handleStatus)) && r.operatorId
    ? r.operatorId
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];

/**
 * Whether the initiator may edit and resubmit a launched flow: rejected back to them (3), or withdrawn (4)
 * while it has no end time (a flow revoked after adoption has one and is final).
 */
export function canResubmit(row: { status?: number | null; endTime?: number | null }): boolean {
  return row.status === 3 || (row.status === 4 && !row.endTime);
}

export function urgencyKey(u: number | null | undefined): string {
  return Number(u) === 3 ? 'urgent.3' : Number(u) === 2 ? 'urgent.2' : 'urgent.1';
}

/** Reads the /workFlowDetail config query: base64 (or URI-encoded) JSON of the dialog's options. */
export function parseDetailConfig(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  const tries = [
    () => JSON.parse(decodeURIComponent(escape(atob(raw)))),
    () => JSON.parse(decodeURIComponent(raw)),
    () => JSON.parse(raw),
  ];
  for (const t of tries) {
    try {
      const v = t();
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // next reading
    }
  }
  return null;
}

export function encodeDetailConfig(v: Record<string, unknown>): string {
  return btoa(unescape(encodeURIComponent(JSON.stringify(v))));
}

/** Print: only records with handleStatus 0 or 1 go into the printed approval content (reading B). */
export function printableRecords<T extends { handleStatus?: number | null }>(records: T[]): T[] {
  return records.filter((r) => r.handleStatus === 0 || r.handleStatus === 1);
}

// Print templates are filled by one shared function (flows here, print design in online development).
export { fillPrintTemplate, recordsTableHtml } from '../../util/printTemplate';

/** Comments (spec 2 §5, §9): 9 images and 9 files, 50 MB each; page size 20; next page within 600 px. */
export const COMMENT_MAX = 9;
export const COMMENT_MAX_BYTES = 50 * 1024 * 1024;
export const COMMENT_PAGE_SIZE = 20;
export const COMMENT_NEAR_BOTTOM_PX = 600;
export const COMMENT_IMAGE_EXTS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'];
export const COMMENT_FILE_EXTS = ['xls', 'xlsx', 'doc', 'docx', 'pdf', 'txt', 'ppt', 'pptx'];

const extOfName = (name: string) => {
  const i = name.lastIndexOf('.');
  return i >= 0 ? name.slice(i + 1).toLowerCase() : '';
};

/** Why chosen files cannot be added to a comment (the text key), or null. */
export function checkCommentFiles(
  kind: 'image' | 'file',
  current: number,
  adding: Array<{ name: string; size: number; type?: string }>,
): string | null {
  if (kind === 'image') {
    if (
      adding.some(
        (f) => !COMMENT_IMAGE_EXTS.includes(extOfName(f.name)) || (f.type && !f.type.startsWith('image/')),
      )
    )
      return 'dlg.commentImageOnly';
    if (current + adding.length > COMMENT_MAX) return 'dlg.commentMaxImages';
  } else {
    if (adding.some((f) => !COMMENT_FILE_EXTS.includes(extOfName(f.name)))) return 'dlg.commentFileType';
    if (current + adding.length > COMMENT_MAX) return 'dlg.commentMaxFiles';
  }
  // "under 50 MB" (spec 2 §5): exactly 50 MB is refused, as the server does.
  if (adding.some((f) => f.size >= COMMENT_MAX_BYTES)) return 'dlg.commentFileSize';
  return null;
}

/** A comment needs text, an image or a file (评论不能为空). */
export const commentIsEmpty = (c: { text: string; image: unknown[]; file: unknown[] }) =>
  !c.text.trim() && !c.image.length && !c.file.length;

/** Whether a scroll box is within 600 px of its bottom (load the next comment page). */
export const nearBottom = (el: { scrollTop: number; scrollHeight: number; clientHeight: number }) =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= COMMENT_NEAR_BOTTOM_PX;

/** The comment list ends when a page comes back short. */
export const commentsEnded = (pageLength: number) => pageLength < COMMENT_PAGE_SIZE;

/** A comment's image or file list: a JSON string or a list of {fileId, url, name, size}. */
export function commentAttachments(
  v: unknown,
): Array<{ fileId: string; url: string; name: string; size?: number }> {
  let list: unknown = v;
  if (typeof v === 'string') {
    try {
      list = JSON.parse(v || '[]');
    } catch {
      return [];
    }
  }
  return Array.isArray(list)
    ? list
        .filter(
          (x): x is Record<string, unknown> => !!x && typeof x === 'object' && typeof x.url === 'string',
        )
        .map((x) => ({
          fileId: String(x.fileId ?? x.fileVersionId ?? ''),
          url: String(x.url),
          name: String(x.name ?? ''),
          size: typeof x.size === 'number' ? x.size : undefined,
        }))
    : [];
}
