import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Checkbox,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import {
  BTN,
  errText,
  FormDialog,
  fmtTime,
  PermButton,
  RULES,
  StateTag,
  useConfirmDelete,
  usePerm,
} from '../permission/common';
import { saveFile } from '../permission/excel';
import { usePaged } from './crud';
import '../permission/admin.css';

interface Param {
  field: string;
  defaultValue?: string | number | null;
  required?: boolean;
  description?: string;
}
interface DataInterfaceRow {
  id: string;
  fullName: string;
  enCode: string;
  kind: 'static' | 'http';
  method?: 'GET' | 'POST';
  url?: string | null;
  params: Param[];
  staticData?: string | null;
  transform?: string | null;
  sortCode: number;
  enabledMark: number;
  description?: string | null;
  creatorTime: number;
}
interface LogRow {
  id: string;
  userName: string;
  invokTime: number;
  invokWasteTime: number;
  invokType: 'ok' | 'error';
  error: string | null;
  invokIp: string;
}

/** Test-run values: the parameters' defaults, then what the user typed (empty text drops to the default). */
export function paramValues(
  params: Param[],
  typed: Record<string, string | undefined>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) {
    const v = typed[p.field];
    if (v !== undefined && v !== '') out[p.field] = v;
    else if (p.defaultValue !== undefined && p.defaultValue !== null && p.defaultValue !== '')
      out[p.field] = p.defaultValue;
  }
  return out;
}

