import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../kit/useLoad';
import { portalApi } from './portalApi';
import { stepCalendar, weekOf } from './widgetLogic';

/** Days shown by the calendar: the Sunday-first week, or the whole weeks covering the month. */
export function daysShown(anchor: dayjs.Dayjs, mode: 'week' | 'month'): dayjs.Dayjs[] {
  const first = mode === 'week' ? dayjs(weekOf(anchor)[0]) : dayjs(weekOf(anchor.startOf('month'))[0]);
  const last = mode === 'week' ? first.add(6, 'day') : dayjs(weekOf(anchor.endOf('month'))[1]);
  const out: dayjs.Dayjs[] = [];
  for (let d = first; !d.isAfter(last, 'day'); d = d.add(1, 'day')) out.push(d);
  return out;
}

/**
 * The calendar widget (spec 1 §4): week view by default, selecting a day emits the date, back-to-today resets,
 * previous and next move 7 days (a month in month view); the week starts on Sunday. Marked dates (check-ins)
 * come from the calendar marker call as a map keyed by date.
 */
export function WeekCalendar({
  onSelect,
  compact,
}: {
  onSelect?: (date: string) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'week' | 'month'>('week');
  const [anchor, setAnchor] = useState(() => dayjs());
  const [selected, setSelected] = useState(() => dayjs().format('YYYY-MM-DD'));
  const days = useMemo(() => daysShown(anchor, mode), [anchor, mode]);
  const from = days[0].format('YYYY-MM-DD');
  const to = days[days.length - 1].format('YYYY-MM-DD');
  const { data: marks } = useLoad(() => portalApi.calendar(from, to).then((r) => r.data), [from, to], null);
  const todayKey = dayjs().format('YYYY-MM-DD');
  const pick = (d: string) => {
    setSelected(d);
    onSelect?.(d);
  };
  return (
    <div className={`kp-calendar${compact ? ' kp-calendar-compact' : ''}`} data-testid="calendar">
      <div className="kp-calendar-head">
        <Button
          size="small"
          icon={<LeftOutlined />}
          aria-label={t('portalHome.prev')}
          data-testid="calendar-prev"
          onClick={() => setAnchor((a) => stepCalendar(a, mode, -1))}
        />
        <span className="kp-calendar-title" data-testid="calendar-title">
          {anchor.format('YYYY-MM')}
        </span>
        <Button
          size="small"
          icon={<RightOutlined />}
          aria-label={t('portalHome.next')}
          data-testid="calendar-next"
          onClick={() => setAnchor((a) => stepCalendar(a, mode, 1))}
        />
        <Button
          size="small"
          data-testid="calendar-today"
          onClick={() => {
            setAnchor(dayjs());
            pick(todayKey);
          }}
        >
          {t('portalHome.backToToday')}
        </Button>
        <Segmented
          size="small"
          value={mode}
          onChange={(v) => setMode(v as 'week' | 'month')}
          options={[
            { label: t('portalHome.week'), value: 'week' },
            { label: t('portalHome.month'), value: 'month' },
          ]}
        />
      </div>
      <div className="kp-calendar-grid">
        {[0, 1, 2, 3, 4, 5, 6].map((w) => (
          <div key={`h${w}`} className="kp-calendar-wd">
            {t(`portalHome.weekdays.${w}`)}
          </div>
        ))}
        {days.map((d) => {
          const key = d.format('YYYY-MM-DD');
          const marked = !!marks?.[key];
          return (
            <button
              type="button"
              key={key}
              data-testid={`calendar-day-${key}`}
              data-marked={marked ? '1' : '0'}
              className={[
                'kp-calendar-day',
                key === selected ? 'kp-selected' : '',
                key === todayKey ? 'kp-today' : '',
                mode === 'month' && d.month() !== anchor.month() ? 'kp-other-month' : '',
              ].join(' ')}
              onClick={() => pick(key)}
            >
              {d.date()}
              {marked && <span className="kp-calendar-mark" />}
            </button>
          );
        })}
      </div>
    </div>
  );
}
