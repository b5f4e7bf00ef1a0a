import type dayjs from 'dayjs';

/** Day timeline constants (issue 9): slot width 38 px, timeline height 550 px, room column 250 px. */
export const SLOT_WIDTH = 38;
export const TIMELINE_HEIGHT = 550;
export const ROOM_COLUMN = 250;
/** One slot is half an hour; the day has 48. */
export const SLOT_MINUTES = 30;
export const SLOTS_PER_DAY = (24 * 60) / SLOT_MINUTES;
/** The timeline opens scrolled to 08:00. */
export const FIRST_VISIBLE_HOUR = 8;

/** Start times (epoch ms) of the slots of a day. */
export function slotsOf(day: dayjs.Dayjs): number[] {
  const start = day.startOf('day');
  return Array.from({ length: SLOTS_PER_DAY }, (_, i) => start.add(i * SLOT_MINUTES, 'minute').valueOf());
}

/** A slot may be chosen only if it has not started yet (past slots: 过去的时间不可选择！). */
export const isPastSlot = (slotStart: number, now: number = Date.now()) => slotStart < now;

/** Position of an event on the day's row (clipped to the day). */
export function eventBox(
  ev: { start: number; end: number },
  day: dayjs.Dayjs,
): { left: number; width: number } | null {
  const from = day.startOf('day').valueOf();
  const to = from + 24 * 3600_000;
  const s = Math.max(ev.start, from);
  const e = Math.min(ev.end, to);
  if (e <= s) return null;
  const px = SLOT_WIDTH / (SLOT_MINUTES * 60_000);
  return { left: (s - from) * px, width: Math.max((e - s) * px, 4) };
}

/** True when a slot [start, start + 30 min) overlaps one of the events. */
export function slotTaken(slotStart: number, events: Array<{ start: number; end: number }>): boolean {
  const slotEnd = slotStart + SLOT_MINUTES * 60_000;
  return events.some((e) => e.start < slotEnd && e.end > slotStart);
}
