import { ArrowLeftOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Form, Input, Modal, Space, Table, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { http } from '../../api/http';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import './i18n';
import { Attachments } from './Attachments';
import { Comments } from './Comments';
import { hasButton, KINDS, type KindConfig, type OaKind } from './kinds';
import {
  type Attachment,
  attachmentsOf,
  checkChatImage,
  formatTime,
  reminderAction,
  safeHtml,
} from './model';
import { type Recipient, Recipients } from './Recipients';
import { RichEditor } from './RichEditor';
import { type PickUser, UserPicker } from './UserPicker';
import { uploadSingle } from './upload';
import './oa.css';

interface Row {
  id: string;
  title: string;
  userName: string;
  creatorUserId: string;
  creatorTime: string | number;
  readType: boolean;
  isMark: boolean;
  isDraft: boolean;
  isRemind: boolean;
  isImportant: boolean;
}

interface Detail {
  id: string;
  title: string;
  userName: string;
  creatorUserId: string;
  formtDate: string | number;
  contents: string;
  files: Attachment[];
  coverFiles?: Attachment[];
  isImportant: number | boolean;
  isRemind: number | boolean;
  isDraft: number | boolean;
  isMark: number | boolean;
  reportUserName?: string | null;
  oaGeneralReceiveList: Recipient[];
  acceptUsers: string;
}

const fmt = formatTime;

interface Draft {
  id?: string;
  title: string;
  contents: string;
  files: Attachment[];
  coverFiles: Attachment[];
  recipients: PickUser[];
  isImportant: boolean;
  isRemind: boolean;
  reportUserName: string;
}
const emptyDraft = (): Draft => ({
  title: '',
  contents: '',
  files: [],
  coverFiles: [],
  recipients: [],
  isImportant: false,
  isRemind: true,
  reportUserName: '',
});

/** News cover: one image (editor-image upload, public, 10 MB). */
function CoverPicker({ files, onChange }: { files: Attachment[]; onChange: (f: Attachment[]) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const pick = async (f: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!f) return;
    if (checkChatImage({ name: f.name, type: f.type, size: 0 }) === 'chat.imageOnly') {
      message.error(t('oa.imageOnly'));
      return;
    }
    try {
      const up = await uploadSingle(f, 'annexpic');
      onChange([{ name: up.name, fileId: up.fileId, url: up.url, size: up.size }]);
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <Space>
      {files[0] && <img src={files[0].url} alt={files[0].name} style={{ height: 64, borderRadius: 4 }} />}
      <Button size="small" onClick={() => input.current?.click()}>
        {t('oa.upload')}
      </Button>
      {files[0] && (
        <Button size="small" danger onClick={() => onChange([])}>
          {t('oa.delete')}
        </Button>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(e) => void pick(e.target.files?.[0])}
      />
    </Space>
  );
}

/** Create or edit (draft, release/send). */
function EditorModal({
  cfg,
  draft,
  onClose,
}: {
  cfg: KindConfig;
  draft: Draft | null;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [d, setD] = useState<Draft>(emptyDraft());
  const [picker, setPicker] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (draft) setD(draft);
  }, [draft]);
  const set = (p: Partial<Draft>) => setD((x) => ({ ...x, ...p }));

  const save = async (isDraft: boolean) => {
    if (!d.title.trim()) {
      message.error(t('oa.titleRequired'));
      return;
    }
    if (!isDraft && cfg.kind === 'message' && d.recipients.length === 0) {
      message.error(t('oa.recipientsRequired'));
      return;
    }
    const body: Record<string, unknown> = {
      title: d.title.trim(),
      contents: d.contents,
      files: d.files,
      isImportant: d.isImportant ? 1 : 0,
      isRemind: d.isRemind ? 1 : 0,
      acceptUsers: d.recipients.map((u) => u.id).join(','),
      isDraft: isDraft ? 1 : 0,
    };
    if (cfg.kind === 'news') {
      body.coverFiles = d.coverFiles;
      body.reportUserName = d.reportUserName;
    }
    setBusy(true);
    try {
      if (d.id) {
        await http.put(`${cfg.prefix}/${d.id}`, body, { showSuccess: true });
        if (!isDraft) await http.post(`${cfg.prefix}/sync/${d.id}`, undefined, { showSuccess: true });
      } else await http.post(cfg.prefix, body, { showSuccess: true });
      onClose(true);
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!draft}
      width={900}
      title={d.id ? t('oa.edit') : t('oa.add')}
      onCancel={() => onClose(false)}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => onClose(false)}>{t('oa.cancel')}</Button>
          <Button loading={busy} onClick={() => void save(true)} data-testid="item-save-draft">
            {t('oa.saveDraft')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void save(false)} data-testid="item-send">
            {cfg.kind === 'message' ? t('oa.send') : t('oa.release')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('oa.title')} required>
          <Input
            value={d.title}
            maxLength={200}
            onChange={(e) => set({ title: e.target.value })}
            data-testid="item-title"
          />
        </Form.Item>
        <Form.Item label={t('oa.recipients')} required={cfg.kind === 'message'}>
          <Space wrap>
            {d.recipients.length === 0 && cfg.kind !== 'message' && (
              <span className="kp-muted">{t('oa.recipientsAll')}</span>
            )}
            {d.recipients.map((u) => (
              <Tag
                key={u.id}
                closable
                onClose={() => set({ recipients: d.recipients.filter((x) => x.id !== u.id) })}
              >
                {u.realName}
              </Tag>
            ))}
            <Button size="small" onClick={() => setPicker(true)} data-testid="item-pick-recipients">
              {t('oa.addRecipient')}
            </Button>
          </Space>
        </Form.Item>
        {cfg.kind === 'news' && (
          <Form.Item label={t('oa.correspondent')}>
            <Input
              value={d.reportUserName}
              maxLength={50}
              onChange={(e) => set({ reportUserName: e.target.value })}
            />
          </Form.Item>
        )}
        {cfg.kind === 'news' && (
          <Form.Item label={t('oa.cover')}>
            <CoverPicker files={d.coverFiles} onChange={(coverFiles) => set({ coverFiles })} />
          </Form.Item>
        )}
        <Form.Item label={t('oa.contents')}>
          <RichEditor value={d.contents} onChange={(contents) => set({ contents })} />
        </Form.Item>
        <Form.Item label={t('oa.attachments')}>
          <Attachments files={d.files} onChange={(files) => set({ files })} testId="item-files" />
        </Form.Item>
        <Space>
          <Checkbox checked={d.isImportant} onChange={(e) => set({ isImportant: e.target.checked })}>
            {t('oa.important')}
          </Checkbox>
          <Checkbox checked={d.isRemind} onChange={(e) => set({ isRemind: e.target.checked })}>
            {t('oa.remind')}
          </Checkbox>
        </Space>
      </Form>
      <UserPicker
        open={picker}
        initial={d.recipients}
        onCancel={() => setPicker(false)}
        onOk={(recipients) => {
          set({ recipients });
          setPicker(false);
        }}
      />
    </Modal>
  );
}

function DetailView({
  cfg,
  id,
  onBack,
  onEdit,
}: {
  cfg: KindConfig;
  id: string;
  onBack: () => void;
  onEdit: (d: Draft) => void;
}) {
  const { t } = useTranslation();
  const user = useStore(sessionStore, (s) => s.userInfo);
  const [d, setD] = useState<Detail | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      const res = await http.get<Detail>(`${cfg.prefix}/${encodeURIComponent(id)}`);
      setD(res.data);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [cfg.prefix, id]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed)
    return (
      <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
        {t('oa.back')}
      </Button>
    );
  if (!d) return null;
  const remind = reminderAction(d.isRemind);
  const isCreator = d.creatorUserId === user?.userId;
  const marked = Number(d.isMark) === 1;

  const toggleRemind = async () => {
    await http
      .post(`${cfg.prefix}/${d.id}/close/${remind.x}`, undefined, { showSuccess: true })
      .catch(() => {});
    await load();
  };
  const toggleMark = async () => {
    await http.post(`${cfg.prefix}/${d.id}/addMark`, undefined, { showSuccess: true }).catch(() => {});
    await load();
  };
  const asDraft = (prefix: string, recipients: PickUser[]): Draft => ({
    ...emptyDraft(),
    title: `${prefix}${d.title}`,
    contents: d.contents,
    files: prefix ? attachmentsOf(d.files) : [],
    recipients,
  });

  return (
    <Card
      data-testid="item-detail"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('oa.back')} />
          <span data-testid="item-detail-title">{d.title}</span>
          {Number(d.isImportant) === 1 && <Tag color="red">{t('oa.important')}</Tag>}
        </Space>
      }
      extra={
        <Space>
          {Number(d.isDraft) !== 1 && (
            <Button onClick={() => void toggleRemind()} data-testid="item-remind">
              {t(remind.labelKey)}
            </Button>
          )}
          <Button
            icon={marked ? <StarFilled /> : <StarOutlined />}
            onClick={() => void toggleMark()}
            data-testid="item-mark"
          >
            {marked ? t('oa.unmark') : t('oa.mark')}
          </Button>
          {cfg.kind === 'message' && !isCreator && Number(d.isDraft) !== 1 && (
            <Button
              onClick={() =>
                onEdit(asDraft('Re: ', [{ id: d.creatorUserId, realName: d.userName, account: '' }]))
              }
              data-testid="item-reply"
            >
              {t('oa.reply')}
            </Button>
          )}
          {cfg.kind === 'message' && Number(d.isDraft) !== 1 && (
            <Button
              onClick={() => onEdit({ ...asDraft('Fw: ', []), files: attachmentsOf(d.files) })}
              data-testid="item-forward"
            >
              {t('oa.forward')}
            </Button>
          )}
          <Button onClick={onBack}>{t('oa.cancel')}</Button>
        </Space>
      }
    >
      <div className="kp-item-meta">
        <span>
          {cfg.kind === 'message' ? t('oa.sender') : t('oa.publisher')}：{d.userName}
        </span>
        {d.reportUserName ? (
          <span>
            {t('oa.correspondent')}：{d.reportUserName}
          </span>
        ) : null}
        <span>
          {t('oa.publishTime')}：{fmt(d.formtDate)}
        </span>
      </div>
      <Recipients
        list={d.oaGeneralReceiveList ?? []}
        isCreator={isCreator}
        prefix={cfg.prefix}
        objectId={d.id}
        objectType={cfg.kind}
        onChanged={() => void load()}
      />
      {cfg.kind === 'news' && attachmentsOf(d.coverFiles)[0] && (
        <img className="kp-item-cover" src={attachmentsOf(d.coverFiles)[0].url} alt={t('oa.cover')} />
      )}
      <div
        className="kp-item-body"
        data-testid="item-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on the way in and by DOMPurify here
        dangerouslySetInnerHTML={{ __html: safeHtml(d.contents) }}
      />
      {attachmentsOf(d.files).length > 0 && (
        <>
          <h4>{t('oa.attachments')}</h4>
          <Attachments files={attachmentsOf(d.files)} testId="item-attachments" />
        </>
      )}
      {Number(d.isDraft) !== 1 && <Comments ownerId={d.id} />}
    </Card>
  );
}

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
  const [kw, setKw] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState({ current: 1, size: 20 });
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
        <Input.Search
          allowClear
          placeholder={t('oa.keyword')}
          value={kw}
          onChange={(e) => setKw(e.target.value)}
          onSearch={(v) => {
            setQuery(v.trim());
            setPage((p) => ({ ...p, current: 1 }));
          }}
          style={{ width: 260 }}
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
          setPage((p) => ({ ...p, current: 1 }));
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
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: data.total,
          pageSizeOptions: [20, 30, 50],
          showSizeChanger: true,
          onChange: (current, size) => setPage({ current, size }),
        }}
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
