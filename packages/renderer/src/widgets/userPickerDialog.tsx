// The user picker's dialog (tabs, lazy organisation tree, search, selected pane): fetched when a user picker
// first opens (see userPicker.tsx), so a form with a user field does not download Tree/Tabs/List up front.
import { Button, Empty, Input, List, Modal, Tabs, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { useRender } from '../form/context';
import { type AnyField, labelOf } from '../form/fieldUtil';
import type { TreeNode } from '../providers/types';
import { isDisabledNode } from './orgPicker';

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

export interface UserPickerDialogProps {
  field: AnyField;
  multiple: boolean;
  /** The chosen users when the dialog opens. */
  initial: TreeNode[];
  remember(list: TreeNode[]): void;
  onConfirm(ids: string[]): void;
  onClose(): void;
}

export function UserPickerDialog({
  field,
  multiple,
  initial,
  remember,
  onConfirm,
  onClose,
}: UserPickerDialogProps) {
  const { providers, t, message, language } = useRender();
  const [tab, setTab] = useState<Tab>('all');
  const [keyword, setKeyword] = useState('');
  const [tree, setTree] = useState<UiTreeNode[]>([]);
  const [flat, setFlat] = useState<TreeNode[]>([]);
  const [selected, setSelected] = useState<TreeNode[]>(initial);
  // Load the current tab's data (reloads when the keyword changes).
  useEffect(() => {
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
  }, [tab, keyword, providers]);

  const pick = (n: TreeNode) => {
    if (isDisabledNode(n)) {
      message(t('disabledItem'), 'warning');
      return;
    }
    if (n.type && n.type !== 'user') return;
    remember([n]);
    setSelected((prev) => (prev.some((p) => p.id === n.id) ? prev : multiple ? [...prev, n] : [n]));
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
    <Modal
      open
      width={800}
      title={labelOf(field, language) || t('userTitle')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      onOk={() => onConfirm(selected.map((s) => s.id))}
      onCancel={onClose}
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
  );
}
