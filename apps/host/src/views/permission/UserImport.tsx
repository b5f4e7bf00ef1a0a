import { Alert, Button, Modal, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { errText } from './common';
import { exportThen, uploadFile } from './excel';
import type { OneTimePassword } from './OneTimePasswords';

interface PreviewRow {
  [k: string]: unknown;
  errorsInfo?: string;
}
/** Excel import: template, upload, preview (rows with errorsInfo), import, export of the failed rows. */
export function ImportDialog({
  open,
  onClose,
  onDone,
  onPasswords,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  /** The random passwords of the imported users (answered once by the server). */
  onPasswords: (list: OneTimePassword[]) => void;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<{
    headerRow: { id: string; fullName: string }[];
    dataRow: PreviewRow[];
  } | null>(null);
  const [result, setResult] = useState<{ snum: number; fnum: number; failResult: PreviewRow[] } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setPreview(null);
    setResult(null);
    setError('');
  };
  const onFile = async (file: File) => {
    reset();
    setBusy(true);
    try {
      const up = await uploadFile(file, 'document');
      const r = await http.get<NonNullable<typeof preview>>('/api/permission/Users/ImportPreview', {
        fileId: up.fileId,
      });
      setPreview(r.data);
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
    return false;
  };
  const doImport = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const r = await http.post<{
        snum: number;
        fnum: number;
        failResult: PreviewRow[];
        passwords?: OneTimePassword[];
      }>('/api/permission/Users/ImportData', {
        list: preview.dataRow,
      });
      setResult(r.data);
      if (r.data.passwords?.length) onPasswords(r.data.passwords);
      onDone();
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      width={900}
      title={t('adm.import')}
      onCancel={() => {
        reset();
        onClose();
      }}
      footer={null}
    >
      <div className="kp-adm-bar">
        <Button
          onClick={() => exportThen(() => http.get('/api/permission/Users/TemplateDownload')).catch(() => {})}
        >
          {t('adm.template')}
        </Button>
        <Upload accept=".xlsx" showUploadList={false} beforeUpload={onFile}>
          <Button loading={busy}>{t('adm.chooseFile')}</Button>
        </Upload>
        <span className="kp-adm-grow" />
        {preview && !result && (
          <Button type="primary" loading={busy} onClick={doImport}>
            {t('adm.importData')}
          </Button>
        )}
        {result && result.fnum > 0 && (
          <Button
            onClick={() =>
              exportThen(() =>
                http.post('/api/permission/Users/ExportExceptionData', { list: result.failResult }),
              ).catch(() => {})
            }
          >
            {t('adm.exportFailed')}
          </Button>
        )}
      </div>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} />}
      {result && (
        <Alert
          type={result.fnum ? 'warning' : 'success'}
          showIcon
          title={t('adm.importResult', { s: result.snum, f: result.fnum })}
        />
      )}
      {preview && (
        <Table
          size="small"
          rowKey={(_, i) => String(i)}
          dataSource={result ? result.failResult : preview.dataRow}
          pagination={{ pageSize: 20 }}
          scroll={{ x: true }}
          columns={[
            ...preview.headerRow.map((h) => ({
              title: h.fullName,
              dataIndex: h.id,
              render: (v: unknown) => String(v ?? ''),
            })),
            {
              title: '',
              dataIndex: 'errorsInfo',
              render: (v: string) => (v ? <span style={{ color: 'red' }}>{v}</span> : null),
            },
          ]}
        />
      )}
    </Modal>
  );
}
