import { App, Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../kit/useLoad';
import { type LaunchedRow, wfApi } from './api';
import { FlowDialog, type FlowDialogOptions } from './FlowDialog';
import { AssignDialog } from './FlowPickers';
import { WF_NS } from './i18n';
import { statusTag } from './model';
import { fmtTime } from './util';

type MonitorRow = LaunchedRow & { userName?: string; suspended?: number };

/** Monitor (administrators): every flow, filter, details (opType 4), suspend/resume, assign, terminate. */
export default function Monitor() {
  const { t } = useTranslation(WF_NS);
  const { modal } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number | undefined>();
  const [query, setQuery] = useState<{
    keyword: string;
    status?: number;
    currentPage: number;
    pageSize: number;
  }>({
    keyword: '',
    currentPage: 1,
    pageSize: 20,
  });
  const [dialog, setDialog] = useState<FlowDialogOptions | null>(null);
  const [assignId, setAssignId] = useState<string | null>(null);
  const list = useLoad(() => wfApi.monitor(query), [query], {
    list: [] as MonitorRow[],
    pagination: { currentPage: 1, pageSize: 20, total: 0 },
  });
  const { reload: load } = list;
  const rows = list.data.list;
  const total = list.data.pagination.total;
  return (
    <Card title={t('title.monitor')} data-testid="wf-monitor">
      <Form
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={() => setQuery((q) => ({ ...q, keyword, status, currentPage: 1 }))}
      >
        <Form.Item>
          <Input
            allowClear
            placeholder={t('dlg.keyword')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
        </Form.Item>
        <Form.Item>
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('col.status')}
            value={status}
            onChange={setStatus}
            options={[1, 2, 3, 4, 5].map((s) => ({ value: s, label: t(statusTag(s).key) }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('btn.search')}
        </Button>
      </Form>
      <Table<MonitorRow>
        rowKey="id"
        size="middle"
        dataSource={rows}
        pagination={{
          current: query.currentPage,
          pageSize: query.pageSize,
          total,
          onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
        }}
        columns={[
          {
            title: t('col.fullName'),
            dataIndex: 'fullName',
            render: (v: string, r) => (
              <Button
                type="link"
                size="small"
                onClick={() => setDialog({ opType: 4, taskId: r.id, title: v })}
              >
                {v}
              </Button>
            ),
          },
          { title: t('col.userName'), dataIndex: 'userName', width: 120 },
          { title: t('col.thisStep'), dataIndex: 'thisStep', width: 160 },
          {
            title: t('col.creatorTime'),
            dataIndex: 'creatorTime',
            width: 160,
            render: (v: number) => fmtTime(v),
          },
          {
            title: t('col.status'),
            width: 160,
            render: (_: unknown, r) => {
              const tag = statusTag(r.status);
              return (
                <Space size={4}>
                  <Tag color={tag.color}>{t(tag.key)}</Tag>
                  {r.suspended ? <Tag color="purple">{t('col.suspended')}</Tag> : null}
                </Space>
              );
            },
          },
          {
            title: t('col.action'),
            width: 230,
            render: (_: unknown, r) =>
              r.status === 1 ? (
                <Space size={4}>
                  <Button
                    type="link"
                    size="small"
                    onClick={async () => {
                      await (r.suspended ? wfApi.resume(r.id) : wfApi.suspend(r.id)).catch(() => {});
                      load();
                    }}
                  >
                    {r.suspended ? t('btn.resume') : t('btn.suspend')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setAssignId(r.id)}>
                    {t('btn.assign')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={async () => {
                      if (!(await modal.confirm({ title: t('msg.terminateTitle'), content: r.fullName })))
                        return;
                      await wfApi.cancel(r.id).catch(() => {});
                      load();
                    }}
                  >
                    {t('btn.terminate')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      {dialog && (
        <FlowDialog
          open
          {...dialog}
          onClose={(refresh) => {
            setDialog(null);
            if (refresh) load();
          }}
        />
      )}
      {assignId && (
        <AssignDialog
          open
          taskId={assignId}
          onCancel={() => setAssignId(null)}
          onDone={() => {
            setAssignId(null);
            load();
          }}
        />
      )}
    </Card>
  );
}
