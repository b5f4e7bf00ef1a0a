import { PortalDesigner } from '@kp/designer';
import type { PortalLayout } from '@kp/schema';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { currentLanguage } from '../../i18n';
import { UnsentOffer, useUnsentInput } from '../../kit/unsent';

/** One portal of GET /api/portal (no layout). */
interface PortalRow {
  id: string;
  fullName: unknown;
  enCode: string;
  category: string;
  enabledMark: number;
  isRelease: number;
  lastModifyTime: number | null;
  releaseTime: number | null;
}

const nameOf = (v: unknown, lang: string): string =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object'
      ? String((v as Record<string, unknown>)[lang] ?? (v as Record<string, unknown>).zh ?? '')
      : '';

/**
 * 门户设计 (menu portal.design, /onlineDev/portal): the portals with keyword search; new and edit (name,
 * code, enabled), design (the portal designer on the draft layout, saved by formdataUpdate), release
 * (the draft becomes what users see) and delete. The server checks the menu and its buttons.
 */
export default function PortalDesign() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = currentLanguage();
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<PortalRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<PortalRow | 'new' | null>(null);
  const [designing, setDesigning] = useState<{ id: string; layout: PortalLayout } | null>(null);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await http.get<{ list: PortalRow[] }>('/api/portal', keyword ? { keyword } : {});
      setRows(r.data.list);
    } catch {
      /* the request layer showed the message */
    } finally {
      setLoading(false);
    }
  }, [keyword]);
  useEffect(() => {
    void load();
  }, [load]);

  const design = async (id: string) => {
    const r = await http.get<{ formData: PortalLayout }>(`/api/portal/${encodeURIComponent(id)}`);
    setDesigning({ id, layout: r.data.formData });
  };
  const release = async (id: string) => {
    await http.post(`/api/portal/release/${encodeURIComponent(id)}`, {}, { showSuccess: true });
    void load();
  };
  const remove = async (id: string) => {
    await http.delete(`/api/portal/${encodeURIComponent(id)}`, undefined, { showSuccess: true });
    void load();
  };

  return (
    <Card data-testid="portal-design-page">
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('portalDesign.keyword')}
          aria-label={t('portalDesign.keyword')}
          onSearch={(v) => setKeyword(v.trim())}
          style={{ width: 240 }}
        />
        <Button type="primary" data-testid="portal-new" onClick={() => setEditing('new')}>
          {t('portalDesign.add')}
        </Button>
      </Space>
      <Table<PortalRow>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 760 }}
        columns={[
          { title: t('portalDesign.name'), render: (_, r) => nameOf(r.fullName, lang) },
          { title: t('portalDesign.code'), dataIndex: 'enCode' },
          {
            title: t('portalDesign.state'),
            render: (_, r) => (
              <Space size={4}>
                <Tag color={r.enabledMark === 1 ? 'green' : 'default'}>
                  {t(r.enabledMark === 1 ? 'portalDesign.enabled' : 'portalDesign.disabled')}
                </Tag>
                {r.isRelease ? <Tag color="blue">{t('portalDesign.released')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('portalDesign.actions'),
            width: 260,
            render: (_, r) => (
              <Space size={0} data-testid={`portal-row-${r.enCode}`}>
                <Button type="link" onClick={() => setEditing(r)}>
                  {t('common.edit')}
                </Button>
                <Button
                  type="link"
                  data-testid="portal-design"
                  onClick={() => void design(r.id).catch(() => {})}
                >
                  {t('portalDesign.design')}
                </Button>
                <Button
                  type="link"
                  data-testid="portal-release"
                  onClick={() => void release(r.id).catch(() => {})}
                >
                  {t('portalDesign.release')}
                </Button>
                <Popconfirm
                  title={t('portalDesign.deleteConfirm')}
                  onConfirm={() => remove(r.id).catch(() => {})}
                >
                  <Button type="link" danger>
                    {t('portalDesign.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <PortalInfo
          row={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void load();
          }}
        />
      ) : null}
      {designing ? (
        <DesignDialog
          id={designing.id}
          layout={designing.layout}
          onCancel={() => setDesigning(null)}
          onSave={async (layout) => {
            await http.put(
              `/api/portal/formdataUpdate/${encodeURIComponent(designing.id)}`,
              { formData: layout },
              { showSuccess: true },
            );
            setDesigning(null);
            message.info(t('portalDesign.releaseHint'));
            void load();
          }}
        />
      ) : null}
    </Card>
  );
}

/** New or edit: name, code and enabled (a new portal starts with an empty layout). */
function PortalInfo({ row, onClose }: { row: PortalRow | null; onClose(saved: boolean): void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<{ fullName: string; enCode: string; enabled: boolean }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      if (row) {
        const full = await http.get<Record<string, unknown>>(`/api/portal/${encodeURIComponent(row.id)}`);
        await http.put(
          `/api/portal/${encodeURIComponent(row.id)}`,
          { ...full.data, fullName: v.fullName, enCode: v.enCode, enabledMark: v.enabled ? 1 : 0 },
          { showSuccess: true },
        );
      } else {
        await http.post(
          '/api/portal',
          {
            fullName: v.fullName,
            enCode: v.enCode,
            category: '1',
            enabledMark: v.enabled ? 1 : 0,
            formData: { layout: [] },
          },
          { showSuccess: true },
        );
      }
      onClose(true);
    } catch {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t(row ? 'portalDesign.editTitle' : 'portalDesign.add')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => {})}
      onCancel={() => onClose(false)}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          fullName: row ? nameOf(row.fullName, lang) : '',
          enCode: row?.enCode ?? '',
          enabled: row ? row.enabledMark === 1 : true,
        }}
      >
        <Form.Item
          name="fullName"
          label={t('portalDesign.name')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input data-testid="portal-name" maxLength={50} />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('portalDesign.code')}
          rules={[
            { required: true, pattern: /^[A-Za-z][A-Za-z0-9_.]*$/, message: t('portalDesign.codeRule') },
          ]}
        >
          <Input data-testid="portal-code" maxLength={50} />
        </Form.Item>
        <Form.Item name="enabled" label={t('portalDesign.state')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DesignDialog({
  id,
  layout,
  onCancel,
  onSave,
}: {
  id: string;
  layout: PortalLayout;
  onCancel(): void;
  onSave(layout: PortalLayout): Promise<void>;
}) {
  const { t } = useTranslation();
  // The grid being designed is kept in this browser until it is saved (spec 3 §4: saved locally).
  const [now, setNow] = useState(layout);
  const nowRef = useRef(now);
  nowRef.current = now;
  const unsent = useUnsentInput({
    scope: `portal:${id}`,
    ready: true,
    read: () => ({ layout: nowRef.current }),
    write: (d) => setNow(d.layout as PortalLayout),
  });
  const close = () => void unsent.confirmClose().then((ok) => ok && onCancel());
  return (
    <Modal
      open
      title={t('portalDesign.design')}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 120px)', overflow: 'auto' } }}
      onCancel={close}
      maskClosable={false}
      footer={null}
    >
      <UnsentOffer offer={unsent.offer} onRestore={unsent.restore} onDiscard={unsent.discardOffer} />
      <div data-testid="portal-designer-dialog">
        <PortalDesigner
          value={now}
          onChange={(l) => {
            setNow(l);
            unsent.onChange({ layout: l });
          }}
          onSave={(l) =>
            onSave(l)
              .then(unsent.settle)
              .catch(() => {})
          }
          language={currentLanguage()}
          height="calc(100vh - 140px)"
        />
      </div>
    </Modal>
  );
}
