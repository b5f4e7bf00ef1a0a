import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { eventBox, isPastSlot, SLOT_WIDTH, SLOTS_PER_DAY, slotsOf, slotTaken } from './timeline';

describe('meeting day timeline', () => {
  const day = dayjs('2026-11-23');
  it('has 48 half-hour slots from midnight', () => {
    const s = slotsOf(day);
    expect(s).toHaveLength(SLOTS_PER_DAY);
    expect(dayjs(s[0]).format('HH:mm')).toBe('00:00');
    expect(dayjs(s[19]).format('HH:mm')).toBe('09:30');
  });
  it('places an event by its times: 38 px per half hour, clipped to the day', () => {
    const at = (h: number, m = 0) => day.hour(h).minute(m).valueOf();
    expect(eventBox({ start: at(9), end: at(10) }, day)).toEqual({
      left: 18 * SLOT_WIDTH,
      width: 2 * SLOT_WIDTH,
    });
    expect(eventBox({ start: at(23, 30), end: at(23, 30) + 3 * 3600_000 }, day)).toEqual({
      left: 47 * SLOT_WIDTH,
      width: SLOT_WIDTH,
    });
    expect(eventBox({ start: at(0) - 7200_000, end: at(0) - 3600_000 }, day)).toBeNull();
  });
  it('refuses past slots and knows taken ones (touching is free)', () => {
    const now = day.hour(12).valueOf();
    expect(isPastSlot(day.hour(11).minute(30).valueOf(), now)).toBe(true);
    expect(isPastSlot(day.hour(12).valueOf(), now)).toBe(false);
    const ev = [{ start: day.hour(9).valueOf(), end: day.hour(10).valueOf() }];
    expect(slotTaken(day.hour(9).minute(30).valueOf(), ev)).toBe(true);
    expect(slotTaken(day.hour(10).valueOf(), ev)).toBe(false);
    expect(slotTaken(day.hour(8).minute(30).valueOf(), ev)).toBe(false);
  });
});
