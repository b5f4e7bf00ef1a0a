import { BILL_DATE_FORMAT_VALUES } from '@kp/schema';
import { App, Button, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import {
  BTN,
  FormDialog,
  PermButton,
  RULES,
  StateTag,
  useConfirmDelete,
  usePerm,
} from '../permission/common';
import { saveFile } from '../permission/excel';
import { usePaged } from './crud';
import '../permission/admin.css';

interface BillRuleRow {
  id: string;
  fullName: string;
  enCode: string;
  prefix: string;
  dateFormat: string;
  digit: number;
  startNumber: string;
  suffix: string;
  kind: 'sequence' | 'random' | 'uuid';
  sortCode: number;
  enabledMark: number;
  description: string | null;
  outputNumber: string | null;
  example: string;
}

/** Bill rules: paged list, create, edit, delete, enable/disable, export, preview of the next number. */
export default function BillRule() {
  const { t } = useTranslation();
  const perm = usePerm();
  const confirmDelete = useConfirmDelete();
  const list = usePaged<BillRuleRow>('/api/system/BillRule');
  const [form] = Form.useForm<Partial<BillRuleRow>>();
  const [editing, setEditing] = useState<{ id?: string; initial: Partial<BillRuleRow> } | null>(null);
  const [preview, setPreview] = useState<Record<string, string>>({});
  const save = async (v: Partial<BillRuleRow>) => {
    const body = {
      ...v,
      startNumber: v.startNumber === undefined || v.startNumber === '' ? undefined : String(v.startNumber),
    };
    if (editing?.id) await http.put(`/api/system/BillRule/${editing.id}`, body, { showSuccess: true });
    else await http.post('/api/system/BillRule', body, { showSuccess: true });
    list.reload();
  };
  const { modal } = App.useApp();
  /** 预览: the next number the rule would give (not taken), shown in a dialog and in the row's example. */
  const showNext = async (row: BillRuleRow) => {
    const r = await http.get<string>(`/api/system/BillRule/${row.id}/Actions/Preview`).catch(() => null);
    if (!r) return;
    setPreview((p) => ({ ...p, [row.id]: r.data }));
    modal.info({
      title: `${t('adm.preview')} · ${row.fullName}`,
      content: <span data-testid="bill-preview">{r.data}</span>,
    });
  };
  return (
    <div className="kp-adm" data-testid="page-billRule">
      <div className="kp-adm-main">
        <div className="kp-adm-bar">
          <Input.Search
            allowClear
            placeholder={t('adm.keyword')}
            onSearch={list.search}
            style={{ width: 240 }}
          />
          <span className="kp-adm-grow" />
          <PermButton
            perm={perm}
            code={BTN.add}
            type="primary"
            onClick={() =>
              setEditing({
                initial: {
                  digit: 4,
                  startNumber: '1',
                  dateFormat: 'yyyyMMdd',
                  kind: 'sequence',
                  sortCode: 0,
                },
              })
            }
            data-testid="btn-add"
          >
            {t('adm.add')}
          </PermButton>
          <Button onClick={list.reload}>{t('adm.refresh')}</Button>
        </div>
        <Table<BillRuleRow>
          rowKey="id"
          size="small"
          loading={list.loading}
          dataSource={list.data.list}
          pagination={list.pagination}
          columns={[
            { title: t('adm.fullName'), dataIndex: 'fullName' },
            { title: t('adm.enCode'), dataIndex: 'enCode' },
            { title: t('adm.prefix'), dataIndex: 'prefix' },
            { title: t('adm.dateFormat'), dataIndex: 'dateFormat' },
            { title: t('adm.digit'), dataIndex: 'digit', width: 70 },
            {
              title: t('adm.example'),
              key: 'example',
              render: (_: unknown, r) => <Tag data-testid="bill-next">{preview[r.id] ?? r.example}</Tag>,
            },
            {
              title: t('adm.state'),
              dataIndex: 'enabledMark',
              width: 80,
              render: (v: number) => <StateTag value={v} />,
            },
            {
              title: t('adm.action'),
              key: 'a',
              width: 300,
              render: (_: unknown, row) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => showNext(row)}>
                    {t('adm.preview')}
                  </Button>
                  <PermButton
                    perm={perm}
                    code={BTN.edit}
                    type="link"
                    size="small"
                    onClick={() =>
                      setEditing({
                        id: row.id,
                        initial: { ...row, description: row.description ?? undefined },
                      })
                    }
                  >
                    {t('adm.edit')}
                  </PermButton>
                  <PermButton
                    perm={perm}
                    code={BTN.edit}
                    type="link"
                    size="small"
                    onClick={() =>
                      http
                        .put(
                          `/api/system/BillRule/${row.id}/Actions/State`,
                          { enabledMark: row.enabledMark === 1 ? 0 : 1 },
                          { showSuccess: true },
                        )
                        .then(list.reload)
                        .catch(() => {})
                    }
                  >
                    {row.enabledMark === 1 ? t('adm.disable') : t('adm.enable')}
                  </PermButton>
                  <PermButton
                    perm={perm}
                    code={BTN.export}
                    type="link"
                    size="small"
                    onClick={() => saveFile(`/api/system/BillRule/${row.id}/Action/Export`)}
                  >
                    {t('adm.exportExcel')}
                  </PermButton>
                  <PermButton
                    perm={perm}
                    code={BTN.remove}
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      confirmDelete(async () => {
                        await http.delete(`/api/system/BillRule/${row.id}`, undefined, { showSuccess: true });
                        list.reload();
                      })
                    }
                  >
                    {t('adm.remove')}
                  </PermButton>
                </Space>
              ),
            },
          ]}
        />
      </div>
      <FormDialog<Partial<BillRuleRow>>
        open={!!editing}
        title={editing?.id ? t('adm.edit') : t('adm.add')}
        form={form}
        initial={editing?.initial}
        onSubmit={save}
        onClose={() => setEditing(null)}
        testId="bill-form"
      >
        <Form.Item
          name="fullName"
          label={t('adm.fullName')}
          rules={[{ required: true, message: t('adm.required_', { name: t('adm.fullName') }) }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('adm.enCode')}
          rules={[
            { required: true, message: t('adm.required_', { name: t('adm.enCode') }) },
            { pattern: RULES.code, message: t('adm.codeRule') },
          ]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="kind" label={t('adm.kind')}>
          <Select options={['sequence', 'random', 'uuid'].map((k) => ({ value: k, label: k }))} />
        </Form.Item>
        <Form.Item name="prefix" label={t('adm.prefix')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="dateFormat" label={t('adm.dateFormat')}>
          <Select options={BILL_DATE_FORMAT_VALUES.map((v) => ({ value: v, label: v || '—' }))} />
        </Form.Item>
        <Form.Item
          name="digit"
          label={t('adm.digit')}
          rules={[{ required: true, message: t('adm.required_', { name: t('adm.digit') }) }]}
        >
          <InputNumber min={1} max={30} />
        </Form.Item>
        <Form.Item
          name="startNumber"
          label={t('adm.startNumber')}
          rules={[{ pattern: /^\d{1,15}$/, message: t('adm.numCodeRule') }]}
        >
          <Input maxLength={15} />
        </Form.Item>
        <Form.Item name="suffix" label={t('adm.suffix')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="sortCode" label={t('adm.sortCode')}>
          <InputNumber min={0} />
        </Form.Item>
        <Form.Item name="description" label={t('adm.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormDialog>
    </div>
  );
}
