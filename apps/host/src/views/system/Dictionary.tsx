import { Button, Empty, Form, Input, InputNumber, Radio, Space, Table, Tree, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import {
  BTN,
  FormDialog,
  PermButton,
  RULES,
  StateTag,
  useConfirmDelete,
  useLoad,
  usePerm,
  withoutNode,
} from '../permission/common';
import { saveFile } from '../permission/excel';
import type { AntTreeNode } from '../permission/OrgTree';
import '../permission/admin.css';

export interface DictType {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number;
  description: string | null;
  children?: DictType[];
}
interface DictData {
  id: string;
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  children?: DictData[];
}

/** A tree from rows with parentId (roots '-1', '0' or a missing parent); rows already nested stay as they are. */
export function nest<T extends { id: string; parentId?: string | null; children?: T[] }>(rows: T[]): T[] {
  if (rows.some((r) => r.children?.length)) return rows;
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string, T[]>();
  for (const r of rows) {
    const p = r.parentId && ids.has(r.parentId) ? r.parentId : '';
    byParent.set(p, [...(byParent.get(p) ?? []), r]);
  }
  const build = (p: string): T[] =>
    (byParent.get(p) ?? []).map((r) => {
      const children = build(r.id);
      return { ...r, children: children.length ? children : undefined };
    });
  return build('');
}

const toTree = (l: DictType[]): AntTreeNode[] =>
  l.map((n) => ({
    key: n.id,
    value: n.id,
    title: n.fullName,
    children: n.children?.length ? toTree(n.children) : undefined,
  }));

/** Dictionaries: the type tree on the left (create, edit, delete), the data of the chosen type on the right. */
export default function Dictionary() {
  const { t } = useTranslation();
  const perm = usePerm();
  const confirmDelete = useConfirmDelete();
  const types = useLoad(
    async () => nest((await http.get<{ list: DictType[] }>('/api/system/DictionaryType')).data.list ?? []),
    [],
    [] as DictType[],
  );
  const [typeId, setTypeId] = useState('');
  const [keyword, setKeyword] = useState('');
  const current = useMemo(() => {
    const find = (l: DictType[]): DictType | undefined => {
      for (const n of l) {
        if (n.id === typeId) return n;
        const c = n.children && find(n.children);
        if (c) return c;
      }
      return undefined;
    };
    return find(types.data);
  }, [types.data, typeId]);
  const items = useLoad(
    async () =>
      typeId
        ? nest(
            (
              await http.get<{ list: DictData[] }>(`/api/system/DictionaryData/${typeId}`, {
                keyword: keyword || undefined,
              })
            ).data.list ?? [],
          )
        : [],
    [typeId, keyword],
    [] as DictData[],
  );
  const [typeForm] = Form.useForm<Partial<DictType>>();
  const [typeEdit, setTypeEdit] = useState<{ id?: string; initial: Partial<DictType> } | null>(null);
  const [dataForm] = Form.useForm<Partial<DictData>>();
  const [dataEdit, setDataEdit] = useState<{ id?: string; initial: Partial<DictData> } | null>(null);

  const saveType = async (v: Partial<DictType>) => {
    const body = { ...v, parentId: v.parentId || '-1' };
    if (typeEdit?.id)
      await http.put(`/api/system/DictionaryType/${typeEdit.id}`, body, { showSuccess: true });
    else await http.post('/api/system/DictionaryType', body, { showSuccess: true });
    types.reload();
  };
  const saveData = async (v: Partial<DictData>) => {
    const body = { ...v, dictionaryTypeId: typeId, parentId: v.parentId || '0' };
    if (dataEdit?.id)
      await http.put(`/api/system/DictionaryData/${dataEdit.id}`, body, { showSuccess: true });
    else await http.post('/api/system/DictionaryData', body, { showSuccess: true });
    items.reload();
  };
  const dataTree = (l: DictData[]): AntTreeNode[] =>
    l.map((n) => ({
      key: n.id,
      value: n.id,
      title: n.fullName,
      children: n.children?.length ? dataTree(n.children) : undefined,
    }));

  return (
    <div className="kp-adm" data-testid="page-dictionary">
      <div className="kp-adm-side" data-testid="dict-types">
        <div className="kp-adm-bar">
          <b className="kp-adm-grow">{t('adm.dictType')}</b>
          <PermButton
            perm={perm}
            code={BTN.add}
            size="small"
            type="primary"
            onClick={() => setTypeEdit({ initial: { isTree: 0, sortCode: 0, parentId: undefined } })}
            data-testid="btn-add-type"
          >
            {t('adm.add')}
          </PermButton>
        </div>
        {types.data.length > 0 && (
          <Tree
            blockNode
            defaultExpandAll
            treeData={toTree(types.data)}
            selectedKeys={typeId ? [typeId] : []}
            onSelect={(k) => k[0] && setTypeId(String(k[0]))}
          />
        )}
      </div>
      <div className="kp-adm-main">
        {!current ? (
          <Empty description={t('adm.dictType')} />
        ) : (
          <>
            <div className="kp-adm-bar">
              <b>
                {current.fullName} ({current.enCode})
              </b>
              <PermButton
                perm={perm}
                code={BTN.edit}
                size="small"
                onClick={() =>
                  setTypeEdit({
                    id: current.id,
                    initial: {
                      ...current,
                      parentId: current.parentId === '-1' ? undefined : current.parentId,
                      description: current.description ?? undefined,
                    },
                  })
                }
                data-testid="btn-edit-type"
              >
                {t('adm.edit')}
              </PermButton>
              <PermButton
                perm={perm}
                code={BTN.remove}
                size="small"
                danger
                onClick={() =>
                  confirmDelete(async () => {
                    await http.delete(`/api/system/DictionaryType/${current.id}`, undefined, {
                      showSuccess: true,
                    });
                    setTypeId('');
                    types.reload();
                  })
                }
                data-testid="btn-remove-type"
              >
                {t('adm.remove')}
              </PermButton>
              <span className="kp-adm-grow" />
              <Input.Search
                allowClear
                placeholder={t('adm.keyword')}
                onSearch={setKeyword}
                style={{ width: 200 }}
              />
              <PermButton
                perm={perm}
                code={BTN.add}
                type="primary"
                onClick={() => setDataEdit({ initial: { enabledMark: 1, sortCode: 0 } })}
                data-testid="btn-add"
              >
                {t('adm.add')}
              </PermButton>
              <PermButton
                perm={perm}
                code={BTN.export}
                onClick={() => saveFile(`/api/system/DictionaryData/${current.id}/Action/Export`)}
              >
                {t('adm.exportExcel')}
              </PermButton>
              <Button onClick={items.reload}>{t('adm.refresh')}</Button>
            </div>
            <Table<DictData>
              rowKey="id"
              size="small"
              loading={items.loading}
              dataSource={items.data}
              pagination={false}
              columns={[
                { title: t('adm.fullName'), dataIndex: 'fullName' },
                { title: t('adm.enCode'), dataIndex: 'enCode' },
                { title: t('adm.sortCode'), dataIndex: 'sortCode', width: 70 },
                {
                  title: t('adm.state'),
                  dataIndex: 'enabledMark',
                  width: 80,
                  render: (v: number) => <StateTag value={v} />,
                },
                {
                  title: t('adm.action'),
                  key: 'a',
                  width: 200,
                  render: (_: unknown, row) => (
                    <Space size={0}>
                      <PermButton
                        perm={perm}
                        code={BTN.edit}
                        type="link"
                        size="small"
                        onClick={() =>
                          setDataEdit({
                            id: row.id,
                            initial: {
                              ...row,
                              parentId: row.parentId === '0' ? undefined : row.parentId,
                              description: row.description ?? undefined,
                            },
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
                              `/api/system/DictionaryData/${row.id}/Actions/State`,
                              { enabledMark: row.enabledMark === 1 ? 0 : 1 },
                              { showSuccess: true },
                            )
                            .then(items.reload)
                            .catch(() => {})
                        }
                      >
                        {row.enabledMark === 1 ? t('adm.disable') : t('adm.enable')}
                      </PermButton>
                      <PermButton
                        perm={perm}
                        code={BTN.remove}
                        type="link"
                        size="small"
                        danger
                        onClick={() =>
                          confirmDelete(async () => {
                            await http.delete(`/api/system/DictionaryData/${row.id}`, undefined, {
                              showSuccess: true,
                            });
                            items.reload();
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
          </>
        )}
      </div>
      <FormDialog<Partial<DictType>>
        open={!!typeEdit}
        title={typeEdit?.id ? t('adm.edit') : t('adm.addType')}
        form={typeForm}
        initial={typeEdit?.initial}
        onSubmit={saveType}
        onClose={() => setTypeEdit(null)}
        testId="dict-type-form"
      >
        <Form.Item name="parentId" label={t('adm.parent')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            treeData={toTree(withoutNode(types.data, typeEdit?.id))}
          />
        </Form.Item>
        <Form.Item
          name="fullName"
          label={t('adm.fullName')}
          rules={[{ required: true, message: t('adm.required_', { name: t('adm.fullName') }) }]}
        >
          <Input maxLength={100} data-testid="dict-type-fullName" />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('adm.enCode')}
          rules={[
            { required: true, message: t('adm.required_', { name: t('adm.enCode') }) },
            { pattern: RULES.code, message: t('adm.codeRule') },
          ]}
        >
          <Input maxLength={50} data-testid="dict-type-enCode" />
        </Form.Item>
        <Form.Item name="isTree" label={t('adm.isTree')}>
          <Radio.Group>
            <Radio value={0}>{t('adm.disabled')}</Radio>
            <Radio value={1}>{t('adm.enabled')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="sortCode" label={t('adm.sortCode')}>
          <InputNumber min={0} />
        </Form.Item>
        <Form.Item name="description" label={t('adm.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormDialog>
      <FormDialog<Partial<DictData>>
        open={!!dataEdit}
        title={dataEdit?.id ? t('adm.edit') : t('adm.add')}
        form={dataForm}
        initial={dataEdit?.initial}
        onSubmit={saveData}
        onClose={() => setDataEdit(null)}
        testId="dict-data-form"
      >
        {current?.isTree === 1 && (
          <Form.Item name="parentId" label={t('adm.parent')}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              treeData={dataTree(withoutNode(items.data, dataEdit?.id))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="fullName"
          label={t('adm.fullName')}
          rules={[{ required: true, message: t('adm.required_', { name: t('adm.fullName') }) }]}
        >
          <Input maxLength={100} data-testid="dict-data-fullName" />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('adm.enCode')}
          rules={[
            { required: true, message: t('adm.required_', { name: t('adm.enCode') }) },
            { pattern: RULES.code, message: t('adm.codeRule') },
          ]}
        >
          <Input maxLength={50} data-testid="dict-data-enCode" />
        </Form.Item>
        <Form.Item name="sortCode" label={t('adm.sortCode')}>
          <InputNumber min={0} />
        </Form.Item>
        <Form.Item name="enabledMark" label={t('adm.state')}>
          <Radio.Group>
            <Radio value={1}>{t('adm.enabled')}</Radio>
            <Radio value={0}>{t('adm.disabled')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="description" label={t('adm.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormDialog>
    </div>
  );
}
