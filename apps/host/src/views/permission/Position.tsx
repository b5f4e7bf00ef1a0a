import { Button, Form, Input, InputNumber, Radio, Space, Table, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import {
  BTN,
  FormDialog,
  flatten,
  PermButton,
  RULES,
  StateTag,
  useConfirmDelete,
  useLoad,
  usePerm,
} from './common';
import { MembersDialog } from './Members';
import { loadOrgTree, type OrgNode, OrgTreePanel, toAntTree } from './OrgTree';
import './admin.css';

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
  const confirmDelete = useConfirmDelete();
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
  const [form] = Form.useForm<Partial<PositionRow>>();
  const [editing, setEditing] = useState<{ id?: string; initial: Partial<PositionRow> } | null>(null);
  const [members, setMembers] = useState<PositionRow | null>(null);
  const save = async (v: Partial<PositionRow>) => {
    if (editing?.id) await http.put(`/api/permission/Position/${editing.id}`, v, { showSuccess: true });
    else await http.post('/api/permission/Position', v, { showSuccess: true });
    reload();
  };
  return (
    <div className="kp-adm" data-testid="page-position">
      <OrgTreePanel onSelect={setOrgId} />
      <div className="kp-adm-main">
        <div className="kp-adm-bar">
          <Input.Search
            allowClear
            placeholder={t('adm.keyword')}
            onSearch={setKeyword}
            style={{ width: 240 }}
          />
          <span className="kp-adm-grow" />
          <PermButton
            perm={perm}
            code={BTN.add}
            type="primary"
            onClick={() =>
              setEditing({ initial: { organizeId: orgId || undefined, enabledMark: 1, sortCode: 0 } })
            }
            data-testid="btn-add"
          >
            {t('adm.add')}
          </PermButton>
          <Button onClick={reload}>{t('adm.refresh')}</Button>
        </div>
        <Table<PositionRow>
          rowKey="id"
          size="small"
          loading={loading}
          dataSource={rows}
          pagination={{ pageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 30, 50] }}
          columns={[
            { title: t('adm.fullName'), dataIndex: 'fullName' },
            { title: t('adm.enCode'), dataIndex: 'enCode' },
            {
              title: t('adm.organize'),
              dataIndex: 'organizeId',
              render: (id: string) => orgName.get(id) ?? '',
            },
            {
              title: t('adm.state'),
              dataIndex: 'enabledMark',
              width: 80,
              render: (v: number) => <StateTag value={v} />,
            },
            {
              title: t('adm.action'),
              key: 'a',
              width: 220,
              render: (_: unknown, row) => (
                <Space size={0}>
                  <PermButton
                    perm={perm}
                    code={BTN.edit}
                    type="link"
                    size="small"
                    onClick={() =>
                      setEditing({
                        id: row.id,
                        initial: { ...row, description: row.description ?? undefined },
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
                    onClick={() => setMembers(row)}
                  >
                    {t('adm.members')}
                  </PermButton>
                  <PermButton
                    perm={perm}
                    code={BTN.remove}
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      confirmDelete(async () => {
                        await http.delete(`/api/permission/Position/${row.id}`, undefined, {
                          showSuccess: true,
                        });
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
      <FormDialog<Partial<PositionRow>>
        open={!!editing}
        title={editing?.id ? t('adm.edit') : t('adm.add')}
        form={form}
        initial={editing?.initial}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          name="organizeId"
          label={t('adm.organize')}
          rules={[{ required: true, message: t('adm.select_', { name: t('adm.organize') }) }]}
        >
          <TreeSelect treeData={toAntTree(orgs)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
        <Form.Item
          name="fullName"
          label={t('adm.fullName')}
          rules={[{ required: true, message: t('adm.required_', { name: t('adm.fullName') }) }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('adm.enCode')}
          rules={[
            { required: true, message: t('adm.required_', { name: t('adm.enCode') }) },
            { pattern: RULES.code, message: t('adm.codeRule') },
          ]}
        >
          <Input maxLength={50} />
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
        target={members && { objectId: members.id, objectType: 'Position', title: members.fullName }}
        onClose={() => setMembers(null)}
      />
    </div>
  );
}
