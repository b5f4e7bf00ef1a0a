import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { WeekCalendar } from './WeekCalendar';

// The marker call has no server here: it fails and only stops loading (spec 3 §8), which is what runs.
const days = () =>
  screen
    .getAllByTestId(/^calendar-day-/)
    .map((e) => e.getAttribute('data-testid')?.slice('calendar-day-'.length) ?? '');

describe('WeekCalendar', () => {
  afterEach(cleanup);

  it('shows the Sunday-first week of today; a click emits the date', () => {
    const onSelect = vi.fn();
    render(<WeekCalendar onSelect={onSelect} />);
    const shown = days();
    expect(shown).toHaveLength(7);
    expect(dayjs(shown[0]).day()).toBe(0);
    expect(shown).toContain(dayjs().format('YYYY-MM-DD'));
    fireEvent.click(screen.getByTestId(`calendar-day-${shown[3]}`));
    expect(onSelect).toHaveBeenCalledWith(shown[3]);
    expect(screen.getByTestId(`calendar-day-${shown[3]}`).className).toContain('kp-selected');
  });

  it('previous and next move 7 days; back to today resets and selects today', () => {
    const onSelect = vi.fn();
    render(<WeekCalendar onSelect={onSelect} />);
    const first = days()[0];
    fireEvent.click(screen.getByTestId('calendar-next'));
    expect(days()[0]).toBe(dayjs(first).add(7, 'day').format('YYYY-MM-DD'));
    fireEvent.click(screen.getByTestId('calendar-prev'));
    fireEvent.click(screen.getByTestId('calendar-prev'));
    expect(days()[0]).toBe(dayjs(first).subtract(7, 'day').format('YYYY-MM-DD'));
    fireEvent.click(screen.getByTestId('calendar-today'));
    expect(days()[0]).toBe(first);
    expect(onSelect).toHaveBeenLastCalledWith(dayjs().format('YYYY-MM-DD'));
  });
});
