import { App, Button, Card, DatePicker, Form, Input, Modal, Select, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../permission/usePerm';
import { type TemplateRow, type UserOption, wfApi } from './api';
import { WF_NS } from './i18n';
import { fmtTime } from './util';

interface EntrustRow {
  id: string;
  toUserId: string;
  toUserName?: string;
  flowId?: string | null;
  startTime: number;
  endTime: number;
  description?: string | null;
}

/** Entrust: hand one's approvals (all flows or one) to another user for a date range. */
export default function Entrust() {
  const { t } = useTranslation(WF_NS);
  const { modal } = App.useApp();
  // new and delete need the page's btn_add / btn_remove (the server refuses them without)
  const perm = usePerm();
  const [rows, setRows] = useState<EntrustRow[]>([]);
  const [open, setOpen] = useState(false);
  const [users, setUsers] = useState<UserOption[]>([]);
  const [flows, setFlows] = useState<TemplateRow[]>([]);
  const [form] = Form.useForm();
  const load = useCallback(() => {
    void wfApi
      .entrusts()
      .then((l) => setRows(l as unknown as EntrustRow[]))
      .catch(() => setRows([]));
  }, []);
  useEffect(load, [load]);
  useEffect(() => {
    if (!open) return;
    if (!users.length)
      void wfApi
        .users()
        .then(setUsers)
        .catch(() => {});
    if (!flows.length)
      void wfApi
        .launchable()
        .then(setFlows)
        .catch(() => {});
  }, [open, users.length, flows.length]);
  const flowName = (id?: string | null) =>
    id ? (flows.find((f) => f.id === id)?.fullName ?? id) : t('dlg.all');
  return (
    <Card
      title={t('title.entrust')}
      extra={
        perm.btn('btn_add') && (
          <Button
            type="primary"
            data-testid="wf-entrust-add"
            onClick={() => {
              form.resetFields();
              setOpen(true);
            }}
          >
            {t('btn.add')}
          </Button>
        )
      }
    >
      <Table<EntrustRow>
        rowKey="id"
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('col.toUser'), dataIndex: 'toUserName' },
          { title: t('col.flow'), dataIndex: 'flowId', render: (v: string) => flowName(v) },
          {
            title: t('col.range'),
            render: (_: unknown, r) => `${fmtTime(r.startTime)} ~ ${fmtTime(r.endTime)}`,
          },
          { title: t('col.description'), dataIndex: 'description' },
          {
            title: t('col.action'),
            width: 90,
            render: (_: unknown, r) =>
              perm.btn('btn_remove') && (
                <Button
                  type="link"
                  size="small"
                  onClick={async () => {
                    if (!(await modal.confirm({ title: t('msg.tip'), content: t('msg.deleteConfirm') })))
                      return;
                    await wfApi.deleteEntrust(r.id).catch(() => {});
                    load();
                  }}
                >
                  {t('btn.delete')}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={open}
        title={t('dlg.entrust')}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          const v = await form.validateFields();
          try {
            await wfApi.addEntrust({
              toUserId: v.toUserId,
              flowId: v.flowId || undefined,
              startTime: v.range[0].valueOf(),
              endTime: v.range[1].valueOf(),
              description: v.description,
            });
            setOpen(false);
            load();
          } catch {
            // shown
          }
        }}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="toUserId" label={t('col.toUser')} rules={[{ required: true }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={users.map((u) => ({ value: u.id, label: u.fullName }))}
            />
          </Form.Item>
          <Form.Item name="flowId" label={t('col.flow')}>
            <Select allowClear options={flows.map((f) => ({ value: f.id, label: f.fullName }))} />
          </Form.Item>
          <Form.Item name="range" label={t('col.range')} rules={[{ required: true }]}>
            <DatePicker.RangePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="description" label={t('col.description')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
