import { Button, Form, Input, InputNumber, Radio, Select, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import {
  BTN,
  FormDialog,
  PermButton,
  RULES,
  StateTag,
  useConfirmDelete,
  usePerm,
} from '../permission/common';
import '../permission/admin.css';

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

/** Areas: a lazy tree table (root -1), keyword on the top level, create, edit, delete, enable/disable. */
export default function Area() {
  const { t } = useTranslation();
  const perm = usePerm();
  const confirmDelete = useConfirmDelete();
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
  const [form] = Form.useForm<Partial<AreaRow>>();
  const [editing, setEditing] = useState<{ id?: string; parentId: string; initial: Partial<AreaRow> } | null>(
    null,
  );
  const save = async (v: Partial<AreaRow>) => {
    const body = { ...v, parentId: editing?.parentId ?? '-1' };
    if (editing?.id) await http.put(`/api/system/Area/${editing.id}`, body, { showSuccess: true });
    else await http.post('/api/system/Area', body, { showSuccess: true });
    await reloadParent(editing?.parentId ?? '-1');
  };
  return (
    <div className="kp-adm" data-testid="page-area">
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
            onClick={() => setEditing({ parentId: '-1', initial: { type: 1, enabledMark: 1, sortCode: 0 } })}
            data-testid="btn-add"
          >
            {t('adm.add')}
          </PermButton>
          <Button onClick={loadRoot}>{t('adm.refresh')}</Button>
        </div>
        <Table<AreaRow>
          rowKey="id"
          size="small"
          loading={loading}
          dataSource={rows}
          pagination={false}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: async (open, row) => {
              setExpanded((e) => (open ? [...e, row.id] : e.filter((k) => k !== row.id)));
              if (open && row.hasChildren && !row.children?.length) {
                const kids = await level(row.id).catch(() => []);
                setRows((r) => setChildren(r, row.id, kids));
              }
            },
          }}
          columns={[
            { title: t('adm.fullName'), dataIndex: 'fullName' },
            { title: t('adm.enCode'), dataIndex: 'enCode' },
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
                  <PermButton
                    perm={perm}
                    code={BTN.add}
                    type="link"
                    size="small"
                    onClick={() =>
                      setEditing({
                        parentId: row.id,
                        initial: { type: Math.min(5, row.type + 1), enabledMark: 1, sortCode: 0 },
                      })
                    }
                  >
                    {t('adm.add')}
                  </PermButton>
                  <PermButton
                    perm={perm}
                    code={BTN.edit}
                    type="link"
                    size="small"
                    onClick={() =>
                      setEditing({
                        id: row.id,
                        parentId: row.parentId,
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
                    onClick={() =>
                      http
                        .put(
                          `/api/system/Area/${row.id}/Actions/State`,
                          { enabledMark: row.enabledMark === 1 ? 0 : 1 },
                          { showSuccess: true },
                        )
                        .then(() => reloadParent(row.parentId))
                        .catch(() => {})
                    }
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
                        await http.delete(`/api/system/Area/${row.id}`, undefined, { showSuccess: true });
                        await reloadParent(row.parentId);
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
      <FormDialog<Partial<AreaRow>>
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
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('adm.enCode')}
          rules={[
            { required: true, message: t('adm.required_', { name: t('adm.enCode') }) },
            { pattern: RULES.numCode, message: t('adm.numCodeRule') },
          ]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="type" label={t('adm.category')}>
          <Select options={[1, 2, 3, 4, 5].map((v) => ({ value: v, label: String(v) }))} />
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
    </div>
  );
}
