import { StarFilled } from '@ant-design/icons';
import { App, Button, Card, Space, Table, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { http } from '../../api/http';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import './i18n';
import { hasButton, KINDS, type OaKind } from './kinds';
import { attachmentsOf, formatTime } from './model';
import './oa.css';
import { type Detail, type Draft, emptyDraft, type Row } from './itemTypes';
import { OaSearch, useListPage } from './ListParts';
import { DetailView } from './OaDetail';
import { EditorModal } from './OaEditor';

const fmt = formatTime;

/** News, notices or business messages: tabs of lists, drafts, release, detail (?id=), editor. */
export function OaItems({ kind }: { kind: OaKind }) {
  const cfg = KINDS[kind];
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const user = useStore(sessionStore, (s) => s.userInfo);
  useStore(sessionStore, (s) => s.permissionList);
  const [tab, setTab] = useState(cfg.tabs[0].type);
  const [query, setQuery] = useState('');
  const { page, pagination, first } = useListPage();
  const [data, setData] = useState<{ list: Row[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<Draft | null>(null);
  const can = (b: string) => !cfg.buttons || hasButton(cfg.menu, b);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await http.get<{ list: Row[]; pagination: { total: number } }>(
        `${cfg.prefix}/${cfg.listPath}/${tab}`,
        {
          currentPage: page.current,
          pageSize: page.size,
          keyword: query || undefined,
        },
      );
      setData({ list: res.data.list ?? [], total: res.data.pagination?.total ?? 0 });
    } catch {
      /* list failures only stop the loading indicator */
    } finally {
      setLoading(false);
    }
  }, [cfg, tab, page, query]);
  useEffect(() => {
    if (!openId) void load();
  }, [load, openId]);

  const open = (id: string) => setParams({ id });
  const back = () => setParams({});
  const edit = async (row: Row) => {
    const res = await http.get<Detail>(`${cfg.prefix}/${row.id}`);
    const d = res.data;
    setEditing({
      id: d.id,
      title: d.title,
      contents: d.contents ?? '',
      files: attachmentsOf(d.files),
      coverFiles: attachmentsOf(d.coverFiles),
      recipients: (d.oaGeneralReceiveList ?? []).map((r) => ({
        id: r.userId,
        realName: r.userName,
        account: '',
      })),
      isImportant: Number(d.isImportant) === 1,
      isRemind: Number(d.isRemind) === 1,
      reportUserName: d.reportUserName ?? '',
    });
  };
  const confirmCall = (content: string, call: () => Promise<unknown>) =>
    modal.confirm({
      title: t('common.tip'),
      content,
      onOk: async () => {
        await call().catch(() => {});
        await load();
      },
    });
  const remove = (row: Row) => {
    const mine = row.creatorUserId === user?.userId;
    const url =
      cfg.kind === 'message' && !mine ? `${cfg.prefix}/personal/${row.id}` : `${cfg.prefix}/${row.id}`;
    confirmCall(t('oa.deleteConfirm'), () => http.delete(url, undefined, { showSuccess: true }));
  };

  if (openId)
    return (
      <>
        <DetailView cfg={cfg} id={openId} onBack={back} onEdit={setEditing} />
        <EditorModal cfg={KINDS.message} draft={editing} onClose={() => setEditing(null)} />
      </>
    );

  const columns = [
    {
      title: t('oa.title'),
      dataIndex: 'title',
      render: (v: string, r: Row) => (
        <Space>
          {r.isMark && <StarFilled style={{ color: '#faad14' }} />}
          <button
            type="button"
            className={`kp-link${r.readType ? '' : ' kp-unread'}`}
            onClick={() => open(r.id)}
            data-testid="item-open"
          >
            {v}
          </button>
          {r.isImportant && <Tag color="red">{t('oa.important')}</Tag>}
          {r.isDraft && <Tag>{t('oa.draft')}</Tag>}
        </Space>
      ),
    },
    { title: cfg.kind === 'message' ? t('oa.sender') : t('oa.publisher'), dataIndex: 'userName', width: 140 },
    { title: t('oa.time'), dataIndex: 'creatorTime', width: 170, render: (v: string) => fmt(v) },
    {
      title: '',
      key: 'state',
      width: 80,
      render: (_: unknown, r: Row) =>
        r.isDraft ? null : (
          <Tag color={r.readType ? 'default' : 'blue'}>{r.readType ? t('oa.read') : t('oa.unread')}</Tag>
        ),
    },
    {
      title: '',
      key: 'ops',
      width: 200,
      render: (_: unknown, r: Row) => {
        const mine = r.creatorUserId === user?.userId || !!user?.isAdministrator;
        return (
          <Space size={0}>
            {r.isDraft && mine && can('btn_edit') && (
              <Button type="link" size="small" onClick={() => void edit(r)}>
                {t('oa.edit')}
              </Button>
            )}
            {r.isDraft && mine && can('btn_release') && (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  confirmCall(t('oa.releaseConfirm'), () =>
                    http.post(`${cfg.prefix}/sync/${r.id}`, undefined, { showSuccess: true }),
                  )
                }
                data-testid="item-release"
              >
                {t('oa.release')}
              </Button>
            )}
            {tab === 4 ? (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  void http
                    .post(`${cfg.prefix}/${r.id}/recover`, undefined, { showSuccess: true })
                    .then(load, () => {})
                }
              >
                {t('oa.recover')}
              </Button>
            ) : (
              (cfg.kind === 'message' || (mine && can('btn_remove'))) && (
                <Button type="link" size="small" danger onClick={() => remove(r)}>
                  {t('oa.delete')}
                </Button>
              )
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card data-testid={`oa-${cfg.kind}-list`}>
      <Space style={{ marginBottom: 12 }} wrap>
        <OaSearch
          width={260}
          onSearch={(v) => {
            setQuery(v);
            first();
          }}
        />
        {can('btn_add') && (
          <Button type="primary" onClick={() => setEditing(emptyDraft())} data-testid="item-add">
            {t('oa.add')}
          </Button>
        )}
        <Button
          onClick={() =>
            void http.post(`${cfg.prefix}/readAll`, undefined, { showSuccess: true }).then(load, () => {})
          }
        >
          {t('oa.readAll')}
        </Button>
      </Space>
      <Tabs
        activeKey={String(tab)}
        onChange={(k) => {
          setTab(Number(k));
          first();
        }}
        items={cfg.tabs.map((x) => ({ key: String(x.type), label: t(x.key) }))}
      />
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={data.list}
        columns={columns}
        locale={{ emptyText: t('common.noData') }}
        pagination={pagination(data.total)}
      />
      <EditorModal
        cfg={cfg}
        draft={editing}
        onClose={(changed) => {
          setEditing(null);
          if (changed) void load();
        }}
      />
    </Card>
  );
}

export const NoticePage = () => <OaItems kind="notice" />;
export const NewsPage = () => <OaItems kind="news" />;
export const MessagePage = () => <OaItems kind="message" />;
