// The user-by-department picker (spec 3 §2 "Pickers and dialogs", §3 "Pickers"; spec 4 §9 paging): a
// department table on the left (the unit tree), the users of the chosen unit on the right, in one page of
// 20000 (GET /api/system/groupcustom/ImUser with organizeId); the personal-group and enterprise-group tabs
// list groups (GET /api/system/groupcustom/tree/{0|1}) and a group's members (ImUser with groupId). Personal
// groups are managed on /group, opened from here in a watched child window: closing it reloads the groups.
import { Button, Input, Modal, Table, Tabs } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/http';
import { BASE_PATH } from '../config';
import { useChildWindow } from '../services/childWindow';
import './i18n';

/** The user-by-department table's page size (spec 4 §9). */
export const BY_DEPT_PAGE_SIZE = 20000;

export interface PickedUser {
  id: string;
  fullName: string;
}

interface LeftRow {
  id: string;
  fullName: string;
  children?: LeftRow[];
}
interface UserRow extends PickedUser {
  organize: string;
}
type Source = 'units' | '0' | '1';

const quiet = { silent: true } as const;
/** Tree rows for antd's Table: no `children` key on a leaf (an empty list would show an expander). */
const treeRows = (list: LeftRow[]): LeftRow[] =>
  list.map((n) => ({
    id: n.id,
    fullName: n.fullName,
    ...(n.children?.length ? { children: treeRows(n.children) } : {}),
  }));

export function UserByDeptPicker(props: {
  open: boolean;
  multiple?: boolean;
  onOk(users: PickedUser[]): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const openChild = useChildWindow();
  const [source, setSource] = useState<Source>('units');
  const [left, setLeft] = useState<Record<Source, LeftRow[] | undefined>>({
    units: undefined,
    '0': undefined,
    '1': undefined,
  });
  const [leftId, setLeftId] = useState<string>();
  const [keyword, setKeyword] = useState('');
  const [users, setUsers] = useState<UserRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<Map<string, PickedUser>>(new Map());

  const loadLeft = useCallback(async (s: Source) => {
    const url =
      s === 'units' ? '/api/permission/Organize/Department/Selector/0' : `/api/system/groupcustom/tree/${s}`;
    const r = await http.get<{ list: LeftRow[] }>(url, undefined, quiet).catch(() => null);
    setLeft((l) => ({ ...l, [s]: treeRows(r?.data.list ?? []) }));
  }, []);

  useEffect(() => {
    if (!props.open) return;
    setChosen(new Map());
    setLeftId(undefined);
    setUsers([]);
    setKeyword('');
    setSource('units');
    void loadLeft('units');
  }, [props.open, loadLeft]);

  useEffect(() => {
    if (!props.open || !leftId) return;
    let live = true;
    setLoading(true);
    const where = source === 'units' ? { organizeId: leftId } : { groupId: leftId };
    http
      .get<{ list: UserRow[] }>(
        '/api/system/groupcustom/ImUser',
        { ...where, keyword: keyword || undefined, currentPage: 1, pageSize: BY_DEPT_PAGE_SIZE },
        quiet,
      )
      .then(
        (r) => live && setUsers(r.data.list ?? []),
        () => live && setUsers([]),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [props.open, source, leftId, keyword]);

  const switchTo = (s: Source) => {
    setSource(s);
    setLeftId(undefined);
    setUsers([]);
    if (!left[s]) void loadLeft(s);
  };

  const manageGroups = () =>
    openChild(`${window.location.origin}${BASE_PATH}group`, () => void loadLeft('0'));

  const selectedKeys = useMemo(() => [...chosen.keys()], [chosen]);
  const leftTable = (s: Source) => (
    <Table<LeftRow>
      // remounted once loaded, so that every unit shows expanded
      key={left[s] ? 'loaded' : 'loading'}
      data-testid={`by-dept-left-${s}`}
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ y: 400 }}
      dataSource={left[s] ?? []}
      loading={!left[s]}
      columns={[{ title: t(s === 'units' ? 'kit.byDeptUnits' : 'kit.byDeptGroup'), dataIndex: 'fullName' }]}
      rowClassName={(r) => (r.id === leftId ? 'ant-table-row-selected' : '')}
      onRow={(r) => ({
        onClick: () => setLeftId(r.id),
        onKeyDown: (e) => e.key === 'Enter' && setLeftId(r.id),
        tabIndex: 0,
        'aria-selected': r.id === leftId,
        style: { cursor: 'pointer' },
      })}
      expandable={{ defaultExpandAllRows: true }}
    />
  );

  return (
    <Modal
      open={props.open}
      width={1000}
      title={t('kit.byDeptTitle')}
      onCancel={props.onCancel}
      destroyOnHidden
      footer={[
        <Button key="manage" type="link" data-testid="by-dept-manage-groups" onClick={manageGroups}>
          {t('kit.byDeptManage')}
        </Button>,
        <span key="n" data-testid="by-dept-count" style={{ marginInline: 8 }}>
          {t('kit.byDeptChosen', { n: chosen.size })}
        </span>,
        <Button key="cancel" onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          data-testid="by-dept-ok"
          onClick={() => props.onOk([...chosen.values()])}
        >
          {t('common.confirm')}
        </Button>,
      ]}
    >
      <div data-testid="by-dept-picker" style={{ display: 'flex', gap: 16 }}>
        <div style={{ width: 320, flex: 'none' }}>
          <Tabs
            activeKey={source}
            onChange={(k) => switchTo(k as Source)}
            items={[
              { key: 'units', label: t('kit.byDeptUnits'), children: leftTable('units') },
              { key: '0', label: t('kit.byDeptPersonal'), children: leftTable('0') },
              { key: '1', label: t('kit.byDeptEnterprise'), children: leftTable('1') },
            ]}
          />
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Input.Search
            allowClear
            aria-label={t('kit.byDeptSearch')}
            placeholder={t('kit.byDeptSearch')}
            maxLength={50}
            onSearch={(v) => setKeyword(v.trim())}
            style={{ marginBottom: 8 }}
          />
          <Table<UserRow>
            data-testid="by-dept-users"
            rowKey="id"
            size="small"
            loading={loading}
            dataSource={users}
            pagination={false}
            virtual
            scroll={{ y: 400 }}
            locale={{ emptyText: leftId ? t('common.noData') : t('kit.byDeptChooseLeft') }}
            columns={[
              { title: t('kit.byDeptUser'), dataIndex: 'fullName' },
              { title: t('kit.byDeptUnit'), dataIndex: 'organize' },
            ]}
            rowSelection={{
              type: props.multiple ? 'checkbox' : 'radio',
              preserveSelectedRowKeys: true,
              selectedRowKeys: selectedKeys,
              getCheckboxProps: (r) => ({ 'aria-label': r.fullName }),
              onChange: (keys, rows) => {
                const next = new Map<string, PickedUser>();
                for (const k of keys) {
                  const row = rows.find((r) => r?.id === k) ?? chosen.get(String(k));
                  if (row) next.set(String(k), { id: row.id, fullName: row.fullName });
                }
                setChosen(next);
              },
            }}
            onRow={(r) => ({
              onClick: () =>
                setChosen((c) => {
                  const next = new Map(props.multiple ? c : []);
                  if (c.has(r.id)) next.delete(r.id);
                  else next.set(r.id, { id: r.id, fullName: r.fullName });
                  return next;
                }),
            })}
          />
        </div>
      </div>
    </Modal>
  );
}
