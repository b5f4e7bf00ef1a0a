import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Space, Table, Tabs, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import { flattenMenu } from '../portal/widgetLogic';
import { BookingDialog, type DialogMode } from './BookingDialog';
import { type MeetingListRow, meetingApi, type RoomResource } from './meetingApi';
import {
  eventBox,
  FIRST_VISIBLE_HOUR,
  isPastSlot,
  ROOM_COLUMN,
  SLOT_MINUTES,
  SLOT_WIDTH,
  slotsOf,
  slotTaken,
  TIMELINE_HEIGHT,
} from './timeline';
import './meeting.css';

const MENU_CODE = 'oa.conference';

/** Button check of the current menu (spec 3 §6): shown only if the menu's permission list has the code. */
function useButtons() {
  const menu = useStore(sessionStore, (s) => s.menuList);
  const perms = useStore(sessionStore, (s) => s.permissionList);
  const entry = flattenMenu(menu).find((m) => m.enCode === MENU_CODE);
  const codes = new Set(perms.find((p) => p.modelId === entry?.id)?.button.map((b) => b.enCode) ?? []);
  return (code: string) => codes.has(code);
}

interface DialogState {
  mode: DialogMode;
  id?: string;
  preset?: { crguid?: string; startTime?: number; endTime?: number };
}

