import { Alert, App, Button, Image, Modal, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBinary, http } from '../../api/http';
import { type Attachment, fileHref, formatSize, previewKind } from './model';

/** Link targets a previewed document may keep: web and mail addresses and in-document anchors. */
const SAFE_HREF = /^(https?:|mailto:|#|$)/i;

/** Renders an xlsx workbook as HTML tables (text only, never HTML from cells). */
async function renderExcel(buf: ArrayBuffer, host: HTMLElement, csv: boolean) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  if (csv) {
    const text = new TextDecoder().decode(buf);
    const ws = wb.addWorksheet('CSV');
    for (const line of text.split(/\r?\n/)) if (line) ws.addRow(line.split(','));
  } else await wb.xlsx.load(buf);
  host.replaceChildren();
  wb.eachSheet((ws) => {
    const h = document.createElement('h4');
    h.textContent = ws.name;
    const table = document.createElement('table');
    table.className = 'kp-xlsx';
    ws.eachRow({ includeEmpty: false }, (row) => {
      const tr = document.createElement('tr');
      for (let c = 1; c <= Math.min(ws.columnCount || 1, 200); c++) {
        const td = document.createElement('td');
        const cell = row.getCell(c);
        td.textContent = cell.text ?? '';
        tr.appendChild(td);
      }
      table.appendChild(tr);
    });
    host.append(h, table);
  });
}

/**
 * The preview address of a file (spec 3 §2, §7): GET /api/file/Uploader/Preview with fileName (the file
 * ids joined by |), fileVersionId and fileDownloadUrl; the answer's data is the address. Null when the
 * server gives none or refuses (the file does not exist or may not be read).
 */
export async function previewAddress(file: Attachment): Promise<string | null> {
  try {
    const r = await http.get<string | null>(
      '/api/file/Uploader/Preview',
      {
        fileName: file.fileId,
        fileVersionId: file.fileVersionId || file.fileId,
        fileDownloadUrl: file.url,
      },
      { silent: true },
    );
    return typeof r.data === 'string' && r.data ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * The document preview dialog (spec 3 §2, §7, §8): full screen, titled with the file's name and size, a
 * cancel button, the address the server gives shown in a frame (an image as an image), a loading indicator
 * until it has loaded.
 * When no address comes back the dialog closes with the warning 文件不存在. Word and Excel files, which
 * the browser cannot show, are drawn from the address's bytes (docx-preview, exceljs) instead.
 */
export default function FilePreview({ file, onClose }: { file: Attachment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const host = useRef<HTMLDivElement>(null);
  const [address, setAddress] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const kind = file ? previewKind(file.name) : 'none';
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    setAddress(null);
    setState('loading');
    if (!file) return;
    let live = true;
    void previewAddress(file).then((a) => {
      if (!live) return;
      if (a) setAddress(fileHref(a));
      else {
        message.warning(t('oa.fileNotExist'));
        close.current();
      }
    });
    return () => {
      live = false;
    };
  }, [file, message, t]);

  useEffect(() => {
    if (!address || (kind !== 'word' && kind !== 'excel')) return;
    let cancelled = false;
    (async () => {
      const buf = await fetchBinary(address);
      if (cancelled || !host.current) return;
      if (kind === 'word') {
        const { renderAsync } = await import('docx-preview');
        if (!host.current || cancelled) return;
        // An uploaded document is hostile input: its embedded HTML parts (altChunk) would become a
        // same-origin iframe running their scripts, and a hyperlink may target javascript:.
        await renderAsync(buf, host.current, undefined, {
          inWrapper: true,
          ignoreLastRenderedPageBreak: true,
          renderAltChunks: false,
        });
        for (const a of host.current.querySelectorAll('a[href]'))
          if (!SAFE_HREF.test(a.getAttribute('href') ?? '')) a.removeAttribute('href');
      } else await renderExcel(buf, host.current, file?.name.toLowerCase().endsWith('.csv') ?? false);
      if (!cancelled) setState('ready');
    })().catch(() => !cancelled && setState('error'));
    return () => {
      cancelled = true;
    };
  }, [address, kind, file]);

  const size = formatSize(file?.size);
  const framed = kind === 'pdf' || kind === 'text';
  return (
    <Modal
      open={!!file}
      onCancel={onClose}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 120px)', overflow: 'auto' } }}
      title={<span data-testid="preview-title">{size ? `${file?.name} (${size})` : file?.name}</span>}
      footer={
        <Button onClick={onClose} data-testid="preview-cancel">
          {t('oa.cancel')}
        </Button>
      }
      destroyOnHidden
    >
      <Spin spinning={!address || (kind !== 'none' && state === 'loading')}>
        <div data-testid="preview-body" style={{ minHeight: 200 }}>
          {state === 'error' && <Alert type="error" title={t('common.requestError')} />}
          {address && kind === 'none' && <Alert type="info" title={t('oa.noPreview')} />}
          {address && kind === 'image' && (
            <Image
              src={address}
              alt={file?.name}
              onLoad={() => setState('ready')}
              onError={() => setState('error')}
              data-testid="preview-image"
            />
          )}
          {address && framed && (
            <iframe
              title={file?.name}
              src={address}
              onLoad={() => setState('ready')}
              style={{ width: '100%', height: 'calc(100vh - 170px)', border: 0 }}
              data-testid={`preview-${kind}`}
            />
          )}
          {address && (kind === 'word' || kind === 'excel') && (
            <div ref={host} data-testid={`preview-${kind}`} className="kp-doc-preview" />
          )}
        </div>
      </Spin>
    </Modal>
  );
}
