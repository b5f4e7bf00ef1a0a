import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { http } from '../../api/http';
import { imUserOptions } from '../../kit/imUsers';
import { PagedSelect } from '../../kit/PagedSelect';
import { UnsentOffer, useUnsentInput } from '../../kit/unsent';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import { safeHtml } from '../oa/model';
import type { DocumentRow, Paged } from '../portal/portalApi';
import { flattenMenu, formatDate } from '../portal/widgetLogic';

const P = '/api/Bussiness/personalfile';
const MENU_CODE = 'WDQC01';

interface Doc {
  id: string;
  title: string;
  docType: string | null;
  contents: string;
  acceptUsers: string[];
  status: number;
  username: string;
  creatorUserId: string;
  createtime: number;
}
type Row = DocumentRow & { id: string; status: number; docType: string | null; isMine: boolean };
interface FormValues {
  title: string;
  docType?: string;
  acceptUsers?: string[];
  contents?: string;
}

/** /WDQC01: document drafting — my drafts and the issued documents I may read; draft, edit, issue, delete. */
export default function DocumentDraft() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const menu = useStore(sessionStore, (s) => s.menuList);
  const perms = useStore(sessionStore, (s) => s.permissionList);
  const entry = flattenMenu(menu).find((m) => m.enCode === MENU_CODE);
  // the server checks these buttons: new (btn_add), edit and issue a draft (btn_edit), delete it (btn_remove)
  const granted = perms.find((p) => p.modelId === entry?.id)?.button ?? [];
  const can = (code: string) => granted.some((b) => b.enCode === code);
  const canAdd = can('btn_add');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: Row[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [types, setTypes] = useState<Array<{ id: string; fullName: string }>>([]);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [viewing, setViewing] = useState<Doc | null>(null);
  const [form] = Form.useForm<FormValues>();
  // What is typed into a document is kept in this browser until it is saved (an ended session loses nothing).
  const unsent = useUnsentInput({
    scope: editing ? `document:${editing.id ?? 'new'}` : null,
    ready: !!editing,
    read: () => form.getFieldsValue(true),
    write: (d) => form.setFieldsValue(d as Partial<FormValues>),
  });
  const close = () => void unsent.confirmClose().then((ok) => ok && setEditing(null));

  const load = useCallback(() => {
    setLoading(true);
    http
      .get<Paged<Row>>(`${P}/List`, { currentPage: page, pageSize: 20, keyword: keyword || undefined })
      .then((r) => setData({ list: r.data.list, total: r.data.pagination?.total ?? 0 }))
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [page, keyword]);
  useEffect(load, [load]);
  // loads the document types once
  useEffect(() => {
    http
      .get<{ list: Array<{ id: string; fullName: string }> }>(
        '/api/system/DictionaryData/dict-document-type/Data/Selector',
        undefined,
        { silent: true },
      )
      .then((r) => setTypes(r.data.list))
      .catch(() => {});
  }, []);

  const open = async (id: string) => {
    const r = await http.get<Doc>(`${P}/${id}`);
    return r.data;
  };
  // ?id= (from the portal's document widget) opens that document.
  const openId = params.get('id');
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per id
  useEffect(() => {
    if (!openId) return;
    open(openId)
      .then(setViewing)
      .catch(() => {});
  }, [openId]);

  const edit = async (id?: string) => {
    form.resetFields();
    if (id) {
      const d = await open(id);
      form.setFieldsValue({
        title: d.title,
        docType: d.docType ?? undefined,
        acceptUsers: d.acceptUsers,
        contents: d.contents,
      });
    }
    setEditing({ id });
  };

  const save = async (issue: boolean) => {
    const v = await form.validateFields();
    const body = { ...v, acceptUsers: v.acceptUsers ?? [], isDraft: issue ? 0 : 1 };
    try {
      if (editing?.id) await http.put(`${P}/${editing.id}`, body, { showSuccess: true });
      else await http.post(P, body, { showSuccess: true });
      unsent.settle();
      setEditing(null);
      load();
    } catch {
      // the client showed the server's msg
    }
  };

  const typeName = (id: string | null) => types.find((x) => x.id === id)?.fullName ?? '';

  return (
    <Card data-testid="document-page">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('document.search')}
          onSearch={(v) => {
            setPage(1);
            setKeyword(v.trim());
          }}
          style={{ width: 260 }}
        />
        {canAdd && (
          <Button type="primary" data-testid="document-new" onClick={() => edit()}>
            {t('document.new')}
          </Button>
        )}
      </Space>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data.list}
        pagination={{ current: page, pageSize: 20, total: data.total, onChange: setPage }}
        locale={{ emptyText: t('common.noData') }}
        columns={[
          { title: t('document.title'), dataIndex: 'title' },
          { title: t('document.type'), key: 'type', render: (_, r) => typeName(r.docType) },
          { title: t('document.author'), dataIndex: 'username' },
          { title: t('document.date'), key: 'date', render: (_, r) => formatDate(r.createtime, 'document') },
          {
            title: t('document.status'),
            key: 'status',
            render: (_, r) =>
              r.status === 1 ? (
                <Tag color="success">{t('document.issued')}</Tag>
              ) : (
                <Tag>{t('document.draft')}</Tag>
              ),
          },
          {
            title: '',
            key: 'op',
            render: (_, r) => (
              <Space>
                <Button
                  size="small"
                  type="link"
                  onClick={() =>
                    open(r.id)
                      .then(setViewing)
                      .catch(() => {})
                  }
                >
                  {t('meeting.view')}
                </Button>
                {r.isMine && r.status === 0 && (
                  <>
                    {can('btn_edit') && (
                      <Button size="small" type="link" data-testid="document-edit" onClick={() => edit(r.id)}>
                        {t('common.edit')}
                      </Button>
                    )}
                    {can('btn_remove') && (
                      <Button
                        size="small"
                        type="link"
                        data-testid="document-remove"
                        danger
                        onClick={() =>
                          modal.confirm({
                            title: t('common.tip'),
                            content: t('document.deleteConfirm'),
                            okText: t('common.confirm'),
                            cancelText: t('common.cancel'),
                            onOk: async () => {
                              await http.delete(`${P}/${r.id}`, undefined, { showSuccess: true });
                              load();
                            },
                          })
                        }
                      >
                        {t('document.delete')}
                      </Button>
                    )}
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <Modal
          open
          width={800}
          title={editing.id ? t('document.edit') : t('document.new')}
          onCancel={close}
          maskClosable={false}
          footer={[
            <Button key="c" onClick={close}>
              {t('common.cancel')}
            </Button>,
            <Button key="d" data-testid="document-save" onClick={() => save(false)}>
              {t('document.saveDraft')}
            </Button>,
            <Button key="i" type="primary" data-testid="document-issue" onClick={() => save(true)}>
              {t('document.issue')}
            </Button>,
          ]}
        >
          <UnsentOffer offer={unsent.offer} onRestore={unsent.restore} onDiscard={unsent.discardOffer} />
          <Form
            form={form}
            labelCol={{ flex: '100px' }}
            onValuesChange={() => unsent.onChange(form.getFieldsValue(true))}
          >
            <Form.Item
              name="title"
              label={t('document.title')}
              rules={[{ required: true, whitespace: true, message: t('document.titleRequired') }]}
            >
              <Input maxLength={500} data-testid="document-title" />
            </Form.Item>
            <Form.Item name="docType" label={t('document.type')}>
              <Select allowClear options={types.map((x) => ({ value: x.id, label: x.fullName }))} />
            </Form.Item>
            <Form.Item
              name="acceptUsers"
              label={t('document.recipients')}
              extra={t('document.recipientsHint')}
            >
              {/* all users, 20 a page as the dropdown scrolls (spec 1 §9) */}
              <PagedSelect mode="multiple" allowClear fetchPage={imUserOptions} />
            </Form.Item>
            <Form.Item name="contents" label={t('document.contents')}>
              <Input.TextArea rows={10} />
            </Form.Item>
          </Form>
        </Modal>
      )}
      {viewing && (
        <Modal
          open
          width={800}
          title={viewing.title}
          footer={null}
          onCancel={() => {
            setViewing(null);
            if (openId) {
              params.delete('id');
              setParams(params, { replace: true });
            }
            load();
          }}
        >
          <div style={{ color: '#888', marginBottom: 12 }} data-testid="document-meta">
            {viewing.username} · {formatDate(viewing.createtime, 'document')} · {typeName(viewing.docType)}
          </div>
          <div
            data-testid="document-contents"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server and again here
            dangerouslySetInnerHTML={{ __html: safeHtml(viewing.contents) }}
          />
        </Modal>
      )}
    </Card>
  );
}
