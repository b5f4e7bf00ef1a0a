import { FormRenderer } from '@kp/renderer';
import type { FormConfig, Language } from '@kp/schema';
import { Button, Modal, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { PrintFrame } from '../../util/PrintFrame';
import { docxName, printDocx, saveBlob } from '../../util/printDocx';
import { type OperatorRecord, wfApi } from './api';
import { WF_NS } from './i18n';
import { fillPrintTemplate, handleStatusKey, printableRecords, recordsTableHtml } from './model';
import { wfProviders } from './providers';
import { fmtTime } from './util';

const providers = wfProviders();
const PRINT_CLASS = 'kp-wf-printing';
const PRINT_CSS = `@media print { body.${PRINT_CLASS} * { visibility: hidden !important; }
 body.${PRINT_CLASS} #kp-wf-print, body.${PRINT_CLASS} #kp-wf-print * { visibility: visible !important; }
 body.${PRINT_CLASS} #kp-wf-print { position: absolute; left: 0; top: 0; width: 100%; } }`;

/**
 * Print preview (full screen): the task's form read-only and the approval content (records with handle
 * status 0 or 1, reading B) from the print data call; print (window.print on this part only), Word download
 * (a .docx built from the shown HTML) and cancel.
 */
export function PrintPreview(props: {
  open: boolean;
  taskId: string;
  title: string;
  form: FormConfig;
  /** The task's records (reading A), to show each printed record's signature. */
  records?: OperatorRecord[];
  /** A print template (print config id): its HTML, filled, is shown instead of the default layout. */
  formId?: string;
  onClose(): void;
}) {
  const { t } = useTranslation(WF_NS);
  const [html, setHtml] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [data, setData] = useState<{ printData: Record<string, unknown>; records: OperatorRecord[] } | null>(
    null,
  );
  const area = useRef<HTMLDivElement | null>(null);
  const recordsRef = useRef(props.records);
  recordsRef.current = props.records;
  useEffect(() => {
    if (!props.open) return;
    setData(null);
    setHtml(null);
    void wfApi
      .printData(props.taskId, props.formId)
      .then((d) => {
        const records = printableRecords(d.operatorRecordList ?? []).map((r) => ({
          ...r,
          signImg: r.signImg ?? withSign(recordsRef.current, r),
        }));
        if (d.printTemplate)
          setHtml(
            fillPrintTemplate(
              d.printTemplate,
              d.printData ?? {},
              recordsTableHtml(
                records.map((r) => ({
                  nodeName: r.nodeName,
                  userName: r.userName,
                  status: t(handleStatusKey(r.handleStatus)),
                  opinion: r.handleOpinion,
                  signImg: r.signImg,
                  time: fmtTime(r.handleTime),
                })),
              ),
            ),
          );
        setData({ printData: d.printDataRaw ?? d.printData ?? {}, records });
      })
      .catch(() => setData({ printData: {}, records: [] }));
  }, [props.open, props.taskId, props.formId, t]);

  const print = () => {
    if (html && frame.current?.contentWindow) {
      frame.current.contentWindow.print();
      return;
    }
    let style = document.getElementById('kp-wf-print-css');
    if (!style) {
      style = document.createElement('style');
      style.id = 'kp-wf-print-css';
      style.textContent = PRINT_CSS;
      document.head.appendChild(style);
    }
    document.body.classList.add(PRINT_CLASS);
    const done = () => {
      document.body.classList.remove(PRINT_CLASS);
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
    setTimeout(done, 0);
  };
  const [wordBusy, setWordBusy] = useState(false);
  /** Word download: the shown HTML as a real .docx (docx is loaded only now). */
  const word = async () => {
    setWordBusy(true);
    try {
      saveBlob(await printDocx(html ?? area.current?.innerHTML ?? '', props.title), docxName(props.title));
    } finally {
      setWordBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={t('dlg.printPreview')}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw' }}
      onCancel={props.onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => void word()} disabled={!data} loading={wordBusy} data-testid="wf-print-word">
            {t('btn.word')}
          </Button>
          <Button type="primary" onClick={print} disabled={!data} data-testid="wf-print-go">
            {t('btn.print')}
          </Button>
          <Button onClick={props.onClose}>{t('btn.cancel')}</Button>
        </Space>
      }
    >
      {!data ? (
        <Spin />
      ) : html ? (
        <PrintFrame ref={frame} html={html} title={props.title} testId="wf-print-frame" />
      ) : (
        <div
          id="kp-wf-print"
          ref={area}
          data-testid="wf-print-area"
          style={{ maxWidth: 900, margin: '0 auto' }}
        >
          <h2 style={{ textAlign: 'center' }}>{props.title}</h2>
          <FormRenderer
            config={props.form}
            value={data.printData}
            mode="view"
            providers={providers}
            language={currentLanguage() as Language}
            showButtons={false}
          />
          <h3>{t('dlg.printTitle')}</h3>
          <table style={{ width: '100%', borderCollapse: 'collapse' }} data-testid="wf-print-records">
            <tbody>
              {data.records.map((r) => (
                <tr key={r.id ?? `${r.nodeName}-${r.handleTime}`}>
                  <td style={cell}>{r.nodeName}</td>
                  <td style={cell}>{r.userName}</td>
                  <td style={cell}>{t(handleStatusKey(r.handleStatus))}</td>
                  <td style={cell}>{r.handleOpinion}</td>
                  <td style={cell}>
                    {r.signImg ? <img alt="" src={r.signImg} style={{ height: 40 }} /> : null}
                  </td>
                  <td style={cell}>{fmtTime(r.handleTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}

/** The signature of the same record (node, time, status) in the task's record list. */
function withSign(all: OperatorRecord[] | undefined, r: OperatorRecord): string | null {
  return (
    all?.find(
      (x) => x.nodeName === r.nodeName && x.handleTime === r.handleTime && x.handleStatus === r.handleStatus,
    )?.signImg ?? null
  );
}

const cell: React.CSSProperties = { border: '1px solid #ccc', padding: 6 };
