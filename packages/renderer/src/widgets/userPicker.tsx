import { Button, Empty, Input, List, Modal, Select, Tabs, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRender } from '../form/context';
import { labelOf, prop } from '../form/fieldUtil';
import type { TreeNode } from '../providers/types';
import { isDisabledNode } from './orgPicker';
import type { WidgetProps } from './types';

type Tab = 'all' | 'organize' | 'subordinates';

interface UiTreeNode {
  key: string;
  title: string;
  isLeaf: boolean;
  raw: TreeNode;
  children?: UiTreeNode[];
}

const toUi = (n: TreeNode): UiTreeNode => ({
  key: n.id,
  title: n.fullName,
  isLeaf: n.type === 'user' || (n.isLeaf ?? !n.hasChildren),
  raw: n,
});

function setChildren(list: UiTreeNode[], key: string, children: UiTreeNode[]): UiTreeNode[] {
  return list.map((n) =>
    n.key === key
      ? { ...n, children }
      : n.children
        ? { ...n, children: setChildren(n.children, key, children) }
        : n,
  );
}

/**
 * User transfer picker (spec 3 §2): three tabs (all data: lazy organisation tree; current organisation; my
 * subordinates), a keyword search, and the selected pane with a clear-all button and a per-item delete.
 * Only user nodes can be chosen; a disabled node (enabledMark 0) is refused with 禁用项不能选择.
 */
export function UserPickerWidget({ field, value, onChange, disabled, placeholder }: WidgetProps) {
  const { providers, t, message, language } = useRender();
  const multiple = prop<boolean>(field, 'multiple') ?? field.__config__.jnpfKey === 'usersSelect';
  const ids = useMemo(
    () => (value == null || value === '' ? [] : Array.isArray(value) ? value.map(String) : [String(value)]),
    [value],
  );
  const [known, setKnown] = useState<Map<string, TreeNode>>(new Map());
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('all');
  const [keyword, setKeyword] = useState('');
  const [tree, setTree] = useState<UiTreeNode[]>([]);
  const [flat, setFlat] = useState<TreeNode[]>([]);
  const [selected, setSelected] = useState<TreeNode[]>([]);

  const remember = (list: TreeNode[]) =>
    setKnown((prev) => {
      const next = new Map(prev);
      for (const n of list) next.set(n.id, n);
      return next;
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `remember` only calls the state setter
  useEffect(() => {
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) providers.users.byIds(missing).then(remember, () => {});
  }, [ids, known, providers]);

  // Load the current tab's data (reloads when the keyword changes).
  useEffect(() => {
    if (!open) return;
    let alive = true;
    if (tab === 'all' && !keyword) {
      providers.users.tree('0').then(
        (l) => alive && setTree(l.map(toUi)),
        () => {},
      );
    } else if (tab === 'all') {
      providers.users.tree('0', keyword).then(
        (l) => alive && setFlat(l),
        () => {},
      );
    } else if (tab === 'organize') {
      providers
        .currentUser()
        .then((u) => providers.users.byOrganize(u.organizeId ?? '', keyword))
        .then(
          (l) => alive && setFlat(l),
          () => {},
        );
    } else {
      providers.users.subordinates(keyword).then(
        (l) => alive && setFlat(l),
        () => {},
      );
    }
    return () => {
      alive = false;
    };
  }, [open, tab, keyword, providers]);

  const pick = (n: TreeNode) => {
    if (isDisabledNode(n)) {
      message(t('disabledItem'), 'warning');
      return;
    }
    if (n.type && n.type !== 'user') return;
    remember([n]);
    setSelected((prev) => (prev.some((p) => p.id === n.id) ? prev : multiple ? [...prev, n] : [n]));
  };

  const openDialog = () => {
    setSelected(ids.map((id) => known.get(id) ?? { id, fullName: id, type: 'user' }));
    setKeyword('');
    setTab('all');
    setOpen(true);
  };

  const confirm = () => {
    const out = selected.map((s) => s.id);
    onChange(multiple ? out : (out[0] ?? ''));
    setOpen(false);
  };

  const listPane =
    flat.length === 0 ? (
      <Empty description={t('empty')} />
    ) : (
      <List
        size="small"
        dataSource={flat}
        renderItem={(n) => (
          <List.Item
            className={isDisabledNode(n) ? 'kp-node-disabled' : undefined}
            onClick={() => pick(n)}
            style={{ cursor: 'pointer' }}
          >
            {n.fullName}
          </List.Item>
        )}
      />
    );

  return (
    <>
      <Select
        style={{ width: '100%' }}
        mode={multiple ? 'multiple' : undefined}
        open={false}
        value={multiple ? ids : ids[0]}
        options={ids.map((id) => ({ value: id, label: known.get(id)?.fullName ?? id }))}
        placeholder={placeholder || t('pleaseSelect')}
        disabled={disabled}
        allowClear
        onClear={() => onChange(multiple ? [] : '')}
        onChange={(v) => onChange(v ?? (multiple ? [] : ''))}
        onOpenChange={(o) => o && !disabled && openDialog()}
        onClick={() => !disabled && openDialog()}
      />
      <Modal
        open={open}
        width={800}
        title={labelOf(field, language) || t('userTitle')}
        okText={t('confirm')}
        cancelText={t('cancel')}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <div className="kp-transfer" style={{ display: 'flex', gap: 12, height: 380 }}>
          <div style={{ flex: 1, overflow: 'auto' }}>
            <Input.Search
              placeholder={t('keyword')}
              allowClear
              onSearch={(k) => setKeyword(k)}
              style={{ marginBottom: 8 }}
            />
            <Tabs
              activeKey={tab}
              onChange={(k) => setTab(k as Tab)}
              items={[
                {
                  key: 'all',
                  label: t('tabAll'),
                  children: keyword ? (
                    listPane
                  ) : (
                    <Tree
                      treeData={tree}
                      loadData={async (node) => {
                        const key = String(node.key);
                        const children = (await providers.users.tree(key)).map(toUi);
                        setTree((prev) => setChildren(prev, key, children));
                      }}
                      onSelect={(_, info) => pick((info.node as unknown as UiTreeNode).raw)}
                    />
                  ),
                },
                { key: 'organize', label: t('tabOrganize'), children: listPane },
                { key: 'subordinates', label: t('tabSubordinates'), children: listPane },
              ]}
            />
          </div>
          <div
            className="kp-transfer-selected"
            style={{ flex: 1, overflow: 'auto', borderLeft: '1px solid #eee', paddingLeft: 12 }}
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
              <span>
                {t('selected')} ({selected.length})
              </span>
              <Button size="small" type="link" onClick={() => setSelected([])}>
                {t('clearAll')}
              </Button>
            </div>
            <List
              size="small"
              dataSource={selected}
              locale={{ emptyText: t('empty') }}
              renderItem={(n) => (
                <List.Item
                  actions={[
                    <Button
                      key="del"
                      size="small"
                      type="link"
                      aria-label={`${t('remove')} ${n.fullName}`}
                      onClick={() => setSelected((prev) => prev.filter((p) => p.id !== n.id))}
                    >
                      {t('remove')}
                    </Button>,
                  ]}
                >
                  {n.fullName}
                </List.Item>
              )}
            />
          </div>
        </div>
      </Modal>
    </>
  );
}
