import { App, Button, Card, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../permission/usePerm';
import { type LaunchedRow, wfApi } from './api';
import { type FlowDialogOptions, ListDialog } from './FlowDialog';
import { FlowSearch, useFlowColumns, useFlowList } from './FlowList';
import { AssignDialog } from './FlowPickers';
import { WF_NS } from './i18n';
import { MONITOR_BUTTONS, statusTag } from './model';

type MonitorRow = LaunchedRow & { userName?: string; suspended?: number };

/**
 * Monitor: every flow in the user's scope, filter, details (opType 4), suspend/resume, assign, terminate;
 * each operation shows only with its monitor button (the server refuses it without).
 */
export default function Monitor() {
  const { t } = useTranslation(WF_NS);
  const perm = usePerm();
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<FlowDialogOptions | null>(null);
  const [assignId, setAssignId] = useState<string | null>(null);
  const { setQuery, reload: load, rows, pagination } = useFlowList<MonitorRow>(wfApi.monitor);
  const cols = useFlowColumns<MonitorRow>();
  return (
    <Card title={t('title.monitor')} data-testid="wf-monitor">
      <FlowSearch statuses={[1, 2, 3, 4, 5]} setQuery={setQuery} />
      <Table<MonitorRow>
        rowKey="id"
        size="middle"
        dataSource={rows}
        pagination={pagination}
        columns={[
          cols.fullName((r) => setDialog({ opType: 4, taskId: r.id, title: r.fullName, pageBtn: perm.btn })),
          cols.userName,
          cols.thisStep,
          cols.creatorTime,
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
                  {perm.btn(MONITOR_BUTTONS.suspend) && (
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
                  )}
                  {perm.btn(MONITOR_BUTTONS.assign) && (
                    <Button type="link" size="small" onClick={() => setAssignId(r.id)}>
                      {t('btn.assign')}
                    </Button>
                  )}
                  {perm.btn(MONITOR_BUTTONS.terminate) && (
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
                  )}
                </Space>
              ) : null,
          },
        ]}
      />
      <ListDialog dialog={dialog} onClose={() => setDialog(null)} reload={load} />
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