/** oa/conference: the day timeline by room, the booking dialog, and my bookings with cancel. */
export default function Conference() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const me = useStore(sessionStore, (s) => s.userInfo?.userId);
  const can = useButtons();
  const [day, setDay] = useState(() => dayjs().startOf('day'));
  const [rooms, setRooms] = useState<RoomResource[]>([]);
  const [loading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [tab, setTab] = useState('timeline');
  const [mine, setMine] = useState<{ list: MeetingListRow[]; total: number }>({ list: [], total: 0 });
  const [page, setPage] = useState(1);
  const scroller = useRef<HTMLDivElement>(null);

  const loadDay = useCallback(() => {
    setLoading(true);
    meetingApi
      .day(day.format('YYYY-MM-DD'))
      .then((r) => setRooms(r.data.resources))
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [day]);
  const loadMine = useCallback(() => {
    meetingApi
      .list({ currentPage: page, pageSize: 20, mine: true })
      .then((r) => setMine({ list: r.data.list, total: r.data.pagination.total }))
      .catch(() => {});
  }, [page]);

  useEffect(loadDay, [loadDay]);
  useEffect(() => {
    if (tab === 'mine') loadMine();
  }, [tab, loadMine]);
  const hasRooms = rooms.length > 0;
  useEffect(() => {
    if (hasRooms && scroller.current) scroller.current.scrollLeft = FIRST_VISIBLE_HOUR * 2 * SLOT_WIDTH;
  }, [hasRooms]);
  // ?id= (from the meeting widget, or a type-9 message with readonly=1) opens that booking read-only.
  const openId = params.get('id');
  useEffect(() => {
    if (openId) setDialog({ mode: 'view', id: openId });
  }, [openId]);

  const slots = slotsOf(day);
  const onSlot = (room: RoomResource, start: number) => {
    if (isPastSlot(start)) {
      message.warning(t('meeting.pastSlot'));
      return;
    }
    if (!can('btn_add')) return;
    setDialog({
      mode: 'new',
      preset: { crguid: room.id, startTime: start, endTime: start + 2 * SLOT_MINUTES * 60_000 },
    });
  };

  const cancel = (row: MeetingListRow) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('meeting.cancelConfirm', { theme: row.crTheme }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'cancel-ok' } as never,
      onOk: async () => {
        await meetingApi.cancel(row.crbguid);
        loadMine();
        loadDay();
      },
    });

  const closeDialog = () => {
    setDialog(null);
    if (openId) {
      // ?id=…&readonly=1 comes from a type-9 site message
      params.delete('id');
      params.delete('readonly');
      setParams(params, { replace: true });
    }
  };

  const timeline = (
    <Card
      size="small"
      title={
        <Space>
          <Button
            size="small"
            icon={<LeftOutlined />}
            data-testid="day-prev"
            onClick={() => setDay((d) => d.subtract(1, 'day'))}
          />
          <DatePicker
            value={day}
            allowClear={false}
            onChange={(v) => v && setDay(v.startOf('day'))}
            data-testid="day-picker"
          />
          <Button
            size="small"
            icon={<RightOutlined />}
            data-testid="day-next"
            onClick={() => setDay((d) => d.add(1, 'day'))}
          />
          <Button size="small" onClick={() => setDay(dayjs().startOf('day'))}>
            {t('portalHome.backToToday')}
          </Button>
        </Space>
      }
      extra={
        can('btn_add') && (
          <Button type="primary" data-testid="booking-new" onClick={() => setDialog({ mode: 'new' })}>
            {t('meeting.book')}
          </Button>
        )
      }
      loading={loading && !rooms.length}
    >
      <div className="kp-tl" style={{ height: TIMELINE_HEIGHT }} data-testid="timeline">
        <div className="kp-tl-rooms" style={{ width: ROOM_COLUMN }}>
          <div className="kp-tl-corner">{t('meeting.room')}</div>
          {rooms.map((r) => (
            <div key={r.id} className="kp-tl-room" title={r.location ?? ''}>
              <b>{r.roomName}</b>
              <span>
                {r.location} · {t('meeting.capacity', { n: r.capacity ?? 0 })}
              </span>
            </div>
          ))}
        </div>
        <div className="kp-tl-scroll" ref={scroller}>
          <div style={{ width: slots.length * SLOT_WIDTH }}>
            <div className="kp-tl-head">
              {slots.map((s) => (
                <div key={s} className="kp-tl-hcell" style={{ width: SLOT_WIDTH }}>
                  {dayjs(s).minute() === 0 ? dayjs(s).format('HH') : ''}
                </div>
              ))}
            </div>
            {rooms.map((r) => (
              <div key={r.id} className="kp-tl-row" data-testid={`room-row-${r.id}`}>
                {slots.map((s) => {
                  const past = isPastSlot(s);
                  const taken = slotTaken(s, r.events);
                  return (
                    <button
                      type="button"
                      key={s}
                      className={`kp-tl-slot${past ? ' kp-past' : ''}${taken ? ' kp-taken' : ''}`}
                      style={{ width: SLOT_WIDTH }}
                      data-testid={`slot-${r.id}-${dayjs(s).format('HHmm')}`}
                      aria-label={`${r.roomName} ${dayjs(s).format('HH:mm')}`}
                      onClick={() => !taken && onSlot(r, s)}
                    />
                  );
                })}
                {r.events.map((e) => {
                  const box = eventBox(e, day);
                  if (!box) return null;
                  return (
                    <Tooltip
                      key={e.id}
                      title={`${e.title} ${dayjs(e.start).format('HH:mm')}-${dayjs(e.end).format('HH:mm')} ${e.leaderName}`}
                    >
                      <button
                        type="button"
                        className={`kp-tl-event${e.createUserGuid === me ? ' kp-mine' : ''}`}
                        style={{ left: box.left, width: box.width }}
                        data-testid="timeline-event"
                        onClick={() =>
                          setDialog({
                            mode:
                              e.createUserGuid === me && e.end > Date.now() && can('btn_edit')
                                ? 'edit'
                                : 'view',
                            id: e.id,
                          })
                        }
                      >
                        {e.title}
                      </button>
                    </Tooltip>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      </div>
    </Card>
  );

  const myList = (
    <Table
      rowKey="crbguid"
      size="small"
      data-testid="my-bookings"
      dataSource={mine.list}
      pagination={{ current: page, pageSize: 20, total: mine.total, onChange: setPage }}
      columns={[
        { title: t('meeting.theme'), dataIndex: 'crTheme' },
        { title: t('meeting.room'), dataIndex: 'crName' },
        { title: t('meeting.leader'), dataIndex: 'userName' },
        {
          title: t('meeting.time'),
          key: 'time',
          render: (_: unknown, r: MeetingListRow) =>
            `${dayjs(r.startTime).format('YYYY-MM-DD HH:mm')}-${dayjs(r.endTime).format('HH:mm')}`,
        },
        {
          title: t('meeting.state'),
          key: 'state',
          render: (_: unknown, r: MeetingListRow) =>
            r.stateType === 1 ? (
              <Tag>{t('portalHome.cancelled')}</Tag>
            ) : r.crState === 2 ? (
              <Tag color="default">{t('meeting.past')}</Tag>
            ) : (
              <Tag color="processing">{t('meeting.upcoming')}</Tag>
            ),
        },
        {
          title: '',
          key: 'op',
          render: (_: unknown, r: MeetingListRow) => {
            const live = r.stateType !== 1 && r.crState !== 2;
            return (
              <Space>
                <Button size="small" type="link" onClick={() => setDialog({ mode: 'view', id: r.crbguid })}>
                  {t('meeting.view')}
                </Button>
                {live && can('btn_edit') && (
                  <Button size="small" type="link" onClick={() => setDialog({ mode: 'edit', id: r.crbguid })}>
                    {t('common.edit')}
                  </Button>
                )}
                {live && can('btn_edit') && (
                  <Button
                    size="small"
                    type="link"
                    danger
                    data-testid="booking-cancel"
                    onClick={() => cancel(r)}
                  >
                    {t('meeting.cancel')}
                  </Button>
                )}
              </Space>
            );
          },
        },
      ]}
    />
  );

  return (
    <div data-testid="conference-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'timeline', label: t('meeting.timeline'), children: timeline },
          { key: 'mine', label: <span data-testid="tab-mine">{t('meeting.mine')}</span>, children: myList },
        ]}
      />
      {dialog && (
        <BookingDialog
          mode={dialog.mode}
          id={dialog.id}
          preset={dialog.preset}
          rooms={rooms}
          onClose={closeDialog}
          onSaved={() => {
            closeDialog();
            loadDay();
            if (tab === 'mine') loadMine();
          }}
        />
      )}
    </div>
  );
}
