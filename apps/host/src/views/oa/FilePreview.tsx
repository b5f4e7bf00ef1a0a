import { Alert, Image, Modal, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBinary } from '../../api/http';
import { useStore } from '../../store/createStore';
import { sessionStore } from '../../store/session';
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

/** In-browser preview of an attachment: images, PDF (the browser's viewer), Word (docx), Excel (xlsx/csv), text. */
export default function FilePreview({ file, onClose }: { file: Attachment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const token = useStore(sessionStore, (s) => s.token);
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [text, setText] = useState('');
  const kind = file ? previewKind(file.name) : 'none';
  const href = file ? fileHref(file.url, token) : '';

  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    setState('loading');
    (async () => {
      if (kind === 'word' || kind === 'excel' || kind === 'text') {
        const buf = await fetchBinary(href);
        if (cancelled) return;
        if (kind === 'text') setText(new TextDecoder().decode(buf));
        else if (kind === 'word') {
          const { renderAsync } = await import('docx-preview');
          if (host.current && !cancelled) {
            // An uploaded document is hostile input: its embedded HTML parts (altChunk) would become a
            // same-origin iframe running their scripts, and a hyperlink may target javascript:.
            await renderAsync(buf, host.current, undefined, {
              inWrapper: true,
              ignoreLastRenderedPageBreak: true,
              renderAltChunks: false,
            });
            for (const a of host.current.querySelectorAll('a[href]'))
              if (!SAFE_HREF.test(a.getAttribute('href') ?? '')) a.removeAttribute('href');
          }
        } else if (host.current && !cancelled)
          await renderExcel(buf, host.current, file.name.toLowerCase().endsWith('.csv'));
      }
      if (!cancelled) setState('ready');
    })().catch(() => !cancelled && setState('error'));
    return () => {
      cancelled = true;
    };
  }, [file, href, kind]);

  return (
    <Modal
      open={!!file}
      onCancel={onClose}
      footer={null}
      width="80%"
      title={file?.name}
      destroyOnHidden
      styles={{ body: { maxHeight: '75vh', overflow: 'auto' } }}
    >
      {state === 'error' && <Alert type="error" title={t('common.requestError')} />}
      {kind === 'none' && <Alert type="info" title={t('oa.noPreview')} />}
      {kind === 'image' && <Image src={href} alt={file?.name} data-testid="preview-image" />}
      {kind === 'pdf' && (
        <iframe
          title={file?.name}
          src={href}
          style={{ width: '100%', height: '70vh', border: 0 }}
          data-testid="preview-pdf"
        />
      )}
      {kind === 'text' && <pre data-testid="preview-text">{text}</pre>}
      {(kind === 'word' || kind === 'excel') && (
        <Spin spinning={state === 'loading'}>
          <div ref={host} data-testid={`preview-${kind}`} className="kp-doc-preview" />
        </Spin>
      )}
    </Modal>
  );
}
