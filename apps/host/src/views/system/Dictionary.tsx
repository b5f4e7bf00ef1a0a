import { Button, Empty, Form, Radio, Tree, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import {
  CrudPage,
  formValues,
  NameCodeItems,
  type NameI18n,
  RowActions,
  SortStateDescItems,
  useColumns,
  useCrud,
  withNames,
} from '../../kit/crud';
import { DetailDrawer, type DetailField } from '../../kit/DetailDrawer';
import { useLoad } from '../../kit/useLoad';
import { BTN, FormDialog, PermButton, StateTag, usePerm, withoutNode } from '../permission/common';
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
  /** The edit read's names in every language (zh: fullName). */
  fullNameI18n?: NameI18n;
  children?: DictType[];
}
export interface DictData {
  id: string;
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  fullNameI18n?: NameI18n;
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

/** Detail of a dictionary type (GET /api/system/DictionaryType/{id}) and of an item (…/DictionaryData/{id}/Info). */
export function dictDetailFields(t: (k: string) => string): {
  type: DetailField<DictType>[];
  data: DetailField<DictData>[];
} {
  const yes = (v: unknown) => (v === 1 ? t('adm.enabled') : t('adm.disabled'));
  // the names an administrator typed in the other languages (fullNameI18n; empty: the name shows)
  const names = <R extends { fullNameI18n?: NameI18n }>(): DetailField<R>[] => [
    {
      key: 'fullNameI18n',
      id: 'nameZhtw',
      label: t('adm.nameZhtw'),
      render: (v) => (v as NameI18n)?.zhtw ?? '',
    },
    { key: 'fullNameI18n', id: 'nameEn', label: t('adm.nameEn'), render: (v) => (v as NameI18n)?.en ?? '' },
  ];
  return {
    type: [
      { key: 'fullName', label: t('adm.fullName') },
      ...names<DictType>(),
      { key: 'enCode', label: t('adm.enCode') },
      { key: 'isTree', label: t('adm.isTree'), render: yes },
      { key: 'sortCode', label: t('adm.sortCode') },
      { key: 'description', label: t('adm.description') },
    ],
    data: [
      { key: 'fullName', label: t('adm.fullName') },
      ...names<DictData>(),
      { key: 'enCode', label: t('adm.enCode') },
      { key: 'sortCode', label: t('adm.sortCode') },
      { key: 'enabledMark', label: t('adm.state'), render: (v) => <StateTag value={v as number} /> },
      { key: 'description', label: t('adm.description') },
    ],
  };
}

/**
 * Dictionaries: the type tree on the left (create, edit, detail, delete), the data of the chosen type on
 * the right (create, edit, detail, state, delete, export). The tree and the list name rows in the user's
 * language; the edit dialogs load the stored row (DictionaryType/{id}, DictionaryData/{id}/Info), so an edit
 * saves the stored name, not its translation, and take the name in zh (required: the stored name),
 * traditional Chinese and English (optional; empty: the zh name shows).
 */
export default function Dictionary() {
  const { t } = useTranslation();
  const perm = usePerm();
  const [detail, setDetail] = useState<{ kind: 'type' | 'data'; id: string } | null>(null);
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
    toBody: (v) => ({ ...withNames(v), parentId: v.parentId || '-1' }),
  });
  const dataCrud = useCrud<DictData>({
    base: '/api/system/DictionaryData',
    reload: items.reload,
    toBody: (v) => ({ ...withNames(v), dictionaryTypeId: typeId, parentId: v.parentId || '0' }),
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
              onClick={async () => {
                const stored = (await http.get<DictType>(`/api/system/DictionaryType/${current.id}`)).data;
                typeCrud.setEditing({
                  id: stored.id,
                  initial: {
                    ...formValues(stored),
                    parentId: stored.parentId === '-1' ? undefined : stored.parentId,
                  },
                });
              }}
              data-testid="btn-edit-type"
            >
              {t('adm.edit')}
            </PermButton>
            <Button
              size="small"
              onClick={() => setDetail({ kind: 'type', id: current.id })}
              data-testid="btn-detail-type"
            >
              {t('adm.detail')}
            </Button>
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
          cols.actions(240, (row) => (
            <RowActions
              perm={perm}
              items={[
                {
                  key: 'edit',
                  code: BTN.edit,
                  label: t('adm.edit'),
                  onClick: async () => {
                    const stored = (await http.get<DictData>(`/api/system/DictionaryData/${row.id}/Info`))
                      .data;
                    dataCrud.setEditing({
                      id: stored.id,
                      initial: {
                        ...formValues(stored),
                        parentId: stored.parentId === '0' ? undefined : stored.parentId,
                      },
                    });
                  },
                },
                {
                  key: 'detail',
                  label: t('adm.detail'),
                  testId: 'dict-data-detail',
                  onClick: () => setDetail({ kind: 'data', id: row.id }),
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
        <NameCodeItems nameMax={100} testIdPrefix="dict-type" names />
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
        <NameCodeItems nameMax={100} testIdPrefix="dict-data" names />
        <SortStateDescItems />
      </FormDialog>
      <DetailDrawer<DictType>
        url={detail?.kind === 'type' ? `/api/system/DictionaryType/${encodeURIComponent(detail.id)}` : null}
        title={t('adm.detail')}
        fields={dictDetailFields(t).type}
        onClose={() => setDetail(null)}
        testId="dict-type-detail-view"
      />
      <DetailDrawer<DictData>
        url={
          detail?.kind === 'data' ? `/api/system/DictionaryData/${encodeURIComponent(detail.id)}/Info` : null
        }
        title={t('adm.detail')}
        fields={dictDetailFields(t).data}
        onClose={() => setDetail(null)}
        testId="dict-data-detail-view"
      />
    </CrudPage>
  );
}
