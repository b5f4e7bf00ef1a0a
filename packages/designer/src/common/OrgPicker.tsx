import {
  type FormProviders,
  type OrgTreeKind,
  ROLE_TABS,
  type RoleTab,
  roleTabNodes,
  type TreeNode,
} from '@kp/renderer';
import { Button, ConfigProvider, Empty, Input, Modal, Pagination, Tabs, Tag, Tree } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useDesignerT } from '../i18n';

/**
 * What the organisation pickers need from the host: the same calls as @kp/renderer's `FormProviders`
 * (so a host passes its renderer providers unchanged). `orgTree(kind, parentId)` gives the children of a
 * node ('0' for the roots), `users.tree(parentId)` the organisation tree whose leaves are users
 * (type 'user'); `orgNames` / `users.byIds` name ids already chosen. Keyword search passes `keyword`.
 */
export type OrgProvider = Pick<FormProviders, 'orgTree' | 'orgNames'> & {
  users: Pick<FormProviders['users'], 'tree' | 'byIds'>;
  /**
   * Optional server-side paging of users for a keyword (the 候选人员 picker's way with large lists): one page
   * of matching users and the total. Without it a user search lists what `users.tree` answers.
   */
  userPage?(q: { keyword: string; currentPage: number; pageSize: number }): Promise<{
    list: TreeNode[];
    total: number;
  }>;
};

/** Users per page of a keyword search (when the provider pages). */
export const ORG_PAGE_SIZE = 20;

/** What a picker chooses: users, departments, positions or roles. */
export type OrgPickKind = 'user' | 'department' | 'position' | 'role';

const TREE_KIND: Record<Exclude<OrgPickKind, 'user'>, OrgTreeKind> = {
  department: 'department',
  position: 'position',
  role: 'role',
};

/** Whether a node of the tree is what this picker chooses (a disabled node, enabledMark 0, never is). */
export function pickable(kind: OrgPickKind, n: Pick<TreeNode, 'type' | 'enabledMark'>): boolean {
  if (n.enabledMark === 0) return false;
  if (kind === 'user') return n.type === 'user';
  if (kind === 'department') return n.type !== 'user' && n.type !== 'position' && n.type !== 'role';
  return n.type === kind;
}

const children = (p: OrgProvider, kind: OrgPickKind, parentId: string, keyword?: string) =>
  kind === 'user'
    ? p.users.tree(parentId, keyword)
    : p.orgTree(TREE_KIND[kind], parentId, keyword ? { keyword } : undefined);

const namesOf = (p: OrgProvider, kind: OrgPickKind, ids: string[]) =>
  kind === 'user' ? p.users.byIds(ids) : p.orgNames(TREE_KIND[kind], ids);

interface UiNode {
  key: string;
  title: string;
  isLeaf: boolean;
  checkable: boolean;
  disabled: boolean;
  children?: UiNode[];
}

const toUi = (kind: OrgPickKind, list: TreeNode[]): UiNode[] =>
  list.map((n) => ({
    key: n.id,
    title: n.fullName,
    isLeaf: n.isLeaf ?? !(n.hasChildren || n.children?.length),
    checkable: pickable(kind, n),
    disabled: n.enabledMark === 0,
    children: n.children?.length ? toUi(kind, n.children) : undefined,
  }));

function setKids(list: UiNode[], key: string, kids: UiNode[]): UiNode[] {
  return list.map((n) =>
    n.key === key
      ? { ...n, children: kids }
      : n.children
        ? { ...n, children: setKids(n.children, key, kids) }
        : n,
  );
}

/**
 * An organisation picker: the chosen names as tags and a 选择 button opening the approver dialog (450 px):
 * a lazy tree loaded level by level through the provider, keyword search, the chosen list, confirm. Roles
 * are chosen on two tabs, the organisation's roles and the global roles (@kp/renderer's roleTabNodes).
 */
