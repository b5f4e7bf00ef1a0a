import { FormRenderer } from '@kp/renderer';
import { App, Button, Checkbox, Empty, Form, Input, Modal, Radio, Space, Spin, Table, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { httpFormProviders } from '../../services/formProviders';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import {
  api,
  type ImportCheck,
  openDownload,
  type RecordRow,
  type RuntimeConfig,
  uploadDocument,
} from './api';
import { cellText, mainFieldsOf, tablesOf, visibleButtons } from './model';
import { RecordPrint } from './RecordPrint';
import { tx } from './texts';

type Editing = {
  mode: 'create' | 'edit' | 'view';
  id?: string;
  version?: number;
  data: Record<string, unknown>;
};

/** The module id of the menu route this page was opened on (taken once: kept-alive pages keep their own). */
function useModuleId(): string {
  const { pathname } = useLocation();
  const [path] = useState(pathname);
  const routes = useStore(sessionStore, (s) => s.routes);
  const route = routes.find((r) => r.path === path);
  return String((route?.meta as { moduleId?: unknown } | undefined)?.moduleId ?? '');
}

/** A released online-developed item (menu type 3): its list with search, buttons per permission, and its form. */
export default function DynamicModel() {
  const moduleId = useModuleId();
  const [config, setConfig] = useState<RuntimeConfig | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    if (!moduleId) return;
    api
      .config(moduleId)
      .then(setConfig)
      .catch((e: Error) => setFailed(e.message));
  }, [moduleId]);
  if (!moduleId) return <Empty description={tx('noData')} />;
  if (failed) return <Empty description={failed} />;
  if (!config) return <Spin style={{ margin: 48 }} />;
  return <Runtime config={config} />;
}

