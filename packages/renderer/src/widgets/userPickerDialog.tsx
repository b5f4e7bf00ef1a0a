// The user picker's dialog (tabs, lazy organisation tree, search, selected pane): fetched when a user picker
// first opens (see userPicker.tsx), so a form with a user field does not download Tree/Tabs/List up front.
import { useEffect, useState } from 'react';
import { useRender } from '../form/context';
import type { TreeNode } from '../providers/types';
import {
  LazyTree,
  NodeList,
  PickerDialog,
  type PickerDialogProps,
  SearchTabs,
  systemTab,
  toUi,
  type UiTreeNode,
  useChosen,
} from './pickerDialog';

type Tab = 'all' | 'organize' | 'subordinates' | 'system';

export type UserPickerDialogProps = PickerDialogProps;

/** Tabs 全部数据 (lazy tree), 当前组织, 我的下属, and 系统变量 (当前用户) when the field offers it (hasSys). */
export function UserPickerDialog(props: UserPickerDialogProps) {
  const { providers, t } = useRender();
  const [tab, setTab] = useState<Tab>('all');
  const [keyword, setKeyword] = useState('');
  const [tree, setTree] = useState<UiTreeNode[]>([]);
  const [flat, setFlat] = useState<TreeNode[]>([]);
  const chosen = useChosen(props, 'user');
  const { pick } = chosen;
  // Load the current tab's data (reloads when the keyword changes).
  useEffect(() => {
    let alive = true;
    const done = (l: TreeNode[]) => alive && setFlat(l);
    if (tab === 'all' && !keyword) {
      providers.users.tree('0').then(
        (l) => alive && setTree(l.map((n) => toUi(n, 'user'))),
        () => {},
      );
    } else if (tab === 'all') {
      providers.users.tree('0', keyword).then(done, () => {});
    } else if (tab === 'organize') {
      providers
        .currentUser()
        .then((u) => providers.users.byOrganize(u.organizeId ?? '', keyword))
        .then(done, () => {});
    } else if (tab === 'subordinates') {
      providers.users.subordinates(keyword).then(done, () => {});
    }
    return () => {
      alive = false;
    };
  }, [tab, keyword, providers]);

  const listPane = <NodeList nodes={flat} onPick={pick} />;
  return (
    <PickerDialog props={props} title={t('userTitle')} chosen={chosen}>
      <SearchTabs<Tab>
        tab={tab}
        onTab={setTab}
        onSearch={setKeyword}
        items={[
          {
            key: 'all',
            label: t('tabAll'),
            children: keyword ? (
              listPane
            ) : (
              <LazyTree
                tree={tree}
                setTree={setTree}
                load={(id) => providers.users.tree(id)}
                leafType="user"
                onPick={pick}
              />
            ),
          },
          { key: 'organize', label: t('tabOrganize'), children: listPane },
          { key: 'subordinates', label: t('tabSubordinates'), children: listPane },
          ...systemTab(props.field, t, pick),
        ]}
      />
    </PickerDialog>
  );
}
