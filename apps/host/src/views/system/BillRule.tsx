import { BILL_DATE_FORMAT_VALUES } from '@kp/schema';
import { App, Form, Input, InputNumber, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import {
  CrudPage,
  NameCodeItems,
  RowActions,
  SortStateDescItems,
  useColumns,
  useCrud,
  usePaged,
} from '../../kit/crud';
import { BTN, FormDialog, usePerm } from '../permission/common';
import { saveFile } from '../permission/excel';

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
  const list = usePaged<BillRuleRow>('/api/system/BillRule');
  const crud = useCrud<BillRuleRow>({
    base: '/api/system/BillRule',
    reload: list.reload,
    toBody: (v) => ({
      ...v,
      startNumber: v.startNumber === undefined || v.startNumber === '' ? undefined : String(v.startNumber),
    }),
  });
  const cols = useColumns();
  const [preview, setPreview] = useState<Record<string, string>>({});
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
    <CrudPage<BillRuleRow>
      testId="page-billRule"
      perm={perm}
      onSearch={list.search}
      onAdd={() =>
        crud.setEditing({
          initial: { digit: 4, startNumber: '1', dateFormat: 'yyyyMMdd', kind: 'sequence', sortCode: 0 },
        })
      }
      onRefresh={list.reload}
      table={{
        ...list.table,
        columns: [
          ...cols.nameCode<BillRuleRow>(),
          { title: t('adm.prefix'), dataIndex: 'prefix' },
          { title: t('adm.dateFormat'), dataIndex: 'dateFormat' },
          { title: t('adm.digit'), dataIndex: 'digit', width: 96 },
          {
            title: t('adm.example'),
            key: 'example',
            render: (_: unknown, r) => <Tag data-testid="bill-next">{preview[r.id] ?? r.example}</Tag>,
          },
          cols.state(),
          cols.actions(300, (row) => (
            <RowActions
              perm={perm}
              items={[
                { key: 'preview', label: t('adm.preview'), onClick: () => showNext(row) },
                crud.actions.edit(row),
                crud.actions.state(row),
                {
                  key: 'export',
                  code: BTN.export,
                  label: t('adm.exportExcel'),
                  onClick: () => saveFile(`/api/system/BillRule/${row.id}/Action/Export`),
                },
                crud.actions.remove(row),
              ]}
            />
          )),
        ],
      }}
    >
      <FormDialog<Partial<BillRuleRow>> {...crud.dialog} testId="bill-form">
        <NameCodeItems />
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
        <SortStateDescItems state={false} />
      </FormDialog>
    </CrudPage>
  );
}
