import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Radio, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { type DataInterfaceRow, LogDrawer, ParamView, TestDialog } from './DataInterfaceTools';

export { paramValues } from './DataInterfaceTools';

/**
 * Data interfaces: list, create/edit (static or HTTP, parameters, JSONata), state, test-run, response,
 * parameter view, call log with each call's detail, export.
 */
export default function DataInterface() {
  const { t } = useTranslation();
  const perm = usePerm();
  const list = usePaged<DataInterfaceRow>('/api/system/DataInterface');
  const crud = useCrud<DataInterfaceRow>({
    base: '/api/system/DataInterface',
    reload: list.reload,
    toBody: (v) => ({ ...v, params: (v.params ?? []).filter((p) => p?.field) }),
  });
  const kind = Form.useWatch('kind', crud.form);
  const cols = useColumns();
  const [testing, setTesting] = useState<DataInterfaceRow | null>(null);
  const [logFor, setLogFor] = useState<DataInterfaceRow | null>(null);
  const [paramsOf, setParamsOf] = useState<DataInterfaceRow | null>(null);

  return (
    <CrudPage<DataInterfaceRow>
      testId="page-dataInterface"
      perm={perm}
      onSearch={list.search}
      onAdd={() =>
        crud.setEditing({
          initial: {
            kind: 'static',
            method: 'GET',
            params: [],
            enabledMark: 1,
            sortCode: 0,
            staticData: '[]',
          },
        })
      }
      onRefresh={list.reload}
      table={{
        ...list.table,
        columns: [
          ...cols.nameCode<DataInterfaceRow>(),
          { title: t('adm.kind'), dataIndex: 'kind', width: 80, render: (k: string) => <Tag>{k}</Tag> },
          { title: t('adm.url'), dataIndex: 'url', ellipsis: true },
          cols.state(),
          cols.actions(360, (row) => (
            <RowActions
              perm={perm}
              wrap
              items={[
                { key: 'test', code: 'btn_preview', label: t('adm.test'), onClick: () => setTesting(row) },
                crud.actions.edit(row),
                crud.actions.state(row),
                {
                  key: 'params',
                  label: t('adm.params'),
                  testId: 'di-params',
                  onClick: () => setParamsOf(row),
                },
                { key: 'log', label: t('adm.log'), onClick: () => setLogFor(row) },
                {
                  key: 'export',
                  code: BTN.export,
                  label: t('adm.exportExcel'),
                  onClick: () => saveFile(`/api/system/DataInterface/${row.id}/Action/Export`),
                },
                crud.actions.remove(row),
              ]}
            />
          )),
        ],
      }}
    >
      <FormDialog<Partial<DataInterfaceRow>> {...crud.dialog} width={800} testId="di-form">
        <NameCodeItems testIdPrefix="di" />
        <Form.Item name="kind" label={t('adm.kind')}>
          <Radio.Group>
            <Radio value="static">{t('adm.staticData')}</Radio>
            <Radio value="http">HTTP</Radio>
          </Radio.Group>
        </Form.Item>
        {kind === 'http' ? (
          <>
            <Form.Item name="method" label={t('adm.method')}>
              <Select options={['GET', 'POST'].map((m) => ({ value: m, label: m }))} />
            </Form.Item>
            <Form.Item
              name="url"
              label={t('adm.url')}
              rules={[{ required: true, message: t('adm.required_', { name: t('adm.url') }) }]}
            >
              <Input maxLength={1000} placeholder="http://127.0.0.1/api/…/{field}" />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="staticData"
            label={t('adm.staticData')}
            rules={[
              {
                validator: (_, v) => {
                  try {
                    JSON.parse(v || 'null');
                    return Promise.resolve();
                  } catch (e) {
                    return Promise.reject(new Error(`JSON: ${(e as Error).message}`));
                  }
                },
              },
            ]}
          >
            <Input.TextArea rows={5} style={{ fontFamily: 'monospace' }} data-testid="di-static" />
          </Form.Item>
        )}
        <Form.Item label={t('adm.params')}>
          <Form.List name="params">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item
                      name={[f.name, 'field']}
                      rules={[{ pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: t('adm.paramField') }]}
                    >
                      <Input placeholder={t('adm.paramField')} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'defaultValue']}>
                      <Input placeholder={t('adm.defaultValue')} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'required']} valuePropName="checked">
                      <Checkbox>{t('adm.required')}</Checkbox>
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ field: '', required: false })}
                >
                  {t('adm.addParam')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="transform" label={t('adm.transform')}>
          <Input.TextArea
            rows={2}
            style={{ fontFamily: 'monospace' }}
            placeholder="$.{ 'id': id, 'fullName': name }"
          />
        </Form.Item>
        <SortStateDescItems />
      </FormDialog>
      <TestDialog row={testing} onClose={() => setTesting(null)} />
      <LogDrawer row={logFor} onClose={() => setLogFor(null)} />
      <ParamView row={paramsOf} onClose={() => setParamsOf(null)} />
    </CrudPage>
  );
}
