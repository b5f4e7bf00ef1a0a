import { CopyOutlined } from '@ant-design/icons';
import { copyToClipboard } from '@kp/renderer';
import { App, Button, Form, Input, Modal, Select, Space, Table, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../permission/usePerm';
import { api, type ItemSummary, openDownload } from './api';
import { tx } from './texts';

type Files = Array<{ fileName: string; fileType: string; fileContent: string }>;

/** 代码生成: pick a designed item, preview the generated files (each with a copy button), download them as a zip. */
export default function Generator() {
  const perm = usePerm();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useState<ItemSummary[]>([]);
  const [keyword, setKeyword] = useState('');
  const [areas, setAreas] = useState<string[]>([]);
  const [target, setTarget] = useState<{ item: ItemSummary; mode: 'preview' | 'download' } | null>(null);
  const [files, setFiles] = useState<Files | null>(null);
  const [form] = Form.useForm<{ module: string; className?: string; description?: string }>();

  const load = useCallback(async () => {
    const d = await api.items({ keyword: keyword || undefined, pageSize: 500 }).catch(() => null);
    if (d) setRows(d.list);
  }, [keyword]);
  useEffect(() => {
    void load();
    void api
      .areas()
      .then(setAreas)
      .catch(() => undefined);
  }, [load]);

  const run = async () => {
    if (!target) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = {
      module: v.module,
      className: v.className || undefined,
      description: v.description || undefined,
    };
    try {
      if (target.mode === 'preview') setFiles(await api.preview(target.item.id, body));
      else {
        const f = await api.downloadCode(target.item.id, body);
        openDownload(f.url);
      }
      setTarget(null);
    } catch {
      /* toasted */
    }
  };

  return (
    <div data-testid="page-generator" style={{ padding: 16 }}>
      <Input.Search
        allowClear
        placeholder={tx('keyword')}
        onSearch={setKeyword}
        style={{ width: 240, marginBottom: 12 }}
      />
      <Table<ItemSummary>
        rowKey="id"
        size="middle"
        dataSource={rows}
        columns={[
          { title: tx('name'), dataIndex: 'fullName' },
          { title: tx('code'), dataIndex: 'enCode' },
          {
            title: tx('actions'),
            key: 'a',
            render: (_: unknown, r: ItemSummary) => (
              <Space>
                {perm.btn('btn_preview') && (
                  <Button
                    type="link"
                    size="small"
                    data-testid={`gen-preview-${r.enCode}`}
                    onClick={() => setTarget({ item: r, mode: 'preview' })}
                  >
                    {tx('preview')}
                  </Button>
                )}
                {perm.btn('btn_download') && (
                  <Button type="link" size="small" onClick={() => setTarget({ item: r, mode: 'download' })}>
                    {tx('download')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!target}
        title={
          target
            ? `${target.mode === 'preview' ? tx('preview') : tx('download')} · ${target.item.fullName}`
            : ''
        }
        onCancel={() => setTarget(null)}
        onOk={() => void run()}
        okButtonProps={{ 'data-testid': 'gen-ok' } as never}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ module: 'extend' }}>
          <Form.Item name="module" label={tx('module')} rules={[{ required: true }]}>
            <Select options={areas.map((a) => ({ value: a, label: a }))} />
          </Form.Item>
          <Form.Item
            name="className"
            label={tx('className')}
            rules={[{ pattern: /^[A-Z][A-Za-z0-9]*$/, message: 'PascalCase' }]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="description" label={tx('description')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal open={!!files} width="90vw" title={tx('preview')} footer={null} onCancel={() => setFiles(null)}>
        {files && (
          <Tabs
            items={files.map((f) => ({
              key: f.fileName,
              label: f.fileName,
              children: (
                <>
                  <Button
                    size="small"
                    icon={<CopyOutlined />}
                    data-testid={`gen-copy-${f.fileName}`}
                    onClick={() =>
                      void copyToClipboard(f.fileContent, message, {
                        ok: t('common.copySuccess'),
                        fail: t('common.copyFail'),
                      })
                    }
                    style={{ marginBottom: 8 }}
                  >
                    {t('common.copy')}
                  </Button>
                  <pre
                    data-testid={`gen-file-${f.fileName}`}
                    style={{
                      maxHeight: '70vh',
                      overflow: 'auto',
                      background: 'var(--kp-code-bg, #f6f8fa)',
                      padding: 12,
                    }}
                  >
                    {f.fileContent}
                  </pre>
                </>
              ),
            }))}
          />
        )}
      </Modal>
    </div>
  );
}
