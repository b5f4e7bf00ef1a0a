import { Alert, App, Button, Flex, Image, Modal, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBinary, http } from '../../api/http';
import { type Attachment, fileHref, previewKind } from './model';

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
 * The frame's sandbox (spec 4 §2: forms, scripts, popups, downloads and modals allowed). Never
 * allow-same-origin: the framed file runs in an opaque origin, so a script in it cannot reach the app.
 */
export const PREVIEW_SANDBOX = 'allow-forms allow-scripts allow-popups allow-downloads allow-modals';

/**
 * The document preview dialog (spec 3 §2, §7, §8; spec 4 §2): full screen, titled 文档预览 - and the
 * previewed files' names joined with "/", a cancel button, the address the server gives shown in a sandboxed
 * frame, a loading indicator until it has loaded. `files` starts with the chosen file; for an image it
 * holds the list's other images too (model.previewSet), shown as one antd gallery (next/previous in the
 * viewer, the chosen one first).
 * When the chosen file gets no address the dialog closes with the warning 文件不存在 (an image without one is
 * left out of the gallery). Word and Excel files, which the browser cannot show, are drawn from the
 * address's bytes (docx-preview, exceljs) instead. A PDF frame is the one frame without a sandbox: Chromium
 * refuses its PDF viewer in every sandboxed frame (whatever the allow- flags); the download route serves a
 * PDF as application/pdf with nosniff, so it only ever opens in the viewer, never as a page of this origin.
 */
export default function FilePreview({ files, onClose }: { files: Attachment[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const host = useRef<HTMLDivElement>(null);
  const [addresses, setAddresses] = useState<{ file: Attachment; src: string }[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const file = files?.[0] ?? null;
  const address = addresses[0]?.src ?? null;
  const kind = file ? previewKind(file.name) : 'none';
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    setAddresses([]);
    setState('loading');
    if (!files?.length) return;
    let live = true;
    void Promise.all(files.map(previewAddress)).then((found) => {
      if (!live) return;
      if (found[0])
        setAddresses(
          files.flatMap((f, i) => {
            const a = found[i];
            return a ? [{ file: f, src: fileHref(a) }] : [];
          }),
        );
      else {
        message.warning(t('oa.fileNotExist'));
        close.current();
      }
    });
    return () => {
      live = false;
    };
  }, [files, message, t]);

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

  const framed = kind === 'pdf' || kind === 'text';
  const names = (addresses.length ? addresses.map((a) => a.file) : (files ?? [])).map((f) => f.name);
  return (
    <Modal
      open={!!file}
      onCancel={onClose}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 120px)', overflow: 'auto' } }}
      title={<span data-testid="preview-title">{t('oa.previewTitle', { names: names.join('/') })}</span>}
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
            <Flex wrap gap="middle" align="flex-start">
              <Image.PreviewGroup>
                {addresses.map((a, i) => (
                  <Image
                    key={a.src}
                    src={a.src}
                    alt={a.file.name}
                    height={i === 0 ? undefined : 120}
                    style={i === 0 ? { maxWidth: '100%' } : undefined}
                    onLoad={i === 0 ? () => setState('ready') : undefined}
                    onError={i === 0 ? () => setState('error') : undefined}
                    data-testid="preview-image"
                  />
                ))}
              </Image.PreviewGroup>
            </Flex>
          )}
          {address && framed && (
            <iframe
              title={file?.name}
              src={address}
              sandbox={kind === 'pdf' ? undefined : PREVIEW_SANDBOX}
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
