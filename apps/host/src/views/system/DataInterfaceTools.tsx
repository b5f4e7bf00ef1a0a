import { Alert, Button, Drawer, Input, Modal, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { DetailDrawer, type DetailField, useRecord } from '../../kit/DetailDrawer';
import { errText, fmtTime } from '../permission/common';

export interface Param {
  field: string;
  defaultValue?: string | number | null;
  required?: boolean;
  description?: string;
}
export interface DataInterfaceRow {
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
export interface LogRow {
  id: string;
  fullName?: string | null;
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

/** 测试 / 响应 of one data interface: its parameters to fill, the result or the server's msg. */
export function TestDialog({ row, onClose }: { row: DataInterfaceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const testing = row;
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!row) return;
    setTyped({});
    setResult(null);
  }, [row]);
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
  return (
    <Modal
      open={!!testing}
      width={800}
      title={`${t('adm.test')} - ${testing?.fullName ?? ''}`}
      onCancel={onClose}
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
  );
}

/** The parameter view of a data interface (GET …/DataInterface/GetParam/{id}): read-only. */
export function ParamView({ row, onClose }: { row: DataInterfaceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, error, loading } = useRecord<Param[]>(
    row && `/api/system/DataInterface/GetParam/${encodeURIComponent(row.id)}`,
  );
  return (
    <Modal
      open={!!row}
      width={600}
      title={`${t('adm.params')} - ${row?.fullName ?? ''}`}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <div data-testid="di-params-view">
        {error ? <Alert type="error" showIcon title={error} /> : null}
        <Table<Param>
          size="small"
          rowKey="field"
          loading={loading}
          pagination={false}
          dataSource={data ?? []}
          locale={{ emptyText: t('adm.noParams') }}
          columns={[
            { title: t('adm.paramField'), dataIndex: 'field' },
            {
              title: t('adm.defaultValue'),
              dataIndex: 'defaultValue',
              render: (v) => (v == null ? '' : String(v)),
            },
            { title: t('adm.required'), dataIndex: 'required', width: 70, render: (v) => (v ? '✓' : '') },
            { title: t('adm.description'), dataIndex: 'description' },
          ]}
        />
      </div>
    </Modal>
  );
}

/** The call log detail (GET /api/system/DataInterfaceLog/{id}/Action/Info). */
export function logDetailFields(t: (k: string) => string): DetailField<LogRow>[] {
  return [
    { key: 'fullName', label: t('adm.fullName') },
    { key: 'invokTime', label: t('adm.invokTime'), render: (v) => fmtTime(v as number) },
    { key: 'userName', label: t('adm.userName') },
    { key: 'invokIp', label: t('adm.ip') },
    { key: 'invokWasteTime', label: t('adm.duration') },
    { key: 'invokType', label: t('adm.result') },
    { key: 'error', label: t('adm.errorText') },
  ];
}

/** The call log of one data interface (the last 50 calls), each call's detail on demand. */
export function LogDrawer({ row, onClose }: { row: DataInterfaceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const logFor = row;
  const [logs, setLogs] = useState<LogRow[]>([]);
  const [detail, setDetail] = useState<string | null>(null);
  useEffect(() => {
    setLogs([]);
    if (!row) return;
    let live = true;
    http
      .get<{ list: LogRow[] }>(`/api/system/DataInterfaceLog/${row.id}/Action/List`, {
        currentPage: 1,
        pageSize: 50,
      })
      .then((r) => live && setLogs(r.data.list ?? []))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [row]);
  return (
    <Drawer
      open={!!logFor}
      size={720}
      title={`${t('adm.log')} - ${logFor?.fullName ?? ''}`}
      onClose={onClose}
    >
      <Table<LogRow>
        size="small"
        rowKey="id"
        dataSource={logs}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: t('adm.invokTime'), dataIndex: 'invokTime', render: fmtTime },
          { title: t('adm.userName'), dataIndex: 'userName' },
          { title: t('adm.duration'), dataIndex: 'invokWasteTime', width: 90 },
          { title: t('adm.ip'), dataIndex: 'invokIp' },
          {
            title: t('adm.result'),
            dataIndex: 'invokType',
            render: (v: string, r) =>
              v === 'ok' ? <Tag color="green">ok</Tag> : <Tag color="red">{r.error ?? 'error'}</Tag>,
          },
          {
            title: t('adm.action'),
            key: 'detail',
            width: 70,
            render: (_: unknown, r) => (
              <Button type="link" size="small" data-testid="di-log-detail" onClick={() => setDetail(r.id)}>
                {t('adm.detail')}
              </Button>
            ),
          },
        ]}
      />
      <DetailDrawer<LogRow>
        url={detail && `/api/system/DataInterfaceLog/${encodeURIComponent(detail)}/Action/Info`}
        title={t('adm.detail')}
        fields={logDetailFields(t)}
        onClose={() => setDetail(null)}
        testId="di-log-detail-view"
      />
    </Drawer>
  );
}
