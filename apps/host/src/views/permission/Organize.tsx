import { Form, Radio, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { CrudPage, NameCodeItems, RowActions, SortStateDescItems, useColumns } from '../../kit/crud';
import { useLoad } from '../../kit/useLoad';
import { BTN, FormDialog, fmtTime, PermButton, useConfirmDelete, usePerm, withoutNode } from './common';
import { loadOrgList, loadOrgTree, type OrgNode, toAntTree } from './OrgTree';

interface OrgForm {
  category: 'company' | 'department';
  parentId?: string;
  fullName: string;
  enCode: string;
  sortCode?: number;
  enabledMark?: number;
  description?: string;
}

/** Organisations and departments (one tree): list with keyword, create company/department, edit, delete. */
export function OrganizeView({ mode }: { mode: 'organize' | 'department' }) {
  const { t } = useTranslation();
  const perm = usePerm();
  const confirmDelete = useConfirmDelete();
  const [keyword, setKeyword] = useState('');
  const { data, loading, reload } = useLoad(
    () => loadOrgList(mode, keyword),
    [mode, keyword],
    [] as OrgNode[],
  );
  const { data: all, reload: reloadAll } = useLoad(() => loadOrgTree(), [], [] as OrgNode[]);
  const [form] = Form.useForm<OrgForm>();
  const [editing, setEditing] = useState<{ id?: string; initial: Partial<OrgForm> } | null>(null);
  const category = Form.useWatch('category', form);
  const cols = useColumns();

  const open = async (row: OrgNode | null, cat: OrgForm['category'], parentId?: string) => {
    if (!row) return setEditing({ initial: { category: cat, parentId, enabledMark: 1, sortCode: 0 } });
    const url =
      row.category === 'company'
        ? `/api/permission/Organize/${row.id}`
        : `/api/permission/Organize/Department/${row.id}`;
    const r = await http.get<OrgNode>(url);
    const d = r.data;
    setEditing({
      id: row.id,
      initial: {
        category: d.category,
        parentId: d.parentId && d.parentId !== '-1' ? d.parentId : undefined,
        fullName: d.fullName,
        enCode: d.enCode,
        sortCode: d.sortCode,
        enabledMark: d.enabledMark,
        description: d.description ?? undefined,
      },
    });
  };
  const save = async (v: OrgForm) => {
    const body = { ...v, parentId: v.parentId || '-1', category: undefined };
    const dept = v.category === 'department';
    const base = dept ? '/api/permission/Organize/Department' : '/api/permission/Organize';
    if (editing?.id) await http.put(`${base}/${editing.id}`, body, { showSuccess: true });
    else await http.post(base, body, { showSuccess: true });
    reload();
    reloadAll();
  };
  const remove = (row: OrgNode) =>
    confirmDelete(async () => {
      const url =
        row.category === 'company'
          ? `/api/permission/Organize/${row.id}`
          : `/api/permission/Organize/Department/${row.id}`;
      await http.delete(url, undefined, { showSuccess: true });
      reload();
      reloadAll();
    });

  const parents = toAntTree(withoutNode(all, editing?.id), { companiesOnly: category === 'company' });
  return (
    <CrudPage<OrgNode>
      testId={`page-${mode}`}
      perm={perm}
      onSearch={setKeyword}
      searchTestId="org-search"
      tools={
        <>
          {mode === 'organize' && (
            <PermButton
              perm={perm}
              code={BTN.add}
              type="primary"
              onClick={() => open(null, 'company')}
              data-testid="btn-add-company"
            >
              {t('adm.addCompany')}
            </PermButton>
          )}
          <PermButton
            perm={perm}
            code={BTN.add}
            type={mode === 'department' ? 'primary' : 'default'}
            onClick={() => open(null, 'department')}
            data-testid="btn-add-department"
          >
            {t('adm.addDepartment')}
          </PermButton>
        </>
      }
      onRefresh={reload}
      hideTable={data.length === 0}
      table={{
        loading,
        dataSource: data,
        pagination: false,
        expandable: { defaultExpandAllRows: true, childrenColumnName: 'children' },
        columns: [
          ...(perm.col('fullName')
            ? [{ title: t('adm.fullName'), dataIndex: 'fullName', key: 'fullName' }]
            : []),
          ...(perm.col('enCode') ? [{ title: t('adm.enCode'), dataIndex: 'enCode', key: 'enCode' }] : []),
          {
            title: t('adm.category'),
            dataIndex: 'category',
            width: 90,
            render: (c: string) =>
              c === 'company' ? <Tag color="blue">{t('adm.company')}</Tag> : <Tag>{t('adm.department')}</Tag>,
          },
          cols.state(),
          ...(perm.col('creatorTime')
            ? [{ title: t('adm.creatorTime'), dataIndex: 'creatorTime', width: 150, render: fmtTime }]
            : []),
          cols.actions(200, (row: OrgNode) => (
            <RowActions
              perm={perm}
              items={[
                {
                  key: 'add',
                  code: BTN.add,
                  label: t('adm.addDepartment'),
                  onClick: () => open(null, 'department', row.id),
                },
                { key: 'edit', code: BTN.edit, label: t('adm.edit'), onClick: () => open(row, row.category) },
                {
                  key: 'remove',
                  code: BTN.remove,
                  label: t('adm.remove'),
                  danger: true,
                  onClick: () => remove(row),
                },
              ]}
            />
          )),
        ],
      }}
    >
      <FormDialog<OrgForm>
        open={!!editing}
        title={
          editing?.id ? t('adm.edit') : category === 'company' ? t('adm.addCompany') : t('adm.addDepartment')
        }
        form={form}
        initial={editing?.initial}
        onSubmit={save}
        onClose={() => setEditing(null)}
        testId="org-form"
      >
        <Form.Item name="category" label={t('adm.category')}>
          <Radio.Group disabled={!!editing?.id}>
            <Radio value="company">{t('adm.company')}</Radio>
            <Radio value="department">{t('adm.department')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="parentId"
          label={t('adm.parent')}
          rules={
            category === 'department'
              ? [{ required: true, message: t('adm.select_', { name: t('adm.parent') }) }]
              : []
          }
        >
          <TreeSelect
            treeData={parents}
            allowClear
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            data-testid="org-parent"
          />
        </Form.Item>
        <NameCodeItems nameMax={100} testIdPrefix="org" />
        <SortStateDescItems />
      </FormDialog>
    </CrudPage>
  );
}

export default function Organize() {
  return <OrganizeView mode="organize" />;
}
