import { App, Button, Checkbox, Modal, Radio, Space, Table, Upload } from 'antd';
import { useRef, useState } from 'react';
import { api, type ImportCheck, openDownload, uploadDocument } from './api';
import { tx } from './texts';

/** The export and import dialogs of a released online-developed item's list. */
export function ExportDialog({
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

export function ImportDialog({
  moduleId,
  onClose,
}: {
  moduleId: string;
  onClose: (changed: boolean) => void;
}) {
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
