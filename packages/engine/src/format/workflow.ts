import { type DateInput, toDayjs } from './date';
import { fill, type Lang, pickLang, type Texts } from './lang';

/** Tag colours by antd's Tag presets. */
export type TagColor = 'success' | 'error' | 'warning' | 'default' | 'processing';

const STATUS: Record<number, { texts: Texts; color: TagColor }> = {
  2: { texts: { zh: '审核通过', zhtw: '審核通過', en: 'Approved' }, color: 'success' },
  3: { texts: { zh: '审核驳回', zhtw: '審核駁回', en: 'Rejected' }, color: 'error' },
  4: { texts: { zh: '流程撤回', zhtw: '流程撤回', en: 'Withdrawn' }, color: 'warning' },
  5: { texts: { zh: '审核终止', zhtw: '審核終止', en: 'Terminated' }, color: 'default' },
};
const WAITING = {
  texts: { zh: '等待审核', zhtw: '等待審核', en: 'Waiting for review' },
  color: 'processing' as TagColor,
};

/** Task status tag of workflow lists (spec 2 §4): 2 审核通过, 3 审核驳回, 4 流程撤回, 5 审核终止, else 等待审核. */
export function taskStatusTag(status: unknown, lang: Lang = 'zh'): { text: string; color: TagColor } {
  const key = typeof status === 'string' && status.trim() !== '' ? Number(status) : status;
  const entry = (typeof key === 'number' && STATUS[key]) || WAITING;
  return { text: entry.texts[pickLang(lang)], color: entry.color };
}

/** Days pending from which a task counts as retained (spec 2 §9, spec 3 §9). */
export const RETENTION_DAYS = 3;

const PRESSED: Texts = { zh: '已催办', zhtw: '已催辦', en: 'Urged' };
const RETAINED: Texts = { zh: '已滞留{n}天', zhtw: '已滯留{n}天', en: 'Pending for {n} days' };

export interface ReminderTask {
  pressMark?: number | string | null;
  creatorTime?: DateInput;
}

/**
 * Reminder text of a pending task (spec 2 §4): pressMark 1 -> 已催办; otherwise 3 or more whole days since
 * creatorTime -> 已滞留N天; otherwise ''. The caller passes tasks that are pending (to-do lists).
 */
export function reminderText(
  task: ReminderTask | null | undefined,
  now: DateInput,
  lang: Lang = 'zh',
): string {
  if (!task || typeof task !== 'object') return '';
  const l = pickLang(lang);
  if (Number(task.pressMark) === 1) return PRESSED[l];
  const created = toDayjs(task.creatorTime);
  const n = toDayjs(now);
  if (!created || !n) return '';
  const days = Math.floor((n.valueOf() - created.valueOf()) / 86400000);
  return days >= RETENTION_DAYS ? fill(RETAINED[l], { n: days }) : '';
}
