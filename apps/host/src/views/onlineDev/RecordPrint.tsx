import { Button, Modal, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { http } from '../../api/http';
import { PrintFrame } from '../../util/PrintFrame';
import { docxName, printDocx, saveBlob } from '../../util/printDocx';
import { fillPrintTemplate } from '../../util/printTemplate';
import { tx } from './texts';

/**
 * Print preview of one record of a released form (its form's printId, a print design of type form): the
 * template filled by GET /api/system/printDev/Data with names and labels, in a sandboxed frame; print prints
 * the frame only, Word downloads a .docx built from the same HTML.
 */
export function RecordPrint(props: { printId: string; recordId: string; title: string; onClose(): void }) {
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const frame = useRef<HTMLIFrameElement | null>(null);
  useEffect(() => {
    http
      .get<{ printTemplate: string; printData: Record<string, unknown> }>('/api/system/printDev/Data', {
        id: props.printId,
        formId: props.recordId,
      })
      .then((r) => setHtml(fillPrintTemplate(r.data.printTemplate ?? '', r.data.printData ?? {}, '')))
      .catch(() => setFailed(true));
  }, [props.printId, props.recordId]);
  const word = async () => {
    if (!html) return;
    setBusy(true);
    try {
      saveBlob(await printDocx(html, props.title), docxName(props.title));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={tx('printPreview')}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw' }}
      onCancel={props.onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => void word()} disabled={!html} loading={busy} data-testid="dm-print-word">
            {tx('word')}
          </Button>
          <Button
            type="primary"
            disabled={!html}
            data-testid="dm-print-go"
            onClick={() => frame.current?.contentWindow?.print()}
          >
            {tx('print')}
          </Button>
          <Button onClick={props.onClose}>{tx('cancel')}</Button>
        </Space>
      }
    >
      {html !== null ? (
        <PrintFrame ref={frame} html={html} title={props.title} testId="dm-print-frame" />
      ) : failed ? null : (
        <Spin />
      )}
    </Modal>
  );
}
