import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount } from './amount';
import { formatBadge, summariseRecipients } from './counts';
import { DATE_FORMATS, formatDate } from './date';
import { countTodayMeetings, meetingLabel } from './meeting';
import { relativeTime } from './relativeTime';
import { abbreviateNumber, formatFileSize } from './size';
import { reminderText, taskStatusTag } from './workflow';

const now = new Date(2026, 10, 22, 12, 0, 0).getTime();
const ago = (ms: number) => now - ms;
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime', () => {
  it("reads 'short30s'", () => {
    expect(relativeTime(ago(29 * S), now, 'short30s')).toBe('刚刚');
    expect(relativeTime(ago(29 * S), now, 'short30s', 'en')).toBe('just now');
    expect(relativeTime(ago(30 * S), now, 'short30s')).toBe('1分钟前');
    expect(relativeTime(ago(59 * M), now, 'short30s')).toBe('59分钟前');
    expect(relativeTime(ago(H), now, 'short30s')).toBe('1小时前');
    expect(relativeTime(ago(23 * H + 59 * M), now, 'short30s', 'zhtw')).toBe('23小時前');
    expect(relativeTime(ago(47 * H), now, 'short30s')).toBe('1天前');
    expect(relativeTime(ago(48 * H), now, 'short30s')).toBe('2026-11-20 12:00');
  });

  it("reads 'weeks'", () => {
    expect(relativeTime(ago(59 * S), now, 'weeks')).toBe('刚刚');
    expect(relativeTime(ago(M), now, 'weeks')).toBe('1分钟前');
    expect(relativeTime(ago(5 * H), now, 'weeks', 'en')).toBe('5 hours ago');
    expect(relativeTime(ago(6 * D), now, 'weeks')).toBe('6天前');
    expect(relativeTime(ago(7 * D), now, 'weeks')).toBe('1周前');
    expect(relativeTime(ago(27 * D), now, 'weeks')).toBe('3周前');
    expect(relativeTime(ago(28 * D), now, 'weeks')).toBe('1个月前');
    expect(relativeTime(new Date(2026, 7, 23, 12), now, 'weeks')).toBe('2个月前');
    expect(relativeTime(new Date(2026, 6, 1, 9, 5), now, 'weeks', 'zh', DATE_FORMATS.message)).toBe(
      '2026-07-01',
    );
  });

  it("reads 'tenMinutes'", () => {
    expect(relativeTime(ago(599 * S), now, 'tenMinutes')).toBe('刚刚');
    expect(relativeTime(ago(600 * S), now, 'tenMinutes')).toBe('10分钟前');
    expect(relativeTime(ago(30 * D), now, 'tenMinutes')).toBe('30天前');
    expect(relativeTime(ago(31 * D), now, 'tenMinutes')).toBe('2026-10-22 12:00');
  });

  it('never throws and treats the future as just now', () => {
    expect(relativeTime(now + H, now)).toBe('刚刚');
    expect(relativeTime('garbage', now)).toBe('');
    fc.assert(
      fc.property(
        fc.anything(),
        fc.constantFrom('short30s', 'weeks', 'tenMinutes', 'days' as const),
        (v, r) => {
          expect(typeof relativeTime(v as number, now, r)).toBe('string');
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * D }), fc.integer({ min: 0, max: 400 * D }), (a, b) => {
        // older dates never read "newer": the minute count does not decrease within the minute range
        const x = relativeTime(ago(Math.min(a, b)), now, 'short30s');
        const y = relativeTime(ago(Math.max(a, b)), now, 'short30s');
        const mx = /^(\d+)分钟前$/.exec(x);
        const my = /^(\d+)分钟前$/.exec(y);
        if (mx && my) expect(Number(my[1])).toBeGreaterThanOrEqual(Number(mx[1]));
      }),
    );
  });
});

describe('formatDate', () => {
  it('uses the spec formats', () => {
    const t = new Date(2026, 0, 5, 8, 7).getTime();
    expect(formatDate(t, DATE_FORMATS.news)).toBe('01-05');
    expect(formatDate(t, 'yyyy-MM-dd')).toBe('2026-01-05');
    expect(formatDate(t, DATE_FORMATS.meeting)).toBe('08:07');
    expect(formatDate(t)).toBe('2026-01-05 08:07');
    expect(formatDate(String(t))).toBe('2026-01-05 08:07');
    expect(formatDate(null)).toBe('');
  });
});

