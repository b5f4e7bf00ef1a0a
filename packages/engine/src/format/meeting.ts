import { type DateInput, toDayjs } from './date';
import { type Lang, pickLang, type Texts } from './lang';

export interface MeetingRow {
  stateType?: number | string | null;
  crState?: number | string | null;
  startTime?: DateInput;
}

/** 'cancelled' (stateType 1), 'past' (crState 2), 'closed' (crState 3) or 'normal'. */
export type MeetingStyle = 'cancelled' | 'past' | 'closed' | 'normal';

const CANCELLED: Texts = { zh: '已取消', zhtw: '已取消', en: 'Cancelled' };

/**
 * Meeting list labels (spec 3 §4 Widgets, spec 1 §4): stateType 1 is cancelled (label 已取消); crState 2
 * (past) and 3 (closed) get the outdated styling. Cancelled wins over crState.
 */
export function meetingLabel(
  row: MeetingRow | null | undefined,
  lang: Lang = 'zh',
): { label: string; style: MeetingStyle } {
  if (!row || typeof row !== 'object') return { label: '', style: 'normal' };
  if (Number(row.stateType) === 1) return { label: CANCELLED[pickLang(lang)], style: 'cancelled' };
  const cr = Number(row.crState);
  if (cr === 2) return { label: '', style: 'past' };
  if (cr === 3) return { label: '', style: 'closed' };
  return { label: '', style: 'normal' };
}

/** Today's meetings for the widget count: starting on now's local day, cancelled ones (stateType 1) excluded. */
export function countTodayMeetings(rows: readonly MeetingRow[] | null | undefined, now: DateInput): number {
  const n = toDayjs(now);
  if (!n || !Array.isArray(rows)) return 0;
  let count = 0;
  for (const row of rows) {
    if (!row || Number(row.stateType) === 1) continue;
    const start = toDayjs(row.startTime);
    if (start?.isSame(n, 'day')) count++;
  }
  return count;
}
