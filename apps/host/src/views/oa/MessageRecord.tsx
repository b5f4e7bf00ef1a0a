import { App, Badge, Button, Card, Select, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUCCESS_MSG_SECONDS } from '../../config';
import './i18n';
import { http } from '../../api/http';
import { OaSearch, useListPage } from './ListParts';
import { formatTime } from './model';
import { type SiteMessage, useOpenSiteMessage, useReadAll } from './siteMessages';
import { deleteJson } from './upload';
import './oa.css';

const TYPES = [1, 2, 5, 6, 7, 8, 9];

/** Message centre (/messageRecord): the caller's site messages, unread first; open, read-all, delete. */
export default function MessageRecord() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [filter, setFilter] = useState<{ keyword?: string; type?: number; isRead?: '0' | '1' }>({});
  const { page, pagination, first } = useListPage();
  const [data, setData] = useState<{ list: SiteMessage[]; total: number }>({ list: [], total: 0 });
  const [selected, setSelected] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await http.get<{ list: SiteMessage[]; pagination: { total: number } }>('/api/message', {
        currentPage: page.current,
        pageSize: page.size,
        ...filter,
      });
      setData({ list: res.data.list ?? [], total: res.data.pagination?.total ?? 0 });
    } catch {
      /* list failures only stop the loading indicator */
    } finally {
      setLoading(false);
    }
  }, [page, filter]);
  useEffect(() => {
    void load();
  }, [load]);
  const readAll = useReadAll(() => void load());
  const { openMessage, view } = useOpenSiteMessage(() => void load());

  const remove = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('oa.removeConfirm'),
      onOk: async () => {
        try {
          const res = await deleteJson('/api/message/Record', { ids: selected });
          if (res.msg) message.success(res.msg, SUCCESS_MSG_SECONDS);
          setSelected([]);
          await load();
        } catch (e) {
          message.error((e as Error).message);
        }
      },
    });

  return (
    <Card data-testid="message-record">
      <Space style={{ marginBottom: 12 }} wrap>
        <OaSearch
          width={240}
          onSearch={(v) => {
            setFilter((f) => ({ ...f, keyword: v || undefined }));
            first();
          }}
        />
        <Select
          allowClear
          placeholder={t('oa.readState')}
          style={{ width: 140 }}
          value={filter.isRead}
          onChange={(isRead) => setFilter((f) => ({ ...f, isRead }))}
          options={[
            { value: '0', label: t('oa.unread') },
            { value: '1', label: t('oa.read') },
          ]}
        />
        <Select
          allowClear
          placeholder={t('oa.type')}
          style={{ width: 140 }}
          value={filter.type}
          onChange={(type) => setFilter((f) => ({ ...f, type }))}
          options={TYPES.map((v) => ({
            value: v,
            label: t(`oa.siteType.${v}`, { defaultValue: String(v) }),
          }))}
        />
        <Button onClick={readAll} data-testid="record-read-all">
          {t('oa.readAll')}
        </Button>
        <Button danger disabled={!selected.length} onClick={remove} data-testid="record-delete">
          {t('oa.delete')}
        </Button>
      </Space>
      <Table<SiteMessage>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={data.list}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as string[]) }}
        locale={{ emptyText: t('common.noData') }}
        columns={[
          {
            title: t('oa.title'),
            dataIndex: 'title',
            render: (v: string, r) => (
              <Space>
                <Badge status={r.isRead === '0' ? 'processing' : 'default'} />
                <button
                  type="button"
                  className={`kp-link${r.isRead === '0' ? ' kp-unread' : ''}`}
                  onClick={() => void openMessage(r)}
                  data-testid="record-open"
                >
                  {v}
                </button>
              </Space>
            ),
          },
          {
            title: t('oa.type'),
            dataIndex: 'type',
            width: 120,
            render: (v: number) => t(`oa.siteType.${v}`, { defaultValue: t('oa.siteType.2') }),
          },
          { title: t('oa.sender'), dataIndex: 'creatorUser', width: 140 },
          {
            title: t('oa.time'),
            dataIndex: 'lastModifyTime',
            width: 170,
            render: (v: number) => formatTime(v),
          },
        ]}
        pagination={pagination(data.total)}
      />
      {view}
    </Card>
  );
}
