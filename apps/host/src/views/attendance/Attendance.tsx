import { Button, Card, Col, DatePicker, Empty, Row, Space, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../kit/useLoad';
import { portalApi } from '../portal/portalApi';
import { WeekCalendar } from '../portal/WeekCalendar';
import { openInNewTab, TARGETS } from '../portal/widgetLogic';
import '../portal/portal.css';

/** /WDKQ01: attendance — check in now, the month's summary with corrections, and the calendar of check-ins. */
export default function Attendance() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(() => dayjs());
  const [calendarKey, setCalendarKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState(() => dayjs().format('YYYY-MM-DD'));
  const m = month.format('YYYY-MM');
  const summary = useLoad(() => portalApi.attendance(m).then((r) => r.data), [m, calendarKey], null);
  const day = useLoad(
    () => portalApi.calendar(selected, selected).then((r) => r.data),
    [selected, calendarKey],
    null,
  );
  const times = day.data?.[selected]?.times ?? [];

  const checkIn = async () => {
    setBusy(true);
    try {
      await portalApi.checkIn();
      setCalendarKey((k) => k + 1);
    } catch {
      // the client showed the server's msg
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="attendance-page">
      <Card>
        <Row gutter={16} align="middle">
          <Col flex="none">
            <Button type="primary" size="large" loading={busy} onClick={checkIn} data-testid="check-in">
              {t('portalHome.checkIn')}
            </Button>
          </Col>
          <Col flex="none">
            <DatePicker picker="month" value={month} allowClear={false} onChange={(v) => v && setMonth(v)} />
          </Col>
          <Col flex="none">
            <Statistic
              title={t('portalHome.checkedDay')}
              value={summary.data?.checkedDay ?? 0}
              valueRender={(n) => <span data-testid="att-checked">{n}</span>}
            />
          </Col>
          <Col flex="none">
            <Statistic
              title={t('portalHome.uncheckedDay')}
              value={summary.data?.uncheckedDay ?? 0}
              valueRender={(n) => <span data-testid="att-unchecked">{n}</span>}
            />
          </Col>
        </Row>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t('portalHome.calendar')}>
            <WeekCalendar key={calendarKey} onSelect={setSelected} />
            <div style={{ marginTop: 12 }} data-testid="att-day-times">
              <b>{selected}</b>{' '}
              {times.length
                ? times.map((x) => dayjs(x).format('HH:mm:ss')).join(', ')
                : t('portalHome.noCheckIn')}
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('portalHome.uncheckedList')}>
            {summary.data?.uncheckedList.length ? (
              <Table
                size="small"
                rowKey="day"
                pagination={false}
                dataSource={summary.data.uncheckedList}
                columns={[
                  { title: t('portalHome.day'), dataIndex: 'day' },
                  {
                    title: '',
                    key: 'op',
                    render: (_: unknown, r: { url: string }) => (
                      <Button size="small" onClick={() => openInNewTab(r.url || TARGETS.correction)}>
                        {t('portalHome.correction')}
                      </Button>
                    ),
                  },
                ]}
              />
            ) : (
              <Empty description={t('common.noData')} />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
