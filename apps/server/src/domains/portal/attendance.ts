/** Local calendar date YYYY-MM-DD of a Date (server time zone). */
export const dayOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Correction (补卡) goes through a workflow launch (spec 1 §2.6). */
export const CORRECTION_URL = '/workFlow/flowLaunch/FlowIndex';

/**
 * Attendance summary of a month up to `today` (inclusive): working days are Monday to Friday.
 * checkedDay: days with a check-in (any day); uncheckedDay: past working days without one (today is
 * not counted unchecked: the day is not over); uncheckedList: those days with the correction url.
 */
export function attendanceSummary(month: string, today: string, checkedDays: Set<string>) {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(y, m, 0).getDate();
  const uncheckedList: Array<{ day: string; url: string }> = [];
  let checkedDay = 0;
  for (let d = 1; d <= last; d++) {
    const date = new Date(y, m - 1, d);
    const day = dayOf(date);
    if (day > today) break;
    if (checkedDays.has(day)) {
      checkedDay++;
      continue;
    }
    const wd = date.getDay();
    if (wd !== 0 && wd !== 6 && day < today) uncheckedList.push({ day, url: `${CORRECTION_URL}?day=${day}` });
  }
  return { checkedDay, uncheckedDay: uncheckedList.length, uncheckedList };
}
