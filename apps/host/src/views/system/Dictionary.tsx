import { Empty, Form, Radio, Tree, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import {
  CrudPage,
  formValues,
  NameCodeItems,
  RowActions,
  SortStateDescItems,
  useColumns,
  useCrud,
} from '../../kit/crud';
import { useLoad } from '../../kit/useLoad';
import { BTN, FormDialog, PermButton, usePerm, withoutNode } from '../permission/common';
import { saveFile } from '../permission/excel';
import type { AntTreeNode } from '../permission/OrgTree';

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
  const typeCrud = useCrud<DictType>({
    base: '/api/system/DictionaryType',
    reload: (touched) => {
      if (touched.removed) setTypeId('');
      types.reload();
    },
    toBody: (v) => ({ ...v, parentId: v.parentId || '-1' }),
  });
  const dataCrud = useCrud<DictData>({
    base: '/api/system/DictionaryData',
    reload: items.reload,
    toBody: (v) => ({ ...v, dictionaryTypeId: typeId, parentId: v.parentId || '0' }),
  });
  const cols = useColumns();
  const dataTree = (l: DictData[]): AntTreeNode[] =>
    l.map((n) => ({
      key: n.id,
      value: n.id,
      title: n.fullName,
      children: n.children?.length ? dataTree(n.children) : undefined,
    }));

  return (
    <CrudPage<DictData>
      testId="page-dictionary"
      perm={perm}
      side={
        <div className="kp-adm-side" data-testid="dict-types">
          <div className="kp-adm-bar">
            <b className="kp-adm-grow">{t('adm.dictType')}</b>
            <PermButton
              perm={perm}
              code={BTN.add}
              size="small"
              type="primary"
              onClick={() =>
                typeCrud.setEditing({ initial: { isTree: 0, sortCode: 0, parentId: undefined } })
              }
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
      }
      empty={!current ? <Empty description={t('adm.dictType')} /> : undefined}
      filters={
        current && (
          <>
            <b>
              {current.fullName} ({current.enCode})
            </b>
            <PermButton
              perm={perm}
              code={BTN.edit}
              size="small"
              onClick={() =>
                typeCrud.setEditing({
                  id: current.id,
                  initial: {
                    ...formValues(current),
                    parentId: current.parentId === '-1' ? undefined : current.parentId,
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
              onClick={() => typeCrud.remove(current.id)}
              data-testid="btn-remove-type"
            >
              {t('adm.remove')}
            </PermButton>
          </>
        )
      }
      onSearch={setKeyword}
      searchRight
      searchWidth={200}
      onAdd={() => dataCrud.setEditing({ initial: { enabledMark: 1, sortCode: 0 } })}
      tools={
        <PermButton
          perm={perm}
          code={BTN.export}
          onClick={() => saveFile(`/api/system/DictionaryData/${current?.id}/Action/Export`)}
        >
          {t('adm.exportExcel')}
        </PermButton>
      }
      onRefresh={items.reload}
      table={{
        loading: items.loading,
        dataSource: items.data,
        pagination: false,
        columns: [
          ...cols.nameCode<DictData>(),
          { title: t('adm.sortCode'), dataIndex: 'sortCode', width: 70 },
          cols.state(),
          cols.actions(200, (row) => (
            <RowActions
              perm={perm}
              items={[
                {
                  key: 'edit',
                  code: BTN.edit,
                  label: t('adm.edit'),
                  onClick: () =>
                    dataCrud.setEditing({
                      id: row.id,
                      initial: {
                        ...formValues(row),
                        parentId: row.parentId === '0' ? undefined : row.parentId,
                      },
                    }),
                },
                dataCrud.actions.state(row),
                dataCrud.actions.remove(row),
              ]}
            />
          )),
        ],
      }}
    >
      <FormDialog<Partial<DictType>>
        {...typeCrud.dialog}
        title={typeCrud.editing?.id ? t('adm.edit') : t('adm.addType')}
        testId="dict-type-form"
      >
        <Form.Item name="parentId" label={t('adm.parent')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            treeData={toTree(withoutNode(types.data, typeCrud.editing?.id))}
          />
        </Form.Item>
        <NameCodeItems nameMax={100} testIdPrefix="dict-type" />
        <Form.Item name="isTree" label={t('adm.isTree')}>
          <Radio.Group>
            <Radio value={0}>{t('adm.disabled')}</Radio>
            <Radio value={1}>{t('adm.enabled')}</Radio>
          </Radio.Group>
        </Form.Item>
        <SortStateDescItems state={false} />
      </FormDialog>
      <FormDialog<Partial<DictData>> {...dataCrud.dialog} testId="dict-data-form">
        {current?.isTree === 1 && (
          <Form.Item name="parentId" label={t('adm.parent')}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              treeData={dataTree(withoutNode(items.data, dataCrud.editing?.id))}
            />
          </Form.Item>
        )}
        <NameCodeItems nameMax={100} testIdPrefix="dict-data" />
        <SortStateDescItems />
      </FormDialog>
    </CrudPage>
  );
}
