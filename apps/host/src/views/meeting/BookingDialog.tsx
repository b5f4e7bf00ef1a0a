import { DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imUserOptions } from '../../kit/imUsers';
import { PagedSelect } from '../../kit/PagedSelect';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import { type Booking, meetingApi, type RoomResource } from './meetingApi';

export const BOOKING_DIALOG_WIDTH = 800;

interface FormValues {
  crTheme: string;
  crguid: string;
  crTypeGuid: string;
  crLeader: string;
  crRecorder?: string;
  crHost?: string;
  startTime: dayjs.Dayjs;
  endTime: dayjs.Dayjs;
  userList: string[];
  crDescription?: string;
}

export type DialogMode = 'new' | 'edit' | 'view';

/**
 * The booking dialog (spec 3 §5 Meeting booking): new (no id) creates, existing updates, view is read-only.
 * Required: theme, room, type, leader, start, end with the spec's messages (meeting.required.*); a past
 * start gives 过去的时间不可选择！ (meeting.pastSlot). A new booking defaults the leader and the attendees to
 * the current user. The server checks everything again and refuses overlapping bookings; its msg is shown by
 * the API client.
 */
export function BookingDialog({
  mode,
  id,
  preset,
  rooms,
  onClose,
  onSaved,
}: {
  mode: DialogMode;
  id?: string;
  preset?: { crguid?: string; startTime?: number; endTime?: number };
  rooms: RoomResource[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const me = useStore(sessionStore, (s) => s.userInfo);
  const [types, setTypes] = useState<Array<{ id: string; fullName: string }>>([]);
  const [names, setNames] = useState<Record<string, string>>(() => (me ? { [me.userId]: me.userName } : {}));
  const [saving, setSaving] = useState(false);
  const [loaded, setLoaded] = useState(mode === 'new');
  const readOnly = mode === 'view';

  // the meeting types, once when the dialog opens
  useEffect(() => {
    meetingApi
      .types()
      .then((r) => setTypes(r.data.list))
      .catch(() => {});
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per opened booking
  useEffect(() => {
    if (mode === 'new') {
      form.setFieldsValue({
        crguid: preset?.crguid,
        startTime: preset?.startTime ? dayjs(preset.startTime) : undefined,
        endTime: preset?.endTime ? dayjs(preset.endTime) : undefined,
        crLeader: me?.userId,
        userList: me ? [me.userId] : [],
      });
      return;
    }
    if (!id) return;
    meetingApi
      .get(id)
      .then((r) => {
        const b = r.data;
        setNames((n) => ({ ...n, ...(b.userNames ?? {}) }));
        form.setFieldsValue({
          crTheme: b.crTheme,
          crguid: b.crguid,
          crTypeGuid: b.crTypeGuid,
          crLeader: b.crLeader,
          crRecorder: b.crRecorder ?? undefined,
          crHost: b.crHost ?? undefined,
          startTime: dayjs(b.startTime),
          endTime: dayjs(b.endTime),
          userList: b.userList ?? [],
          crDescription: b.crDescription ?? undefined,
        });
        setLoaded(true);
      })
      .catch(() => onClose());
  }, [id, mode]);

  const userSelect = (multiple: boolean, testId: string) => (
    // all users, 20 a page as the dropdown scrolls (spec 1 §9); the booking's people keep their names
    <PagedSelect
      mode={multiple ? 'multiple' : undefined}
      allowClear
      disabled={readOnly}
      data-testid={testId}
      fetchPage={imUserOptions}
      labels={names}
      placeholder={t('meeting.pickUser')}
    />
  );

  const submit = async () => {
    // a missing field is shown under it by the form; its rejection must not escape as a page error
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: Booking = {
      crTheme: v.crTheme,
      crguid: v.crguid,
      crTypeGuid: v.crTypeGuid,
      crLeader: v.crLeader,
      crRecorder: v.crRecorder ?? null,
      crHost: v.crHost ?? null,
      crDescription: v.crDescription ?? null,
      startTime: v.startTime.valueOf(),
      endTime: v.endTime.valueOf(),
      userList: v.userList ?? [],
      participants: (v.userList ?? []).join(','),
    };
    setSaving(true);
    try {
      if (mode === 'edit' && id) await meetingApi.update(id, body);
      else await meetingApi.create(body);
      onSaved();
    } catch {
      // the API client showed the server's msg (for example an overlapping booking); the dialog stays open
    } finally {
      setSaving(false);
    }
  };

  const title =
    mode === 'new'
      ? t('meeting.newBooking')
      : mode === 'edit'
        ? t('meeting.editBooking')
        : t('meeting.viewBooking');
  return (
    <Modal
      open
      title={title}
      width={BOOKING_DIALOG_WIDTH}
      onCancel={onClose}
      onOk={readOnly ? onClose : submit}
      okText={readOnly ? t('common.close') : t('common.confirm')}
      cancelButtonProps={readOnly ? { style: { display: 'none' } } : undefined}
      okButtonProps={{ 'data-testid': 'booking-ok', loading: saving } as never}
      maskClosable={false}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '100px' }}
        disabled={readOnly || !loaded}
        data-testid="booking-form"
        data-mode={mode}
      >
        <Form.Item
          name="crTheme"
          label={t('meeting.theme')}
          rules={[{ required: true, whitespace: true, message: t('meeting.required.theme') }]}
        >
          <Input maxLength={200} data-testid="booking-theme" />
        </Form.Item>
        <Form.Item
          name="crguid"
          label={t('meeting.room')}
          rules={[{ required: true, message: t('meeting.required.room') }]}
        >
          <Select
            data-testid="booking-room"
            options={rooms.map((r) => ({ value: r.id, label: r.roomName }))}
          />
        </Form.Item>
        <Form.Item
          name="crTypeGuid"
          label={t('meeting.type')}
          rules={[{ required: true, message: t('meeting.required.type') }]}
        >
          <Select
            data-testid="booking-type"
            options={types.map((x) => ({ value: x.id, label: x.fullName }))}
          />
        </Form.Item>
        <Form.Item
          name="crLeader"
          label={t('meeting.leader')}
          rules={[{ required: true, message: t('meeting.required.leader') }]}
        >
          {userSelect(false, 'booking-leader')}
        </Form.Item>
        <Form.Item name="crRecorder" label={t('meeting.recorder')}>
          {userSelect(false, 'booking-recorder')}
        </Form.Item>
        <Form.Item name="crHost" label={t('meeting.host')}>
          {userSelect(false, 'booking-host')}
        </Form.Item>
        <Form.Item
          name="startTime"
          label={t('meeting.start')}
          rules={[
            { required: true, message: t('meeting.required.start') },
            {
              validator: (_, v: dayjs.Dayjs | undefined) =>
                mode !== 'view' && v && v.valueOf() < Date.now() - 60_000
                  ? Promise.reject(new Error(t('meeting.pastSlot')))
                  : Promise.resolve(),
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format="YYYY-MM-DD HH:mm"
            data-testid="booking-start"
          />
        </Form.Item>
        <Form.Item
          name="endTime"
          label={t('meeting.end')}
          rules={[{ required: true, message: t('meeting.required.end') }]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format="YYYY-MM-DD HH:mm"
            data-testid="booking-end"
          />
        </Form.Item>
        <Form.Item name="userList" label={t('meeting.attendees')}>
          {userSelect(true, 'booking-attendees')}
        </Form.Item>
        <Form.Item name="crDescription" label={t('meeting.description')}>
          <Input.TextArea rows={3} maxLength={5000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
