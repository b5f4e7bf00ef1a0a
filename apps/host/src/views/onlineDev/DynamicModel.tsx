import { FormRenderer, type FormRendererHandle } from '@kp/renderer';
import { App, Button, Empty, Form, Input, Modal, Space, Spin, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { UnsentOffer, useUnsentInput } from '../../kit/unsent';
import { httpFormProviders } from '../../services/formProviders';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
import { api, openDownload, type RecordRow, type RuntimeConfig } from './api';
import { cellText, mainFieldsOf, tablesOf, visibleButtons } from './model';
import { ExportDialog, ImportDialog } from './RecordDialogs';
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
  const formRef = useRef<FormRendererHandle | null>(null);
  // What is typed into a record is kept in this browser until it is saved (an ended session loses nothing).
  const unsent = useUnsentInput({
    scope: editing && editing.mode !== 'view' ? `form:${config.id}:${editing.id ?? 'new'}` : null,
    ready: !!editing,
    read: () => formRef.current?.getData(),
    write: (data) => formRef.current?.setData(data),
  });

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
    unsent.settle();
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
        onCancel={() => void unsent.confirmClose().then((ok) => ok && setEditing(null))}
      >
        <UnsentOffer offer={unsent.offer} onRestore={unsent.restore} onDiscard={unsent.discardOffer} />
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
              ref={(h) => {
                formRef.current = h;
                if (h) unsent.formMounted();
              }}
              config={config.formData}
              value={editing.data}
              onChange={unsent.onChange}
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