function Runtime({ config }: { config: RuntimeConfig }) {
  const { modal, message } = App.useApp();
  const providers = useMemo(() => httpFormProviders(), []);
  const cols = config.columnData;
  // Exported fields: the main fields and the sub-tables (each sub-table goes to its own sheet).
  const fields = useMemo(
    () => [...mainFieldsOf(config.formData), ...tablesOf(config.formData)],
    [config.formData],
  );
  const toolbar = visibleButtons(cols.btnsList, config.buttons);
  const rowButtons = visibleButtons(cols.columnBtnsList, config.buttons);
  const [query, setQuery] = useState<Record<string, string>>({});
  const [page, setPage] = useState({ currentPage: 1, pageSize: cols.pageSize ?? 20 });
  const [sort, setSort] = useState<{ sidx?: string; sort?: 'asc' | 'desc' }>({});
  const [rows, setRows] = useState<RecordRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [printing, setPrinting] = useState<string | null>(null);
  const [searchForm] = Form.useForm();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const d = await api.list(config.id, { ...page, ...sort, query });
      setRows(d.list);
      setTotal(d.pagination.total);
    } catch {
      /* toasted */
    } finally {
      setLoading(false);
    }
  }, [config.id, page, sort, query]);
  useEffect(() => {
    void load();
  }, [load]);

  const open = async (mode: Editing['mode'], r?: RecordRow) => {
    if (!r) {
      setEditing({ mode, data: {} });
      return;
    }
    const rec = await api.record(config.id, r.id);
    setEditing({ mode, id: r.id, version: rec.version, data: rec.data });
  };

  const submit = async (data: Record<string, unknown>) => {
    if (!editing) return;
    if (editing.id) await api.save(config.id, editing.id, data, editing.version ?? 0);
    else await api.add(config.id, data);
    setEditing(null);
    await load();
  };

  const columns: ColumnsType<RecordRow> = [
    ...cols.columnList.map((c) => ({
      title: c.label,
      dataIndex: c.prop,
      key: c.prop,
      width: c.width,
      align: c.align,
      sorter: c.sortable ? true : undefined,
      render: (v: unknown) => cellText(v),
    })),
    {
      title: tx('createdAt'),
      dataIndex: 'creatorTime',
      key: 'creatorTime',
      width: 160,
      render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : ''),
    },
  ];
  if (rowButtons.length) {
    columns.push({
      title: tx('actions'),
      key: 'actions',
      fixed: 'right',
      width: 60 + rowButtons.length * 50,
      render: (_: unknown, r: RecordRow) => (
        <Space size="small">
          {rowButtons.includes('edit') && (
            <Button type="link" size="small" data-testid="row-edit" onClick={() => void open('edit', r)}>
              {tx('btn_edit')}
            </Button>
          )}
          {rowButtons.includes('detail') && (
            <Button type="link" size="small" onClick={() => void open('view', r)}>
              {tx('btn_detail')}
            </Button>
          )}
          {rowButtons.includes('remove') && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: tx('remove'),
                  content: tx('confirmDelete'),
                  onOk: async () => {
                    await api.del(config.id, r.id);
                    await load();
                  },
                })
              }
            >
              {tx('btn_remove')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  const searchable = cols.searchList ?? [];
  return (
    <div data-testid="page-dynamicModel" style={{ padding: 16 }}>
      {searchable.length > 0 && (
        <Form
          form={searchForm}
          layout="inline"
          style={{ marginBottom: 12 }}
          onFinish={(v: Record<string, string>) => {
            setQuery(Object.fromEntries(Object.entries(v).filter(([, x]) => x)));
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
        >
          {searchable.map((s) => (
            <Form.Item key={s.prop} name={s.prop} label={s.label}>
              <Input allowClear data-testid={`query-${s.prop}`} placeholder={tx('keyword')} />
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="query-search">
                {tx('search')}
              </Button>
              <Button
                onClick={() => {
                  searchForm.resetFields();
                  setQuery({});
                }}
              >
                {tx('reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <Space style={{ marginBottom: 12 }} wrap>
        {toolbar.includes('add') && (
          <Button type="primary" data-testid="dm-add" onClick={() => void open('create')}>
            {tx('btn_add')}
          </Button>
        )}
        {toolbar.includes('download') && (
          <Button data-testid="dm-export" onClick={() => setExporting(true)}>
            {tx('btn_download')}
          </Button>
        )}
        {toolbar.includes('upload') && (
          <Button data-testid="dm-import" onClick={() => setImporting(true)}>
            {tx('btn_upload')}
          </Button>
        )}
        {toolbar.includes('batchRemove') && (
          <Button
            danger
            onClick={() => {
              if (!selected.length) {
                message.warning(tx('selectFirst'));
                return;
              }
              modal.confirm({
                title: tx('btn_batchRemove'),
                content: tx('confirmDelete'),
                onOk: async () => {
                  await api.batchDel(config.id, selected);
                  setSelected([]);
                  await load();
                },
              });
            }}
          >
            {tx('btn_batchRemove')}
          </Button>
        )}
      </Space>
      <Table<RecordRow>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={
          toolbar.includes('batchRemove')
            ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as string[]) }
            : undefined
        }
        onChange={(_p, _f, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          setSort(
            one?.order ? { sidx: String(one.field), sort: one.order === 'ascend' ? 'asc' : 'desc' } : {},
          );
        }}
        pagination={
          cols.hasPage === false
            ? false
            : {
                current: page.currentPage,
                pageSize: page.pageSize,
                total,
                showSizeChanger: true,
                pageSizeOptions: [20, 30, 50],
                showTotal: (n) => tx('total', { n }),
                onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
              }
        }
      />
      <Modal
        open={!!editing}
        title={
          editing
            ? `${config.fullName} · ${editing.mode === 'view' ? tx('detail') : editing.id ? tx('edit') : tx('add')}`
            : ''
        }
        width={900}
        footer={null}
        destroyOnHidden
        maskClosable={false}
        keyboard={false}
        onCancel={() => setEditing(null)}
      >
        {editing?.id && config.formData.hasPrintBtn && (
          <div style={{ textAlign: 'right', marginBottom: 8 }}>
            <Button
              data-testid="dm-print"
              onClick={() =>
                config.formData.printId
                  ? setPrinting(editing.id ?? null)
                  : void message.warning(tx('noPrintTemplate'))
              }
            >
              {tx('print')}
            </Button>
          </div>
        )}
        {editing && (
          <div data-testid="dm-form">
            <FormRenderer
              config={config.formData}
              value={editing.data}
              mode={editing.mode}
              providers={providers}
              formOperates={config.formOperates?.length ? config.formOperates : undefined}
              onSubmit={(data) => submit(data).catch(() => undefined)}
            />
          </div>
        )}
      </Modal>
      {printing && config.formData.printId && (
        <RecordPrint
          printId={config.formData.printId}
          recordId={printing}
          title={config.fullName}
          onClose={() => setPrinting(null)}
        />
      )}
      {exporting && (
        <ExportDialog
          fields={fields}
          onClose={() => setExporting(false)}
          onExport={async (dataType, selectKey) => {
            const f = await api.exportRows(config.id, { ...page, ...sort, query, dataType, selectKey });
            openDownload(f.url);
            setExporting(false);
          }}
        />
      )}
      {importing && (
        <ImportDialog
          moduleId={config.id}
          onClose={(changed) => {
            setImporting(false);
            if (changed) void load();
          }}
        />
      )}
    </div>
  );
}

function ExportDialog({
  fields,
  onClose,
  onExport,
}: {
  fields: Array<{ vModel: string; label: string }>;
  onClose: () => void;
  onExport: (dataType: '0' | '1', selectKey: string[]) => Promise<void>;
}) {
  const [dataType, setDataType] = useState<'0' | '1'>('0');
  const [keys, setKeys] = useState(fields.map((f) => f.vModel));
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={tx('exportTitle')}
      onCancel={onClose}
      okButtonProps={{ disabled: !keys.length, loading: busy, 'data-testid': 'dm-export-ok' } as never}
      onOk={async () => {
        setBusy(true);
        await onExport(dataType, keys).catch(() => undefined);
        setBusy(false);
      }}
    >
      <Radio.Group
        value={dataType}
        onChange={(e) => setDataType(e.target.value)}
        options={[
          { value: '0', label: tx('exportPage') },
          { value: '1', label: tx('exportAll') },
        ]}
      />
      <div style={{ marginTop: 12 }}>{tx('exportFields')}</div>
      <Checkbox.Group
        value={keys}
        onChange={(v) => setKeys(v as string[])}
        options={fields.map((f) => ({ value: f.vModel, label: f.label }))}
      />
    </Modal>
  );
}

function ImportDialog({ moduleId, onClose }: { moduleId: string; onClose: (changed: boolean) => void }) {
  const { message } = App.useApp();
  const [fileId, setFileId] = useState('');
  const [fileName, setFileName] = useState('');
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const [result, setResult] = useState<ImportCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef<Promise<unknown> | null>(null);
  const pick = async (file: File) => {
    setBusy(true);
    try {
      const id = await uploadDocument(file);
      setFileId(id);
      setFileName(file.name);
      setCheck(await api.importPreview(moduleId, id));
    } catch (e) {
      if (e instanceof Error && e.message) message.error(e.message);
    } finally {
      setBusy(false);
    }
  };
  const failed = (result?.failResult ?? check?.list?.filter((r) => r.errorsInfo) ?? []).map((r, i) => ({
    ...r,
    key: i,
  }));
  return (
    <Modal
      open
      width={720}
      title={tx('importTitle')}
      // closed while an import runs: the list reloads once the run has answered
      onCancel={() =>
        running.current ? void running.current.finally(() => onClose(true)) : onClose(!!result)
      }
      footer={
        <Space>
          <Button onClick={() => void api.template(moduleId).then((f) => openDownload(f.url))}>
            {tx('template')}
          </Button>
          {result?.failResult?.length ? (
            <Button
              onClick={() =>
                void api.exportFailed(moduleId, result.failResult).then((f) => openDownload(f.url))
              }
            >
              {tx('exportErrors')}
            </Button>
          ) : null}
          <Button
            type="primary"
            data-testid="dm-import-run"
            disabled={!fileId || !!result || !check?.snum}
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                const run = api.importRun(moduleId, fileId);
                running.current = run;
                const r = await run;
                setResult(r);
                message.success(tx('importResult', { s: r.snum, f: r.fnum }));
              } catch {
                /* toasted */
              } finally {
                running.current = null;
                setBusy(false);
              }
            }}
          >
            {tx('importRun')}
          </Button>
        </Space>
      }
    >
      <Upload
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          void pick(file);
          return false;
        }}
      >
        <Button loading={busy} data-testid="dm-import-file">
          {tx('chooseFile')}
        </Button>
      </Upload>
      {fileName && <span style={{ marginLeft: 8 }}>{fileName}</span>}
      {check && (
        <p data-testid="dm-import-check" style={{ marginTop: 12 }}>
          {tx('importResult', { s: (result ?? check).snum, f: (result ?? check).fnum })}
        </p>
      )}
      {failed.length > 0 && (
        <Table
          size="small"
          pagination={false}
          dataSource={failed}
          columns={[
            { title: tx('row'), key: 'n', render: (_: unknown, r: { key: number }) => r.key + 1, width: 60 },
            { title: tx('error'), dataIndex: 'errorsInfo' },
          ]}
        />
      )}
    </Modal>
  );
}
