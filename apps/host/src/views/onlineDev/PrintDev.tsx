import {
  App,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import dayjs from 'dayjs';
import DOMPurify from 'dompurify';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { http } from '../../api/http';
import { UnsentOffer, useUnsentInput } from '../../kit/unsent';
import { fillPrintTemplate, recordsTableHtml } from '../../util/printTemplate';
import { usePerm } from '../permission/usePerm';
import { openDownload } from './api';
import { CODE_RE } from './model';
import { tx } from './texts';

interface PrintRow {
  id: string;
  fullName: string;
  enCode: string;
  type: 1 | 2;
  formId: string | null;
  enabledMark: number;
  creatorTime: number | null;
  lastModifyTime: number | null;
}
interface PrintFull extends PrintRow {
  printTemplate: string;
  pageSetting: { size?: string; orientation?: string; margin?: number };
  description: string | null;
}
interface Field {
  field: string;
  label: string;
  children?: Field[];
}
const P = '/api/system/printDev';

/** 打印设计: print templates with {field} placeholders for online forms and flows; edit with a live preview. */
export default function PrintDev() {
  const { modal } = App.useApp();
  const perm = usePerm();
  const [rows, setRows] = useState<PrintRow[]>([]);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Partial<PrintFull> | null>(null);
  const load = useCallback(async () => {
    const r = await http
      .get<{ list: PrintRow[] }>(P, { keyword: keyword || undefined, pageSize: 500 })
      .catch(() => null);
    if (r) setRows(r.data.list);
  }, [keyword]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div data-testid="page-printDev" style={{ padding: 16 }}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search allowClear placeholder={tx('keyword')} onSearch={setKeyword} style={{ width: 240 }} />
        {perm.btn('btn_add') && (
          <Button
            type="primary"
            data-testid="print-add"
            onClick={() =>
              setEditing({
                type: 2,
                printTemplate: '',
                pageSetting: { size: 'A4', orientation: 'portrait', margin: 10 },
              })
            }
          >
            {tx('add')}
          </Button>
        )}
      </Space>
      <Table<PrintRow>
        rowKey="id"
        size="middle"
        dataSource={rows}
        columns={[
          { title: tx('name'), dataIndex: 'fullName' },
          { title: tx('code'), dataIndex: 'enCode' },
          {
            title: tx('kind'),
            key: 'type',
            render: (_, r) =>
              r.type === 1 ? (
                <Tag color="blue">{tx('typeFlow')}</Tag>
              ) : (
                <Tag color="green">{tx('typeForm')}</Tag>
              ),
          },
          {
            title: tx('state'),
            key: 'state',
            render: (_, r) =>
              r.enabledMark === 1 ? <Tag color="success">{tx('enabled')}</Tag> : <Tag>{tx('disabled')}</Tag>,
          },
          {
            title: tx('time'),
            key: 't',
            render: (_, r) => {
              const t = r.lastModifyTime ?? r.creatorTime;
              return t ? dayjs(t).format('YYYY-MM-DD HH:mm') : '';
            },
          },
          {
            title: tx('actions'),
            key: 'a',
            render: (_, r) => (
              <Space size="small">
                {perm.btn('btn_edit') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={async () => setEditing((await http.get<PrintFull>(`${P}/${r.id}`)).data)}
                  >
                    {tx('edit')}
                  </Button>
                )}
                {perm.btn('btn_copy') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() =>
                      void http.post(`${P}/${r.id}/Actions/Copy`, {}, { showSuccess: true }).then(load)
                    }
                  >
                    {tx('copy')}
                  </Button>
                )}
                {perm.btn('btn_export') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => openDownload(`${P}/${r.id}/Actions/Export`)}
                  >
                    {tx('exportIt')}
                  </Button>
                )}
                {perm.btn('btn_remove') && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      modal.confirm({
                        title: tx('hint'),
                        content: tx('confirmDelete'),
                        onOk: async () => {
                          await http.delete(`${P}/${r.id}`, undefined, { showSuccess: true });
                          await load();
                        },
                      })
                    }
                  >
                    {tx('remove')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <PrintEditor
          value={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void load();
          }}
        />
      )}
    </div>
  );
}