describe('sizes and numbers', () => {
  it('formats file sizes in 1024 units', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5242880)).toBe('5.00 MB');
    expect(formatFileSize(1073741824)).toBe('1.00 GB');
    expect(formatFileSize(2 * 1099511627776)).toBe('2.00 TB');
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });

  it('abbreviates with k, M, G, T, P, E', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1000)).toBe('1k');
    expect(abbreviateNumber(1234)).toBe('1.2k');
    expect(abbreviateNumber(1500000)).toBe('1.5M');
    expect(abbreviateNumber(2e9)).toBe('2G');
    expect(abbreviateNumber(3e12)).toBe('3T');
    expect(abbreviateNumber(4e15)).toBe('4P');
    expect(abbreviateNumber(5e18)).toBe('5E');
    expect(abbreviateNumber(999950)).toBe('1M');
    expect(abbreviateNumber(-1234)).toBe('-1.2k');
    expect(abbreviateNumber(Number.NaN)).toBe('');
  });
});

describe('workflow and meeting labels', () => {
  it('maps task statuses', () => {
    expect(taskStatusTag(2).text).toBe('审核通过');
    expect(taskStatusTag(3).text).toBe('审核驳回');
    expect(taskStatusTag('4').text).toBe('流程撤回');
    expect(taskStatusTag(5).text).toBe('审核终止');
    expect(taskStatusTag(1).text).toBe('等待审核');
    expect(taskStatusTag(undefined).text).toBe('等待审核');
    expect(taskStatusTag(2, 'en')).toEqual({ text: 'Approved', color: 'success' });
  });

  it('writes reminder texts', () => {
    expect(reminderText({ pressMark: 1, creatorTime: ago(10 * D) }, now)).toBe('已催办');
    expect(reminderText({ pressMark: 0, creatorTime: ago(3 * D) }, now)).toBe('已滞留3天');
    expect(reminderText({ pressMark: 0, creatorTime: ago(3 * D - 1) }, now)).toBe('');
    expect(reminderText({ creatorTime: ago(10 * D + 5 * H) }, now)).toBe('已滞留10天');
    expect(reminderText({}, now)).toBe('');
  });

  it('labels meetings and counts today', () => {
    expect(meetingLabel({ stateType: 1, crState: 2 })).toEqual({ label: '已取消', style: 'cancelled' });
    expect(meetingLabel({ crState: 2 }).style).toBe('past');
    expect(meetingLabel({ crState: '3' }).style).toBe('closed');
    expect(meetingLabel({ crState: 1 }).style).toBe('normal');
    const rows = [
      { startTime: now - H, stateType: 0 },
      { startTime: now + H, stateType: 1 },
      { startTime: now + 2 * H },
      { startTime: now - 2 * D },
    ];
    expect(countTodayMeetings(rows, now)).toBe(2);
  });
});

describe('formatAmount', () => {
  it('formats with symbol, separators and half-up decimals', () => {
    expect(formatAmount(1234.5)).toBe('¥1,234.50');
    expect(formatAmount(1.005)).toBe('¥1.01');
    expect(formatAmount('-1234567.891', { decimals: 1, symbol: '$' })).toBe('-$1,234,567.9');
    expect(formatAmount(12, { decimals: 0, thousands: false })).toBe('¥12');
    expect(formatAmount(-0.001)).toBe('¥0.00');
    expect(formatAmount('')).toBe('');
    expect(formatAmount('abc')).toBe('');
  });
});

describe('counts', () => {
  it('caps badges at 99+ and counts hidden recipients', () => {
    expect(formatBadge(0)).toBe('');
    expect(formatBadge(99)).toBe('99');
    expect(formatBadge(100)).toBe('99+');
    const r = summariseRecipients(Array.from({ length: 23 }, (_, i) => i));
    expect(r.visible).toHaveLength(20);
    expect(r.moreText).toBe('还有3位接收人');
    expect(summariseRecipients([1, 2]).moreText).toBe('');
  });

  it("reads 'days'", () => {
    expect(relativeTime(ago(59 * S), now, 'days')).toBe('刚刚');
    expect(relativeTime(ago(3 * H), now, 'days')).toBe('3小时前');
    expect(relativeTime(ago(400 * D), now, 'days')).toBe('400天前');
  });
});
