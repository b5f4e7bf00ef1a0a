// The frame the user and role pickers' dialogs share (fetched with them on first open): the modal with the
// choosing pane on the left and the chosen list on the right (clear all, remove one), the list of a tab, the
// lazy tree's helpers, the choosing rules (disabled items refused) and the system variable 当前用户.
import { CURRENT_USER, offersSystemVariables } from '@kp/engine';
import { Button, Empty, Grid, Input, List, Modal, Tabs, type TabsProps, Tree, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useRender } from '../form/context';
import { type AnyField, labelOf } from '../form/fieldUtil';
import type { Translate } from '../i18n/i18n';
import type { TreeNode } from '../providers/types';
import { isDisabledNode } from './orgPicker';

/** What a picker's dialog gets from its field (see pickerField.tsx). */
export interface PickerDialogProps {
  field: AnyField;
  multiple: boolean;
  /** The chosen items when the dialog opens. */
  initial: TreeNode[];
  remember(list: TreeNode[]): void;
  onConfirm(ids: string[]): void;
  onClose(): void;
}

export interface UiTreeNode {
  key: string;
  title: string;
  isLeaf: boolean;
  raw: TreeNode;
  children?: UiTreeNode[];
}

/** A provider node as an antd tree node; nodes of type `leafType` (what the picker chooses) are leaves. */
export const toUi = (n: TreeNode, leafType: string): UiTreeNode => ({
  key: n.id,
  title: n.fullName,
  isLeaf: n.type === leafType || (n.isLeaf ?? !n.hasChildren),
  raw: n,
});

/** The tree with `children` loaded under `key`. */
export function setChildren(list: UiTreeNode[], key: string, children: UiTreeNode[]): UiTreeNode[] {
  return list.map((n) =>
    n.key === key
      ? { ...n, children }
      : n.children
        ? { ...n, children: setChildren(n.children, key, children) }
        : n,
  );
}

/** The keyword search (trimmed) above a dialog's tabs. */
export function SearchTabs<T extends string>(props: {
  tab: T;
  onTab(tab: T): void;
  onSearch(keyword: string): void;
  items: NonNullable<TabsProps['items']>;
}) {
  const { t } = useRender();
  return (
    <>
      <Input.Search
        placeholder={t('keyword')}
        allowClear
        onSearch={(k) => props.onSearch(k.trim())}
        style={{ marginBottom: 8 }}
      />
      <Tabs activeKey={props.tab} onChange={(k) => props.onTab(k as T)} items={props.items} />
    </>
  );
}

/** A tree loaded level by level: opening a node asks `load` for its children; a click offers the node. */
export function LazyTree(props: {
  tree: UiTreeNode[];
  setTree(update: (prev: UiTreeNode[]) => UiTreeNode[]): void;
  load(parentId: string): Promise<TreeNode[]>;
  leafType: string;
  onPick(n: TreeNode): void;
}) {
  return (
    <Tree
      treeData={props.tree}
      loadData={async (node) => {
        const key = String(node.key);
        const children = (await props.load(key)).map((n) => toUi(n, props.leafType));
        props.setTree((prev) => setChildren(prev, key, children));
      }}
      onSelect={(_, info) => props.onPick((info.node as unknown as UiTreeNode).raw)}
    />
  );
}

/** The system variable 当前用户 as an item of a picker (its id is the stored token). */
export const currentUserNode = (t: Translate): TreeNode => ({
  id: CURRENT_USER,
  fullName: t('currentUser'),
  type: 'system',
  isLeaf: true,
});

/** The 系统变量 tab (its one item 当前用户) when the field offers it (hasSys), else none. */
export function systemTab(field: AnyField, t: Translate, pick: (n: TreeNode) => void) {
  if (!offersSystemVariables(field)) return [];
  return [
    {
      key: 'system',
      label: t('tabSystem'),
      children: <NodeList nodes={[currentUserNode(t)]} onPick={pick} />,
    },
  ];
}

/**
 * The chosen items of a dialog and how a click chooses: a disabled item (enabledMark 0) is refused with
 * 禁用项不能选择, an item of another type (a unit of the tree) is not chosen, 当前用户 always may be.
 */
export function useChosen(props: PickerDialogProps, type: string) {
  const { t, message } = useRender();
  const [selected, setSelected] = useState<TreeNode[]>(props.initial);
  const pick = (n: TreeNode) => {
    if (isDisabledNode(n)) {
      message(t('disabledItem'), 'warning');
      return;
    }
    if (n.id !== CURRENT_USER && n.type && n.type !== type) return;
    props.remember([n]);
    setSelected((prev) => (prev.some((p) => p.id === n.id) ? prev : props.multiple ? [...prev, n] : [n]));
  };
  return { selected, setSelected, pick };
}

/** A tab's items as a list (a click chooses), or 暂无数据. */
export function NodeList({ nodes, onPick }: { nodes: TreeNode[]; onPick(n: TreeNode): void }) {
  const { t } = useRender();
  if (nodes.length === 0) return <Empty description={t('empty')} />;
  return (
    <List
      size="small"
      dataSource={nodes}
      renderItem={(n) => (
        <List.Item
          className={isDisabledNode(n) ? 'kp-node-disabled' : undefined}
          onClick={() => onPick(n)}
          style={{ cursor: 'pointer' }}
        >
          {n.fullName}
        </List.Item>
      )}
    />
  );
}

/**
 * The dialog: `children` (search and tabs) on the left, the chosen list on the right; below the md breakpoint
 * (a phone) the chosen list goes under them. OK confirms the chosen ids.
 */
export function PickerDialog({
  props,
  title,
  chosen,
  children,
}: {
  props: PickerDialogProps;
  /** Used when the field has no label. */
  title: string;
  chosen: ReturnType<typeof useChosen>;
  children: ReactNode;
}) {
  const { t, language } = useRender();
  const { token } = theme.useToken();
  const narrow = Grid.useBreakpoint().md === false;
  const { selected, setSelected } = chosen;
  const line = `1px solid ${token.colorBorderSecondary}`;
  // side by side: two panes of one height; stacked: each as tall as its content, up to a limit
  const pane = narrow
    ? ({ overflow: 'auto' } as const)
    : ({ flex: 1, minWidth: 0, overflow: 'auto' } as const);
  return (
    <Modal
      open
      width={800}
      title={labelOf(props.field, language) || title}
      okText={t('confirm')}
      cancelText={t('cancel')}
      onOk={() => props.onConfirm(selected.map((s) => s.id))}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <div
        className="kp-transfer"
        style={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', gap: 12 }}
      >
        <div style={narrow ? { ...pane, maxHeight: 300 } : { ...pane, height: 380 }}>{children}</div>
        <div
          className="kp-transfer-selected"
          style={
            narrow
              ? { ...pane, maxHeight: 220, borderTop: line, paddingTop: 12 }
              : { ...pane, height: 380, borderLeft: line, paddingLeft: 12 }
          }
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
