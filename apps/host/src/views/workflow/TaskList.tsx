import { App, Button, Card, Input, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { selectAllTitle } from '../../kit/selectAllTitle';
import { usePerm } from '../permission/usePerm';
import { type TaskRow, wfApi } from './api';
import { type FlowDialogOptions, ListDialog } from './FlowDialog';
import { KeywordForm, useFlowColumns, useFlowList } from './FlowList';
import { WF_NS } from './i18n';
import { reminderText, rowDialog, statusTag } from './model';

/** To-do (1), done (2) and circulated (3) lists: search, paging, status tags, reminder texts, batch approval. */
export function TaskList(props: { category: '1' | '2' | '3'; titleKey: string }) {
  const { t } = useTranslation(WF_NS);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<FlowDialogOptions | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [batch, setBatch] = useState<0 | 1 | null>(null);
  const [opinion, setOpinion] = useState('');
  const [batchBusy, setBatchBusy] = useState(false);
  const {
    setQuery,
    loading,
    reload: load,
    rows,
    pagination,
  } = useFlowList<TaskRow>((q) => wfApi.list(props.category, q), [props.category]);
  const cols = useFlowColumns<TaskRow>();
  // batch approval: the to-do page's 批量审批 button (btn_batch); the server refuses it without
  const perm = usePerm();
  const canBatch = props.category === '1' && perm.btn('btn_batch');
  const now = Date.now();

  const runBatch = async () => {
    if (batch === 0 && !opinion.trim()) {
      message.warning(t('msg.opinionRequired'));
      return;
    }
    setBatchBusy(true);
    let ok = 0;
    try {
      const r = await wfApi.batch(selected, batch as 0 | 1, opinion);
      ok = r.data.success;
      for (const f of r.data.failed ?? []) message.error(f.msg);
    } catch {
      // the server's message was shown
    }
    setBatchBusy(false);
    setBatch(null);
    setSelected([]);
    if (ok) load();
  };

  return (
    <Card title={t(props.titleKey)} data-testid={`wf-list-${props.category}`}>
      <KeywordForm
        keyword={keyword}
        onKeyword={setKeyword}
        onSearch={() => setQuery((q) => ({ ...q, keyword, currentPage: 1 }))}
        testId="wf-search"
      >
        <Button
          style={{ marginLeft: 8 }}
          onClick={() => {
            setKeyword('');
            setQuery((q) => ({ ...q, keyword: '', currentPage: 1 }));
          }}
        >
          {t('btn.reset')}
        </Button>
        {canBatch && (
          <Space style={{ marginLeft: 16 }}>
            <Button
              disabled={!selected.length}
              data-testid="wf-batch-audit"
              onClick={() => {
                setOpinion('');
                setBatch(1);
              }}
            >
              {t('btn.batchAudit')}
            </Button>
            <Button
              disabled={!selected.length}
              danger
              onClick={() => {
                setOpinion('');
                setBatch(0);
              }}
            >
              {t('btn.batchReject')}
            </Button>
          </Space>
        )}
      </KeywordForm>
      <Table<TaskRow>
        rowKey="id"
        size="middle"
        // a narrow screen scrolls the table inside its card, never the page
        scroll={{ x: 'max-content' }}
        loading={loading}
        dataSource={rows}
        rowSelection={
          canBatch
            ? {
                selectedRowKeys: selected,
                onChange: (k) => setSelected(k.map(String)),
                columnTitle: selectAllTitle,
              }
            : undefined
        }
        pagination={pagination}
        columns={[
          {
            title: t('col.fullName'),
            dataIndex: 'fullName',
            render: (v: string, r) => {
              const rem = props.category === '1' ? reminderText(r, now) : null;
              return (
                <Space>
                  <Button type="link" size="small" data-testid="wf-row-open" onClick={() => open(r)}>
                    {v}
                  </Button>
                  {rem && (
                    <Tag color="orange">
                      {rem.key === 'reminder.stay' ? t(rem.key, { days: rem.days }) : t(rem.key)}
                    </Tag>
                  )}
                </Space>
              );
            },
          },
          cols.userName,
          cols.thisStep,
          cols.urgent,
          cols.creatorTime,
          {
            title: t('col.status'),
            dataIndex: 'status',
            width: 110,
            render: (s: number) => {
              const tag = statusTag(s);
              return <Tag color={tag.color}>{t(tag.key)}</Tag>;
            },
          },
          {
            title: t('col.action'),
            width: 90,
            render: (_: unknown, r) => (
              <Button type="link" size="small" onClick={() => open(r)}>
                {props.category === '1' ? t('btn.handle') : t('btn.detail')}
              </Button>
            ),
          },
        ]}
      />
      <ListDialog dialog={dialog} onClose={() => setDialog(null)} reload={load} />
      <Modal
        open={batch !== null}
        width={600}
        title={batch === 1 ? t('btn.batchAudit') : t('btn.batchReject')}
        confirmLoading={batchBusy}
        onCancel={() => setBatch(null)}
        onOk={() => void runBatch()}
      >
        <Input.TextArea
          rows={4}
          value={opinion}
          placeholder={t('dlg.opinionPlaceholder')}
          onChange={(e) => setOpinion(e.target.value)}
        />
      </Modal>
    </Card>
  );

  function open(r: TaskRow) {
    // A task of another system (isOut 1) opens its own page: /external appends the one-time user code
    // (GET /api/OAuth/GetUserCode, spec 1 §5) and shows it inside the app, with "open in a new window".
    if (r.isOut === 1 && r.webUrl) {
      navigate(`/external?${new URLSearchParams({ url: r.webUrl, title: r.fullName })}`);
      return;
    }
    setDialog(rowDialog(r, props.category));
  }
}

export const FlowTodo = () => <TaskList category="1" titleKey="title.todo" />;
export const FlowDone = () => <TaskList category="2" titleKey="title.done" />;
export const FlowCirculate = () => <TaskList category="3" titleKey="title.circulate" />;
