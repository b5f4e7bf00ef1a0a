import { Form, Select } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { CrudPage, NameCodeItems, RowActions, SortStateDescItems, useColumns, useCrud } from '../../kit/crud';
import { DetailDrawer, type DetailField } from '../../kit/DetailDrawer';
import { BTN, FormDialog, StateTag, usePerm } from '../permission/common';

interface AreaRow {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type: number;
  sortCode: number;
  enabledMark: number;
  description?: string | null;
  hasChildren: boolean;
  isLeaf: boolean;
  children?: AreaRow[];
}

/** Puts `children` under the row `id` anywhere in the tree (lazy loading of one level). */
export function setChildren(list: AreaRow[], id: string, children: AreaRow[]): AreaRow[] {
  return list.map((r) =>
    r.id === id
      ? { ...r, children }
      : r.children
        ? { ...r, children: setChildren(r.children, id, children) }
        : r,
  );
}

const prep = (l: AreaRow[]): AreaRow[] => l.map((r) => ({ ...r, children: r.hasChildren ? [] : undefined }));

/** The area detail (GET /api/system/Area/{id}/Info): name, code, type, sort, state, description. */
export function areaDetailFields(t: (k: string) => string): DetailField<AreaRow>[] {
  return [
    { key: 'fullName', label: t('adm.fullName') },
    { key: 'enCode', label: t('adm.enCode') },
    { key: 'type', label: t('adm.category') },
    { key: 'sortCode', label: t('adm.sortCode') },
    { key: 'enabledMark', label: t('adm.state'), render: (v) => <StateTag value={v as number} /> },
    { key: 'description', label: t('adm.description') },
  ];
}

/** Areas: a lazy tree table (root -1), keyword on the top level, create, edit, detail, delete, enable/disable. */
export default function Area() {
  const { t } = useTranslation();
  const perm = usePerm();
  const [detail, setDetail] = useState<string | null>(null);
  const [rows, setRows] = useState<AreaRow[]>([]);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([]);
  const level = useCallback(
    async (parentId: string, kw?: string) =>
      prep(
        (
          await http.get<{ list: AreaRow[] }>(
            `/api/system/Area/${parentId}`,
            kw ? { keyword: kw } : undefined,
          )
        ).data.list ?? [],
      ),
    [],
  );
  const loadRoot = useCallback(() => {
    setLoading(true);
    setExpanded([]);
    level('-1', keyword)
      .then(setRows)
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [level, keyword]);
  useEffect(loadRoot, [loadRoot]);
  const reloadParent = async (parentId: string) => {
    if (!parentId || parentId === '-1') return loadRoot();
    const kids = await level(parentId).catch(() => null);
    if (kids) setRows((r) => setChildren(r, parentId, kids));
  };
  const crud = useCrud<AreaRow>({
    base: '/api/system/Area',
    reload: (touched) => reloadParent(touched.parentId ?? '-1'),
    toBody: (v, editing) => ({ ...v, parentId: editing?.parentId ?? '-1' }),
  });
  const cols = useColumns();
  return (
    <CrudPage<AreaRow>
      testId="page-area"
      perm={perm}
      onSearch={setKeyword}
      onAdd={() => crud.setEditing({ parentId: '-1', initial: { type: 1, enabledMark: 1, sortCode: 0 } })}
      onRefresh={loadRoot}
      table={{
        loading,
        dataSource: rows,
        pagination: false,
        expandable: {
          expandedRowKeys: expanded,
          onExpand: async (open, row) => {
            setExpanded((e) => (open ? [...e, row.id] : e.filter((k) => k !== row.id)));
            if (open && row.hasChildren && !row.children?.length) {
              const kids = await level(row.id).catch(() => []);
              setRows((r) => setChildren(r, row.id, kids));
            }
          },
        },
        columns: [
          ...cols.nameCode<AreaRow>(),
          cols.state(),
          cols.actions(300, (row) => (
            <RowActions
              perm={perm}
              items={[
                {
                  key: 'add',
                  code: BTN.add,
                  label: t('adm.add'),
                  onClick: () =>
                    crud.setEditing({
                      parentId: row.id,
                      initial: { type: Math.min(5, row.type + 1), enabledMark: 1, sortCode: 0 },
                    }),
                },
                crud.actions.edit(row, { parentId: row.parentId }),
                {
                  key: 'detail',
                  label: t('adm.detail'),
                  testId: 'area-detail',
                  onClick: () => setDetail(row.id),
                },
                crud.actions.state(row),
                crud.actions.remove(row, { parentId: row.parentId }),
              ]}
            />
          )),
        ],
      }}
    >
      <FormDialog<Partial<AreaRow>> {...crud.dialog}>
        <NameCodeItems codeRule="num" codeMax={20} />
        <Form.Item name="type" label={t('adm.category')}>
          <Select options={[1, 2, 3, 4, 5].map((v) => ({ value: v, label: String(v) }))} />
        </Form.Item>
        <SortStateDescItems />
      </FormDialog>
      <DetailDrawer<AreaRow>
        url={detail && `/api/system/Area/${encodeURIComponent(detail)}/Info`}
        title={t('adm.detail')}
        fields={areaDetailFields(t)}
        onClose={() => setDetail(null)}
        testId="area-detail-view"
      />
    </CrudPage>
  );
}