/** Data interfaces: list, create/edit (static or HTTP, parameters, JSONata), state, test-run, response, log, export. */
export default function DataInterface() {
  const { t } = useTranslation();
  const perm = usePerm();
  const confirmDelete = useConfirmDelete();
  const list = usePaged<DataInterfaceRow>('/api/system/DataInterface');
  const [form] = Form.useForm<Partial<DataInterfaceRow>>();
  const kind = Form.useWatch('kind', form);
  const [editing, setEditing] = useState<{ id?: string; initial: Partial<DataInterfaceRow> } | null>(null);
  const [testing, setTesting] = useState<DataInterfaceRow | null>(null);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [logFor, setLogFor] = useState<DataInterfaceRow | null>(null);
  const [logs, setLogs] = useState<LogRow[]>([]);

  const save = async (v: Partial<DataInterfaceRow>) => {
    const body = { ...v, params: (v.params ?? []).filter((p) => p?.field) };
    if (editing?.id) await http.put(`/api/system/DataInterface/${editing.id}`, body, { showSuccess: true });
    else await http.post('/api/system/DataInterface', body, { showSuccess: true });
    list.reload();
  };
  const run = async (row: DataInterfaceRow, useDefaults: boolean) => {
    setBusy(true);
    setResult(null);
    try {
      const r = useDefaults
        ? await http.get<unknown>(`/api/system/DataInterface/${row.id}/Actions/Response`, undefined, {
            silent: true,
          })
        : await http.post<unknown>(
            `/api/system/DataInterface/${row.id}/Actions/Preview`,
            { paramList: paramValues(row.params, typed) },
            { silent: true },
          );
      setResult({ ok: true, text: JSON.stringify(r.data, null, 2) });
    } catch (e) {
      setResult({ ok: false, text: errText(e) });
    } finally {
      setBusy(false);
    }
  };
  const openLog = async (row: DataInterfaceRow) => {
    setLogFor(row);
    setLogs([]);
    const r = await http
      .get<{ list: LogRow[] }>(`/api/system/DataInterfaceLog/${row.id}/Action/List`, {
        currentPage: 1,
        pageSize: 50,
      })
      .catch(() => null);
    if (r) setLogs(r.data.list ?? []);
  };

  return (
    <div className="kp-adm" data-testid="page-dataInterface">
      <div className="kp-adm-main">
        <div className="kp-adm-bar">
          <Input.Search
            allowClear
            placeholder={t('adm.keyword')}
            onSearch={list.search}
            style={{ width: 240 }}
          />
          <span className="kp-adm-grow" />
          <PermButton
            perm={perm}
            code={BTN.add}
            type="primary"
            onClick={() =>
              setEditing({
                initial: {
                  kind: 'static',
                  method: 'GET',
                  params: [],
                  enabledMark: 1,
                  sortCode: 0,
                  staticData: '[]',
                },
              })
            }
            data-testid="btn-add"
          >
            {t('adm.add')}
          </PermButton>
          <Button onClick={list.reload}>{t('adm.refresh')}</Button>
        </div>
        <Table<DataInterfaceRow>
          rowKey="id"
          size="small"
          loading={list.loading}
          dataSource={list.data.list}
          pagination={list.pagination}
          columns={[
            { title: t('adm.fullName'), dataIndex: 'fullName' },
            { title: t('adm.enCode'), dataIndex: 'enCode' },
            { title: t('adm.kind'), dataIndex: 'kind', width: 80, render: (k: string) => <Tag>{k}</Tag> },
            { title: t('adm.url'), dataIndex: 'url', ellipsis: true },
            {
              title: t('adm.state'),
              dataIndex: 'enabledMark',
              width: 80,
              render: (v: number) => <StateTag value={v} />,
            },
            {
              title: t('adm.action'),
              key: 'a',
              width: 360,
              render: (_: unknown, row) => (
                <Space size={0} wrap>
                  <PermButton
                    perm={perm}
                    code="btn_preview"
                    type="link"
                    size="small"
                    onClick={() => {
                      setTyped({});
                      setResult(null);
                      setTesting(row);
                    }}
                  >
                    {t('adm.test')}
                  </PermButton>
                  <PermButton
                    perm={perm}
                    code={BTN.edit}
                    type="link"
                    size="small"
                    onClick={() =>
                      setEditing({
                        id: row.id,
                        initial: { ...row, description: row.description ?? undefined },
                      })
                    }
                  >
                    {t('adm.edit')}
                  </PermButton>
                  <PermButton
                    perm={perm}
                    code={BTN.edit}
                    type="link"
                    size="small"
                    onClick={() =>
                      http
                        .put(
                          `/api/system/DataInterface/${row.id}/Actions/State`,
                          { enabledMark: row.enabledMark === 1 ? 0 : 1 },
                          { showSuccess: true },
                        )
                        .then(list.reload)
                        .catch(() => {})
                    }
                  >
                    {row.enabledMark === 1 ? t('adm.disable') : t('adm.enable')}
                  </PermButton>
                  <Button type="link" size="small" onClick={() => openLog(row)}>
                    {t('adm.log')}
                  </Button>
                  <PermButton
                    perm={perm}
                    code={BTN.export}
                    type="link"
                    size="small"
                    onClick={() => saveFile(`/api/system/DataInterface/${row.id}/Action/Export`)}
                  >
                    {t('adm.exportExcel')}
                  </PermButton>
                  <PermButton
                    perm={perm}
                    code={BTN.remove}
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      confirmDelete(async () => {
                        await http.delete(`/api/system/DataInterface/${row.id}`, undefined, {
                          showSuccess: true,
                        });
                        list.reload();
                      })
                    }
                  >
                    {t('adm.remove')}
                  </PermButton>
                </Space>
              ),
            },
          ]}
        />
      </div>
      <FormDialog<Partial<DataInterfaceRow>>
        open={!!editing}
        width={800}
        title={editing?.id ? t('adm.edit') : t('adm.add')}
        form={form}
        initial={editing?.initial}
        onSubmit={save}
        onClose={() => setEditing(null)}
        testId="di-form"
      >
        <Form.Item
          name="fullName"
          label={t('adm.fullName')}
          rules={[{ required: true, message: t('adm.required_', { name: t('adm.fullName') }) }]}
        >
          <Input maxLength={50} data-testid="di-fullName" />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('adm.enCode')}
          rules={[
            { required: true, message: t('adm.required_', { name: t('adm.enCode') }) },
            { pattern: RULES.code, message: t('adm.codeRule') },
          ]}
        >
          <Input maxLength={50} data-testid="di-enCode" />
        </Form.Item>
        <Form.Item name="kind" label={t('adm.kind')}>
          <Radio.Group>
            <Radio value="static">{t('adm.staticData')}</Radio>
            <Radio value="http">HTTP</Radio>
          </Radio.Group>
        </Form.Item>
        {kind === 'http' ? (
          <>
            <Form.Item name="method" label={t('adm.method')}>
              <Select options={['GET', 'POST'].map((m) => ({ value: m, label: m }))} />
            </Form.Item>
            <Form.Item
              name="url"
              label={t('adm.url')}
              rules={[{ required: true, message: t('adm.required_', { name: t('adm.url') }) }]}
            >
              <Input maxLength={1000} placeholder="http://127.0.0.1/api/…/{field}" />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="staticData"
            label={t('adm.staticData')}
            rules={[
              {
                validator: (_, v) => {
                  try {
                    JSON.parse(v || 'null');
                    return Promise.resolve();
                  } catch (e) {
                    return Promise.reject(new Error(`JSON: ${(e as Error).message}`));
                  }
                },
              },
            ]}
          >
            <Input.TextArea rows={5} style={{ fontFamily: 'monospace' }} data-testid="di-static" />
          </Form.Item>
        )}
        <Form.Item label={t('adm.params')}>
          <Form.List name="params">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item
                      name={[f.name, 'field']}
                      rules={[{ pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: t('adm.paramField') }]}
                    >
                      <Input placeholder={t('adm.paramField')} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'defaultValue']}>
                      <Input placeholder={t('adm.defaultValue')} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'required']} valuePropName="checked">
                      <Checkbox>{t('adm.required')}</Checkbox>
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ field: '', required: false })}
                >
                  {t('adm.addParam')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="transform" label={t('adm.transform')}>
          <Input.TextArea
            rows={2}
            style={{ fontFamily: 'monospace' }}
            placeholder="$.{ 'id': id, 'fullName': name }"
          />
        </Form.Item>
        <Form.Item name="sortCode" label={t('adm.sortCode')}>
          <InputNumber min={0} />
        </Form.Item>
        <Form.Item name="enabledMark" label={t('adm.state')}>
          <Radio.Group>
            <Radio value={1}>{t('adm.enabled')}</Radio>
            <Radio value={0}>{t('adm.disabled')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="description" label={t('adm.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormDialog>
      <Modal
        open={!!testing}
        width={800}
        title={`${t('adm.test')} - ${testing?.fullName ?? ''}`}
        onCancel={() => setTesting(null)}
        footer={[
          <Button key="r" onClick={() => testing && run(testing, true)} loading={busy}>
            {t('adm.response')}
          </Button>,
          <Button
            key="t"
            type="primary"
            onClick={() => testing && run(testing, false)}
            loading={busy}
            data-testid="di-run"
          >
            {t('adm.test')}
          </Button>,
        ]}
      >
        <div data-testid="di-test">
          {(testing?.params ?? []).length > 0 && (
            <Table<Param>
              size="small"
              rowKey="field"
              pagination={false}
              dataSource={testing?.params ?? []}
              columns={[
                {
                  title: t('adm.paramField'),
                  dataIndex: 'field',
                  render: (f: string, p) => `${f}${p.required ? ' *' : ''}`,
                },
                {
                  title: t('adm.defaultValue'),
                  key: 'v',
                  render: (_: unknown, p) => (
                    <Input
                      value={typed[p.field] ?? ''}
                      placeholder={p.defaultValue == null ? '' : String(p.defaultValue)}
                      onChange={(e) => setTyped((x) => ({ ...x, [p.field]: e.target.value }))}
                    />
                  ),
                },
              ]}
            />
          )}
          {result && (
            <>
              {!result.ok && <Alert type="error" showIcon title={result.text} style={{ marginTop: 8 }} />}
              {result.ok && (
                <pre
                  data-testid="di-result"
                  style={{
                    maxHeight: 360,
                    overflow: 'auto',
                    background: '#f6f8fa',
                    padding: 8,
                    marginTop: 8,
                  }}
                >
                  {result.text}
                </pre>
              )}
            </>
          )}
        </div>
      </Modal>
      <Drawer
        open={!!logFor}
        size={720}
        title={`${t('adm.log')} - ${logFor?.fullName ?? ''}`}
        onClose={() => setLogFor(null)}
      >
        <Table<LogRow>
          size="small"
          rowKey="id"
          dataSource={logs}
          pagination={{ pageSize: 20 }}
          columns={[
            { title: t('adm.loginTime'), dataIndex: 'invokTime', render: fmtTime },
            { title: t('adm.userName'), dataIndex: 'userName' },
            { title: t('adm.duration'), dataIndex: 'invokWasteTime', width: 90 },
            { title: t('adm.ip'), dataIndex: 'invokIp' },
            {
              title: t('adm.result'),
              dataIndex: 'invokType',
              render: (v: string, r) =>
                v === 'ok' ? <Tag color="green">ok</Tag> : <Tag color="red">{r.error ?? 'error'}</Tag>,
            },
          ]}
        />
      </Drawer>
    </div>
  );
}