function PrintEditor({ value, onClose }: { value: Partial<PrintFull>; onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm();
  const type = (Form.useWatch('type', form) as 1 | 2 | undefined) ?? value.type ?? 2;
  const formId = Form.useWatch('formId', form) as string | undefined;
  const [sources, setSources] = useState<Array<{ value: string; label: string }>>([]);
  const [fields, setFields] = useState<Field[]>([]);
  const [html, setHtml] = useState(value.printTemplate ?? '');
  const area = useRef<HTMLTextAreaElement | null>(null);
  // The template being written is kept in this browser until it is saved (spec 3 §4: saved locally).
  const htmlNow = useRef(html);
  htmlNow.current = html;
  const unsent = useUnsentInput({
    scope: `print:${value.id ?? 'new'}`,
    ready: true,
    read: () => ({ base: form.getFieldsValue(true), html: htmlNow.current }),
    write: (d) => {
      form.setFieldsValue(d.base as Record<string, unknown>);
      setHtml(String(d.html ?? ''));
    },
  });
  const { onChange: typed } = unsent;
  useEffect(() => {
    typed({ base: form.getFieldsValue(true), html });
  }, [html, form, typed]);
  const close = () => void unsent.confirmClose().then((ok) => ok && onClose(false));

  useEffect(() => {
    const url = type === 1 ? '/api/workflow/Engine/FlowEngine/ListAll' : '/api/visualdev/Base/Selector';
    void http
      .get<{ list: Array<{ id: string; fullName: string }> }>(url, undefined, { silent: true })
      .then((r) => setSources(r.data.list.map((x) => ({ value: x.id, label: x.fullName }))))
      .catch(() => setSources([]));
  }, [type]);
  useEffect(() => {
    if (!formId) {
      setFields([]);
      return;
    }
    void http
      .post<{ list: Field[] }>(`${P}/Fields`, { type, formId }, { silent: true })
      .then((r) => setFields(r.data.list))
      .catch(() => setFields([]));
  }, [type, formId]);

  const insert = (token: string) => {
    const el = area.current;
    const at = el?.selectionStart ?? html.length;
    setHtml(html.slice(0, at) + token + html.slice(el?.selectionEnd ?? at));
  };
  const sample = useMemo(() => Object.fromEntries(fields.map((f) => [f.field, `〔${f.label}〕`])), [fields]);
  const preview = useMemo(
    () =>
      DOMPurify.sanitize(
        fillPrintTemplate(
          html,
          sample,
          recordsTableHtml([
            {
              nodeName: tx('sampleNode'),
              userName: tx('sampleUser'),
              status: tx('sampleStatus'),
              opinion: tx('sampleOpinion'),
              time: '',
            },
          ]),
        ),
      ),
    [html, sample],
  );

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = { ...v, printTemplate: html, formId: v.formId ?? null };
    try {
      if (value.id) await http.put(`${P}/${value.id}`, body, { showSuccess: true });
      else await http.post(P, body, { showSuccess: true });
      unsent.settle();
      onClose(true);
    } catch {
      /* the server's msg was toasted; the editor keeps everything */
    }
  };

  return (
    <Modal
      open
      width="92vw"
      style={{ top: 16 }}
      title={value.id ? `${tx('edit')} · ${value.fullName}` : tx('printNew')}
      onCancel={close}
      onOk={() => void save()}
      okText={tx('save')}
      okButtonProps={{ 'data-testid': 'print-save' } as never}
      maskClosable={false}
      destroyOnHidden
    >
      <UnsentOffer offer={unsent.offer} onRestore={unsent.restore} onDiscard={unsent.discardOffer} />
      <Form
        form={form}
        layout="inline"
        onValuesChange={() => typed({ base: form.getFieldsValue(true), html: htmlNow.current })}
        initialValues={{
          fullName: value.fullName,
          enCode: value.enCode,
          type: value.type ?? 2,
          formId: value.formId ?? undefined,
          pageSetting: value.pageSetting ?? { size: 'A4', orientation: 'portrait', margin: 10 },
        }}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item
          name="fullName"
          label={tx('name')}
          rules={[{ required: true, message: tx('nameRequired') }]}
        >
          <Input data-testid="print-name" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={tx('code')}
          rules={[
            { required: true, message: tx('codeRequired') },
            { pattern: CODE_RE, message: tx('codeRule') },
          ]}
        >
          <Input data-testid="print-code" maxLength={50} />
        </Form.Item>
        <Form.Item name="type" label={tx('kind')}>
          <Radio.Group
            onChange={() => form.setFieldValue('formId', undefined)}
            options={[
              { value: 2, label: tx('typeForm') },
              { value: 1, label: tx('typeFlow') },
            ]}
          />
        </Form.Item>
        <Form.Item name="formId" label={tx('bound')}>
          <Select allowClear showSearch optionFilterProp="label" options={sources} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name={['pageSetting', 'size']} label={tx('paper')}>
          <Select
            style={{ width: 90 }}
            options={['A4', 'A5', 'Letter'].map((s) => ({ value: s, label: s }))}
          />
        </Form.Item>
        <Form.Item name={['pageSetting', 'orientation']}>
          <Radio.Group
            options={[
              { value: 'portrait', label: tx('portrait') },
              { value: 'landscape', label: tx('landscape') },
            ]}
          />
        </Form.Item>
        <Form.Item name={['pageSetting', 'margin']} label={tx('margin')}>
          <InputNumber min={0} max={50} />
        </Form.Item>
      </Form>
      <Row gutter={12}>
        <Col span={4}>
          <div style={{ fontWeight: 600, marginBottom: 6 }}>{tx('fields')}</div>
          <div style={{ maxHeight: '60vh', overflow: 'auto' }}>
            {fields.map((f) => (
              <div key={f.field}>
                <Button size="small" type="text" onClick={() => insert(`{${f.field}}`)}>
                  {f.label}
                </Button>
                {f.children?.map((c) => (
                  <div key={c.field} style={{ paddingLeft: 12 }}>
                    <Button size="small" type="text" onClick={() => insert(`{${f.field}.${c.field}}`)}>
                      {c.label}
                    </Button>
                  </div>
                ))}
              </div>
            ))}
          </div>
        </Col>
        <Col span={10}>
          <Input.TextArea
            ref={(r) => {
              area.current = r?.resizableTextArea?.textArea ?? null;
            }}
            data-testid="print-html"
            value={html}
            onChange={(e) => setHtml(e.target.value)}
            style={{ height: '60vh', fontFamily: 'monospace' }}
            placeholder="<h1>{fullName}</h1>"
          />
        </Col>
        <Col span={10}>
          <div
            data-testid="print-preview"
            className="kp-print-preview"
            style={{
              height: '60vh',
              overflow: 'auto',
              border: '1px solid #eee',
              padding: 12,
              background: '#fff',
            }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </Col>
      </Row>
    </Modal>
  );
}
