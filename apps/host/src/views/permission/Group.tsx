import { Button, Form, Input, InputNumber, Radio, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { BTN, FormDialog, StateTag, useConfirmDelete, useLoad, usePerm } from './common';
import { MembersDialog } from './Members';
import './admin.css';

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
  const confirmDelete = useConfirmDelete();
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
  const [form] = Form.useForm<Partial<GroupRow>>();
  const [editing, setEditing] = useState<{ id?: string; initial: Partial<GroupRow> } | null>(null);
  const [members, setMembers] = useState<GroupRow | null>(null);
  // Personal groups belong to their creator; enterprise groups follow the page's buttons.
  const can = (code: string) => type === 0 || perm.btn(code);
  const save = async (v: Partial<GroupRow>) => {
    const body = { ...v, type };
    if (editing?.id) await http.put(`/api/system/groupcustom/${editing.id}`, body, { showSuccess: true });
    else await http.post('/api/system/groupcustom', body, { showSuccess: true });
    reload();
  };
  return (
    <div className="kp-adm" data-testid={personal ? 'page-personal-group' : 'page-group'}>
      <div className="kp-adm-main">
        {!personal && (
          <Tabs
            activeKey={String(type)}
            onChange={(k) => setType(Number(k))}
            items={[
              { key: '1', label: t('adm.enterprise') },
              { key: '0', label: t('adm.personal') },
            ]}
          />
        )}
        <div className="kp-adm-bar">
          <Input.Search
            allowClear
            placeholder={t('adm.keyword')}
            onSearch={setKeyword}
            style={{ width: 240 }}
          />
          <span className="kp-adm-grow" />
          {can(BTN.add) && (
            <Button
              type="primary"
              onClick={() => setEditing({ initial: { enabledMark: 1, sortCode: 0 } })}
              data-testid="btn-add"
            >
              {t('adm.add')}
            </Button>
          )}
          <Button onClick={reload}>{t('adm.refresh')}</Button>
        </div>
        <Table<GroupRow>
          rowKey="id"
          size="small"
          loading={loading}
          dataSource={data}
          pagination={{ pageSize: 20 }}
          columns={[
            { title: t('adm.fullName'), dataIndex: 'fullName' },
            { title: t('adm.enCode'), dataIndex: 'enCode' },
            { title: t('adm.members'), dataIndex: 'memberCount', width: 80 },
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
                  {can(BTN.edit) && (
                    <>
                      <Button
                        type="link"
                        size="small"
                        onClick={() =>
                          setEditing({
                            id: row.id,
                            initial: {
                              ...row,
                              enCode: row.enCode ?? undefined,
                              description: row.description ?? undefined,
                            },
                          })
                        }
                      >
                        {t('adm.edit')}
                      </Button>
                      <Button type="link" size="small" onClick={() => setMembers(row)}>
                        {t('adm.members')}
                      </Button>
                    </>
                  )}
                  {can(BTN.remove) && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() =>
                        confirmDelete(async () => {
                          await http.delete(`/api/system/groupcustom/${row.id}`, undefined, {
                            showSuccess: true,
                          });
                          reload();
                        })
                      }
                    >
                      {t('adm.remove')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </div>
      <FormDialog<Partial<GroupRow>>
        open={!!editing}
        title={editing?.id ? t('adm.edit') : t('adm.add')}
        form={form}
        initial={editing?.initial}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          name="fullName"
          label={t('adm.fullName')}
          rules={[{ required: true, message: t('adm.required_', { name: t('adm.fullName') }) }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="enCode" label={t('adm.enCode')}>
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
        target={members && { objectId: members.id, objectType: 'Group', title: members.fullName }}
        onClose={() => {
          setMembers(null);
          reload();
        }}
      />
    </div>
  );
}
