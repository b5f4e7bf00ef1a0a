import { Tabs } from 'antd';
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
} from '../../kit/crud';
import { useLoad } from '../../kit/useLoad';
import { BTN, FormDialog, usePerm } from './common';
import { MembersDialog } from './Members';

interface GroupRow {
  id: string;
  fullName: string;
  enCode: string | null;
  type: number;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorUserId: string;
  memberCount?: number;
}

/**
 * Groups (personal 0, enterprise 1): list by type with keyword, create, edit, delete, members. With
 * `personal` (the /group page the user-by-department picker links to) only one's own personal groups.
 */
export default function Group({ personal = false }: { personal?: boolean }) {
  const { t } = useTranslation();
  const perm = usePerm();
  const [type, setType] = useState(personal ? 0 : 1);
  const [keyword, setKeyword] = useState('');
  const { data, loading, reload } = useLoad(
    async () =>
      (
        await http.get<{ list: GroupRow[] }>('/api/system/groupcustom', {
          type,
          keyword: keyword || undefined,
        })
      ).data.list ?? [],
    [type, keyword],
    [] as GroupRow[],
  );
  const crud = useCrud<GroupRow>({
    base: '/api/system/groupcustom',
    reload,
    toBody: (v) => ({ ...v, type }),
  });
  const cols = useColumns();
  const [members, setMembers] = useState<GroupRow | null>(null);
  // Personal groups belong to their creator; enterprise groups follow the page's buttons.
  const can = (code: string) => type === 0 || perm.btn(code);
  return (
    <CrudPage<GroupRow>
      testId={personal ? 'page-personal-group' : 'page-group'}
      perm={perm}
      header={
        !personal && (
          <Tabs
            activeKey={String(type)}
            onChange={(k) => setType(Number(k))}
            items={[
              { key: '1', label: t('adm.enterprise') },
              { key: '0', label: t('adm.personal') },
            ]}
          />
        )
      }
      onSearch={setKeyword}
      onAdd={() => crud.setEditing({ initial: { enabledMark: 1, sortCode: 0 } })}
      canAdd={can(BTN.add)}
      onRefresh={reload}
      table={{
        loading,
        dataSource: data,
        pagination: { pageSize: 20 },
        // a group has no sub-groups: the answer's empty `children` must not draw an expander
        expandable: { childrenColumnName: 'subGroups' },
        columns: [
          ...cols.nameCode<GroupRow>(),
          { title: t('adm.members'), dataIndex: 'memberCount', width: 80 },
          cols.state(),
          cols.actions(220, (row) => (
            <RowActions
              items={[
                {
                  key: 'edit',
                  hidden: !can(BTN.edit),
                  label: t('adm.edit'),
                  onClick: () =>
                    crud.setEditing({ id: row.id, initial: formValues(row, ['enCode', 'description']) }),
                },
                {
                  key: 'members',
                  hidden: !can(BTN.edit),
                  label: t('adm.members'),
                  onClick: () => setMembers(row),
                },
                {
                  key: 'remove',
                  hidden: !can(BTN.remove),
                  label: t('adm.remove'),
                  danger: true,
                  onClick: () => crud.remove(row.id),
                },
              ]}
            />
          )),
        ],
      }}
    >
      <FormDialog<Partial<GroupRow>> {...crud.dialog}>
        <NameCodeItems nameMax={100} codeRequired={false} codeRule={false} />
        <SortStateDescItems />
      </FormDialog>
      <MembersDialog
        target={members && { objectId: members.id, objectType: 'Group', title: members.fullName }}
        onClose={() => {
          setMembers(null);
          reload();
        }}
      />
    </CrudPage>
  );
}
