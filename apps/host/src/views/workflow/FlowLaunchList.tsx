import { App, Button, Card, Input, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../permission/usePerm';
import { type LaunchedRow, wfApi } from './api';
import { type FlowDialogOptions, ListDialog } from './FlowDialog';
import { FlowSearch, useFlowColumns, useFlowList } from './FlowList';
import { WF_NS } from './i18n';
import { canResubmit, checkReason, LAUNCH_BUTTONS, statusTag } from './model';

/**
 * My launched flows: status tags, details, withdraw (reason required), press, delete of drafts and ended flows;
 * each action only with its button of this page (the server checks the same: workflow/routes/flow-launch.ts).
 */
export default function FlowLaunchList() {
  const { t } = useTranslation(WF_NS);
  const { message, modal } = App.useApp();
  const [dialog, setDialog] = useState<FlowDialogOptions | null>(null);
  const [withdrawId, setWithdrawId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const { setQuery, loading, reload: load, rows, pagination } = useFlowList(wfApi.launched);
  const cols = useFlowColumns<LaunchedRow>();
  const perm = usePerm();

  return (
    <Card title={t('title.launched')} data-testid="wf-launched">
      <FlowSearch statuses={[0, 1, 2, 3, 4, 5]} setQuery={setQuery} />
      <Table<LaunchedRow>
        rowKey="id"
        size="middle"
        // a narrow screen scrolls the table inside its card, never the page
        scroll={{ x: 'max-content' }}
        loading={loading}
        dataSource={rows}
        pagination={pagination}
        columns={[
          cols.fullName((r) => openRow(r)),
          cols.thisStep,
          cols.urgent,
          cols.creatorTime,
          {
            title: t('col.status'),
            dataIndex: 'status',
            width: 110,
            render: (s: number) => {
              if (s === 0) return <Tag>{t('status.draft')}</Tag>;
              const tag = statusTag(s);
              return (
                <Tag color={tag.color} data-testid="wf-launched-status">
                  {t(tag.key)}
                </Tag>
              );
            },
          },
          {
            title: t('col.action'),
            width: 220,
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button
                  type="link"
                  size="small"
                  data-testid={canResubmit(r) ? 'wf-launched-resubmit' : undefined}
                  onClick={() => openRow(r, true)}
                >
                  {r.status === 0 ? t('btn.edit') : canResubmit(r) ? t('btn.resubmit') : t('btn.detail')}
                </Button>
                {r.status === 1 && perm.btn(LAUNCH_BUTTONS.withdraw) && (
                  <Button
                    type="link"
                    size="small"
                    data-testid="wf-launched-withdraw"
                    onClick={() => {
                      setReason('');
                      setWithdrawId(r.id);
                    }}
                  >
                    {t('btn.withdraw')}
                  </Button>
                )}
                {r.status === 1 && perm.btn(LAUNCH_BUTTONS.press) && (
                  <Button
                    type="link"
                    size="small"
                    data-testid="wf-launched-press"
                    onClick={async () => {
                      if (await modal.confirm({ title: t('msg.tip'), content: t('msg.pressConfirm') }))
                        await wfApi.press(r.id).catch(() => {});
                    }}
                  >
                    {t('btn.press')}
                  </Button>
                )}
                {r.status !== 1 && perm.btn(LAUNCH_BUTTONS.remove) && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    data-testid="wf-launched-delete"
                    onClick={async () => {
                      if (!(await modal.confirm({ title: t('msg.tip'), content: t('msg.deleteConfirm') })))
                        return;
                      await wfApi.deleteLaunched(r.id).catch(() => {});
                      load();
                    }}
                  >
                    {t('btn.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ListDialog dialog={dialog} onClose={() => setDialog(null)} reload={load} />
      <Modal
        open={!!withdrawId}
        title={t('btn.withdraw')}
        onCancel={() => setWithdrawId(null)}
        onOk={async () => {
          const err = checkReason('withdraw', reason);
          if (err) {
            message.warning(t(err));
            return;
          }
          try {
            await wfApi.withdraw(withdrawId as string, reason.trim());
            setWithdrawId(null);
            load();
          } catch {
            // shown by the client
          }
        }}
      >
        <Input.TextArea
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('dlg.reason')}
        />
      </Modal>
    </Card>
  );

  /** The title opens the detail (a rejected or withdrawn one offers 编辑重新提交 there); edit opens it editable. */
  function openRow(r: LaunchedRow, edit = false) {
    setDialog(
      // drafts, and (from the action link) requests rejected back or withdrawn, open editable: save / submit = resubmit
      r.status === 0 || (edit && canResubmit(r))
        ? { opType: -1, taskId: r.id, flowId: r.flowId, title: r.fullName }
        : { opType: 0, taskId: r.id, title: r.fullName, pageBtn: perm.btn },
    );
  }
}
