import { Form, Radio, Select, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
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
  usePaged,
} from '../../kit/crud';
import { useLoad } from '../../kit/useLoad';
import { BTN, FormDialog, usePerm } from './common';
import { MembersDialog } from './Members';
import { loadOrgTree, type OrgNode, toAntTree } from './OrgTree';

export interface RoleRow {
  id: string;
  fullName: string;
  enCode: string;
  globalMark: number;
  organizeId: string | null;
  organizeName?: string | null;
  dataScope: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export const SCOPES = ['all', 'org', 'dept', 'self'] as const;

/** Roles: paged list with keyword, create, edit, delete, enable/disable, members. */
export default function Role() {
  const { t } = useTranslation();
  const perm = usePerm();
  const list = usePaged<RoleRow>('/api/permission/Role');
  const { data: orgs } = useLoad(() => loadOrgTree(), [], [] as OrgNode[]);
  const crud = useCrud<RoleRow>({
    base: '/api/permission/Role',
    reload: list.reload,
    toBody: (v) => ({ ...v, organizeId: v.globalMark === 1 ? null : (v.organizeId ?? null) }),
  });
  const globalMark = Form.useWatch('globalMark', crud.form);
  const cols = useColumns();
  const [members, setMembers] = useState<RoleRow | null>(null);

  const open = async (row: RoleRow | null) => {
    if (!row)
      return crud.setEditing({ initial: { globalMark: 1, dataScope: 'self', enabledMark: 1, sortCode: 0 } });
    const r = await http.get<RoleRow>(`/api/permission/Role/${row.id}`);
    crud.setEditing({ id: row.id, initial: formValues(r.data) });
  };
  return (
    <CrudPage<RoleRow>
      testId="page-role"
      perm={perm}
      onSearch={list.search}
      onAdd={() => open(null)}
      onRefresh={list.reload}
      table={{
        ...list.table,
        columns: [
          ...cols.nameCode<RoleRow>(),
          {
            title: t('adm.organize'),
            dataIndex: 'organizeName',
            render: (v: string | null, r) =>
              r.globalMark === 1 ? <Tag color="blue">{t('adm.globalRole')}</Tag> : v,
          },
          { title: t('adm.dataScope'), dataIndex: 'dataScope', render: (v: string) => t(`adm.scope_${v}`) },
          cols.state(),
          cols.actions(260, (row) => (
            <RowActions
              perm={perm}
              items={[
                { key: 'edit', code: BTN.edit, label: t('adm.edit'), onClick: () => open(row) },
                { key: 'members', code: BTN.edit, label: t('adm.members'), onClick: () => setMembers(row) },
                crud.actions.state(row, BTN.state),
                crud.actions.remove(row),
              ]}
            />
          )),
        ],
      }}
    >
      <FormDialog<Partial<RoleRow>> {...crud.dialog} testId="role-form">
        <NameCodeItems testIdPrefix="role" />
        <Form.Item name="globalMark" label={t('adm.globalRole')}>
          <Radio.Group>
            <Radio value={1}>{t('adm.globalRole')}</Radio>
            <Radio value={0}>{t('adm.organize')}</Radio>
          </Radio.Group>
        </Form.Item>
        {globalMark === 0 && (
          <Form.Item
            name="organizeId"
            label={t('adm.organize')}
            rules={[{ required: true, message: t('adm.select_', { name: t('adm.organize') }) }]}
          >
            <TreeSelect
              treeData={toAntTree(orgs)}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
            />
          </Form.Item>
        )}
        <Form.Item name="dataScope" label={t('adm.dataScope')}>
          <Select options={SCOPES.map((s) => ({ value: s, label: t(`adm.scope_${s}`) }))} />
        </Form.Item>
        <SortStateDescItems />
      </FormDialog>
      <MembersDialog
        target={members && { objectId: members.id, objectType: 'Role', title: members.fullName }}
        onClose={() => setMembers(null)}
      />
    </CrudPage>
  );
}