export function OrgPicker({
  kind,
  value,
  onChange,
  provider,
  disabled,
  testId,
}: {
  kind: OrgPickKind;
  value?: string[];
  onChange: (ids: string[]) => void;
  provider: OrgProvider;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useDesignerT();
  // a read-only drawer disables its antd controls through ConfigProvider: the picker follows
  const { componentDisabled } = ConfigProvider.useConfig();
  const off = !!disabled || !!componentDisabled;
  const ids = value ?? [];
  const [names, setNames] = useState<Record<string, string>>({});
  const [open, setOpen] = useState(false);
  const [tree, setTree] = useState<UiNode[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const [roleTab, setRoleTab] = useState<RoleTab>('organize');
  // a paged user search: the keyword it is for, the page and the total (null: the lazy tree is shown)
  const [paged, setPaged] = useState<{ keyword: string; page: number; total: number } | null>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  // names of ids chosen before (saved trees): asked once per unknown id
  const missing = ids.filter((id) => !(id in names));
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!missingKey) return;
    const ask = missingKey.split(',');
    namesOf(provider, kind, ask)
      .then((list) => {
        if (!live.current) return;
        setNames((m) => {
          const next = { ...m };
          for (const id of ask) next[id] = id;
          for (const n of list) next[n.id] = n.fullName;
          return next;
        });
      })
      .catch(() => {
        if (live.current) setNames((m) => ({ ...m, ...Object.fromEntries(ask.map((id) => [id, id])) }));
      });
  }, [missingKey, provider, kind]);

  const load = async (kw: string, page = 1, tab = roleTab) => {
    setLoading(true);
    try {
      if (kind === 'user' && kw && provider.userPage) {
        const r = await provider.userPage({ keyword: kw, currentPage: page, pageSize: ORG_PAGE_SIZE });
        if (!live.current) return;
        setTree(
          toUi(
            kind,
            r.list.map((n) => ({ ...n, type: 'user', isLeaf: true })),
          ),
        );
        setNames((m) => ({ ...m, ...Object.fromEntries(r.list.map((n) => [n.id, n.fullName])) }));
        setPaged({ keyword: kw, page, total: r.total });
        return;
      }
      setPaged(null);
      const list =
        kind === 'role'
          ? await roleTabNodes(provider, tab, kw)
          : await children(provider, kind, '0', kw || undefined);
      if (!live.current) return;
      setTree(toUi(kind, list));
      setNames((m) => ({ ...m, ...Object.fromEntries(list.map((n) => [n.id, n.fullName])) }));
    } finally {
      if (live.current) setLoading(false);
    }
  };

  const openDialog = () => {
    setPicked(ids);
    setKeyword('');
    setRoleTab('organize');
    setOpen(true);
    void load('', 1, 'organize');
  };

  const label = (id: string) => names[id] ?? id;
  return (
    <div data-testid={testId} className="kp-org-picker">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center' }}>
        {ids.map((id) => (
          <Tag
            key={id}
            data-testid="org-picked"
            closable={!off}
            onClose={(e) => {
              e.preventDefault();
              onChange(ids.filter((x) => x !== id));
            }}
          >
            {label(id)}
          </Tag>
        ))}
        {!off ? (
          <Button size="small" data-testid="org-picker-open" onClick={openDialog}>
            {t(`org.choose.${kind}`)}
          </Button>
        ) : null}
      </div>
      <Modal
        open={open}
        width={450}
        title={t(`org.choose.${kind}`)}
        okText={t('btn.ok')}
        cancelText={t('btn.cancel')}
        onCancel={() => setOpen(false)}
        onOk={() => {
          onChange(picked);
          setOpen(false);
        }}
        okButtonProps={{ 'data-testid': 'org-picker-ok' } as Record<string, string>}
        destroyOnHidden
      >
        <div data-testid="org-picker-dialog" data-kind={kind}>
          {kind === 'role' ? (
            <Tabs
              size="small"
              activeKey={roleTab}
              items={ROLE_TABS.map((k) => ({ key: k, label: t(`org.roleTab.${k}`) }))}
              onChange={(k) => {
                setRoleTab(k as RoleTab);
                void load(keyword.trim(), 1, k as RoleTab);
              }}
            />
          ) : null}
          <Input.Search
            data-testid="org-picker-search"
            allowClear
            placeholder={t('org.keyword')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => void load(v.trim())}
          />
          <div style={{ height: 260, overflow: 'auto', margin: '8px 0', border: '1px solid #f0f0f0' }}>
            {tree.length ? (
              <Tree
                checkable
                checkStrictly
                virtual={false}
                treeData={tree}
                checkedKeys={picked}
                loadData={async (node) => {
                  const key = String(node.key);
                  if ((node as unknown as UiNode).children) return;
                  const list = await children(provider, kind, key);
                  if (!live.current) return;
                  setNames((m) => ({ ...m, ...Object.fromEntries(list.map((n) => [n.id, n.fullName])) }));
                  setTree((tr) => setKids(tr, key, toUi(kind, list)));
                }}
                onCheck={(_, info) => {
                  const k = String(info.node.key);
                  setPicked((p) => (p.includes(k) ? p.filter((x) => x !== k) : [...p, k]));
                }}
                titleRender={(n) => <span data-testid={`org-node-${String(n.key)}`}>{String(n.title)}</span>}
              />
            ) : (
              <Empty description={loading ? t('org.loading') : t('org.none')} />
            )}
          </div>
          {paged && paged.total > ORG_PAGE_SIZE ? (
            <Pagination
              data-testid="org-picker-pages"
              size="small"
              simple
              style={{ marginBottom: 8 }}
              current={paged.page}
              pageSize={ORG_PAGE_SIZE}
              total={paged.total}
              showSizeChanger={false}
              onChange={(page) => void load(paged.keyword, page)}
            />
          ) : null}
          <div style={{ fontSize: 12, color: '#555', display: 'flex', justifyContent: 'space-between' }}>
            <span>{t('org.picked', { n: picked.length })}</span>
            <Button size="small" type="link" data-testid="org-picker-clear" onClick={() => setPicked([])}>
              {t('btn.clear')}
            </Button>
          </div>
          <div data-testid="org-picker-list" style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
            {picked.map((id) => (
              <Tag key={id} closable onClose={() => setPicked((p) => p.filter((x) => x !== id))}>
                {label(id)}
              </Tag>
            ))}
          </div>
        </div>
      </Modal>
    </div>
  );
}
