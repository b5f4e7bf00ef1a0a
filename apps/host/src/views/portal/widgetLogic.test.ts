import type { MenuEntry } from '@kp/schema';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { daysShown } from './WeekCalendar';
import {
  appHref,
  appLinkOf,
  availableApps,
  dayRange,
  formatDate,
  isOutdated,
  type MeetingRow,
  readingOrder,
  remindOf,
  statusOf,
  stepCalendar,
  todayMeetingCount,
  weekOf,
  workflowTarget,
} from './widgetLogic';

describe('portal widget rules', () => {
  it('status tags: 2 审核通过, 3 审核驳回, 4 流程撤回, 5 审核终止, anything else 等待审核', () => {
    expect([2, 3, 4, 5, 1, 0, undefined, '9'].map((s) => statusOf(s as number).key)).toEqual([
      'adopt',
      'reject',
      'revoke',
      'cancel',
      'wait',
      'wait',
      'wait',
      'wait',
    ]);
  });
  it('reminder text: pressMark 1 wins; 3 or more whole days retained; otherwise nothing', () => {
    const now = dayjs('2026-11-22T12:00:00').valueOf();
    const day = 86_400_000;
    expect(remindOf({ pressMark: 1, creatorTime: now }, now)).toEqual({ key: 'pressed' });
    expect(remindOf({ pressMark: 0, creatorTime: now - 3 * day }, now)).toEqual({ key: 'retained', days: 3 });
    expect(remindOf({ creatorTime: now - 3 * day + 1 }, now)).toBeNull();
    expect(remindOf({ creatorTime: now - 10.5 * day }, now)).toEqual({ key: 'retained', days: 10 });
    expect(remindOf({}, now)).toBeNull();
  });
  it('date formats: MM-DD news/notices, YYYY-MM-DD messages/documents, HH:mm meetings', () => {
    const t = dayjs('2026-03-05T08:07:00').valueOf();
    expect(formatDate(t, 'news')).toBe('03-05');
    expect(formatDate(t, 'notice')).toBe('03-05');
    expect(formatDate(t, 'message')).toBe('2026-03-05');
    expect(formatDate(String(t), 'document')).toBe('2026-03-05');
    expect(formatDate(t, 'meeting')).toBe('08:07');
    expect(formatDate(null, 'meeting')).toBe('');
  });
  it('targets: workflow category 1 to-do, otherwise circulated; in-app paths under /kpSystem', () => {
    expect(workflowTarget(1)).toBe('/workFlow/flowTodo');
    expect(workflowTarget(3)).toBe('/workFlow/flowCirculate');
    expect(workflowTarget(undefined)).toBe('/workFlow/flowCirculate');
    expect(appHref('/oa/news')).toBe('/kpSystem/oa/news');
    expect(appHref('https://x.example')).toBe('https://x.example');
  });
  it('meetings: cancelled ones are not counted today; past and closed are outdated; day range', () => {
    const row = (stateType: number, crState: number) => ({ stateType, crState }) as MeetingRow;
    expect(todayMeetingCount([row(0, 1), row(1, 3), row(0, 2)])).toBe(2);
    expect([row(0, 1), row(0, 2), row(1, 3)].map(isOutdated)).toEqual([false, true, true]);
    expect(dayRange(dayjs('2026-11-22T10:00:00'))).toBe('2026-11-22 00:00:00,2026-11-22 23:59:59');
  });
  it('application shortcuts: only what the menu provides; links by menu type', () => {
    const menu = [
      {
        id: 'g',
        fullName: 'g',
        enCode: 'oa',
        type: 1,
        children: [
          { id: 'm1', fullName: '会议', enCode: 'oa.conference', type: 2, urlAddress: 'oa/conference' },
        ],
      },
      { id: 'v', fullName: 'v', enCode: 'dv', type: 6, propertyJson: '{"moduleId":"dv-9"}' },
    ] as unknown as MenuEntry[];
    const apps = availableApps(
      [
        { id: 'x', fullName: '会议', enCode: 'oa.conference', urlAddress: 'old' },
        { id: 'nope', fullName: '无', enCode: 'nope' },
        { id: 'v', fullName: '大屏' },
      ],
      menu,
    );
    expect(apps.map((a) => a.id)).toEqual(['m1', 'v']);
    expect(appLinkOf(apps[0], 'http://h')).toEqual({ kind: 'app', path: '/oa/conference' });
    // no session token in any address (issue 34): the link is opened with a one-time code bound to it
    expect(appLinkOf(apps[1], 'http://h')).toEqual({
      kind: 'external',
      href: 'http://h/view/dv-9',
      withCode: true,
    });
    expect(
      appLinkOf(
        { id: 'l', fullName: 'l', type: 7, urlAddress: '${dataV}/x?t=${token}', linkTarget: '_blank' },
        'http://h',
      ),
    ).toEqual({ kind: 'external', href: 'http://h/x?t=${token}', withCode: true });
    // an external type 7 link without a placeholder gets a code too (spec 3 §2), a mailto: link none
    expect(
      appLinkOf({ id: 'l', fullName: 'l', type: 7, urlAddress: 'https://c.d/x', linkTarget: '_blank' }, ''),
    ).toEqual({ kind: 'external', href: 'https://c.d/x', withCode: true });
    expect(
      appLinkOf({ id: 'l', fullName: 'l', type: 7, urlAddress: 'mailto:a@b.c', linkTarget: '_blank' }, ''),
    ).toEqual({ kind: 'external', href: 'mailto:a@b.c' });
    expect(appLinkOf({ id: 'l', fullName: 'l', type: 7, enCode: 'help', linkTarget: '_self' }, '')).toEqual({
      kind: 'app',
      path: '/help',
    });
    for (const url of ['https://a.b', 'http://a.b', 'mailto:a@b.c', 'tel:123'])
      expect(appLinkOf({ id: 'p', fullName: 'p', type: 2, urlAddress: url }, '')).toEqual({
        kind: 'external',
        href: url,
      });
  });
  it('calendar: Sunday-first weeks, 7-day and month steps, month view covers whole weeks', () => {
    expect(weekOf(dayjs('2026-11-25'))).toEqual(['2026-11-22', '2026-11-28']);
    expect(weekOf(dayjs('2026-11-22'))).toEqual(['2026-11-22', '2026-11-28']);
    expect(stepCalendar(dayjs('2026-11-25'), 'week', -1).format('YYYY-MM-DD')).toBe('2026-11-18');
    expect(stepCalendar(dayjs('2026-11-25'), 'month', 1).format('YYYY-MM-DD')).toBe('2026-12-25');
    const week = daysShown(dayjs('2026-11-25'), 'week');
    expect(week.map((d) => d.day())).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const month = daysShown(dayjs('2026-11-10'), 'month');
    expect(month.length % 7).toBe(0);
    expect(month[0].format('YYYY-MM-DD')).toBe('2026-11-01');
    expect(month[month.length - 1].format('YYYY-MM-DD')).toBe('2026-12-05');
  });
  it('widgets are drawn in reading order', () => {
    const it = (i: string, x: number, y: number) => ({ i, x, y, w: 6, h: 1, jnpfKey: 'portalNews' as const });
    expect(readingOrder([it('c', 0, 10), it('b', 12, 0), it('a', 0, 0)]).map((x) => x.i)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
