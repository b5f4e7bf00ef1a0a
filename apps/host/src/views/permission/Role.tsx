import { Button, Form, Input, InputNumber, Radio, Select, Space, Table, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { BTN, FormDialog, PermButton, RULES, StateTag, useConfirmDelete, useLoad, usePerm } from './common';
import { MembersDialog } from './Members';
import { loadOrgTree, type OrgNode, toAntTree } from './OrgTree';
import './admin.css';

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
interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export const SCOPES = ['all', 'org', 'dept', 'self'] as const;

/** Roles: paged list with keyword, create, edit, delete, enable/disable, members. */
export default function Role() {
  const { t } = useTranslation();
  const perm = usePerm();
  const confirmDelete = useConfirmDelete();
  const [query, setQuery] = useState({ keyword: '', currentPage: 1, pageSize: 20 });
  const { data, loading, reload } = useLoad(
    async () => (await http.get<Paged<RoleRow>>('/api/permission/Role', query)).data,
    [query],
    { list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } } as Paged<RoleRow>,
  );
  const { data: orgs } = useLoad(() => loadOrgTree(), [], [] as OrgNode[]);
  const [form] = Form.useForm<Partial<RoleRow>>();
  const globalMark = Form.useWatch('globalMark', form);
  const [editing, setEditing] = useState<{ id?: string; initial: Partial<RoleRow> } | null>(null);
  const [members, setMembers] = useState<RoleRow | null>(null);

  const open = async (row: RoleRow | null) => {
    if (!row)
      return setEditing({ initial: { globalMark: 1, dataScope: 'self', enabledMark: 1, sortCode: 0 } });
    const r = await http.get<RoleRow>(`/api/permission/Role/${row.id}`);
    setEditing({ id: row.id, initial: { ...r.data, description: r.data.description ?? undefined } });
  };
  const save = async (v: Partial<RoleRow>) => {
    const body = { ...v, organizeId: v.globalMark === 1 ? null : (v.organizeId ?? null) };
    if (editing?.id) await http.put(`/api/permission/Role/${editing.id}`, body, { showSuccess: true });
    else await http.post('/api/permission/Role', body, { showSuccess: true });
    reload();
  };
  const toggle = async (row: RoleRow) => {
    await http
      .put(
        `/api/permission/Role/${row.id}/Actions/State`,
        { enabledMark: row.enabledMark === 1 ? 0 : 1 },
        { showSuccess: true },
      )
      .catch(() => {});
    reload();
  };
  return (
    <div className="kp-adm" data-testid="page-role">
      <div className="kp-adm-main">
        <div className="kp-adm-bar">
          <Input.Search
            allowClear
            placeholder={t('adm.keyword')}
            onSearch={(keyword) => setQuery((q) => ({ ...q, keyword, currentPage: 1 }))}
            style={{ width: 240 }}
          />
          <span className="kp-adm-grow" />
          <PermButton
            perm={perm}
            code={BTN.add}
            type="primary"
            onClick={() => open(null)}
            data-testid="btn-add"
          >
            {t('adm.add')}
          </PermButton>
          <Button onClick={reload}>{t('adm.refresh')}</Button>
        </div>
        <Table<RoleRow>
          rowKey="id"
          size="small"
          loading={loading}
          dataSource={data.list}
          pagination={{
            current: data.pagination.currentPage,
            pageSize: data.pagination.pageSize,
            total: data.pagination.total,
            showSizeChanger: true,
            pageSizeOptions: [20, 30, 50],
            showQuickJumper: true,
            showTotal: (n) => `${n}`,
            onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
          }}
          columns={[
            { title: t('adm.fullName'), dataIndex: 'fullName' },
            { title: t('adm.enCode'), dataIndex: 'enCode' },
            {
              title: t('adm.organize'),
              dataIndex: 'organizeName',
              render: (v: string | null, r) =>
                r.globalMark === 1 ? <Tag color="blue">{t('adm.globalRole')}</Tag> : v,
            },
            { title: t('adm.dataScope'), dataIndex: 'dataScope', render: (v: string) => t(`adm.scope_${v}`) },
            {
              title: t('adm.state'),
              dataIndex: 'enabledMark',
              width: 80,
              render: (v: number) => <StateTag value={v} />,
            },
            {
              title: t('adm.action'),
              key: 'a',
              width: 260,
              render: (_: unknown, row) => (
                <Space size={0}>
                  <PermButton perm={perm} code={BTN.edit} type="link" size="small" onClick={() => open(row)}>
                    {t('adm.edit')}
                  </PermButton>
                  <PermButton
                    perm={perm}
                    code={BTN.edit}
                    type="link"
                    size="small"
                    onClick={() => setMembers(row)}
                  >
                    {t('adm.members')}
                  </PermButton>
                  <PermButton
                    perm={perm}
                    code={BTN.state}
                    type="link"
                    size="small"
                    onClick={() => toggle(row)}
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
                        await http.delete(`/api/permission/Role/${row.id}`, undefined, { showSuccess: true });
                        reload();
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
      </div>
      <FormDialog<Partial<RoleRow>>
        open={!!editing}
        title={editing?.id ? t('adm.edit') : t('adm.add')}
        form={form}
        initial={editing?.initial}
        onSubmit={save}
        onClose={() => setEditing(null)}
        testId="role-form"
      >
        <Form.Item
          name="fullName"
          label={t('adm.fullName')}
          rules={[{ required: true, message: t('adm.required_', { name: t('adm.fullName') }) }]}
        >
          <Input maxLength={50} data-testid="role-fullName" />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('adm.enCode')}
          rules={[
            { required: true, message: t('adm.required_', { name: t('adm.enCode') }) },
            { pattern: RULES.code, message: t('adm.codeRule') },
          ]}
        >
          <Input maxLength={50} data-testid="role-enCode" />
        </Form.Item>
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
      <MembersDialog
        target={members && { objectId: members.id, objectType: 'Role', title: members.fullName }}
        onClose={() => setMembers(null)}
      />
    </div>
  );
}
