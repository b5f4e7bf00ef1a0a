import { Form, TreeSelect } from 'antd';
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
import { PAGE_SIZES, useLoad } from '../../kit/useLoad';
import { BTN, FormDialog, flatten, usePerm } from './common';
import { MembersDialog } from './Members';
import { loadOrgTree, type OrgNode, OrgTreePanel, toAntTree } from './OrgTree';

interface PositionRow {
  id: string;
  organizeId: string;
  fullName: string;
  enCode: string;
  type: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  children?: PositionRow[];
}

/** Positions: by organisation (tree on the left), create, edit, delete, members. */
export default function Position() {
  const { t } = useTranslation();
  const perm = usePerm();
  const [orgId, setOrgId] = useState('');
  const [keyword, setKeyword] = useState('');
  const {
    data: tree,
    loading,
    reload,
  } = useLoad(
    async () => (await http.get<{ list: PositionRow[] }>('/api/permission/Position/Tree')).data.list ?? [],
    [],
    [] as PositionRow[],
  );
  const { data: orgs } = useLoad(() => loadOrgTree(), [], [] as OrgNode[]);
  const orgName = useMemo(() => new Map(flatten(orgs).map((o) => [o.id, o.fullName])), [orgs]);
  const rows = useMemo(() => {
    const under = new Set<string>();
    if (orgId) {
      const start = flatten(orgs).find((o) => o.id === orgId);
      if (start) for (const o of flatten([start])) under.add(o.id);
    }
    return flatten(tree)
      .filter((n) => n.type === 'position')
      .filter((p) => !orgId || under.has(p.organizeId))
      .filter((p) => !keyword || p.fullName.includes(keyword) || p.enCode.includes(keyword))
      .map(({ children: _c, ...p }) => p);
  }, [tree, orgs, orgId, keyword]);
  const crud = useCrud<PositionRow>({ base: '/api/permission/Position', reload });
  const cols = useColumns();
  const [members, setMembers] = useState<PositionRow | null>(null);
  return (
    <CrudPage<PositionRow>
      testId="page-position"
      perm={perm}
      side={<OrgTreePanel onSelect={setOrgId} />}
      onSearch={setKeyword}
      onAdd={() =>
        crud.setEditing({ initial: { organizeId: orgId || undefined, enabledMark: 1, sortCode: 0 } })
      }
      onRefresh={reload}
      table={{
        loading,
        dataSource: rows,
        pagination: { pageSize: 20, showSizeChanger: true, pageSizeOptions: PAGE_SIZES },
        columns: [
          ...cols.nameCode<PositionRow>(),
          {
            title: t('adm.organize'),
            dataIndex: 'organizeId',
            render: (id: string) => orgName.get(id) ?? '',
          },
          cols.state(),
          cols.actions(220, (row) => (
            <RowActions
              perm={perm}
              items={[
                {
                  ...crud.actions.edit(row),
                  // the form edits the stored name; the tree names seeded positions in the reader's language
                  onClick: async () => {
                    const r = await http.get<PositionRow>(`/api/permission/Position/${row.id}`);
                    crud.setEditing({ id: row.id, initial: formValues(r.data) });
                  },
                },
                { key: 'members', code: BTN.edit, label: t('adm.members'), onClick: () => setMembers(row) },
                crud.actions.remove(row),
              ]}
            />
          )),
        ],
      }}
    >
      <FormDialog<Partial<PositionRow>> {...crud.dialog}>
        <Form.Item
          name="organizeId"
          label={t('adm.organize')}
          rules={[{ required: true, message: t('adm.select_', { name: t('adm.organize') }) }]}
        >
          <TreeSelect treeData={toAntTree(orgs)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
        <NameCodeItems />
        <SortStateDescItems />
      </FormDialog>
      <MembersDialog
        target={members && { objectId: members.id, objectType: 'Position', title: members.fullName }}
        onClose={() => setMembers(null)}
      />
    </CrudPage>
  );
}
